/**
 * A saved batch keeps its "auto" ids, on the stdio fixture peer: saved from the batch editor with
 * one auto id and one typed id, it opens in the batch editor with the auto id numbered for the
 * session, and each run in the session sends fresh auto ids while the typed one stays as typed.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './helpers/fixtures';
import { TOKEN_HEADER } from '../../lib/session/bridge';
import type { TrafficEvent } from '../../lib/session/types';
import type { RunningApp } from './helpers/server';
import { STDIO_PEER, connectStdio, openApp } from './helpers/app';

async function sentText(page: Page, app: RunningApp, sessionId: string, seq: number): Promise<string> {
  const res = await page.request.get(`${app.origin}/api/sessions/${sessionId}/events`, { headers: { [TOKEN_HEADER]: app.token, origin: app.origin } });
  expect(res.ok()).toBe(true);
  const { events } = (await res.json()) as { events: TrafficEvent[] };
  const ev = events.find((e) => e.seq === seq);
  expect(ev, `entry #${seq} is recorded`).toBeDefined();
  return ev!.raw;
}

const idsIn = (raw: string) => (JSON.parse(raw.slice(raw.indexOf('['))) as { id?: unknown }[]).map((m) => m.id);

test('a saved batch gets fresh auto ids each time it is loaded or run, and keeps the id the user typed', async ({ page, app, consoleErrors }) => {
  void consoleErrors;
  await page.setViewportSize({ width: 1440, height: 1100 });
  await openApp(page, app);
  const sessionId = await connectStdio(page, STDIO_PEER, { name: 'batch ids' });

  await page.getByRole('tab', { name: 'Batch' }).click();
  const editor = page.getByTestId('batch-editor');
  await editor.getByLabel('Entry 1 method').fill('get_data');
  await editor.getByLabel('Entry 2 method').fill('get_data');
  await editor.getByLabel('Entry 2 id policy').selectOption('custom');
  await editor.getByLabel('Entry 2 id', { exact: true }).fill('"mine"');
  await expect(editor.getByTestId('batch-preview')).toContainText('[{"jsonrpc":"2.0","id":1,"method":"get_data"},{"jsonrpc":"2.0","id":"mine","method":"get_data"}]');

  // Saved into a new collection, then sent once: id 1 is now used in this session.
  await editor.getByTestId('save-to-collection').click();
  const save = page.getByRole('form', { name: 'Save to collection' });
  await save.getByLabel('Collection', { exact: true }).selectOption({ label: 'New collection…' });
  await save.getByLabel('New collection name').fill('Batch ids');
  await save.getByLabel('Item name').fill('two reads');
  await save.getByTestId('save-item').click();
  await expect(editor.getByTestId('save-to-collection')).toHaveAttribute('data-saved', 'true');
  await editor.getByTestId('batch-send').click();
  await expect(editor.getByTestId('batch-result').getByTestId('batch-summary')).toHaveText('2 ok, 0 errors, 0 missing');

  // Loaded back into the batch editor: the auto entry is "auto" again and numbered for the session.
  await page.getByRole('tab', { name: /^Collections/ }).click();
  const panel = page.getByTestId('collections-panel');
  // Saving into a new collection may have unfolded it already.
  const collection = panel.getByRole('treeitem', { name: 'Collection Batch ids' });
  if ((await collection.getAttribute('aria-expanded')) !== 'true') await collection.click();
  const item = panel.getByRole('treeitem', { name: 'two reads (batch)' });
  await item.click();
  const details = panel.getByTestId('item-details');
  await details.getByRole('button', { name: 'To batch editor' }).click();
  await page.getByRole('tab', { name: /Entries/ }).click();
  await expect(editor.getByTestId('batch-loaded-item')).toContainText('two reads');
  await expect(editor.getByLabel('Entry 1 id policy')).toHaveValue('auto');
  await expect(editor.getByLabel('Entry 2 id', { exact: true })).toHaveValue('"mine"');
  await expect(editor.getByTestId('batch-preview')).toContainText('[{"jsonrpc":"2.0","id":2,"method":"get_data"},{"jsonrpc":"2.0","id":"mine","method":"get_data"}]');

  // Each run in the session sends the next auto id; the typed one never changes.
  const done = details.getByTestId('run-done');
  const doneSeq = async () => ((await done.count()) ? Number(/#(\d+)/.exec((await done.textContent()) ?? '')?.[1] ?? 0) : 0);
  const runOnce = async () => {
    const before = await doneSeq();
    await details.getByRole('button', { name: 'Run in session' }).click();
    await expect.poll(doneSeq, { message: 'the run reports the entry it sent' }).toBeGreaterThan(before);
    return idsIn(await sentText(page, app, sessionId, await doneSeq()));
  };
  expect(await runOnce()).toEqual([2, 'mine']);
  expect(await runOnce()).toEqual([3, 'mine']);

  // The collection file says which entries are auto (version 2).
  const collections = await page.request.get(`${app.origin}/api/collections`, { headers: { [TOKEN_HEADER]: app.token, origin: app.origin } });
  const { collections: list } = (await collections.json()) as { collections: { id: string; name: string }[] };
  const id = list.find((c) => c.name === 'Batch ids')!.id;
  const file = await page.request.get(`${app.origin}/api/collections/${id}/export`, { headers: { [TOKEN_HEADER]: app.token, origin: app.origin } });
  const parsed = JSON.parse(await file.text()) as { version: number; items: { payload: { autoIds?: number[] } }[] };
  expect(parsed.version).toBe(2);
  expect(parsed.items[0].payload.autoIds).toEqual([0]);
});
