/**
 * A batch of event rows packed for the hand-over to the recorder's worker: every text of every
 * row joined into one string (with their lengths) and every number in one Float64Array. A
 * structured clone of 100k small arrays walked each value and cost more of the conversation's
 * thread than making the rows did; one string and two transferred buffers cost a copy each.
 */
import type { EventRow } from './event-row';

/** Which row slots hold text (null allowed) and which hold numbers (null as NaN). */
const TEXT = [3, 4, 5, 6, 7, 12, 13, 14] as const;
const NUMS = [0, 1, 2, 8, 9, 10, 11, 15] as const;
const NO_TEXT = -1;

export interface PackedRows {
  count: number;
  text: string;
  /** Per row, per TEXT slot: its length, or -1 for null. */
  lengths: Int32Array<ArrayBuffer>;
  /** Per row, per NUMS slot: its value, NaN for null. */
  numbers: Float64Array<ArrayBuffer>;
}

export function packRows(rows: readonly EventRow[]): PackedRows {
  const parts: string[] = [];
  const lengths = new Int32Array(rows.length * TEXT.length);
  const numbers = new Float64Array(rows.length * NUMS.length);
  let l = 0;
  let n = 0;
  for (const r of rows) {
    for (const i of TEXT) {
      const s = r[i] as string | null;
      if (s === null) lengths[l++] = NO_TEXT;
      else {
        lengths[l++] = s.length;
        parts.push(s);
      }
    }
    for (const i of NUMS) {
      const v = r[i] as number | null;
      numbers[n++] = v === null ? NaN : v;
    }
  }
  return { count: rows.length, text: parts.join(''), lengths, numbers };
}

export function unpackRows(p: PackedRows): EventRow[] {
  const rows: EventRow[] = new Array(p.count);
  let at = 0;
  let l = 0;
  let n = 0;
  for (let k = 0; k < p.count; k++) {
    const r = new Array(16) as unknown[];
    for (const i of TEXT) {
      const len = p.lengths[l++];
      if (len === NO_TEXT) r[i] = null;
      else {
        r[i] = p.text.slice(at, at + len);
        at += len;
      }
    }
    for (const i of NUMS) {
      const v = p.numbers[n++];
      r[i] = Number.isNaN(v) ? null : v;
    }
    rows[k] = r as EventRow;
  }
  return rows;
}
