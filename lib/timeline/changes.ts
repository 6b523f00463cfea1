/**
 * What changed in a session's events besides appends, for readers that keep derived results
 * (the filtered positions) and want to re-test only what changed instead of every entry.
 * The page's store appends to it in place, like the events array itself.
 */

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
