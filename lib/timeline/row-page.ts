/**
 * A page of timeline rows read straight from the store (issue 11: a recorded 1M-entry session
 * opens with first rows < 0.5 s and every entry counted < 5 s). Replaying every entry through the
 * bridge cost ~67 µs of page CPU an entry: each came as a whole event object with its wire text.
 * A row page is the rows alone, in the same columns as the bridge's batches
 * (./row-columns.ts: the one home of which member travels where), assembled by the server from
 * SQLite's own aggregates (server/store/event-rows.ts) and read by the page's one reader
 * (columnsReader), plus where the session stood when the page was read.
 */
import { rowColumnsProblem, type RowColumns } from './row-columns';

/** Rows one page holds at most; the page asks for a small first page, then large ones. */
export const MAX_ROWS_PER_PAGE = 50_000;

/** One page of rows, in seq order. */
export type RowPage = RowColumns & {
  /** The session's last recorded seq when the page was read (what "every entry" means for now). */
  lastSeq: number;
  /** True when nothing after this page was recorded at the time it was read. */
  done: boolean;
};

/** A page's problem in plain words, or null when it is well formed (the page trusts its server, but not blindly). */
export function rowPageProblem(p: unknown): string | null {
  const problem = rowColumnsProblem(p);
  if (problem) return problem;
  const page = p as Record<string, unknown>;
  if (!Number.isSafeInteger(page.lastSeq) || typeof page.done !== 'boolean') return 'a row page says its last seq and whether it is the last';
  return null;
}
