/**
 * Sharing in the browser: the export dialog previews what redaction takes out before anything is
 * downloaded (an HTTP session with an Authorization header), the download holds none of it; a
 * session file imports read-only with its launch command as text; a share link is made and revoked.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect } from './helpers/fixtures';
import { TOKEN_HEADER } from '../../lib/session/bridge';
import type { SessionFileV1, SessionSummary } from '../../lib/session/types';
import type { RunningApp } from './helpers/server';
import { apiSend, openApp, rows } from './helpers/app';
import { startPeer, type RunningPeer } from '../fixtures/peers/start-peer';

const SECRET = 'tok-e2e-9f8e7d6c5b4a39281706';

const peers: RunningPeer[] = [];
test.afterAll(async () => {
  await Promise.all(peers.splice(0).map((p) => p.stop()));
});

async function openSessionFromApi(page: Page, app: RunningApp, body: unknown): Promise<string> {
  const res = await page.request.post(`${app.origin}/api/sessions`, {
    headers: { [TOKEN_HEADER]: app.token, origin: app.origin, 'content-type': 'application/json' },
    data: body,
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { session } = (await res.json()) as { session: SessionSummary };
  const item = page.getByRole('navigation', { name: 'Sessions' }).locator(`[data-session-id="${session.id}"]`);
  await item.click();
  await expect(page.getByTestId('active-session')).toContainText(session.name);
  return session.id;
}

test.describe('export, import and share', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  test('the export dialog previews redaction counts for an HTTP session with an Authorization header, and the download holds no secret', async ({ page, app, consoleErrors }) => {
    void consoleErrors;
    const peer = await startPeer('http-peer', ['--auth', SECRET]);
    peers.push(peer);
    await openApp(page, app);
    const id = await openSessionFromApi(page, app, {
      name: 'share http',
      target: { kind: 'http', url: `http://127.0.0.1:${peer.port}/`, headers: { Authorization: `Bearer ${SECRET}` } },
    });
    await apiSend(page, app, id, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'subtract', params: [42, 23] }));
    await expect(rows(page).filter({ hasText: '↳ subtract' })).toHaveCount(1);

    await page.getByTestId('active-session').getByRole('button', { name: 'Export' }).click();
    const dialog = page.getByTestId('export-dialog');
    await expect(dialog.getByRole('radio', { name: /HAR/ })).toBeEnabled();
    await expect(dialog.getByTestId('export-download')).toBeDisabled();
    await dialog.getByTestId('export-preview').click();
    const report = dialog.getByTestId('redaction-report');
    await expect(report).toBeVisible();
    const headerRow = report.locator('tr[data-kind="credential-header"]');
    await expect(headerRow).toContainText('Credential headers');
    expect(Number(await headerRow.getByRole('cell').nth(1).innerText())).toBeGreaterThanOrEqual(1);
    await expect(report).toContainText('target.headers.Authorization');
    await expect(report).not.toContainText(SECRET);
    await page.screenshot({ path: 'screenshots/export-preview.png' });

    // Changing an option asks for a new preview before the download.
    await dialog.getByRole('radio', { name: /HAR/ }).check();
    await dialog.getByRole('checkbox', { name: 'Token-like strings' }).uncheck();
    await expect(dialog.getByTestId('export-download')).toBeDisabled();
    await dialog.getByRole('checkbox', { name: 'Token-like strings' }).check();
    await dialog.getByRole('radio', { name: /Session file/ }).check();
    await dialog.getByTestId('export-preview').click();
    await expect(dialog.getByTestId('export-download')).toBeEnabled();
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('export-download').click()]);
    expect(download.suggestedFilename()).toMatch(/\.rpcscope-session\.json$/);
    const text = readFileSync((await download.path())!, 'utf8');
    expect(text).not.toContain(SECRET);
    expect(text).toContain('[redacted]');
    expect((JSON.parse(text) as SessionFileV1).events.length).toBeGreaterThan(0);
    await expect(dialog.getByTestId('export-saved')).toContainText('replacements');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // What the timeline filter shows is offered as the selection, and only it is exported.
    await page.getByLabel('Filter the timeline').fill('method:subtract');
    await expect(rows(page)).toHaveCount(2);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.getByTestId('active-session').getByRole('button', { name: 'Export' }).click();
    await expect(dialog.getByRole('radio', { name: 'What the timeline filter shows (2 entries)' })).toBeChecked();
    await dialog.getByTestId('export-preview').click();
    await expect(dialog.getByTestId('redaction-report')).toContainText('in 2 entries');
    await page.screenshot({ path: 'screenshots/export-selection-dark.png' });
  });

  test('a session file imports read-only with an "imported" badge and its launch command as text only', async ({ page, app, consoleErrors }) => {
    void consoleErrors;
    const start = Date.parse('2026-03-01T09:00:00.000Z');
    const file: SessionFileV1 = {
      format: 'rpcscope-session',
      version: 1,
      name: 'teammate capture',
      startedAt: new Date(start).toISOString(),
      target: { kind: 'stdio', command: 'never-run-me', args: ['--stdio', '<b>not html</b>'], framing: 'content-length' },
      events: [
        { seq: 1, t: 0, time: start, dir: 'out', kind: 'request', raw: '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}', id: 1, idText: '1', method: 'initialize', pair: 2, state: 'answered', latencyMs: 3, findings: [] },
        { seq: 2, t: 3, time: start + 3, dir: 'in', kind: 'response', raw: '{"jsonrpc":"2.0","id":1,"result":{"capabilities":{}}}', id: 1, idText: '1', pair: 1, state: 'answered', latencyMs: 3, findings: [] },
      ],
    };
    await openApp(page, app);
    await page.getByRole('navigation', { name: 'Sessions' }).getByRole('button', { name: 'History', exact: true }).click();
    await page.getByTestId('import-session-input').setInputFiles({ name: 'capture.rpcscope-session.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });

    const top = page.getByTestId('active-session');
    await expect(top).toContainText('teammate capture');
    await expect(top.getByTestId('imported-badge')).toHaveText('imported');
    const notice = page.getByTestId('import-notice');
    await expect(notice.getByTestId('launch-command')).toHaveText("never-run-me --stdio '<b>not html</b>'");
    // Read-only: no composer; an imported recording cannot be reconnected, only duplicated as a new target.
    await expect(page.getByTestId('ended-bar')).toContainText('An imported recording (read-only).');
    await expect(page.getByTestId('ended-bar').getByRole('button', { name: 'Reconnect' })).toHaveCount(0);
    await expect(rows(page).filter({ hasText: 'initialize' })).toHaveCount(2);
    await page.screenshot({ path: 'screenshots/import-session.png' });

    // History shows it with the badge; it never connected.
    await page.getByRole('navigation', { name: 'Sessions' }).getByRole('button', { name: 'History', exact: true }).click();
    const row = page.getByTestId('history-dialog').locator('tbody tr').filter({ hasText: 'teammate capture' });
    await expect(row).toContainText('imported');
    await expect(row).not.toContainText('live');
  });

  test('a read-only share link is created, opens without the app token, and stops working when revoked', async ({ page, app, consoleErrors }) => {
    void consoleErrors;
    await openApp(page, app);
    await openSessionFromApi(page, app, { name: 'share link', target: { kind: 'stdio', command: process.execPath, args: ['tests/fixtures/peers/stdio-peer.mjs'], framing: 'content-length' } });
    await page.getByTestId('active-session').getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByTestId('share-dialog');
    await expect(dialog).toContainText('works only where this rpcscope runs');
    await dialog.getByTestId('share-create').click();
    const url = (await dialog.getByTestId('share-url').innerText()).trim();
    expect(url).toMatch(new RegExp(`^${app.origin}/share/[A-Za-z0-9_-]+$`));
    expect(url).not.toContain(app.token);
    await page.screenshot({ path: 'screenshots/share-dialog.png' });

    const shared = await page.request.get(url);
    expect(shared.status()).toBe(200);
    expect(await shared.text()).toContain('share link');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('active-session').getByText('shared')).toBeVisible();

    await page.getByTestId('active-session').getByRole('button', { name: 'Share' }).click();
    await dialog.getByRole('button', { name: /^Delete the share link/ }).click();
    await dialog.getByRole('button', { name: /^Yes, delete the share link/ }).click();
    await expect(dialog.getByTestId('share-create')).toBeVisible();
    expect((await page.request.get(url)).status()).toBe(404);
  });
});
