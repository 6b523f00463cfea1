import { test, expect, type Page } from './helpers/fixtures';
import { STDIO_PEER, apiSend, connectStdio, openApp, rows } from './helpers/app';
import type { RunningApp } from './helpers/server';

/** A small conversation with one of everything the filters care about. */
async function seedTraffic(page: Page, app: RunningApp, id: string) {
  const send = (v: unknown) => apiSend(page, app, id, typeof v === 'string' ? v : JSON.stringify(v));
  await send({ jsonrpc: '2.0', id: 1, method: 'subtract', params: [42, 23] });
  await send({ jsonrpc: '2.0', id: 2, method: 'nope_missing' });
  await send({ jsonrpc: '2.0', method: 'notify_hello', params: [7] });
  await send({ jsonrpc: '2.0', id: '3', method: 'get_data' });
  await send({ jsonrpc: '2.0', id: 3, method: 'sum', params: [1, 2, 3] });
  await send({ jsonrpc: '2.0', id: 7, method: 'sleep', params: { ms: 600 } });
  // Wait until every request is answered (the sleep takes 600 ms).
  await expect(rows(page).filter({ has: page.getByRole('cell', { name: '↳ sleep' }) })).toHaveCount(1, { timeout: 10_000 });
}

async function filterTo(page: Page, query: string) {
  const box = page.getByRole('textbox', { name: 'Filter the timeline' });
  await box.fill(query);
}

const seqsOf = (page: Page) => rows(page).evaluateAll((els) => els.map((e) => ({ seq: Number(e.getAttribute('data-seq')), dir: e.getAttribute('data-dir'), kind: e.getAttribute('data-kind') })));

