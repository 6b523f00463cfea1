/**
 * The collections tree as a user works with it on the stdio fixture peer: Run folder's report with
 * a passing and a failing line; search by method, Duplicate, and Move to… another collection by
 * keyboard.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './helpers/fixtures';
import { TOKEN_HEADER } from '../../lib/session/bridge';
import type { RunningApp } from './helpers/server';
import { STDIO_PEER, connectStdio, openApp } from './helpers/app';

async function post<T>(page: Page, app: RunningApp, path: string, data: unknown): Promise<T> {
  const headers = { [TOKEN_HEADER]: app.token, origin: app.origin, 'content-type': 'application/json' };
  const res = await page.request.post(`${app.origin}${path}`, { headers, data });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as T;
}

const subtract = (id: number, a: number, b: number) => ({ text: JSON.stringify({ jsonrpc: '2.0', id, method: 'subtract', params: [a, b] }) });

/** A collection with a folder of two checked items (one passes, one fails) and a root echo item. */
async function seed(page: Page, app: RunningApp, name: string) {
  const { collection } = await post<{ collection: { id: string } }>(page, app, '/api/collections', { name });
  const { folder } = await post<{ folder: { id: string } }>(page, app, `/api/collections/${collection.id}/folders`, { name: 'smoke' });
  const items = `/api/collections/${collection.id}/items`;
  await post(page, app, items, {
    kind: 'request', name: '42 minus 23', folderId: folder.id, payload: subtract(1, 42, 23),
    checks: { assertions: [{ kind: 'equals', path: '$.result', value: 19 }], captures: [] },
  });
  await post(page, app, items, {
    kind: 'request', name: 'wrong on purpose', folderId: folder.id, payload: subtract(2, 10, 4),
    checks: { assertions: [{ kind: 'equals', path: '$.result', value: 7 }], captures: [] },
  });
  await post(page, app, items, { kind: 'request', name: 'say hello', payload: { text: '{"jsonrpc":"2.0","id":3,"method":"echo","params":["hi"]}' } });
  return collection.id;
}

async function openCollections(page: Page, name: string) {
  await page.getByRole('tab', { name: /^Collections/ }).click();
  const panel = page.getByTestId('collections-panel');
  await panel.getByRole('treeitem', { name: `Collection ${name}` }).click();
  return panel;
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('Run folder shows a PASS line and a FAIL line with what the answer was', async ({ page, app, consoleErrors }) => {
  void consoleErrors;
  await openApp(page, app);
  await connectStdio(page, STDIO_PEER, { name: 'run folder' });
  await seed(page, app, 'Run folder report');
  const panel = await openCollections(page, 'Run folder report');
  const folderRow = panel.getByRole('treeitem', { name: 'Folder smoke' });
  await folderRow.hover();
  await folderRow.getByRole('button', { name: 'Run folder smoke' }).click();

  const dialog = page.getByTestId('run-folder-dialog');
  await dialog.getByRole('button', { name: 'Run in this session' }).click();
  await expect(dialog.getByTestId('run-summary')).toHaveText('1 passed, 1 failed, 0 could not run');
  const lines = dialog.getByTestId('run-item');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toHaveAttribute('data-status', 'passed');
  await expect(lines.nth(0)).toContainText('PASS');
  await expect(lines.nth(0)).toContainText('smoke › 42 minus 23');
  await expect(lines.nth(1)).toHaveAttribute('data-status', 'failed');
  await expect(lines.nth(1)).toContainText('FAIL');
  await expect(lines.nth(1)).toContainText('wrong on purpose');
  // The failing line says what came back (10 - 4 = 6), not only that it failed.
  await expect(lines.nth(1)).toContainText('got 6');
  await page.screenshot({ path: 'screenshots/collections-run-folder-report.png' });
});

test('search by method, duplicate an item, and move it to another collection with the keyboard', async ({ page, app, consoleErrors }) => {
  void consoleErrors;
  await openApp(page, app);
  await seed(page, app, 'Tree source');
  await post(page, app, '/api/collections', { name: 'Tree destination' });
  const panel = await openCollections(page, 'Tree source');
  const node = (name: string) => panel.locator('li[data-collection-id]').filter({ has: page.getByRole('treeitem', { name: `Collection ${name}` }) });
  const sourceNode = node('Tree source');

  // Searching for a method keeps the matching items and unfolds the folder that holds them.
  const search = panel.getByRole('searchbox', { name: 'Search collections' });
  await search.fill('SUBTRACT');
  await expect(sourceNode.getByRole('treeitem', { name: '42 minus 23 (request)' })).toBeVisible();
  await expect(sourceNode.getByRole('treeitem', { name: 'say hello (request)' })).toHaveCount(0);
  await search.fill('echo');
  await expect(sourceNode.getByRole('treeitem', { name: 'say hello (request)' })).toBeVisible();
  await expect(panel.getByRole('treeitem', { name: /minus/ })).toHaveCount(0);
  // A collection with nothing that matches is hidden while searching.
  await expect(node('Tree destination')).toHaveCount(0);
  await search.press('Escape');
  await expect(search).toHaveValue('');

  const hello = sourceNode.getByRole('treeitem', { name: 'say hello (request)' });
  await hello.hover();
  await hello.getByRole('button', { name: 'Duplicate say hello' }).click();
  const copy = sourceNode.getByRole('treeitem', { name: 'say hello copy (request)' });
  await expect(copy).toBeVisible();

  // The copy opens; Move to… is a menu reached and used with the keyboard alone.
  await expect(sourceNode.getByTestId('item-details')).toBeVisible();
  const moveButton = sourceNode.getByTestId('item-details').getByRole('button', { name: 'Move to…' });
  await moveButton.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Move say hello copy to' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'smoke' }).first()).toBeVisible();
  await page.screenshot({ path: 'screenshots/collections-move-menu.png' });
  const dest = menu.getByRole('menuitem', { name: 'Tree destination' });
  for (let i = 0; i < 20 && !(await dest.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(menu).toBeHidden();

  await expect(node('Tree destination').getByRole('treeitem', { name: 'say hello copy (request)' })).toBeVisible();
  await expect(sourceNode.getByRole('treeitem', { name: 'say hello copy (request)' })).toHaveCount(0);
  await expect(sourceNode.getByRole('treeitem', { name: 'say hello (request)' })).toBeVisible();
});
