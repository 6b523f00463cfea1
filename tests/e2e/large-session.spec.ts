/**
 * A recorded 100,000-entry language-server session (generated through the real pipeline and
 * written to the store before the server starts) opens, filters and scrolls end to end.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, expect } from './helpers/fixtures';
import { openApp, rowBySeq, rowCells, rows, timeline } from './helpers/app';
import { startApp, type RunningApp } from './helpers/server';
import { expectedErrorEntries, seedLargeSession, type SeededSession } from '../fixtures/sessions/seed';
import type { TrafficEvent } from '../../lib/session/types';
import { textMatcher } from '../../lib/timeline/filter';

const ENTRIES = 100_000;
const n = (x: number) => x.toLocaleString('en-US');

let dataDir = '';
let seeded: SeededSession;
let app: RunningApp;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  dataDir = mkdtempSync(path.join(tmpdir(), 'rpcscope-e2e-large-'));
  seeded = seedLargeSession(dataDir, { entries: ENTRIES });
  app = await startApp({ dataDir });
});

test.afterAll(async () => {
  await app?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Hover requests and the answers paired with them: what `method:textDocument/hover` shows. */
function hoverEntries(events: readonly TrafficEvent[]): number {
  const hoverSeqs = new Set(events.filter((e) => e.method === 'textDocument/hover').map((e) => e.seq));
  return events.filter((e) => hoverSeqs.has(e.seq) || ((e.kind === 'response' || e.kind === 'error') && e.pair !== undefined && hoverSeqs.has(e.pair))).length;
}

test('a recorded 100,000-entry session opens at once, shows whole row numbers, filters, and scrolls to its first and last entry', async ({ page, consoleErrors }) => {
  void consoleErrors;
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openApp(page, app);
  const events = seeded.session.events;
  const last = events[events.length - 1];
  const count = page.getByTestId('timeline-count');

  // The session list says how big it is before it is opened.
  const item = page.locator(`[data-session-id="${seeded.sessionId}"]`);
  await expect(item).toContainText(`${n(ENTRIES)} entries`);
  await item.click();

  // Rows appear long before all 100k have arrived; then the count reaches the total.
  await expect(rows(page).first()).toBeVisible({ timeout: 5_000 });
  await expect(count).toHaveText(`${n(ENTRIES)} entries`, { timeout: 45_000 });
  // Loading a finished recording follows its end: the exit entry is on screen.
  await expect(rowBySeq(page, last.seq)).toBeVisible();
  expect((await rowCells(rowBySeq(page, last.seq)))[3]).toBe('exit');
  // Six-digit row numbers fit their column: nothing hides behind an ellipsis.
  const seqCell = rowBySeq(page, last.seq).getByRole('cell').first();
  await expect(seqCell).toHaveText(String(last.seq));
  expect(await seqCell.evaluate((el) => el.scrollWidth <= el.clientWidth), `the # cell of entry ${last.seq} is cut off`).toBe(true);

  const box = page.getByRole('textbox', { name: 'Filter the timeline' });
  await box.fill('status:error');
  await expect(count).toHaveText(`${n(expectedErrorEntries(events))} of ${n(ENTRIES)}`);
  const statuses = await rows(page).evaluateAll((els) => els.map((e) => e.querySelectorAll('[role=cell]')[7]?.textContent ?? ''));
  expect(statuses.length).toBeGreaterThan(5);
  // Every visible row is an error reply or a request answered by one, by its decoded LSP name.
  const names = new Set(events.flatMap((e) => (e.kind === 'error' && e.error ? [e.error.name] : [])));
  expect(names).toContain('ContentModified');
  for (const s of statuses) expect(names).toContain(s);

  await box.fill('method:textDocument/hover');
  await expect(count).toHaveText(`${n(hoverEntries(events))} of ${n(ENTRIES)}`);
  const methods = await rows(page).evaluateAll((els) => els.map((e) => e.querySelectorAll('[role=cell]')[5]?.textContent ?? ''));
  for (const m of methods) expect(m).toMatch(/^(↳ )?textDocument\/hover$/);

  // Free words over more text than the page keeps: the server searches the whole recording (in its
  // search threads) and finds what the timeline's own matcher finds, all words at once or one by one.
  const holding = (words: string[], without: string[] = []) => {
    const has = (w: string) => { const m = textMatcher(w); return (e: TrafficEvent) => m(e.raw) || (e.note !== undefined && m(e.note)); };
    return events.filter((e) => words.every((w) => has(w)(e)) && !without.some((w) => has(w)(e))).length;
  };
  await box.fill('Content modified');
  const both = holding(['Content', 'modified']);
  expect(both).toBeGreaterThan(0);
  await expect(count).toHaveText(`${n(both)} of ${n(ENTRIES)}`);
  await box.fill('Content -modified');
  await expect(count).toHaveText(`${n(holding(['Content'], ['modified']))} of ${n(ENTRIES)}`);

  await box.fill('');
  await expect(count).toHaveText(`${n(ENTRIES)} entries`);

  // Home goes to the very first entry, End back to the very last (keys act outside the filter box).
  await rowBySeq(page, last.seq).click();
  await page.keyboard.press('Home');
  await expect(rowBySeq(page, 1)).toBeVisible();
  expect((await rowCells(rowBySeq(page, 1)))[7]).toBe('');
  await expect(rowBySeq(page, last.seq)).toHaveCount(0);
  await page.keyboard.press('End');
  await expect(rowBySeq(page, last.seq)).toBeVisible();

  // Dragging the scrollbar to the middle and to the bottom lands on the entries that belong there.
  const scroller = timeline(page);
  await scroller.evaluate((el) => { el.scrollTop = (el.scrollHeight - el.clientHeight) / 2; });
  const lowestSeq = async () => Math.min(...(await rows(page).evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-seq'))))));
  // The scroll event comes a frame later: wait for rows from the middle, not just any rows.
  await expect.poll(async () => Math.abs((await lowestSeq()) - ENTRIES / 2), { message: 'rows from the middle are shown' }).toBeLessThan(200);
  // Right after the jump, every row on screen is there (a jump renders the screen's rows only);
  // once the scroll rests, the rows just past its edges are made too, ready for the wheel.
  const positions = async () => new Set(await rows(page).evaluateAll((els) => els.map((e) => Math.round(parseFloat((e as HTMLElement).style.top) / 22))));
  const screen = await scroller.evaluate((el) => ({ first: Math.floor(el.scrollTop / 22), last: Math.floor((el.scrollTop + el.clientHeight - 1) / 22) }));
  const onScreen = await positions();
  for (let p = screen.first; p <= screen.last; p++) expect(onScreen.has(p), `row ${p} on screen after the jump`).toBe(true);
  await expect.poll(async () => (await positions()).has(screen.first - 1) && (await positions()).has(screen.last + 1), { message: 'the rows past the screen\'s edges once the scroll rests' }).toBe(true);
  await scroller.evaluate((el) => { el.scrollTop = el.scrollHeight; });
  await expect(rowBySeq(page, last.seq)).toBeVisible();
  // Only a screenful of rows exists in the page, whatever the session's size.
  expect(await rows(page).count()).toBeLessThan(200);
});

