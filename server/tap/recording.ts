/**
 * What a tap records: a copy of each direction's bytes goes through its own framing decoder and
 * the one MessagePipeline, exactly like a live session's (client → server is `out`, server →
 * client is `in`; requests the server sends are `in` and answered by `out`). Nothing here touches
 * the conversation's bytes: the tap has already passed them on when they reach `bytes()`.
 *
 * With `auto` framing the first bytes in either direction decide (lib/framing/auto.ts's detectFraming, the same rule as an `auto` session); until
 * then the copies wait here (bounded), and a meta entry says what was chosen and why.
 */
import { performance } from 'node:perf_hooks';
import { getCodec } from '../../lib/framing/registry';
import { DETECT_LIMIT, detectFraming } from '../../lib/framing/auto';
import type { Frame, FrameDecoder } from '../../lib/framing/types';
import { applyPatch } from '../../lib/session/patch';
import { MessagePipeline, type PipelineOutput, type WireExtras } from '../../lib/session/pipeline';
import type { EventPatch, Framing, SessionSummary, TrafficEvent } from '../../lib/session/types';
import { describeTarget } from '../../lib/targets/registry';
import type { TapTarget } from '../../lib/targets/tap';
import { newSessionId } from '../session/live-session';
import { FrameEdges, type EdgeState } from './frame-edges';

/** Where a tap's entries go: the running app, the local store, or nowhere (never throws). */
export interface TapSink {
  events(events: TrafficEvent[]): void;
  patches(patches: EventPatch[]): void;
  summary(summary: SessionSummary): void;
}

export type Side = 'out' | 'in';
const SIDE_NAME: Record<Side, string> = { out: 'client', in: 'server' };
const TICK_MS = 200;

export interface TapRecordingInit {
  target: TapTarget;
  name?: string;
  /** Keep every entry in memory (for --out). */
  keepEvents: boolean;
  timeoutMs?: number;
}

export class TapRecording {
  readonly summary: SessionSummary;
  private readonly pipeline: MessagePipeline;
  private readonly startMs = performance.now();
  private framing: Framing | null;
  private readonly decoders: Record<Side, FrameDecoder | null> = { out: null, in: null };
  /** `auto`: copies seen before the framing was decided, per side (bounded by SNIFF_LIMIT). */
  private readonly early: Record<Side, Buffer[]> = { out: [], in: [] };
  private earlyBytes = 0;
  private readonly kept: TrafficEvent[] | null;
  private readonly bySeq = new Map<number, TrafficEvent>();
  private pendingEvents: TrafficEvent[] = [];
  private pendingPatches: EventPatch[] = [];
  private flushScheduled = false;
  private summaryChanged = true;
  private readonly ticker: NodeJS.Timeout;
  private sink: TapSink | null = null;
  /** A sink that has not had the summary yet gets it before any entry (the app wants it first). */
  private freshSink = false;
  /** Entries made now are an injected frame's. */
  private marking = false;
  /** Where each side's frames end, followed here so the conversation thread need not (splice.ts asks). */
  private readonly edges: Record<Side, FrameEdges>;

  constructor(init: TapRecordingInit) {
    this.pipeline = new MessagePipeline({ timeoutMs: init.timeoutMs ?? 60_000 });
    // An HTTP/WebSocket tap hands whole messages (message()); only a stdio tap has framing to decide.
    const framing = init.target.to !== undefined ? 'newline' : (init.target.framing ?? 'auto');
    this.framing = framing === 'auto' ? null : framing;
    if (this.framing) this.useFraming(this.framing);
    this.edges = { out: new FrameEdges(framing), in: new FrameEdges(framing) };
    this.kept = init.keepEvents ? [] : null;
    this.summary = {
      id: newSessionId(),
      name: init.name || describeTarget(init.target),
      target: init.target,
      status: 'open',
      startedAt: new Date().toISOString(),
      lastSeq: 0,
      counts: { events: 0, out: 0, in: 0, errors: 0, findings: 0 },
      dialect: this.pipeline.dialect,
    };
    this.ticker = setInterval(() => this.queuePatches(this.pipeline.tick(this.now())), TICK_MS);
    this.ticker.unref();
  }

