/**
 * What the bridge sends, as text made once. Each batch of events a session hands on becomes a
 * FrameBatch as it arrives: the batch in columns (lib/timeline/row-columns.ts, made by lib/session/bridge-rows.ts: one object of arrays,
 * no wire text, a rule's spec sentence by reference), stringified once and shared by every page
 * that follows the session and by the live ring; a frame is only these strings joined. Before,
 * each event's JSON was made on its own (about 400 characters an event; issue 11).
 *
 * The wire text is not sent for every event (a page holds a row without it and fetches the text of
 * what it shows: components/stores/entry-texts.ts). The texts of a batch's last few entries are
 * sent beside it, under TEXT_BUDGET characters: a live page following the tail shows those rows
 * without asking, and a quiet conversation (a batch of one or two entries) arrives whole.
 */
import { encodeRows } from '../lib/session/bridge-rows';
import type { EventPatch, TrafficEvent } from '../lib/session/types';

/** Characters of wire text sent inline per batch (its newest entries first in line). */
export const TEXT_BUDGET = 16 * 1024;
/** At most this many inline texts per batch. */
const MAX_TEXTS = 64;

export interface FrameBatch {
  readonly seqs: number[];
  /** The batch's columns as JSON (lib/session/bridge-rows.ts), made once. */
  readonly json: string;
  /** Rows of `json` before this one were sent already: the page skips them (a batch cut at a page's cursor). */
  readonly from: number;
  /** JSON of an EntryText ({ seq, raw, rawBase64?, masked? }) for the batch's last `texts.length` events, in seq order. */
  readonly texts: string[];
  /** Characters held (the ring's bound). */
  readonly chars: number;
}

function textJson(ev: TrafficEvent): string {
  const text: { seq: number; raw: string; rawBase64?: string; masked?: string[] } = { seq: ev.seq, raw: ev.raw };
  if (ev.rawBase64 !== undefined) text.rawBase64 = ev.rawBase64;
  if (ev.masked) text.masked = ev.masked;
  return JSON.stringify(text);
}

export function frameBatch(events: readonly TrafficEvent[]): FrameBatch {
  const n = events.length;
  const seqs = new Array<number>(n);
  for (let i = 0; i < n; i++) seqs[i] = events[i].seq;
  const json = encodeRows(events);
  let chars = json.length;
  let from = n;
  let budget = TEXT_BUDGET;
  while (from > 0 && n - from < MAX_TEXTS) {
    const ev = events[from - 1];
    const size = (ev.raw?.length ?? 0) + (ev.rawBase64?.length ?? 0);
    if (size > budget) break;
    budget -= size;
    from--;
  }
  const texts: string[] = [];
  for (let i = from; i < n; i++) {
    const t = textJson(events[i]);
    texts.push(t);
    chars += t.length;
  }
  return { seqs, json, from: 0, texts, chars };
}

/** The part of `b` after seq `since`: the batch itself when all of it is (the columns' text is shared either way). */
export function after(b: FrameBatch, since: number): FrameBatch | undefined {
  const n = b.seqs.length;
  if (n === 0 || b.seqs[n - 1] <= since) return undefined;
  if (b.seqs[b.from] > since) return b;
  let i = b.from;
  while (b.seqs[i] <= since) i++;
  const textStart = n - b.texts.length;
  return { seqs: b.seqs, json: b.json, from: i, texts: b.texts.slice(Math.max(0, i - textStart)), chars: 0 };
}

export const lastSeqOf = (b: FrameBatch): number => b.seqs[b.seqs.length - 1];

/** How many entries of `b` a frame carries. */
export const sizeOf = (b: FrameBatch): number => b.seqs.length - b.from;

/** A `rows` message for `batches` (in seq order): the same text JSON.stringify of it would give. */
export function rowsFrame(sessionId: string, batches: readonly FrameBatch[]): string {
  let rows = '';
  let texts = '';
  let from = '';
  let cut = false;
  for (const b of batches) {
    if (sizeOf(b) <= 0) continue;
    rows += rows ? ',' + b.json : b.json;
    from += from ? ',' + b.from : String(b.from);
    if (b.from) cut = true;
    for (const t of b.texts) texts += texts ? ',' + t : t;
  }
  return `{"type":"rows","session":${JSON.stringify(sessionId)},"batches":[${rows}]${cut ? `,"from":[${from}]` : ''}${texts ? `,"texts":[${texts}]` : ''}}`;
}

/** A `patches` batch's members, made once and shared like the events'. */
export const patchesJson = (patches: readonly EventPatch[]): string => patches.map((p) => JSON.stringify(p)).join(',');

export const patchesFrame = (sessionId: string, parts: readonly string[]): string =>
  `{"type":"patches","session":${JSON.stringify(sessionId)},"patches":[${parts.join(',')}]}`;
