/**
 * A live session ties one transport, one stream reader (framing decoder, for stream transports; stream-reader.ts), the message pipeline
 * and a sink (recorder + bridge, or the CLI's collector). Every byte that crosses is turned into a
 * TrafficEvent exactly once, here, and handed on in batches.
 */
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import type { Frame } from '../../lib/framing/types';
import { MessagePipeline, type MessageCheck, type PipelineOutput } from '../../lib/session/pipeline';
import type { EventPatch, HttpMeta, SessionDialect, SessionOptions, SessionSummary, TargetSpec, TrafficEvent } from '../../lib/session/types';
import type { ErrorCatalog } from '../../lib/errors/types';
import { describeTarget, isHttpTarget, targetKindDef } from '../../lib/targets/registry';
import { createTransport } from '../transports/registry';
import { NOT_READING, SendRefusedError } from '../transports/send-queue';
import type { SessionTransport, Transport, TransportEvents, TransportOptions } from '../transports/types';
import { buildAutoReply } from './auto-reply';
import { HttpExchanges } from './http-exchanges';
import { McpHttpSession } from './mcp-http';
import { Outbox } from './outbox';
import { StreamReader } from './stream-reader';

export interface SessionSink {
  events(session: LiveSession, events: TrafficEvent[]): void;
  patches(session: LiveSession, patches: EventPatch[]): void;
  summary(session: LiveSession, summary: SessionSummary): void;
}

export interface LiveSessionInit {
  id?: string;
  name?: string;
  target: TargetSpec;
  options?: SessionOptions;
  sink: SessionSink;
  catalogs?: ErrorCatalog[];
  /** Limits for the transport (send queue caps, body sizes); defaults otherwise. */
  transportOptions?: TransportOptions;
  /** The session this one reconnects (recorded in its summary). */
  reconnectOf?: string;
}

const TICK_MS = 200;
const utf8 = new TextDecoder();

export function newSessionId(): string {
  return randomBytes(9).toString('base64url');
}

export class LiveSession {
  readonly id: string;
  readonly target: TargetSpec;
  readonly summary: SessionSummary;
  private readonly pipeline: MessagePipeline;
  private readonly sink: SessionSink;
  private readonly startMs = performance.now();
  private transport: SessionTransport | null = null;
  private reader: StreamReader | null = null;
  private readonly maxFrameBytes: number | undefined;
  private autoReplies: Record<string, unknown>;
  private readonly outbox: Outbox;
  /** Status, failure or dialect changed since the last flush. */
  private ticker: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly transportOptions: TransportOptions | undefined;
  private readonly http: HttpExchanges | null;
  private readonly mcp: McpHttpSession | null;

  constructor(init: LiveSessionInit) {
    this.id = init.id ?? newSessionId();
    this.target = init.target;
    this.sink = init.sink;
    this.outbox = new Outbox({
      events: (events) => this.sink.events(this, events),
      patches: (patches) => this.sink.patches(this, patches),
      summary: () => this.emitSummary(),
    });
    this.transportOptions = init.transportOptions;
    this.autoReplies = { ...(init.options?.autoReplies ?? {}) };
    this.pipeline = new MessagePipeline({ timeoutMs: init.options?.timeoutMs ?? 60_000, catalogs: init.catalogs, dialect: init.options?.dialect });
    this.maxFrameBytes = init.options?.maxFrameBytes;
    this.http = isHttpTarget(this.target) ? new HttpExchanges(this.pipeline, this.target.url) : null;
    this.mcp = isHttpTarget(this.target)
      ? new McpHttpSession(this.target, { dialect: () => this.pipeline.dialect.id, initialized: (protocolVersion) => this.transport?.openServerStream?.({ protocolVersion }) })
      : null;
    this.summary = {
      id: this.id,
      name: init.name || describeTarget(init.target),
      target: init.target,
      status: 'connecting',
      startedAt: new Date().toISOString(),
      lastSeq: 0,
      // Counted by the recorder as events and patches are stored (SessionManager serves that summary).
      counts: { events: 0, out: 0, in: 0, errors: 0, findings: 0 },
      dialect: this.pipeline.dialect,
      ...(init.reconnectOf ? { reconnectOf: init.reconnectOf } : {}),
    };
  }

  /** Connect or spawn. Failures are recorded as a connection event and rethrown in plain words. */
  async start(): Promise<void> {
    const transport = createTransport(this.target, this.transportEvents(), this.transportOptions);
    this.transport = transport;
    // Only the transport knows whether its bytes need a decoder (events may fire during start).
    if (transport.stream) this.reader = new StreamReader(transport.framing, this.maxFrameBytes);
    try {
      await transport.start();
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      this.fail(message);
      throw new Error(message, { cause: err });
    }
    if (this.closed) return;
    this.summary.status = 'open';
    // HTTP connects per request: the transport said "ready", and "connected" waits for an answer.
    if (!targetKindDef(this.target.kind).perRequestExchanges) this.record(this.pipeline.meta('connection', this.now(), Date.now(), '', `connected to ${describeTarget(this.target)}`));
    this.ticker = setInterval(() => this.tick(), TICK_MS);
    this.ticker.unref();
    this.emitSummary();
  }

