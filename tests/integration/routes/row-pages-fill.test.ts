/**
 * How the page fills a big recorded session's timeline from row pages (components/stores/row-pages.ts,
 * issue 11), against a real server over a real SQLite file: a small first page is shown on its own
 * at once; then the large pages (ranges of seqs, two asked ahead) come whole and in order, handed
 * to the store in a few large appends (one re-render each), not one per slice or page; a gap in
 * the seqs wider than a page loses nothing; a session the page no longer wants stops the reading;
 * a page that cannot be read rejects and what came before it stays.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '@/server/main';
import { loadConfig } from '@/server/config';
import { Store } from '@/server/store';
import type { EntryRow } from '@/lib/timeline/row';
import type { RowPage } from '@/lib/timeline/row-page';
import { FIRST_PAGE_ROWS, loadRowPages, PAGE_ROWS, type RowPagesDeps } from '@/components/stores/row-pages';
import { rowMix } from '@/tests/fixtures/sessions/row-mix';

const TOKEN = 'fill-test-token-0123456789abcdef0123456789';
const ENTRIES = 52_000;
let parent: string;
let server: RunningServer;
let sessionId: string;
/** A session with no entries from seq GAP_AFTER + 1 to GAP_AFTER + GAP. */
let gappedId: string;
const GAPPED = 30_000;
const GAP_AFTER = 12_000;
const GAP = 80_000;

beforeAll(async () => {
  parent = mkdtempSync(path.join(tmpdir(), 'rpcscope-fill-'));
  const dir = path.join(parent, 'data');
  const store = new Store({ dir });
  try {
    const s = store.sessions.create({ name: 'big', target: { kind: 'stdio', command: 'peer', args: [], framing: 'newline' }, status: 'open', startedAt: new Date().toISOString() });
    sessionId = s.id;
    const events = rowMix(ENTRIES);
    for (let i = 0; i < events.length; i += 20_000) store.events.appendMany(s.id, events.slice(i, i + 20_000));
    store.sessions.setStatus(s.id, 'closed', { endedAt: new Date().toISOString() });
    const g = store.sessions.create({ name: 'gapped', target: { kind: 'stdio', command: 'peer', args: [], framing: 'newline' }, status: 'open', startedAt: new Date().toISOString() });
    gappedId = g.id;
    store.events.appendMany(g.id, rowMix(GAPPED).map((e) => (e.seq > GAP_AFTER ? { ...e, seq: e.seq + GAP } : e)));
    store.sessions.setStatus(g.id, 'closed', { endedAt: new Date().toISOString() });
  } finally {
    store.close();
  }
  server = await startServer(loadConfig(['--port', '0'], { RPCSCOPE_TOKEN: TOKEN, RPCSCOPE_DATA_DIR: dir }), { pages: false });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  if (parent) rmSync(parent, { recursive: true, force: true });
});

interface Fill {
  deps: RowPagesDeps;
  appends: EntryRow[][];
  asked: { since: number; limit: number; until: number }[];
}

/** The page's deps with the real route behind fetchPage; `failAt` makes the n-th request fail. */
function fill(opts: { failAt?: number; wantedUntil?: number } = {}): Fill {
  const appends: EntryRow[][] = [];
  const asked: { since: number; limit: number; until: number }[] = [];
  let clock = 0;
  const deps: RowPagesDeps = {
    async fetchPage(id, since, limit, until) {
      asked.push({ since, limit, until });
      if (opts.failAt !== undefined && asked.length === opts.failAt) throw new Error('HTTP 503 while reading rows');
      const res = await fetch(`${server.origin}/api/sessions/${id}/rows?since=${since}&limit=${limit}&until=${until}`, { headers: { 'x-rpcscope-token': TOKEN, origin: server.origin } });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return (await res.json()) as RowPage;
    },
    append: (_id, rows) => { appends.push(rows); },
    wanted: () => opts.wantedUntil === undefined || appends.reduce((n, a) => n + a.length, 0) < opts.wantedUntil,
    yieldToPage: () => new Promise((resolve) => setImmediate(resolve)),
    // A clock that moves 1 ms a look: what a slice holds and when rows are shown does not hang on the machine's load.
    now: () => (clock += 1),
  };
  return { deps, appends, asked };
}

const seqsOf = (appends: EntryRow[][]) => appends.flatMap((a) => a.map((r) => r.seq));

describe('filling the timeline from row pages', () => {
  it('shows the small first page on its own, then every entry once, in order, in a few appends a page', async () => {
    const f = fill();
    const last = await loadRowPages(sessionId, f.deps);
    expect(last).toBe(ENTRIES);
    expect(f.appends[0]).toHaveLength(FIRST_PAGE_ROWS);
    const seqs = seqsOf(f.appends);
    expect(seqs).toHaveLength(ENTRIES);
    expect(seqs.every((s, i) => s === i + 1)).toBe(true);
    // 500 seqs, then ranges of 50k, the two after the first asked together: three requests, each
    // from where the range before it ends, and none past the session's last seq.
    expect(f.asked).toEqual([
      { since: 0, limit: FIRST_PAGE_ROWS, until: FIRST_PAGE_ROWS },
      { since: FIRST_PAGE_ROWS, limit: PAGE_ROWS, until: FIRST_PAGE_ROWS + PAGE_ROWS },
      { since: FIRST_PAGE_ROWS + PAGE_ROWS, limit: PAGE_ROWS, until: FIRST_PAGE_ROWS + 2 * PAGE_ROWS },
    ]);
    // Slices of 12 ms; rows shown at the first page's end, every SHOW_EVERY_MS (longer than this
    // whole read on the test's clock) and at the end: two appends, not one per slice or per page.
    expect(f.appends.map((a) => a.length)).toEqual([FIRST_PAGE_ROWS, ENTRIES - FIRST_PAGE_ROWS]);
    // Rows are whole, without their wire text.
    const rows = f.appends.flat();
    expect(rows.every((r) => (r as { raw?: string }).raw === undefined || (r as { raw?: string }).raw === '')).toBe(true);
    expect(rows.some((r) => r.error !== undefined)).toBe(true);
  }, 60_000);

  it('reads every entry of a session whose seqs skip a range wider than a page (entries not recorded)', async () => {
    const f = fill();
    const last = await loadRowPages(gappedId, f.deps);
    expect(last).toBe(GAP_AFTER + GAP + GAPPED - GAP_AFTER);
    const seqs = seqsOf(f.appends);
    expect(seqs).toHaveLength(GAPPED);
    expect(seqs.every((s, i) => s === (i < GAP_AFTER ? i + 1 : i + 1 + GAP))).toBe(true);
  }, 60_000);

  it('stops reading once the page no longer wants the session', async () => {
    const f = fill({ wantedUntil: 1 });
    const last = await loadRowPages(sessionId, f.deps);
    expect(seqsOf(f.appends)).toHaveLength(FIRST_PAGE_ROWS);
    expect(last).toBe(FIRST_PAGE_ROWS);
  }, 60_000);

  it('rejects when a page cannot be read, keeping the rows that came before it', async () => {
    const f = fill({ failAt: 3 });
    await expect(loadRowPages(sessionId, f.deps)).rejects.toThrow('HTTP 503');
    const seqs = seqsOf(f.appends);
    expect(seqs).toHaveLength(FIRST_PAGE_ROWS + PAGE_ROWS);
    expect(seqs.every((s, i) => s === i + 1)).toBe(true);
  }, 60_000);
});
