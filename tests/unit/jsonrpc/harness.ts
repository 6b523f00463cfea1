/**
 * A tiny stand-in for the session: it classifies each message, feeds the correlator, keeps one
 * event per message and applies the patches, so tests read the final state a user would see.
 */
import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { classify, Correlator, type CorrelatorOptions } from '../../../lib/jsonrpc';
import type { BatchItem, DecodedError, Direction, EventPatch, Finding, JsonRpcId, PairState } from '../../../lib/session/types';

export interface EventView {
  seq: number;
  t: number;
  dir: Direction;
  text: string;
  kind: string;
  id?: JsonRpcId;
  idText?: string;
  method?: string;
  pair?: number;
  pairIndex?: number;
  latencyMs?: number;
  state?: PairState;
  late?: boolean;
  error?: DecodedError;
  findings: Finding[];
  items?: BatchItem[];
}

export class Conversation {
  readonly c: Correlator;
  readonly events = new Map<number, EventView>();
  private seq = 0;

  constructor(opts?: CorrelatorOptions) {
    this.c = new Correlator(opts);
  }

  /** Records one message (`exchange`: the HTTP POST it came back on); returns its seq. */
  send(dir: Direction, t: number, text: string, exchange?: number): number {
    const seq = ++this.seq;
    const classified = classify(text);
    const r = this.c.observe({ seq, t, dir, classified, ...(exchange !== undefined ? { exchange } : {}) });
    // A Set, not includes(): a reply of 30k null-id errors has that many findings on both sides.
    const own = new Set(classified.findings);
    const ev: EventView = {
      seq,
      t,
      dir,
      text,
      kind: classified.kind,
      id: classified.id,
      idText: classified.idText,
      method: classified.method,
      findings: [...classified.findings, ...r.findings.filter((f) => !own.has(f))],
      pair: r.pair,
      pairIndex: r.pairIndex,
      latencyMs: r.latencyMs,
      state: r.state,
      late: r.late,
      error: r.error,
      items: r.items,
    };
    this.events.set(seq, ev);
    this.apply(r.patches);
    this.takeLater();
    return seq;
  }

  out(t: number, text: string): number {
    return this.send('out', t, text);
  }

  in(t: number, text: string): number {
    return this.send('in', t, text);
  }

  /** An answer that came back on the HTTP POST of the request `exchange`. */
  onPost(exchange: number, t: number, text: string): number {
    return this.send('in', t, text, exchange);
  }

  /** The POST of `request` is over; `by` is the last thing that came back on it (or the failure note). */
  endPost(request: number, by: number, failed = false): EventPatch[] {
    const p = this.c.endExchange(request, { seq: by, t: this.ev(by).t }, failed);
    this.apply(p);
    return p;
  }

  tick(t: number): EventPatch[] {
    const p = this.c.tick(t);
    this.apply(p);
    this.takeLater();
    return p;
  }

  exited(t: number): EventPatch[] {
    const p = this.c.targetExited(t);
    this.apply(p);
    return p;
  }

  ev(seq: number): EventView {
    const e = this.events.get(seq);
    if (!e) throw new Error(`no event ${seq}`);
    return e;
  }

  rules(seq: number): string[] {
    return this.ev(seq).findings.map((f) => f.rule);
  }

  /** Findings the correlator made about earlier events (timeouts, contradicted errors) go onto them. */
  private takeLater(): void {
    for (const lf of this.c.takeLaterFindings()) this.ev(lf.seq).findings.push(lf.finding);
  }

  apply(patches: EventPatch[]): void {
    for (const p of patches) {
      const e = this.ev(p.seq);
      if (p.pair !== undefined) e.pair = p.pair;
      if (p.latencyMs !== undefined) e.latencyMs = p.latencyMs;
      if (p.state !== undefined) e.state = p.state;
      if (p.late !== undefined) e.late = p.late;
      if (p.items !== undefined) e.items = p.items;
      if (p.findings !== undefined) e.findings.push(...p.findings);
      if (p.error !== undefined) e.error = p.error;
    }
  }
}

export function rpc(obj: Record<string, unknown>): string {
  return JSON.stringify({ jsonrpc: '2.0', ...obj });
}

export interface SpecVector {
  id: string;
  section: string;
  input: string;
  input_single_line: string;
  expect: { kind: 'single' | 'batch' | 'none'; response?: unknown; responses?: unknown[] };
  note?: string;
}

/** The shared conformance vectors (../shared when present, else the copy kept beside this file). */
export function loadSpecVectors(): SpecVector[] {
  const shared = fileURLToPath(new URL('../../../../shared/conformance/spec-examples.json', import.meta.url));
  const local = fileURLToPath(new URL('./fixtures/spec-examples.json', import.meta.url));
  const file = existsSync(shared) ? shared : local;
  return (JSON.parse(readFileSync(file, 'utf8')) as { vectors: SpecVector[] }).vectors;
}