  /**
   * Send one text exactly as given (invalid JSON allowed); its seq once the transport took it, the
   * answer comes as an event. SendRefusedError, recording nothing, when the target is not reading.
   */
  async send(text: string): Promise<number> {
    const transport = this.transport;
    if (!transport || this.closed || this.summary.status !== 'open') {
      throw new Error(`session is ${this.summary.status}: connect again to send`);
    }
    let seq: number;
    if (transport.stream && this.reader) {
      const bytes = this.reader.encode(text);
      transport.admit(bytes.length);
      // Handed on with the next flush (record schedules it), not synchronously: sends in a burst share one.
      seq = this.record(this.pipeline.message('out', this.now(), Date.now(), utf8.decode(bytes), text));
      await this.transportSend(transport, bytes);
    } else {
      transport.admit(Buffer.byteLength(text));
      const out = this.pipeline.message('out', this.now(), Date.now(), text, text, transport.outgoingFacts?.() ?? {});
      this.mcp?.sent(out);
      seq = this.record(out);
      await this.transportSend(transport, text, seq);
    }
    return seq;
  }

  setAutoReplies(rules: Record<string, unknown>): void {
    this.autoReplies = { ...rules };
  }

  getAutoReplies(): Record<string, unknown> {
    return { ...this.autoReplies };
  }

  setCatalogs(catalogs: ErrorCatalog[]): void {
    this.pipeline.setCatalogs(catalogs);
  }

  /** OpenRPC documents: their error catalog (before the dialect's) and their checks on every later message. */
  setOpenRpc(catalogs: ErrorCatalog[], check: MessageCheck | null): void {
    this.pipeline.setCatalogs(catalogs);
    this.pipeline.setMessageCheck(check);
  }

  /** The user overrides the detected dialect; errors from now on decode in it. */
  setDialect(id: string): SessionDialect {
    const dialect = this.pipeline.setDialect(id);
    this.summary.dialect = dialect;
    this.record(this.pipeline.meta('connection', this.now(), Date.now(), '', `dialect set to ${this.pipeline.dialectProfile.title} by the user`));
    this.flush();
    return dialect;
  }

  /**
   * Cancel a pending request the way the dialect says (LSP `$/cancelRequest`, MCP
   * `notifications/cancelled`, DAP `cancel`). Returns the seq of the cancel message.
   */
  async cancel(request: TrafficEvent, reason = 'cancelled from rpcscope'): Promise<number> {
    if (request.dir !== 'out' || request.state !== 'pending') throw new Error('only a pending request you sent can be cancelled');
    const r = this.pipeline.dialectProfile.cancel(
      { id: request.id, idText: request.idText, method: request.method, dapSeq: request.dap?.seq },
      { reason, seq: request.dap ? this.pipeline.lastSeq + 1 : undefined },
    );
    if (!r.ok) throw new Error(r.reason);
    return this.send(r.text);
  }

  get dialectProfile() {
    return this.pipeline.dialectProfile;
  }

  get isOpen(): boolean {
    return this.summary.status === 'open';
  }

  pendingCount(dir?: 'in' | 'out'): number {
    return this.pipeline.pendingCount(dir);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.transport?.close().catch(() => undefined);
    this.finish('closed by user');
  }

  private async transportSend(transport: Transport, data: Uint8Array | string, ref?: number): Promise<void> {
    try {
      await transport.send(data, ref);
    } catch (err) {
      if (err instanceof SendRefusedError) throw err;
      const message = err instanceof Error ? err.message : String(err);
      this.record(this.pipeline.meta('connection', this.now(), Date.now(), '', `send failed: ${message}`));
      this.flush();
      throw new Error(`send failed: ${message}`, { cause: err });
    }
  }

  private transportEvents(): TransportEvents {
    return {
      onBytes: (chunk) => {
        if (!this.reader) return;
        const { frames, note } = this.reader.push(chunk);
        if (note) this.record(this.pipeline.meta('connection', this.now(), Date.now(), '', note));
        this.frames(frames);
      },
      onMessage: (msg) => {
        const out = this.pipeline.message('in', this.now(), Date.now(), msg.text, msg.text, {
          rawBase64: msg.rawBase64,
          http: msg.http,
          ws: msg.ws,
        });
        this.mcp?.reply(out);
        this.record(out);
        this.noteReply(out.event);
        this.maybeAutoReply(out);
      },
      onEmptyReply: (http) => {
        const out = this.pipeline.meta('no-body', this.now(), Date.now(), '', `HTTP ${http.status ?? ''} with no body`, { http }, 'in');
        this.mcp?.reply(out);
        this.record(out);
        this.noteReply(out.event);
      },
      onExchangeEnd: (ref, end) => this.exchangeEnded(ref, end),
      onSendQueue: ({ stuck, note }) => {
        if (stuck || this.summary.failure?.startsWith(NOT_READING)) this.summary.failure = stuck ? note : undefined;
        this.outbox.summaryTouched();
        this.record(this.pipeline.meta('connection', this.now(), Date.now(), '', note));
      },
      onStderr: (line) => {
        this.record(this.pipeline.meta('stderr', this.now(), Date.now(), line, 'stderr'));
      },
      onMeta: (note, facts) => {
        const kind = facts?.process && ('exitCode' in facts.process || 'signal' in facts.process) ? 'exit' : 'connection';
        this.record(this.pipeline.meta(kind, this.now(), Date.now(), '', note, facts ?? {}));
        if (facts?.process?.pid) this.summary.failure = undefined;
      },
      onError: (message) => {
        this.summary.failure = message;
        this.record(this.pipeline.meta('connection', this.now(), Date.now(), '', message));
      },
      onClose: (reason) => {
        if (this.reader) this.frames(this.reader.flush());
        this.finish(reason);
      },
    };
  }

