/**
 * The joins (request → answer bars) that cross a band of rows, found without scanning them all.
 * The diagram asks on every scroll step; a 100k-entry session has ~50k joins, and a scan of all of
 * them per step showed up in its CPU profile. Joins come in order of their first row (joinsOf walks
 * the rows), so the ones that start before the band's end are a prefix (binary search); of those,
 * the ones still open at the band's start begin at the first whose running maximum of last rows
 * reaches it (a second binary search). What is left is scanned: the joins near the band, plus any
 * long one that spans it.
 */
import type { Join } from './sequence';

export interface JoinWindow {
  /** Indexes into the joins of those with `toRow >= start` and `fromRow < end`, in order. */
  crossing(start: number, end: number): number[];
}

/** `joins` ordered by fromRow (as joinsOf returns them). */
export function joinWindow(joins: readonly Join[]): JoinWindow {
  const n = joins.length;
  const maxTo = new Int32Array(n);
  let m = -1;
  for (let k = 0; k < n; k++) maxTo[k] = m = Math.max(m, joins[k].toRow);
  /** First k in [0, n] for which pred holds, pred monotonic (false … true). */
  const first = (pred: (k: number) => boolean): number => {
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (pred(mid)) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  return {
    crossing(start, end) {
      const stop = first((k) => joins[k].fromRow >= end);
      const from = first((k) => maxTo[k] >= start);
      const out: number[] = [];
      for (let k = from; k < stop; k++) if (joins[k].toRow >= start) out.push(k);
      return out;
    },
  };
}