  /** Every entry recorded so far (only with keepEvents), patches applied. */
  get events(): readonly TrafficEvent[] {
    return this.kept ?? [];
  }

  /** Entries go to this sink from now on (the first one gets the summary first). */
  attach(sink: TapSink): void {
    this.sink = sink;
    this.freshSink = true;
    this.summaryChanged = true;
    this.scheduleFlush();
  }

  /** Entries wait here (in order) until the next attach: the sink is being replaced. */
  detach(): void {
    this.sink = null;
  }

  note(text: string, extras: Parameters<MessagePipeline['meta']>[5] = {}, kind: 'connection' | 'exit' = 'connection'): void {
    this.record(this.pipeline.meta(kind, this.now(), Date.now(), '', text, extras));
  }

  /** A copy of bytes that already went on to the other side. */
  bytes(side: Side, chunk: Buffer): void {
    this.edges[side].feed(chunk, false);
    if (this.framing === null && !this.decide(side, chunk)) return;
    this.frames(side, this.decoders[side]!.push(chunk));
  }

  /**
   * An injected frame that went on in `side`'s direction, between two real frames (so the side's
   * decoder is at an edge too): recorded like the side's own bytes, its entries marked injected.
   * Returns the first entry's seq (0 if none came of it).
   */
  injected(side: Side, chunk: Buffer): number {
    const before = this.summary.lastSeq;
    this.marking = true;
    try {
      this.bytes(side, chunk);
    } finally {
      this.marking = false;
    }
    return this.summary.lastSeq > before ? before + 1 : 0;
  }

  /** A whole message (an HTTP body, one SSE event, a WebSocket frame) that already went on; `injected`: rpcscope wrote it. */
  message(side: Side, body: string, extras: WireExtras = {}, injected = false): TrafficEvent {
    const out = this.pipeline.message(side, this.now(), Date.now(), body, body, extras);
    if (injected) out.event.injected = true;
    this.record(out);
    return out.event;
  }

  /** A noted happening of the conversation (an HTTP exchange's status, a WebSocket close); returns the entry. */
  noteEvent(text: string, extras: WireExtras = {}): TrafficEvent {
    const out = this.pipeline.meta('connection', this.now(), Date.now(), '', text, extras);
    this.record(out);
    return out.event;
  }

  /** HTTP: the exchange of the request `requestSeq` is over; a request nothing answered is settled by `by`. */
  exchangeEnded(requestSeq: number, by: TrafficEvent, failed: boolean): void {
    this.queuePatches(this.pipeline.exchangeEnded(requestSeq, by, failed));
  }

  /** Later changes to recorded entries from outside the pipeline (intercept marks: intercept-host.ts). */
  patch(patches: EventPatch[]): void {
    this.queuePatches(patches);
  }

  /** `bytes` went on uncopied (the recording fell behind): said in the timeline; the side's framing starts afresh. */
  gap(side: Side, bytes: number): void {
    this.note(`${bytes} bytes ${side === 'out' ? 'client → server' : 'server → client'} passed through unrecorded: the recording fell behind`);
    if (this.framing) this.decoders[side] = getCodec(this.framing).createDecoder();
    this.edges[side].lose();
  }

  /** Where `side`'s frame edges stand after every byte recorded so far. */
  edgeState(side: Side): EdgeState {
    return this.edges[side].snapshot();
  }

  stderr(line: string): void {
    this.record(this.pipeline.meta('stderr', this.now(), Date.now(), line, 'stderr'));
  }

  /** The conversation is over: what is left in the decoders, the exit, pending requests settled. */
  end(exit: { code: number | null; signal: string | null } | null, why: string): void {
    if (this.summary.endedAt) return;
    if (this.framing === null) this.decideNow({ framing: 'content-length', why: 'nothing told the framing apart; content-length assumed' });
    for (const side of ['out', 'in'] as const) this.frames(side, this.decoders[side]!.flush());
    this.record(this.pipeline.meta(exit ? 'exit' : 'connection', this.now(), Date.now(), '', why, exit ? { process: { exitCode: exit.code, signal: exit.signal } } : {}));
    this.queuePatches(this.pipeline.targetExited(this.now()));
    clearInterval(this.ticker);
    this.summary.status = 'closed';
    this.summary.endedAt = new Date().toISOString();
    this.summaryChanged = true;
    this.flush();
  }