  /** HTTP: a reply came back; the first one makes the target "connected". */
  private noteReply(event: TrafficEvent): void {
    const connected = this.http?.reply(event, this.now());
    if (!connected) return;
    if (!this.summary.failure?.startsWith(NOT_READING)) this.summary.failure = undefined;
    this.outbox.summaryTouched();
    this.record(connected);
  }

  /** HTTP: a POST is over; its request is settled by what came back or by what failed. */
  private exchangeEnded(ref: number | undefined, end: { failure?: string; http?: HttpMeta }): void {
    if (ref === undefined || !this.http) return;
    this.mcp?.ended(ref);
    if (end.failure === undefined) return this.outbox.patch(this.http.ended(ref));
    // Closing settles what still waits (target-exited); a POST cut short by it is no news.
    if (this.closed) return;
    const { note, failure } = this.http.failed(ref, end.failure, end.http, this.now());
    this.summary.failure = failure;
    this.outbox.summaryTouched();
    this.record(note);
  }

  private frames(frames: Frame[]): void {
    for (const frame of frames) {
      if (frame.type === 'message') {
        const out = this.pipeline.message('in', this.now(), Date.now(), frame.raw, frame.body, frame.rawBase64 !== undefined || frame.hint !== undefined ? { rawBase64: frame.rawBase64, framingHint: frame.hint } : undefined);
        this.record(out);
        this.maybeAutoReply(out);
      } else {
        this.record(this.pipeline.noise('in', this.now(), Date.now(), frame.raw, frame.reason, frame.detail, frame.rawBase64, frame.hint));
      }
    }
    this.outbox.burstProgress();
  }

  private maybeAutoReply(out: PipelineOutput): void {
    const reply = buildAutoReply(out, this.autoReplies, this.pipeline.lastSeq + 1);
    if (reply === undefined) return;
    // After the current batch is recorded, so the reply follows its request in the timeline.
    setImmediate(() => {
      if (this.isOpen) this.send(reply).catch(() => undefined);
    });
  }

  private record(out: PipelineOutput): number {
    const { event, patches } = out;
    if (out.dialectChanged) this.dialectDetected(out);
    this.summary.lastSeq = event.seq;
    this.outbox.event(event, patches);
    return event.seq;
  }

  private dialectDetected(out: PipelineOutput): void {
    this.summary.dialect = out.dialectChanged;
    // Recorded right after the message that decided it, so the timeline says why.
    queueMicrotask(() => {
      if (this.summary.endedAt) return;
      const title = this.pipeline.dialectProfile.title;
      this.record(this.pipeline.meta('connection', this.now(), Date.now(), '', `dialect detected: ${title}${out.dialectChanged?.evidence ? ` (${out.dialectChanged.evidence})` : ''}`));
    });
  }

  private tick(): void {
    // A frame whose bytes stopped coming is shown while it waits, not only at the end of the stream.
    const stalled = this.reader?.stalled(this.now());
    if (stalled) this.record(this.pipeline.meta('connection', this.now(), Date.now(), '', stalled));
    const patches = this.pipeline.tick(this.now());
    this.outbox.patch(patches);
    if (!this.isOpen) return;
    for (const text of this.pipeline.timeoutCancels(patches)) this.send(text).catch(() => undefined);
  }

  private fail(message: string): void {
    this.summary.failure = message;
    this.record(this.pipeline.meta('connection', this.now(), Date.now(), '', message));
    this.finish(message, 'failed');
  }

  private finish(reason: string, status: 'closed' | 'failed' = 'closed'): void {
    if (this.summary.endedAt) return;
    this.closed = true;
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
    this.outbox.patch(this.pipeline.targetExited(this.now()));
    if (this.summary.status !== 'failed') this.summary.status = status;
    this.summary.endedAt = new Date().toISOString();
    this.outbox.summaryTouched();
    if (reason && status === 'closed' && reason !== 'closed by user') {
      this.record(this.pipeline.meta('connection', this.now(), Date.now(), '', `closed: ${reason}`));
    }
    this.flush();
  }

  /** Hand on now what accumulated (events, then patches, then the summary). */
  flush(): void {
    this.outbox.flush();
  }

  private emitSummary(): void {
    this.sink.summary(this, this.summary);
  }

  private now(): number {
    return Math.round((performance.now() - this.startMs) * 1000) / 1000;
  }
}
