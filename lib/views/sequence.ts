/**
 * What the sequence diagram draws, as plain data: lanes, one arrow per entry and the joins from
 * each request to its answer. The app (components/views), the SVG export and the HTML export's
 * viewer all render this same model, so they say the same thing; its words come from
 * lib/timeline (status, method cell), as the timeline's do.
 */
import { ownRaw, type EntryRow, type RawOf } from '../timeline/row';
import { methodCell } from '../timeline/cells';
import { formatLatency } from '../timeline/format';
import { eventStatus, rowLatency, type SeqLookup, type StatusTone } from '../timeline/status';

export interface Lane {
  label: string;
  hint: string;
}

/**
 * rpcscope is the client of a target it connects to; a tapped conversation (an observed kind,
 * `!isConnectableKind(kind)` — asked by the caller, so this module stays free of the target
 * schemas and the HTML viewer's bundle free of zod) has a real client and server with rpcscope
 * between them.
 */
export function lanesFor(observed: boolean): Lane[] {
  if (!observed) return [
    { label: 'rpcscope', hint: 'this app, the client' },
    { label: 'target', hint: 'the peer it connected to' },
  ];
  return [
    { label: 'client', hint: 'the program that started the server' },
    { label: 'rpcscope', hint: 'the tap in between' },
    { label: 'server', hint: 'the program the client talks to' },
  ];
}

export type ArrowHead = 'filled' | 'open' | 'none';

export interface Arrow {
  seq: number;
  /** Lane indexes; equal for an entry about one side (stderr, exit, a connection note). */
  from: number;
  to: number;
  tone: StatusTone;
  /** Timed out (or cut off) without an answer in time. */
  dashed: boolean;
  head: ArrowHead;
  /** Items in a batch (drawn as a grouped arrow), else 0. */
  batch: number;
  label: string;
  /** Hover text: method, status and latency. */
  title: string;
}

/** A request joined to its answer, drawn on the answering lane from the request's row to the answer's. */
export interface Join {
  fromRow: number;
  toRow: number;
  lane: number;
  tone: StatusTone;
  dashed: boolean;
}

const toneOfKind = (ev: EntryRow, tone: StatusTone): StatusTone => {
  if (ev.kind === 'invalid' || ev.kind === 'parse-error' || ev.kind === 'noise') return 'warn';
  return tone;
};

function isUnanswered(ev: EntryRow): boolean {
  const s = ev.state;
  if (s === 'timed-out' || s === 'late' || s === 'target-exited') return true;
  return ev.items?.some((it) => it.state === 'timed-out' || it.state === 'late' || it.state === 'target-exited') ?? false;
}

/** `rawOf`: a stderr line's or noise's text for its label (a full event's own by default). */
export function arrowOf(ev: EntryRow, lanes: number, lookup: SeqLookup, rawOf: RawOf = ownRaw): Arrow {
  const last = lanes - 1;
  const [from, to] = ev.dir === 'out' ? [0, last] : ev.dir === 'in' ? [last, 0] : [last, last];
  const status = eventStatus(ev, lookup);
  const cell = methodCell(ev, lookup, rawOf);
  const batch = ev.kind === 'batch' ? ev.items?.length ?? 0 : 0;
  const label = cell ? `${cell.prefix ? `${cell.prefix} ` : ''}${cell.text}` : ev.kind;
  const latency = rowLatency(ev, lookup);
  const title = [label, status.label, latency !== undefined ? formatLatency(latency) : ''].filter(Boolean).join(' · ');
  const head: ArrowHead = ev.dir === 'meta' ? 'none' : ev.kind === 'notification' ? 'open' : 'filled';
  return { seq: ev.seq, from, to, tone: toneOfKind(ev, status.tone), dashed: isUnanswered(ev), head, batch, label, title };
}

/**
 * Joins among the shown rows (`rowOfSeq` maps a seq to its row, or undefined when filtered out).
 * A batch's items can be answered by several entries: one join per distinct answer.
 */
export function joinsOf(events: readonly EntryRow[], rows: readonly number[], rowOfSeq: (seq: number) => number | undefined, lanes: number, lookup: SeqLookup): Join[] {
  const out: Join[] = [];
  const last = lanes - 1;
  for (let r = 0; r < rows.length; r++) {
    const ev = events[rows[r]];
    if (ev.kind !== 'request' && ev.kind !== 'batch') continue;
    if (ev.dir === 'meta') continue;
    const answers = new Set<number>();
    if (ev.pair !== undefined) answers.add(ev.pair);
    if (ev.kind === 'batch' && ev.dir !== 'in') for (const it of ev.items ?? []) if (it.pair !== undefined && it.kind === 'request') answers.add(it.pair);
    for (const a of answers) {
      const toRow = rowOfSeq(a);
      if (toRow === undefined || toRow <= r) continue;
      const tone = eventStatus(ev, lookup).tone;
      out.push({ fromRow: r, toRow, lane: ev.dir === 'out' ? last : 0, tone: tone === 'ok' ? 'muted' : tone, dashed: isUnanswered(ev) });
    }
  }
  return out;
}

/** Horizontal position of lane `i` of `lanes` in a diagram `width` px wide, leaving `inset` at each side. */
export function laneX(i: number, lanes: number, width: number, inset: number): number {
  if (lanes <= 1) return width / 2;
  return inset + (i * (width - 2 * inset)) / (lanes - 1);
}

/** "3.2 s idle": what a collapsed gap says. */
export function gapLabel(ms: number): string {
  if (ms >= 3_600_000) return `${(ms / 3_600_000).toFixed(1)} h idle`;
  if (ms >= 60_000) return `${(ms / 60_000).toFixed(1)} min idle`;
  return `${(ms / 1000).toFixed(1)} s idle`;
}
