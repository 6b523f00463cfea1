/**
 * Drag and drop in the collections tree with the real mouse: an item dragged onto a folder lands in
 * that folder, and dragged onto another collection's row lands at that collection's root; the
 * row under the pointer is outlined while an item hovers over it.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './helpers/fixtures';
import { TOKEN_HEADER } from '../../lib/session/bridge';
import type { RunningApp } from './helpers/server';
import { openApp } from './helpers/app';

async function post<T>(page: Page, app: RunningApp, path: string, data: unknown): Promise<T> {
  const headers = { [TOKEN_HEADER]: app.token, origin: app.origin, 'content-type': 'application/json' };
  const res = await page.request.post(`${app.origin}${path}`, { headers, data });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as T;
}

/** Presses on `from`, moves in steps to `to` (so the drag starts and passes over it), and lets go. */
async function mouseDrag(page: Page, from: Locator, to: Locator, whileOver?: () => Promise<void>): Promise<void> {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + 40, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + 50, a.y + a.height / 2 + 4, { steps: 3 });
  await page.mouse.move(b.x + 60, b.y + b.height / 2, { steps: 12 });
  if (whileOver) await whileOver();
  await page.mouse.up();
}

test('dragging an item with the mouse moves it into a folder, then into another collection', async ({ page, app, consoleErrors }) => {
  void consoleErrors;
  await page.setViewportSize({ width: 1440, height: 900 });
  await openApp(page, app);
  const { collection: source } = await post<{ collection: { id: string } }>(page, app, '/api/collections', { name: 'Drag source' });
  await post(page, app, `/api/collections/${source.id}/folders`, { name: 'archive' });
  await post(page, app, `/api/collections/${source.id}/items`, { kind: 'request', name: 'ping me', payload: { text: '{"jsonrpc":"2.0","id":1,"method":"ping"}' } });
  await post(page, app, '/api/collections', { name: 'Drag destination' });

  await page.getByRole('tab', { name: /^Collections/ }).click();
  const panel = page.getByTestId('collections-panel');
  const node = (name: string) => panel.locator('li[data-collection-id]').filter({ has: page.getByRole('treeitem', { name: `Collection ${name}` }) });
  await panel.getByRole('treeitem', { name: 'Collection Drag source' }).click();
  const item = node('Drag source').getByRole('treeitem', { name: 'ping me (request)' });
  const folderRow = node('Drag source').getByRole('treeitem', { name: 'Folder archive' });
  await expect(item).toBeVisible();

  // Onto the folder: outlined while hovered, and the item is then inside it (the folder unfolds).
  await mouseDrag(page, item, folderRow, () => expect(folderRow).toHaveAttribute('data-drop-over', 'true'));
  const archive = node('Drag source').locator('li[data-folder-id]').filter({ has: page.getByRole('treeitem', { name: 'Folder archive' }) });
  await expect(archive.getByRole('treeitem', { name: 'ping me (request)' })).toBeVisible();
  await expect(folderRow).not.toHaveAttribute('data-drop-over', 'true');

  // Onto the other collection's row: it leaves the folder and sits at that collection's root.
  const destRow = panel.getByRole('treeitem', { name: 'Collection Drag destination' });
  await mouseDrag(page, archive.getByRole('treeitem', { name: 'ping me (request)' }), destRow);
  await expect(node('Drag destination').getByRole('treeitem', { name: 'ping me (request)' })).toBeVisible();
  await expect(node('Drag source').getByRole('treeitem', { name: 'ping me (request)' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('collections-drag.png') });
});
