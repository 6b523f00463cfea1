/**
 * The sequence diagram's vertical axis: one row per entry, placed by time but with idle gaps
 * collapsed, so a session that sat quiet for a minute does not scroll through a minute of
 * nothing. Positions are a prefix sum in a typed array: 100k rows cost one pass and 800 KB, and
 * the rows on screen are found by binary search (the view is virtualized on these numbers).
 */

export interface AxisOptions {
  /** Height every row gets whatever its time (its arrow and label need it). */
  rowPx: number;
  /** Extra pixels per ms of gap before a row; 0 = rows evenly spaced (time only orders them). */
  pxPerMs: number;
  /** A gap at least this long is collapsed to `gapPx` and marked (its length is shown instead). */
  idleMs: number;
  gapPx: number;
}

/** Evenly spaced rows, quiet stretches of a second or more marked as a gap. */
export const COMPACT_AXIS: AxisOptions = { rowPx: 22, pxPerMs: 0, idleMs: 1000, gapPx: 18 };
/** Gaps shown in proportion (0.2 px per ms, so up to 200 px) until they count as idle. */
export const SCALED_AXIS: AxisOptions = { rowPx: 22, pxPerMs: 0.2, idleMs: 1000, gapPx: 18 };

/** An idle stretch collapsed before row `row`: `ms` long, drawn in the `gapPx` above the row. */
export interface AxisGap {
  row: number;
  ms: number;
}

export interface TimeAxis {
  /** Top of each row, in px. */
  top: Float64Array;
  /** Total height in px. */
  height: number;
  gaps: AxisGap[];
  rowPx: number;
}

/** `times` are the rows' ms since start, ascending (the session's order). */
export function layoutAxis(times: ArrayLike<number>, o: AxisOptions): TimeAxis {
  const n = times.length;
  const top = new Float64Array(n);
  const gaps: AxisGap[] = [];
  let y = 0;
  for (let i = 0; i < n; i++) {
    if (i > 0) {
      // Entries from different sources can arrive a hair out of order: never a negative gap.
      const gap = Math.max(0, times[i] - times[i - 1]);
      if (gap >= o.idleMs) {
        gaps.push({ row: i, ms: gap });
        y += o.gapPx;
      } else y += gap * o.pxPerMs;
    }
    top[i] = y;
    y += o.rowPx;
  }
  return { top, height: y, gaps, rowPx: o.rowPx };
}

/** The first row whose bottom is below `y` (0..n). */
export function rowAt(axis: TimeAxis, y: number): number {
  const { top, rowPx } = axis;
  let lo = 0;
  let hi = top.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (top[mid] + rowPx <= y) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Rows [start, end) that intersect the band [y0, y1). */
export function rowsIn(axis: TimeAxis, y0: number, y1: number): { start: number; end: number } {
  const start = rowAt(axis, y0);
  let end = start;
  while (end < axis.top.length && axis.top[end] < y1) end++;
  return { start, end };
}
