import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, expect } from './helpers/fixtures';
import { startApp } from './helpers/server';
import { STDIO_PEER, activeSessionId, apiSend, connectStdio, openApp, rowBySeq, rows } from './helpers/app';

test.describe('connecting and the first exchange', () => {
  test('without a sign-in link the page says to open the one the server printed', async ({ page, app, consoleErrors }) => {
    void consoleErrors;
    await page.goto(`${app.origin}/`);
    await expect(page.getByRole('heading', { name: 'Open the sign-in link rpcscope printed' })).toBeVisible();
    await expect(page.getByText('http://127.0.0.1:7717/?code=…')).toBeVisible();
  });

  test('a link from an earlier start says so instead of showing an empty app', async ({ page, app }) => {
    await page.goto(`${app.origin}/?code=${'f'.repeat(32)}`);
    await expect(page.getByRole('heading', { name: 'This sign-in link is from an earlier start' })).toBeVisible();
  });

  test('connect to the stdio peer, send a request, and see it paired with its response and latency', async ({ page, app, consoleErrors }) => {
    void consoleErrors;
    await page.setViewportSize({ width: 1440, height: 900 });
    await openApp(page, app);
    await connectStdio(page, STDIO_PEER, { name: 'stdio peer' });

    const builder = page.getByTestId('request-builder');
    await builder.getByLabel('Method', { exact: true }).fill('get_data');
    await builder.getByTestId('builder-send').click();

    const request = rows(page).filter({ has: page.getByRole('cell', { name: 'get_data', exact: true }) }).first();
    await expect(request).toHaveAttribute('data-kind', 'request');
    await expect(request).toHaveAttribute('data-dir', 'out');
    const reqSeq = Number(await request.getAttribute('data-seq'));
    const response = rows(page).filter({ has: page.getByRole('cell', { name: '↳ get_data' }) }).first();
    await expect(response).toHaveAttribute('data-kind', 'response');
    await expect(response).toHaveAttribute('data-dir', 'in');
    // Both sides of the pair show the same id, an ok status and a latency in ms.
    for (const row of [request, response]) {
      await expect(row.getByRole('cell').nth(7)).toHaveText('ok');
      await expect(row.getByRole('cell').nth(6)).toHaveText(/\d ms$/);
    }
    await expect(request.getByRole('cell').nth(4)).toHaveText((await response.getByRole('cell').nth(4).innerText()).trim());

    // Selecting the request highlights its response; p jumps to it and the inspector follows.
    await request.click();
    await expect(response).toHaveAttribute('data-paired', 'true');
    const inspector = page.getByTestId('inspector');
    await expect(inspector).toHaveAttribute('data-seq', String(reqSeq));
    await expect(inspector.getByTestId('inspector-latency')).toHaveText(/ms$/);
    await page.keyboard.press('p');
    const respSeq = Number(await response.getAttribute('data-seq'));
    await expect(inspector).toHaveAttribute('data-seq', String(respSeq));
    await expect(rowBySeq(page, reqSeq)).toHaveAttribute('data-paired', 'true');
    await expect(inspector.getByRole('tree')).toContainText('"result"');

    // The raw view shows the exact wire text, Content-Length header included.
    await inspector.getByRole('tab', { name: 'Raw' }).click();
    await expect(inspector.getByTestId('raw-wire')).toContainText('Content-Length:');
    await expect(inspector.getByTestId('raw-wire')).toContainText('"jsonrpc":"2.0"');
    await inspector.getByRole('tab', { name: 'Pretty' }).click();
    await page.keyboard.press('p');
    await expect(inspector).toHaveAttribute('data-seq', String(reqSeq));

    await page.screenshot({ path: 'screenshots/connect-paired.png' });
  });

  test('reloading resumes the same session with every entry and no gap', async ({ page, app }) => {
    await openApp(page, app);
    const id = await connectStdio(page, STDIO_PEER);
    for (let i = 0; i < 5; i++) await apiSend(page, app, id, JSON.stringify({ jsonrpc: '2.0', id: 100 + i, method: 'subtract', params: [10, i] }));
    const notifySeq = await apiSend(page, app, id, JSON.stringify({ jsonrpc: '2.0', method: 'notify_hello', params: [1] }));
    const count = page.getByTestId('timeline-count');
    await expect(rows(page).filter({ has: page.getByRole('cell', { name: '↳ subtract' }) })).toHaveCount(5);
    // The notification was sent last but can reach the page after the replies: wait for it too.
    await expect(rowBySeq(page, notifySeq)).toBeVisible();
    const before = await count.innerText();
    const seqsBefore = await rows(page).evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-seq'))));

    await page.reload();
    await expect(page.getByTestId('active-session')).toBeVisible();
    expect(await activeSessionId(page)).toBe(id);
    await expect(count).toHaveText(before);
    const seqsAfter = await rows(page).evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-seq'))));
    expect(seqsAfter).toEqual(seqsBefore);
    // No gap: seqs run 1..n with nothing missing.
    expect(seqsAfter).toEqual(seqsAfter.map((_, i) => seqsAfter[0] + i));

    // And the live feed still works after the reload.
    await apiSend(page, app, id, JSON.stringify({ jsonrpc: '2.0', id: 'after-reload', method: 'get_data' }));
    await expect(rows(page).filter({ has: page.getByRole('cell', { name: '"after-reload"' }) })).toHaveCount(2);
  });

  test('a command that does not exist is reported in plain words', async ({ page, app }) => {
    await openApp(page, app);
    const nav = page.getByRole('navigation', { name: 'Sessions' });
    const form = nav.getByRole('form', { name: 'Connect to a target' });
    if (!(await form.isVisible())) await nav.getByRole('button', { name: 'Connect', exact: true }).click();
    await form.getByRole('radio', { name: 'stdio' }).click();
    await form.getByLabel('Command line').fill('rpcscope-no-such-command-xyz --stdio');
    await form.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(form.getByRole('alert')).toContainText(/rpcscope-no-such-command-xyz/);
    await expect(form.getByRole('alert')).toContainText(/not found|ENOENT|no such/i);
  });

  test('a server restart loses nothing; a restart with a new token says the page is no longer accepted', async ({ page }) => {
    test.setTimeout(120_000);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rpcscope-e2e-restart-'));
    let app = await startApp({ dataDir });
    try {
      await openApp(page, app);
      const id = await connectStdio(page, STDIO_PEER, { name: 'survives restarts' });
      await apiSend(page, app, id, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'subtract', params: [3, 2] }));
      await expect(rows(page).filter({ has: page.getByRole('cell', { name: '↳ subtract' }) })).toHaveCount(1);
      const seqs = () => rows(page).evaluateAll((els) => els.map((e) => ({ seq: Number(e.getAttribute('data-seq')), dir: e.getAttribute('data-dir') })));
      const before = await seqs();

      await app.stop();
      await expect(page.locator('[data-bridge="closed"]')).toBeVisible({ timeout: 15_000 });
      app = await startApp({ dataDir, env: { RPCSCOPE_PORT: String(app.port) } });
      await expect(page.locator('[data-bridge="open"]')).toBeVisible({ timeout: 20_000 });
      // The recording reopens as a past session, every entry still there and none doubled;
      // what the shutdown added (the process ending) follows as connection entries.
      await expect(page.getByTestId('active-session').getByText('closed')).toBeVisible({ timeout: 15_000 });
      await expect.poll(async () => (await seqs()).length).toBeGreaterThanOrEqual(before.length);
      const after = await seqs();
      expect(after.slice(0, before.length)).toEqual(before);
      expect(after.map((r) => r.seq)).toEqual(after.map((_, i) => after[0].seq + i));
      expect(after.slice(before.length).every((r) => r.dir === 'meta')).toBe(true);

      await app.stop();
      app = await startApp({ dataDir, token: 'n'.repeat(40), env: { RPCSCOPE_PORT: String(app.port) } });
      await expect(page.getByRole('heading', { name: 'The server no longer accepts this page' })).toBeVisible({ timeout: 30_000 });
    } finally {
      await app.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
