/**
 * Opening a big session by pages of rows instead of the bridge's replay (issue 11: a recorded
 * 1M-entry session shows its first rows in < 0.5 s and has every entry counted in < 5 s). The
 * bridge replays whole events, 2000 at a time, each parsed and turned into a row (~67 µs of page
 * CPU an entry at 1M); a row page (lib/timeline/row-page.ts, GET /api/sessions/:id/rows) is the
 * rows alone, in columns, read by the store in one range SELECT.
 *
 * A small first page shows rows at once; then large pages, the next one asked while this one is
 * turned into rows a slice per animation frame, so the count climbs while the page stays
 * responsive. When the last page is in, the caller subscribes to the bridge from there (its
 * resume point is what the view holds), so a live session's newer entries, and any change to a
 * still-pending request, come as before: the boundary is simply where the pages stopped.
 */
import { API } from '@/lib/api/routes';
import { Interner } from '@/lib/timeline/compact-row';
import type { EntryRow } from '@/lib/timeline/row';
import { columnsReader } from '@/lib/timeline/row-columns';
import { rowPageProblem, type RowPage } from '@/lib/timeline/row-page';
import { apiClient } from '@/components/api/client';

/** Sessions with fewer entries open through the bridge as before (one replay, nothing to gain). */
export const ROW_PAGES_FROM = 5000;
/** The first page: what a screen shows, many times over, fast. */
export const FIRST_PAGE_ROWS = 2000;
/** Later pages: large (fewer round trips), yet parsed in well under a frame budget's few multiples. */
export const PAGE_ROWS = 25_000;
/** Rows turned into view rows (and applied) per animation frame. */
export const SLICE_ROWS = 12_500;

export interface RowPagesDeps {
  fetchPage(sessionId: string, since: number, limit: number): Promise<RowPage>;
  /** Appends rows (in seq order, after what the view holds) in one store update. */
  append(sessionId: string, rows: EntryRow[]): void;
  /** False once the session is gone from the page (deleted): stop reading. */
  wanted(sessionId: string): boolean;
  /** Resolves at the next animation frame (a hidden tab: soon after). */
  nextFrame(): Promise<void>;
}

const api = apiClient();

function nextFrame(): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const go = () => {
      if (done) return;
      done = true;
      resolve();
    };
    // A hidden tab gets no frames; the timer keeps the load going there.
    requestAnimationFrame(go);
    setTimeout(go, 100);
  });
}

export const pageDeps = (append: RowPagesDeps['append'], wanted: RowPagesDeps['wanted']): RowPagesDeps => ({
  fetchPage: (id, since, limit) => api.call(API.entryRows, { params: { id }, query: { since: String(since), limit: String(limit) } }),
  append,
  wanted,
  nextFrame,
});

/** Strings repeated across rows (methods, kinds, states, ids), shared by every session opened by pages. */
const strings = new Interner();
const pool = (s: string) => strings.of(s);

async function checkedPage(deps: RowPagesDeps, sessionId: string, since: number, limit: number): Promise<RowPage> {
  const page = await deps.fetchPage(sessionId, since, limit);
  const problem = rowPageProblem(page);
  if (problem) throw new Error(`The server sent a row page that does not hold together: ${problem}.`);
  return page;
}

/**
 * Reads the session's rows from `since` (0: all) to the end recorded now, appending them as they
 * come. Resolves with the last seq appended (rejects when a page could not be read: what came
 * before stays, and the bridge picks up from there).
 */
export async function loadRowPages(sessionId: string, deps: RowPagesDeps, since = 0): Promise<number> {
  let last = since;
  let next: Promise<RowPage> | null = checkedPage(deps, sessionId, last, FIRST_PAGE_ROWS);
  while (next) {
    const page = await next;
    next = null;
    if (!deps.wanted(sessionId)) return last;
    const n = page.seq.length;
    if (n === 0) return last;
    last = page.seq[n - 1];
    // Asked before this page is worked through: the server reads it meanwhile.
    if (!page.done) next = checkedPage(deps, sessionId, last, PAGE_ROWS);
    const reader = columnsReader(page, pool);
    for (let from = 0; from < n; from += SLICE_ROWS) {
      if (from > 0) await deps.nextFrame();
      if (!deps.wanted(sessionId)) return last;
      deps.append(sessionId, reader.rows(from, Math.min(n, from + SLICE_ROWS)));
    }
  }
  return last;
}