test.describe('timeline filters, statistics and keys', () => {
  test('query syntax, toggles and the statistics panel narrow the timeline', async ({ page, app, consoleErrors }) => {
    void consoleErrors;
    await page.setViewportSize({ width: 1440, height: 900 });
    await openApp(page, app);
    const id = await connectStdio(page, STDIO_PEER, { name: 'filters' });
    await seedTraffic(page, app, id);
    const count = page.getByTestId('timeline-count');

    await filterTo(page, 'status:error');
    await expect(rows(page)).toHaveCount(2);
    await expect(rows(page).filter({ hasText: 'Method not found' })).toHaveCount(2);

    // 3 and "3" are different ids.
    await filterTo(page, 'id:3');
    await expect(rows(page)).toHaveCount(2);
    await expect(rows(page).first().getByRole('cell').nth(5)).toHaveText('sum');
    await filterTo(page, 'id:"3"');
    await expect(rows(page)).toHaveCount(2);
    await expect(rows(page).first().getByRole('cell').nth(5)).toHaveText('get_data');

    await filterTo(page, 'latency:>500');
    await expect(rows(page)).toHaveCount(2);
    await expect(rows(page).first().getByRole('cell').nth(5)).toHaveText('sleep');

    await filterTo(page, 'method:su* dir:in');
    await expect(rows(page)).toHaveCount(2);
    expect((await seqsOf(page)).every((r) => r.dir === 'in')).toBe(true);

    await filterTo(page, 'notify_hello');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toHaveAttribute('data-kind', 'notification');

    await filterTo(page, 'latency:>fast');
    await expect(page.getByRole('status')).toContainText('latency:>500');

    await filterTo(page, '');
    const total = await rows(page).count();
    await page.getByRole('button', { name: 'Errors', exact: true }).click();
    await expect(rows(page)).toHaveCount(2);
    await page.getByRole('button', { name: 'Errors', exact: true }).click();
    await page.getByRole('button', { name: /Sent/ }).click();
    await expect.poll(async () => (await seqsOf(page)).every((r) => r.dir === 'out')).toBe(true);
    await page.getByRole('button', { name: /Sent/ }).click();
    await page.getByRole('button', { name: 'Hide stderr/meta' }).click();
    await expect.poll(async () => (await seqsOf(page)).some((r) => r.dir === 'meta')).toBe(false);
    await page.getByRole('button', { name: 'Hide stderr/meta' }).click();
    await expect(rows(page)).toHaveCount(total);
    await expect(count).toHaveText(`${total} entries`);

    // Per-method statistics; clicking a method filters to it.
    await page.getByRole('button', { name: 'Stats', exact: true }).click();
    const stats = page.getByRole('table').filter({ hasText: 'p95' });
    const subtract = stats.getByRole('row').filter({ hasText: 'subtract' });
    await expect(subtract.getByRole('cell').nth(1)).toHaveText('1');
    await expect(stats.getByRole('row').filter({ hasText: 'nope_missing' }).getByRole('cell').nth(2)).toHaveText('1');
    await subtract.click();
    await expect(page.getByRole('textbox', { name: 'Filter the timeline' })).toHaveValue('method:subtract');
    await expect(rows(page)).toHaveCount(2);
    await page.screenshot({ path: 'screenshots/timeline-filters.png' });
    await subtract.click();
    await expect(page.getByRole('textbox', { name: 'Filter the timeline' })).toHaveValue('');
  });

  test('keyboard: j/k move, p jumps to the pair, ? lists the shortcuts; theme persists', async ({ page, app, consoleErrors }) => {
    void consoleErrors;
    await page.setViewportSize({ width: 1440, height: 900 });
    await openApp(page, app);
    const id = await connectStdio(page, STDIO_PEER, { name: 'keys' });
    await seedTraffic(page, app, id);
    const inspector = page.getByTestId('inspector');
    await page.getByRole('table', { name: 'Timeline' }).click({ position: { x: 5, y: 5 } });

    await page.keyboard.press('g');
    const first = (await seqsOf(page))[0].seq;
    await expect(inspector).toHaveAttribute('data-seq', String(first));
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('k');
    await expect(inspector).toHaveAttribute('data-seq', String((await seqsOf(page))[1].seq));

    const errRow = rows(page).filter({ has: page.getByRole('cell', { name: 'nope_missing', exact: true }) });
    await errRow.click();
    await page.keyboard.press('p');
    await expect(inspector.getByTestId('decoded-error')).toContainText('-32601');
    await expect(inspector.getByTestId('decoded-error')).toContainText('Method not found');

    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help).toBeVisible();
    await expect(help).toContainText('Jump between a request and its response');
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();

    // Theme: system → dark → light; the choice survives a reload.
    const themeButton = page.getByRole('button', { name: /^Theme:/ });
    await themeButton.click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.screenshot({ path: 'screenshots/timeline-dark.png' });
    await page.reload();
    await expect(page.getByTestId('active-session')).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.getByRole('button', { name: /^Theme:/ }).click();
    await expect(page.locator('html')).toHaveClass(/light/);
  });

  test('a flood stays live: follows the newest entry, pauses when scrolled up, jumps back', async ({ page, app, consoleErrors }) => {
    void consoleErrors;
    await openApp(page, app);
    const id = await connectStdio(page, STDIO_PEER, { name: 'flood' });
    await apiSend(page, app, id, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'flood', params: { n: 5000 } }));
    const count = page.getByTestId('timeline-count');
    await expect(count).toHaveText(/^5,0\d\d entries$/, { timeout: 20_000 });
    // Following: the last entry is on screen.
    const lastSeq = async () => Math.max(...(await seqsOf(page)).map((r) => r.seq));
    await expect.poll(lastSeq).toBeGreaterThan(5000);
    // Only the rows on screen are in the DOM.
    expect(await rows(page).count()).toBeLessThan(100);

    const scroller = page.getByTestId('timeline-scroll');
    await scroller.hover();
    await page.mouse.wheel(0, -3000);
    const jump = page.getByRole('button', { name: 'Jump to latest' });
    await expect(jump).toBeVisible();
    await apiSend(page, app, id, JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'get_data' }));
    await expect(jump).toBeVisible();
    await jump.click();
    await expect(jump).toBeHidden();
    await expect(rows(page).filter({ has: page.getByRole('cell', { name: '↳ get_data' }) })).toHaveCount(1);
  });

  test('switching sessions keeps each one\'s filter, selection and place', async ({ page, app, consoleErrors }) => {
    void consoleErrors;
    await openApp(page, app);
    const first = await connectStdio(page, STDIO_PEER, { name: 'first' });
    await seedTraffic(page, app, first);
    await filterTo(page, 'method:sum');
    await expect(rows(page)).toHaveCount(2);
    await rows(page).first().click();
    const firstSelected = await page.getByTestId('inspector').getAttribute('data-seq');

    const second = await connectStdio(page, STDIO_PEER, { name: 'second' });
    await apiSend(page, app, second, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'flood', params: { n: 400 } }));
    await expect(page.getByTestId('timeline-count')).toHaveText(/^40\d entries$/, { timeout: 15_000 });
    await expect(page.getByRole('textbox', { name: 'Filter the timeline' })).toHaveValue('');
    await expect(page.getByText('Nothing selected')).toBeVisible();
    // Scroll the second session somewhere in the middle.
    await page.getByTestId('timeline-scroll').evaluate((el) => { el.scrollTop = 2000; });
    await expect(page.getByRole('button', { name: 'Jump to latest' })).toBeVisible();
    const middleTop = await page.getByTestId('timeline-scroll').evaluate((el) => el.scrollTop);

    const list = page.getByRole('navigation', { name: 'Sessions' });
    await list.locator(`[data-session-id="${first}"]`).click();
    await expect(page.getByRole('textbox', { name: 'Filter the timeline' })).toHaveValue('method:sum');
    await expect(rows(page)).toHaveCount(2);
    await expect(page.getByTestId('inspector')).toHaveAttribute('data-seq', firstSelected!);

    await list.locator(`[data-session-id="${second}"]`).click();
    await expect(page.getByRole('textbox', { name: 'Filter the timeline' })).toHaveValue('');
    await expect.poll(() => page.getByTestId('timeline-scroll').evaluate((el) => el.scrollTop)).toBe(middleTop);
  });
});