  /** Hand what accumulated to the sink: events, then the patches that refer to them, then the summary. */
  flush(): void {
    this.flushScheduled = false;
    const sink = this.sink;
    if (!sink) return;
    if (this.freshSink) {
      this.freshSink = false;
      this.summaryChanged = false;
      sink.summary(this.summary);
    }
    if (this.pendingEvents.length) {
      const events = this.pendingEvents;
      this.pendingEvents = [];
      sink.events(events);
    }
    if (this.pendingPatches.length) {
      const patches = this.pendingPatches;
      this.pendingPatches = [];
      sink.patches(patches);
    }
    if (this.summaryChanged) {
      this.summaryChanged = false;
      sink.summary(this.summary);
    }
  }

  /** The session's recording health changed (told by the sink); the summary carries it. */
  recordingChanged(recording: SessionSummary['recording']): void {
    this.summary.recording = recording;
    this.summaryChanged = true;
    this.scheduleFlush();
  }

  private decide(side: Side, chunk: Buffer): boolean {
    this.early[side].push(chunk);
    this.earlyBytes += chunk.length;
    const seen = Buffer.concat(this.early[side]);
    const framing = detectFraming(seen, seen.length, false);
    const what = framing === 'newline' ? 'start a JSON text' : 'are a Content-Length header block';
    if (framing) this.decideNow({ framing, why: `the ${SIDE_NAME[side]}'s first bytes ${what}` });
    else if (this.earlyBytes > DETECT_LIMIT) this.decideNow({ framing: 'content-length', why: `no message start in the first ${DETECT_LIMIT} bytes; content-length assumed` });
    return false;
  }

  /** Chooses, says so, and feeds what waited through the new decoders. */
  private decideNow(choice: { framing: Framing; why: string }): void {
    this.useFraming(choice.framing);
    this.note(`framing: ${choice.framing} (auto: ${choice.why})`);
    for (const side of ['out', 'in'] as const) {
      const waited = this.early[side];
      this.early[side] = [];
      for (const chunk of waited) this.frames(side, this.decoders[side]!.push(chunk));
    }
  }

  private useFraming(framing: Framing): void {
    this.framing = framing;
    const codec = getCodec(framing);
    this.decoders.out = codec.createDecoder();
    this.decoders.in = codec.createDecoder();
  }

  private frames(side: Side, frames: Frame[]): void {
    for (const f of frames) {
      if (f.type === 'message') {
        const out = this.pipeline.message(side, this.now(), Date.now(), f.raw, f.body, { rawBase64: f.rawBase64 });
        if (this.marking) out.event.injected = true;
        this.record(out);
      }
      else this.record(this.pipeline.noise(side, this.now(), Date.now(), f.raw, f.reason, f.detail, f.rawBase64));
    }
  }

  private record(out: PipelineOutput): void {
    const { event, patches } = out;
    if (out.dialectChanged) {
      this.summary.dialect = out.dialectChanged;
      this.summaryChanged = true;
    }
    this.summary.lastSeq = event.seq;
    this.pendingEvents.push(event);
    if (this.kept) {
      this.kept.push(event);
      this.bySeq.set(event.seq, event);
    }
    this.queuePatches(patches);
    this.scheduleFlush();
  }

  private queuePatches(patches: EventPatch[]): void {
    if (!patches.length) return;
    // Kept entries (for --out) take their patches here; sinks store or serialise what they are
    // handed at once, so a later patch reaches them only as a patch.
    if (this.kept) {
      for (const p of patches) {
        const e = this.bySeq.get(p.seq);
        if (e) applyPatch(e, p);
      }
    }
    this.pendingPatches.push(...patches);
    this.scheduleFlush();
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => this.flush());
  }

  private now(): number {
    return Math.round((performance.now() - this.startMs) * 1000) / 1000;
  }
}
