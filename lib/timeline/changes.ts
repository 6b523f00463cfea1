/**
 * What changed in a session's events besides appends, for readers that keep derived results
 * (the filtered positions) and want to re-test only what changed instead of every entry.
 * The page's store appends to it in place, like the events array itself.
 */
import type { SeqPositions } from './seq-index';

/** Kept at most this many seqs; a reader further behind starts over (one full scan). */
export const CHANGE_LOG_CAP = 1 << 16;

export interface ChangeLog {
  /** Seqs of entries replaced in place (patched, or re-delivered by a replay), oldest first. */
  seqs: number[];
  /** Absolute position of `seqs[0]` (earlier ones were dropped). */
  base: number;
  /** Bumped when entries were inserted before others (positions shifted): readers start over. */
  reorders: number;
}

export function emptyChangeLog(): ChangeLog {
  return { seqs: [], base: 0, reorders: 0 };
}

/** The absolute position just past the newest change (a reader's cursor after reading all). */
export function changeLogEnd(log: ChangeLog): number {
  return log.base + log.seqs.length;
}

export function recordChange(log: ChangeLog, seq: number): void {
  if (log.seqs.length >= CHANGE_LOG_CAP) {
    log.base += log.seqs.length;
    log.seqs.length = 0;
  }
  log.seqs.push(seq);
}

/**
 * Positions below `old` (the entries a reader already counted) that changed since its `cursor`,
 * or whose partner changed; with `newPartners`, also the partners of entries that arrived from
 * `old` on (an entry's result can read its partner, and a new answer changes that).
 */
export function touchedSince(
  events: readonly { pair?: number }[],
  log: ChangeLog,
  cursor: number,
  indexBySeq: SeqPositions,
  old: number,
  newPartners: boolean,
  /** Where the arrivals start (a reader still scanning has counted entries it has not tested yet). */
  arrivedFrom = old,
): Set<number> {
  const touched = new Set<number>();
  const touch = (seq: number | undefined) => {
    if (seq === undefined) return;
    const i = indexBySeq.get(seq);
    if (i !== undefined && i < old) touched.add(i);
  };
  for (let k = cursor - log.base; k < log.seqs.length; k++) {
    const seq = log.seqs[k];
    touch(seq);
    const i = indexBySeq.get(seq);
    if (i !== undefined) touch(events[i].pair);
  }
  if (newPartners) for (let i = arrivedFrom; i < events.length; i++) touch(events[i].pair);
  return touched;
}
