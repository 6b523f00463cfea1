/**
 * A batch of event rows packed for the hand-over to the recorder's worker: every text of every
 * row in one string (with their lengths) and every number in one Float64Array. A
 * structured clone of 100k small arrays walked each value and cost more of the conversation's
 * thread than making the rows did; one string and two transferred buffers cost a copy each.
 *
 * Packing makes each row straight into the buffers (`packEvents`), and the worker reads them back
 * one at a time into one reused row (`RowReader`): no array per entry on either thread. The texts
 * are concatenated as they come (`+=`, a rope V8 flattens once, when the message is cloned), not
 * joined at the end: the join's flat copy was then copied again by the clone (the hand-off 2.34 →
 * 2.15 µs an entry, `bench/recorder.ts`).
 */
import type { TrafficEvent } from '../../lib/session/types';
import { rowInto, type EventRow } from './event-row';

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

/** Appends rows to the buffers of one batch. */
class Packer {
  private text = '';
  private readonly lengths: Int32Array<ArrayBuffer>;
  private readonly numbers: Float64Array<ArrayBuffer>;
  private l = 0;
  private n = 0;

  constructor(private readonly count: number) {
    this.lengths = new Int32Array(count * TEXT.length);
    this.numbers = new Float64Array(count * NUMS.length);
  }

  add(r: EventRow): void {
    for (let j = 0; j < TEXT.length; j++) {
      const s = r[TEXT[j]];
      // Anything but text goes as null, which checkRow refuses where text is required.
      if (typeof s !== 'string') this.lengths[this.l++] = NO_TEXT;
      else {
        this.lengths[this.l++] = s.length;
        this.text += s;
      }
    }
    for (let j = 0; j < NUMS.length; j++) {
      const v = r[NUMS[j]] as number | null;
      this.numbers[this.n++] = v === null ? NaN : v;
    }
  }

  done(): PackedRows {
    return { count: this.count, text: this.text, lengths: this.lengths, numbers: this.numbers };
  }
}

export function packRows(rows: readonly EventRow[]): PackedRows {
  const p = new Packer(rows.length);
  for (const r of rows) p.add(r);
  return p.done();
}

/** The rows of `events`, made and packed in one pass (what rowOf and packRows would give). */
export function packEvents(events: readonly TrafficEvent[]): PackedRows {
  const p = new Packer(events.length);
  const scratch = new Array(16) as EventRow;
  for (const ev of events) p.add(rowInto(ev, scratch));
  return p.done();
}

/** Reads a packed batch's rows in order; `next` returns the same array each time, refilled. */
export class RowReader {
  private readonly row = new Array(16) as unknown[];
  private at = 0;
  private l = 0;
  private n = 0;
  private k = 0;

  constructor(private readonly p: PackedRows) {}

  get count(): number {
    return this.p.count;
  }

  next(): EventRow {
    if (this.k++ >= this.p.count) throw new RangeError('no more rows in this batch');
    const { text, lengths, numbers } = this.p;
    const r = this.row;
    for (let j = 0; j < TEXT.length; j++) {
      const len = lengths[this.l++];
      if (len === NO_TEXT) r[TEXT[j]] = null;
      else {
        r[TEXT[j]] = text.slice(this.at, this.at + len);
        this.at += len;
      }
    }
    for (let j = 0; j < NUMS.length; j++) {
      const v = numbers[this.n++];
      r[NUMS[j]] = Number.isNaN(v) ? null : v;
    }
    return r as EventRow;
  }
}

/** Each row as its own array (tests, and callers that keep rows). */
export function unpackRows(p: PackedRows): EventRow[] {
  const reader = new RowReader(p);
  const rows: EventRow[] = new Array(p.count);
  for (let k = 0; k < p.count; k++) rows[k] = [...reader.next()] as EventRow;
  return rows;
}

/** The seqs of a batch, in order (what a refused batch counts as lost). */
export function seqsOf(rows: readonly EventRow[] | PackedRows): number[] {
  if (Array.isArray(rows)) return rows.map((r: EventRow) => r[0]);
  const p = rows as PackedRows;
  const seqs = new Array<number>(p.count);
  for (let k = 0; k < p.count; k++) seqs[k] = p.numbers[k * NUMS.length];
  return seqs;
}
