/**
 * Opening a big session by pages of rows instead of the bridge's replay (issue 11: a recorded
 * 1M-entry session shows its first rows in < 0.5 s and has every entry counted in < 5 s). The
 * bridge replays whole events, 2000 at a time, each parsed and turned into a row (~67 µs of page
 * CPU an entry at 1M); a row page (lib/timeline/row-page.ts, GET /api/sessions/:id/rows) is the
 * rows alone, in columns, read by the store in one range SELECT.
 *
 * A small first page shows rows at once; then the largest pages, each a range of seqs, the next
 * ones asked while this one is turned into rows in short slices (tasks of SLICE_MS), handed to the
 * store about once a second (one re-render each), so the count climbs while the page stays
 * responsive. When the last page is in, the caller subscribes to the bridge from there (its
 * resume point is what the view holds), so a live session's newer entries, and any change to a
 * still-pending request, come as before: the boundary is simply where the pages stopped.
 */
import { API } from '@/lib/api/routes';
import { Interner } from '@/lib/timeline/compact-row';
import type { EntryRow } from '@/lib/timeline/row';
import { columnsReader } from '@/lib/timeline/row-columns';
import { MAX_ROWS_PER_PAGE, rowPageProblem, type RowPage } from '@/lib/timeline/row-page';
import { apiClient } from '@/components/api/client';

/** Sessions with fewer entries open through the bridge as before (one replay, nothing to gain). */
export const ROW_PAGES_FROM = 5000;
/** The first page: a screen's rows many times over, small so they show at once. */
export const FIRST_PAGE_ROWS = 500;
/**
 * Later pages: the largest the server gives (its CPU per row fell by a fifth from 25k to 50k rows
 * a page: fewer statements, fewer requests), the next ones asked while this one is worked through.
 */
export const PAGE_ROWS = MAX_ROWS_PER_PAGE;
/**
 * Pages asked for ahead of the one being worked through: with one, the server sat idle from the
 * end of each page until the page had taken it in and asked for the next (a sixth of the opening).
 */
export const PAGES_AHEAD = 2;
/** Rows are turned into view rows for about this long a task, then the page gets its turn. */
export const SLICE_MS = 12;
/**
 * What was turned into rows goes to the store (one re-render of the timeline) this often, besides
 * the first page and the last: each re-render lays out the timeline following its newest rows and
 * asks for their texts (~100 ms of the page's CPU at 1M on 2 cores). Once a page (every ~0.4 s)
 * was a fifth of the opening's page CPU; the count climbing once a second still shows progress.
 */
export const SHOW_EVERY_MS = 1000;
/** Rows built between looks at the clock. */
const STEP_ROWS = 1024;

export interface RowPagesDeps {
  /** Rows with a seq after `since` and at most `until`, at most `limit` of them. */
  fetchPage(sessionId: string, since: number, limit: number, until: number): Promise<RowPage>;
  /** Appends rows (in seq order, after what the view holds) in one store update. */
  append(sessionId: string, rows: EntryRow[]): void;
  /** False once the session is gone from the page (deleted): stop reading. */
  wanted(sessionId: string): boolean;
  /** Resolves in a later task, after the page had its turn (input, paint). */
  yieldToPage(): Promise<void>;
  now(): number;
}

const api = apiClient();

/** A task of its own: a message, not a timer (nested timers are held back 4 ms; a hidden tab gets no frames). */
function yieldToPage(): Promise<void> {
  return new Promise((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => {
      ch.port1.close();
      resolve();
    };
    ch.port2.postMessage(null);
  });
}

export const pageDeps = (append: RowPagesDeps['append'], wanted: RowPagesDeps['wanted']): RowPagesDeps => ({
  fetchPage: (id, since, limit, until) => api.call(API.entryRows, { params: { id }, query: { since: String(since), limit: String(limit), until: String(until) } }),
  append,
  wanted,
  yieldToPage,
  now: () => performance.now(),
});

/** Strings repeated across rows (methods, kinds, states, ids), shared by every session opened by pages. */
const strings = new Interner();
const pool = (s: string) => strings.of(s);

async function checkedPage(deps: RowPagesDeps, sessionId: string, since: number, limit: number, until: number): Promise<RowPage> {
  const page = await deps.fetchPage(sessionId, since, limit, until);
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
  /** Rows built and not yet handed to the store. */
  let held: EntryRow[] = [];
  let shownAt = deps.now();
  const show = () => {
    if (held.length) {
      deps.append(sessionId, held);
      last = held[held.length - 1].seq;
    }
    held = [];
    shownAt = deps.now();
  };
  /** Pages asked for and not yet worked through, in seq order; each covers the seqs after the one before. */
  const asked: Promise<RowPage>[] = [];
  /** The greatest seq the pages asked for cover, and the session's last seq as the latest page told it. */
  let askedThrough = since;
  let end = since;
  const ask = (rows: number) => {
    const page = checkedPage(deps, sessionId, askedThrough, rows, askedThrough + rows);
    // Awaited in its turn, or never (the session went away): not unhandled meanwhile.
    page.catch(() => undefined);
    asked.push(page);
    askedThrough += rows;
  };
  ask(FIRST_PAGE_ROWS);
  let first = true;
  while (asked.length) {
    let page: RowPage;
    try {
      page = await asked.shift()!;
    } catch (err) {
      // What was read before the page that failed is the view's; the bridge goes on from there.
      if (deps.wanted(sessionId)) show();
      throw err;
    }
    if (!deps.wanted(sessionId)) return last;
    // The server reads the next pages while this one is worked through (a range of seqs each,
    // so one does not wait for the one before): it is never idle between two.
    end = Math.max(end, page.lastSeq);
    while (asked.length < PAGES_AHEAD && askedThrough < end) ask(PAGE_ROWS);
    const lastPage = asked.length === 0;
    const n = page.seq.length;
    const reader = columnsReader(page, pool);
    let from = 0;
    while (from < n) {
      const stop = deps.now() + SLICE_MS;
      do {
        const to = Math.min(n, from + STEP_ROWS);
        for (const row of reader.rows(from, to)) held.push(row);
        from = to;
      } while (from < n && deps.now() < stop);
      // The first page at once (the first rows), the last one at its end, the rest every SHOW_EVERY_MS.
      if ((from === n && (first || lastPage)) || deps.now() - shownAt >= SHOW_EVERY_MS) show();
      if (from < n) {
        await deps.yieldToPage();
        if (!deps.wanted(sessionId)) return last;
      }
    }
    first = false;
  }
  show();
  return last;
}
