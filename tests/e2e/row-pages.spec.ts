/**
 * Opening a big recorded session by pages of rows (issue 11): the first rows show at once, the
 * count climbs to the total while the list already scrolls, and the rows are whole (an error's
 * decoded name, a note) although no wire text came with them; an entry opened gets its text by seq.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, expect } from './helpers/fixtures';
import { openApp, rowBySeq, rows, timeline } from './helpers/app';
import { startApp, type RunningApp } from './helpers/server';
import { Store } from '../../server/store';
import { rowMix, WIRE_MARK } from '../fixtures/sessions/row-mix';

const ENTRIES = 200_000;
const n = (x: number) => x.toLocaleString('en-US');

let dataDir = '';
let sessionId = '';
let app: RunningApp;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(path.join(tmpdir(), 'rpcscope-e2e-rows-'));
  const store = new Store({ dir: dataDir });
  try {
    const s = store.sessions.create({ name: 'two hundred thousand', target: { kind: 'stdio', command: 'peer', args: [], framing: 'newline' }, status: 'open', startedAt: new Date().toISOString() });
    sessionId = s.id;
    const events = rowMix(ENTRIES);
    for (let i = 0; i < events.length; i += 20_000) store.events.appendMany(s.id, events.slice(i, i + 20_000));
    store.sessions.setStatus(s.id, 'closed', { endedAt: new Date().toISOString() });
  } finally {
    store.close();
  }
  app = await startApp({ dataDir });
});

test.afterAll(async () => {
  await app?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('a recorded 200,000-entry session shows rows at once, says it is loading while it counts every entry and scrolls, and opens an entry with its text', async ({ page, consoleErrors }) => {
  void consoleErrors;
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const pages: string[] = [];
  page.on('request', (r) => { if (r.url().includes(`/api/sessions/${sessionId}/rows`)) pages.push(new URL(r.url()).search); });
  await openApp(page, app);
  const count = page.getByTestId('timeline-count');
  await page.locator(`[data-session-id="${sessionId}"]`).click();

  await expect(rows(page).first()).toBeVisible({ timeout: 10_000 });
  // Until every entry is in, the timeline says it is still reading them: its count is not the session's yet.
  await expect(page.getByTestId('timeline-loading')).toHaveText(/^loading \d+ %$/);
  // While the count still climbs, the list scrolls: rows further down come into view.
  const scroller = timeline(page);
  const seqsOnScreen = () => rows(page).evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-seq'))));
  await scroller.evaluate((el) => { el.scrollTop = 0; });
  await expect.poll(async () => Math.min(...(await seqsOnScreen())), { message: 'the top of the session is shown' }).toBeLessThan(5);
  await scroller.evaluate((el) => { el.scrollTop = 4000; });
  await expect.poll(async () => Math.min(...(await seqsOnScreen())), { message: 'scrolling moves the rows' }).toBeGreaterThan(50);

  await expect(count).toHaveText(`${n(ENTRIES)} entries`, { timeout: 60_000 });
  await expect(page.getByTestId('timeline-loading')).toHaveCount(0);
  // It came by pages of rows (a small first one, then large ones), not by replaying each event.
  expect(pages.length).toBeGreaterThan(3);
  expect(pages[0]).toContain('since=0');

  // The rows are whole without their text: an error reply shows its decoded name, a stderr line its note.
  await scroller.evaluate((el) => { el.scrollTop = 0; });
  await expect(rowBySeq(page, 2)).toBeVisible();
  await expect(rowBySeq(page, 2)).toContainText('MethodNotFound');
  await expect(rowBySeq(page, 1)).toContainText('stderr');

  // Opening an entry fetches its wire text by seq.
  await rowBySeq(page, 12).click();
  await expect(page.getByText(`${WIRE_MARK}-12`).first()).toBeVisible({ timeout: 10_000 });

  // Filtering the whole session still works and comes back to every entry.
  const box = page.getByRole('textbox', { name: 'Filter the timeline' });
  await box.fill('kind:error');
  await expect(count).toHaveText(`${n(ENTRIES / 50)} of ${n(ENTRIES)}`, { timeout: 20_000 });
  await box.fill('');
  await expect(count).toHaveText(`${n(ENTRIES)} entries`);
  await page.screenshot({ path: path.join(tmpdir(), 'rpcscope-row-pages.png') });
});
