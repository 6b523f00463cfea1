/**
 * The daily loop on a real language server (vscode-json-language-server over stdio): a 1024×700
 * window keeps Method, Latency and Status on screen, the Summary column reads diagnostics
 * without a click, the sidebar folds and stays folded, the filter underlines what it did not
 * understand, an ended session offers Reconnect instead of a composer, and failed attempts fold
 * into one row that one click clears.
 */
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { test, expect } from './helpers/fixtures';
import { apiSend, connectStdio, openApp, rows } from './helpers/app';

const require = createRequire(import.meta.url);
const JSON_SERVER = `node ${require.resolve('vscode-langservers-extracted/bin/vscode-json-language-server')} --stdio`;
const SHOTS = process.env.LOOP_SHOTS_DIR;

async function expectInViewport(page: Page, name: string) {
  const vp = page.viewportSize()!;
  const box = await page.getByRole('columnheader', { name, exact: true }).boundingBox();
  expect(box, `${name} header is laid out`).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${name} ends inside the ${vp.width} px window`).toBeLessThanOrEqual(vp.width);
  expect(box!.y + box!.height).toBeLessThanOrEqual(vp.height);
}

test('at 1024×700 a language server session keeps Method, Latency and Status visible and summarises diagnostics', async ({ page, app, consoleErrors }) => {
  void consoleErrors;
  await page.setViewportSize({ width: 1024, height: 700 });
  await openApp(page, app);
  const id = await connectStdio(page, JSON_SERVER, { name: 'json server' });
  await apiSend(page, app, id, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } }));
  await expect(rows(page).filter({ hasText: '↳ initialize' })).toHaveCount(1, { timeout: 15_000 });
  for (const name of ['Method', 'Latency', 'Status']) await expectInViewport(page, name);

  await apiSend(page, app, id, JSON.stringify({ jsonrpc: '2.0', method: 'initialized', params: {} }));
  await apiSend(page, app, id, JSON.stringify({
    jsonrpc: '2.0', method: 'textDocument/didOpen',
    params: { textDocument: { uri: 'file:///tmp/broken.json', languageId: 'json', version: 1, text: '{"a": 1,, }' } },
  }));

  // Folding the sidebar gives the timeline room for the Summary column; it stays folded on reload.
  await page.getByRole('button', { name: 'Hide the sidebar' }).click();
  const diag = rows(page).filter({ hasText: 'textDocument/publishDiagnostics' }).first();
  await expect(diag.locator('[data-col=summary]')).toHaveText(/^broken\.json: \d+ errors?/, { timeout: 15_000 });
  for (const name of ['Method', 'Latency', 'Status']) await expectInViewport(page, name);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/loop-1024x700.png` });
  await page.reload();
  await expect(page.getByRole('button', { name: 'Show the sidebar' })).toBeVisible();

  // The filter says what it did not understand, where it was typed.
  const filter = page.getByLabel('Filter the timeline');
  await filter.fill('bogus:xyz latency:>abc');
  await expect(filter).toHaveAttribute('aria-invalid', 'true');
  const underlined = page.getByTestId('filter-underlines').locator('[data-problem]');
  await expect(underlined).toHaveText(['bogus:xyz', 'latency:>abc']);
  const problems = page.getByRole('status', { name: 'What the filter did not understand' });
  await expect(problems).toContainText('unknown field "bogus:"');
  await expect(problems).toContainText('write a number like latency:>500');
  await filter.fill('');

  // 1440×900 with everything open: every column fits.
  await page.getByRole('button', { name: 'Show the sidebar' }).click();
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.getByRole('columnheader', { name: 'Summary', exact: true })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Kind', exact: true })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/loop-1440x900.png` });
});

// No console-error guard here: the failed connects answer 502 on purpose, and the browser logs those.
test('an ended session offers Reconnect instead of a composer, and failed attempts fold into one clearable row', async ({ page, app }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openApp(page, app);
  const first = await connectStdio(page, JSON_SERVER, { name: 'loop server' });
  await expect(page.getByTestId('request-builder')).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Sessions' });
  await nav.locator(`[data-session-id="${first}"]`).hover();
  await nav.getByRole('button', { name: 'Disconnect loop server' }).click();

  const ended = page.getByTestId('ended-bar');
  await expect(ended).toContainText('This session has ended.');
  await expect(page.getByTestId('request-builder')).toHaveCount(0);
  await ended.getByRole('button', { name: 'Reconnect' }).click();
  await expect(page.getByTestId('active-session').getByText('live')).toBeVisible({ timeout: 15_000 });
  const second = await page.evaluate(() => window.sessionStorage.getItem('rpcscope.activeSession'));
  expect(second).not.toBe(first);
  await expect(nav.locator(`[data-session-id="${second}"]`)).toContainText('reconnected from loop server');

  // Two failed attempts at one missing command: one row, ×2, cleared in one click.
  for (let i = 0; i < 2; i++) {
    await connectStdio(page, 'rpcscope-no-such-command-xyz', { name: 'missing' }).catch(() => undefined);
  }
  const past = nav.getByRole('region', { name: 'Past sessions' });
  await expect(past.getByText('×2')).toBeVisible({ timeout: 15_000 });
  // The app is shared with other specs, which may have left failed attempts of their own: all of them go.
  await past.getByRole('button', { name: /Clear failed \(\d+\)/ }).click();
  await expect(past.getByText('×2')).toHaveCount(0);
  await expect(past.getByRole('button', { name: /Clear failed/ })).toHaveCount(0);
});
