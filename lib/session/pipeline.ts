/**
 * The one place a message becomes a TrafficEvent: classify → rule findings → correlate → decode
 * errors, with seq and time assigned in recording order. Pure, so the server, the CLI and tests
 * share it; transports and recorders stay outside.
 */
import { classify } from '../jsonrpc/classify';
import { Correlator } from '../jsonrpc/correlator';
import type { Classified, ClassifiedItem } from '../jsonrpc/types';
import { describeError } from '../errors/describe';
import type { ErrorCatalog } from '../errors/types';
import type { BatchItem, Direction, EventKind, EventPatch, TrafficEvent } from './types';

export interface PipelineOptions {
  timeoutMs?: number;
  /** Catalogs consulted before the standard one (dialect, OpenRPC), in precedence order. */
  catalogs?: ErrorCatalog[];
}

export interface WireExtras {
  rawBase64?: string;
  http?: TrafficEvent['http'];
  ws?: TrafficEvent['ws'];
  process?: TrafficEvent['process'];
}

export interface PipelineOutput {
  event: TrafficEvent;
  patches: EventPatch[];
  classified?: Classified;
}

/** Requests whose method we remember until answered, so an error can be decoded per method. */
const METHOD_MEMORY = 100_000;

export class MessagePipeline {
  private seq = 0;
  private readonly correlator: Correlator;
  private catalogs: ErrorCatalog[];
  private readonly methodBySeq = new Map<number, string>();

  constructor(options: PipelineOptions = {}) {
    this.correlator = new Correlator({ timeoutMs: options.timeoutMs ?? 60_000 });
    this.catalogs = options.catalogs ?? [];
  }

  get lastSeq(): number {
    return this.seq;
  }

  setCatalogs(catalogs: ErrorCatalog[]): void {
    this.catalogs = catalogs;
  }

  /** A whole message that crossed the wire: `raw` is the exact wire text, `body` the JSON text inside it. */
  message(dir: 'in' | 'out', t: number, time: number, raw: string, body: string, extras: WireExtras = {}): PipelineOutput {
    const classified = classify(body);
    const seq = ++this.seq;
    const result = this.correlator.observe({ seq, t, dir, classified });
    const event: TrafficEvent = {
      seq,
      t,
      time,
      dir,
      raw,
      kind: classified.kind,
      findings: result.findings.length ? [...classified.findings, ...result.findings] : classified.findings,
    };
    copyExtras(event, extras);
    if (classified.hasId) {
      event.id = classified.id;
      if (classified.idText !== undefined) event.idText = classified.idText;
    }
    if (classified.method !== undefined) event.method = classified.method;
    if (classified.protocol) event.protocol = classified.protocol;
    if (classified.dap) event.dap = classified.dap;
    if (result.pair !== undefined) event.pair = result.pair;
    if (result.latencyMs !== undefined) event.latencyMs = result.latencyMs;
    if (result.state !== undefined) event.state = result.state;
    if (result.late) event.late = true;

    if (classified.kind === 'request' && classified.method !== undefined) this.remember(seq, classified.method);
    if (classified.error) {
      event.error = describeError(classified.error, { method: this.methodOf(result.pair), catalogs: this.catalogs });
    }
    if (classified.items) {
      event.items = this.batchItems(classified.items, result.items, seq);
    }
    return { event, patches: result.patches, classified };
  }

  /** Bytes the framing layer could not make a message of; kept exactly, with the reason. */
  noise(dir: 'in' | 'out', t: number, time: number, raw: string, reason: string, detail: string, rawBase64?: string): PipelineOutput {
    const event: TrafficEvent = {
      seq: ++this.seq,
      t,
      time,
      dir,
      raw,
      kind: 'noise',
      reason,
      note: detail,
      findings: [{ rule: `framing-${reason}`, severity: 'error', message: detail }],
    };
    if (rawBase64) event.rawBase64 = rawBase64;
    return { event, patches: [] };
  }

  /** Things about the connection: connected, stderr lines, exit, empty HTTP replies. */
  meta(kind: EventKind, t: number, time: number, raw: string, note: string, extras: WireExtras = {}, dir: Direction = 'meta'): PipelineOutput {
    const event: TrafficEvent = { seq: ++this.seq, t, time, dir, raw, kind, note, findings: [] };
    copyExtras(event, extras);
    return { event, patches: [] };
  }

  /** Pending requests past their timeout become `timed-out`. */
  tick(t: number): EventPatch[] {
    return this.correlator.tick(t);
  }

  /** The target is gone: whatever is still pending ends as `target-exited`. */
  targetExited(t: number): EventPatch[] {
    return this.correlator.targetExited(t);
  }

  /** Requests still waiting for an answer (timed-out ones no longer count), optionally one direction only. */
  pendingCount(dir?: 'in' | 'out'): number {
    let n = 0;
    for (const p of this.correlator.pending()) if (!p.timedOut && (dir === undefined || p.dir === dir)) n++;
    return n;
  }

  private batchItems(items: ClassifiedItem[], paired: BatchItem[] | undefined, seq: number): BatchItem[] {
    return items.map((item, i) => {
      const p = paired?.[i];
      const out: BatchItem = { index: item.index, kind: item.kind, findings: p?.findings ?? item.findings };
      if (item.hasId) out.id = item.id;
      if (item.idText !== undefined) out.idText = item.idText;
      if (item.method !== undefined) out.method = item.method;
      if (p?.pair !== undefined) out.pair = p.pair;
      if (p?.pairIndex !== undefined) out.pairIndex = p.pairIndex;
      if (p?.state !== undefined) out.state = p.state;
      if (p?.latencyMs !== undefined) out.latencyMs = p.latencyMs;
      if (item.kind === 'request' && item.method !== undefined) this.remember(seq, item.method);
      if (item.error) out.error = describeError(item.error, { method: this.methodOf(p?.pair), catalogs: this.catalogs });
      return out;
    });
  }

  private remember(seq: number, method: string): void {
    this.methodBySeq.set(seq, method);
    if (this.methodBySeq.size > METHOD_MEMORY) {
      const oldest = this.methodBySeq.keys().next().value;
      if (oldest !== undefined) this.methodBySeq.delete(oldest);
    }
  }

  private methodOf(seq: number | undefined): string | undefined {
    return seq === undefined ? undefined : this.methodBySeq.get(seq);
  }
}

function copyExtras(event: TrafficEvent, extras: WireExtras): void {
  if (extras.rawBase64) event.rawBase64 = extras.rawBase64;
  if (extras.http) event.http = extras.http;
  if (extras.ws) event.ws = extras.ws;
  if (extras.process) event.process = extras.process;
}
