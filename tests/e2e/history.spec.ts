/**
 * History in the browser: every session listed with its target, counts and badges; search and
 * filters; a past session opens read-only in the same timeline and inspector; rename, tag, delete.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './helpers/fixtures';
import { STDIO_PEER, apiSend, connectStdio, openApp, rows } from './helpers/app';

async function openHistory(page: Page): Promise<Locator> {
  await page.getByRole('navigation', { name: 'Sessions' }).getByRole('button', { name: 'History', exact: true }).click();
  const dialog = page.getByTestId('history-dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

function historyRow(dialog: Locator, id: string): Locator {
  return dialog.locator(`tr[data-session-id="${id}"]`);
}

test.describe('history', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  test('lists every session with counts, filters them, and opens a past one read-only in the timeline', async ({ page, app, consoleErrors }) => {
    void consoleErrors;
    await openApp(page, app);
    const alpha = await connectStdio(page, STDIO_PEER, { name: 'history alpha' });
    await apiSend(page, app, alpha, '{"jsonrpc":"2.0","id":1,"method":"echo","params":["from alpha"]}');
    await expect(rows(page).filter({ hasText: '↳ echo' })).toHaveCount(1);
    await page.getByTestId('active-session').getByRole('button', { name: 'Disconnect' }).click();
    await expect(page.getByTestId('active-session').getByText('closed')).toBeVisible();

    const beta = await connectStdio(page, STDIO_PEER, { name: 'history beta' });
    await apiSend(page, app, beta, '{"jsonrpc":"2.0","id":1,"method":"no_such_method"}');
    await expect(rows(page).filter({ hasText: '↳ no_such_method' })).toHaveCount(1);

    const dialog = await openHistory(page);
    const a = historyRow(dialog, alpha);
    const b = historyRow(dialog, beta);
    await expect(a).toContainText('history alpha');
    await expect(a).toContainText('closed');
    await expect(a).toContainText('stdio-peer.mjs');
    await expect(a.getByRole('cell').nth(4)).toHaveText('1↑ 1↓');
    await expect(b).toContainText('live');
    await expect(b.getByRole('cell').nth(5)).toHaveText('1');
    await page.screenshot({ path: 'screenshots/history-list.png' });

    await dialog.getByLabel('Search sessions').fill('history alpha');
    await expect(b).toHaveCount(0);
    await expect(a).toBeVisible();
    await dialog.getByRole('button', { name: 'Clear' }).click();
    await dialog.getByRole('button', { name: 'Errors', exact: true }).click();
    await expect(a).toHaveCount(0);
    await expect(b).toBeVisible();
    await dialog.getByRole('button', { name: 'Errors', exact: true }).click();
    await dialog.getByLabel('Filter by status').selectOption('closed');
    await expect(b).toHaveCount(0);
    await expect(a).toBeVisible();

    await a.getByRole('button', { name: 'Open history alpha' }).click();
    await expect(dialog).toBeHidden();
    const top = page.getByTestId('active-session');
    await expect(top).toContainText('history alpha');
    await expect(top.getByText('read-only')).toBeVisible();
    // Read-only: no composer, the ended bar offers Reconnect instead.
    await expect(page.getByTestId('ended-bar')).toContainText('This session has ended.');
    await expect(page.getByTestId('ended-bar').getByRole('button', { name: 'Reconnect' })).toBeVisible();
    const answer = rows(page).filter({ hasText: '↳ echo' });
    await answer.click();
    await expect(page.getByTestId('inspector').getByRole('tree')).toContainText('from alpha');
    await page.screenshot({ path: 'screenshots/history-opened-read-only.png' });
  });

  test('rename, tag and delete (with a confirmation) from History', async ({ page, app, consoleErrors }) => {
    void consoleErrors;
    await openApp(page, app);
    const id = await connectStdio(page, STDIO_PEER, { name: 'history gamma' });
    await page.getByTestId('active-session').getByRole('button', { name: 'Disconnect' }).click();
    await expect(page.getByTestId('active-session').getByText('closed')).toBeVisible();

    const dialog = await openHistory(page);
    const row = historyRow(dialog, id);
    // Escape in the name field cancels the rename, not the dialog.
    await row.getByRole('button', { name: 'Rename history gamma' }).click();
    await row.getByLabel('Session name').press('Escape');
    await expect(row.getByLabel('Session name')).toHaveCount(0);
    await expect(dialog).toBeVisible();
    await row.getByRole('button', { name: 'Rename history gamma' }).click();
    const name = row.getByLabel('Session name');
    await name.fill('gamma renamed');
    await name.press('Enter');
    await expect(row).toContainText('gamma renamed');
    // The top bar and the sidebar follow the new name.
    await expect(page.getByTestId('active-session')).toContainText('gamma renamed');

    await row.getByRole('button', { name: 'Tag gamma renamed' }).click();
    await row.getByLabel('Tags of gamma renamed').fill('nightly, flaky');
    await row.getByLabel('Tags of gamma renamed').press('Enter');
    await expect(row.getByRole('button', { name: '#nightly' })).toBeVisible();
    await dialog.getByLabel('Filter by tag').selectOption('nightly');
    await expect(dialog.locator('tbody tr')).toHaveCount(1);
    await page.screenshot({ path: 'screenshots/history-tagged.png' });

    await row.getByRole('button', { name: 'Delete gamma renamed' }).click();
    await expect(row.getByText('Delete?')).toBeVisible();
    await row.getByRole('button', { name: 'No' }).click();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: 'Delete gamma renamed' }).click();
    await row.getByRole('button', { name: 'Yes, delete gamma renamed' }).click();
    await expect(row).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Sessions' }).locator(`[data-session-id="${id}"]`)).toHaveCount(0);
  });
});
