/**
 * A filtered selection of a session to export: seqs as ranges (`1-40,52,60-`), or a list of seqs.
 * The timeline's current filter gives the list; ranges keep long selections short in a URL.
 */
import type { SessionFileV1 } from '../session/types';
import { probeWithin } from '../probe/within';

export interface SeqRange {
  from: number;
  /** Inclusive; Infinity for an open end. */
  to: number;
}

export const MAX_SELECTION_RANGES = 100_000;

export type SelectionParse = { ok: true; ranges: SeqRange[] | null } | { ok: false; error: string };

/** `undefined`/empty → everything (null). */
export function parseSeqSelection(input: unknown): SelectionParse {
  if (input === undefined || input === null || input === '') return { ok: true, ranges: null };
  const ranges: SeqRange[] = [];
  if (Array.isArray(input)) {
    if (input.length > MAX_SELECTION_RANGES) return { ok: false, error: `seqs: at most ${MAX_SELECTION_RANGES} entries` };
    for (const n of input) {
      if (!Number.isSafeInteger(n) || (n as number) < 0) return { ok: false, error: 'seqs: each entry must be a non-negative integer' };
      ranges.push({ from: n as number, to: n as number });
    }
  } else if (typeof input === 'string') {
    const parts = input.split(',').map((p) => p.trim()).filter(Boolean);
    if (parts.length > MAX_SELECTION_RANGES) return { ok: false, error: `seqs: at most ${MAX_SELECTION_RANGES} ranges` };
    for (const p of parts) {
      const m = /^(\d{1,15})(?:\s*-\s*(\d{1,15})?)?$/.exec(p);
      if (!m) return { ok: false, error: `seqs: "${p.slice(0, 40)}" is not a seq or a range like 3-10` };
      const from = Number(m[1]);
      const to = m[2] !== undefined ? Number(m[2]) : p.includes('-') ? Infinity : from;
      if (to < from) return { ok: false, error: `seqs: range ${p.slice(0, 40)} ends before it starts` };
      ranges.push({ from, to });
    }
  } else return { ok: false, error: 'seqs must be text like "1-40,52" or a list of numbers' };
  ranges.sort((a, b) => a.from - b.from);
  // Merge overlapping and touching ranges so a lookup is one binary search.
  const merged: SeqRange[] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r.from <= last.to + 1) last.to = Math.max(last.to, r.to);
    else merged.push({ ...r });
  }
  return { ok: true, ranges: merged };
}

export function inSelection(ranges: readonly SeqRange[] | null, seq: number): boolean {
  if (!ranges) return true;
  // Binary search for the last range starting at or before seq.
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (ranges[mid].from <= seq) lo = mid + 1;
    else hi = mid - 1;
  }
  return hi >= 0 && seq <= ranges[hi].to;
}

/** The selected events; a probe report keeps only what it says about them (lib/probe/within.ts). */
export function selectEvents(file: SessionFileV1, ranges: readonly SeqRange[] | null): SessionFileV1 {
  if (!ranges) return file;
  const out: SessionFileV1 = { ...file, events: file.events.filter((e) => inSelection(ranges, e.seq)) };
  if (file.probe) out.probe = probeWithin(file.probe, (seq) => inSelection(ranges, seq));
  return out;
}
