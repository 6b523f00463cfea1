/**
 * Collections in the browser: save from the builder in one step, survive a reload, run from the
 * tree into the live session; environments with a secret that never comes back in clear; unknown
 * variables refused in plain words; imports that fail say which entry and why.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './helpers/fixtures';
import { TOKEN_HEADER } from '../../lib/session/bridge';
import { REPO_ROOT } from './helpers/server';
import { STDIO_PEER, connectStdio, openApp, rows, setEditor } from './helpers/app';

function builder(page: Page): Locator {
  return page.getByTestId('request-builder');
}

async function openCollectionsTab(page: Page): Promise<Locator> {
  await page.getByRole('tab', { name: /^Collections/ }).click();
  const panel = page.getByTestId('collections-panel');
  await expect(panel).toBeVisible();
  return panel;
}

/** Timeline rows whose method cell reads exactly `text` (requests show the bare name, answers "↳ name"). */
function rowsWithMethod(page: Page, text: string): Locator {
  return rows(page).filter({ has: page.getByRole('cell', { name: text, exact: true }) });
}

test.describe('collections', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  test('save a request to a collection, reload the page, run it from the collection and see it in the timeline', async ({ page, app, consoleErrors }) => {
    void consoleErrors;
    await openApp(page, app);
    await connectStdio(page, STDIO_PEER, { name: 'collections run' });
    const b = builder(page);
    await b.getByLabel('Method', { exact: true }).fill('subtract');
    await b.getByRole('radio', { name: 'By position [ ]' }).click();
    await setEditor(page, b.getByRole('textbox', { name: 'Params (by position)' }), '[42, 23]');

    await b.getByTestId('save-to-collection').click();
    const pop = page.getByRole('dialog', { name: 'Save to collection' });
    await expect(pop).toBeVisible();
    // The name defaults to the method; a new collection can be made in the same step.
    await pop.getByLabel('Collection', { exact: true }).selectOption('__new__');
    await pop.getByLabel('New collection name').fill('Daily checks');
    await expect(pop.getByLabel('Item name')).toHaveValue('subtract');
    await expect(pop.getByLabel('Text to save')).toContainText('"method":"subtract","params":[42,23]');
    await page.screenshot({ path: 'screenshots/collections-save-popover.png' });
    await pop.getByTestId('save-item').click();
    await expect(pop).toBeHidden();
    await expect(b.getByTestId('save-to-collection')).toHaveText('✓ Saved');
    // Nothing was sent by saving.
    await expect(rowsWithMethod(page, 'subtract')).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible();
    await expect(page.getByTestId('active-session').getByText('live')).toBeVisible();
    const panel = await openCollectionsTab(page);
    const item = panel.getByRole('treeitem', { name: 'subtract (request)' });
    await expect(item).toBeVisible();
    await item.click();
    await expect(panel.getByTestId('item-text')).toContainText('"params":[42,23]');
    await item.getByRole('button', { name: 'Run subtract' }).click();
    await expect(panel.getByTestId('run-done')).toContainText(/Sent as #\d+ in collections run/);

    await expect(rowsWithMethod(page, 'subtract')).toHaveCount(1);
    const answer = rowsWithMethod(page, '↳ subtract');
    await expect(answer.getByRole('cell').nth(7)).toHaveText('ok');
    await answer.click();
    await expect(page.getByTestId('inspector').getByRole('tree')).toContainText('19');
    await page.screenshot({ path: 'screenshots/collections-run.png' });
  });

  test('environments: a secret is masked after saving, variables are marked, and an unknown one refuses the run in plain words', async ({ page, app, consoleErrors }) => {
    void consoleErrors;
    await openApp(page, app);
    await connectStdio(page, STDIO_PEER, { name: 'variables' });

    const panel = await openCollectionsTab(page);
    await panel.getByRole('button', { name: 'Edit…' }).click();
    const dialog = page.getByTestId('environments-dialog');
    await dialog.getByLabel('New environment name').fill('local');
    await dialog.getByRole('button', { name: 'Add environment' }).click();
    const editor = dialog.getByTestId('environment-editor');
    await editor.getByRole('button', { name: 'Add variable' }).click();
    await editor.getByLabel('Variable 1 name').fill('who');
    await editor.getByLabel('Variable 1 value').fill('world');
    await editor.getByRole('button', { name: 'Add variable' }).click();
    await editor.getByLabel('Variable 2 name').fill('token');
    await editor.getByLabel('Variable 2 is secret').check();
    await expect(editor.getByLabel('Variable 2 value')).toHaveAttribute('type', 'password');
    await editor.getByLabel('Variable 2 value').fill('s3cr3t-value-42');
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(editor.getByRole('status')).toHaveText('Saved');
    // The secret comes back as "kept", never as its value.
    await expect(editor.getByLabel('Variable 2 value')).toHaveValue('');
    await expect(editor.getByLabel('Variable 2 value')).toHaveAttribute('placeholder', /kept/);
    await editor.getByRole('button', { name: 'Make active' }).click();
    await page.screenshot({ path: 'screenshots/environments-dialog.png' });
    expect(await page.content()).not.toContain('s3cr3t-value-42');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(panel.getByLabel('Active environment')).toHaveValue(/.+/);

    // A raw item using a defined and an undefined variable.
    const b = builder(page);
    await b.getByRole('radio', { name: 'Raw' }).click();
    await setEditor(page, b.getByRole('textbox', { name: 'Raw message' }), '{"jsonrpc":"2.0","id":7,"method":"echo","params":{"hello":"{{who}}","extra":"{{nope}}"}}');
    await b.getByTestId('save-to-collection').click();
    const pop = page.getByRole('dialog', { name: 'Save to collection' });
    await pop.getByLabel('Collection', { exact: true }).selectOption('__new__');
    await pop.getByLabel('New collection name').fill('Vars');
    await pop.getByLabel('Item name').fill('greet');
    await pop.getByTestId('save-item').click();
    await expect(pop).toBeHidden();

    const item = panel.getByRole('treeitem', { name: 'greet (raw)' });
    await item.click();
    const details = panel.getByTestId('item-details');
    await expect(details.locator('mark[data-var="who"]')).toHaveAttribute('data-known', 'true');
    await expect(details.locator('mark[data-var="nope"]')).toHaveAttribute('data-known', 'false');
    await expect(details.getByTestId('unknown-vars')).toContainText('{{nope}}');
    await page.screenshot({ path: 'screenshots/collections-unknown-variable.png' });
    await details.getByRole('button', { name: 'Run in session' }).click();
    await expect(details.getByTestId('run-error')).toContainText('{{nope}}');
    await expect(rowsWithMethod(page, 'echo')).toHaveCount(0);

    // Fix the text in place; the run fills {{who}} on the server.
    await details.getByRole('button', { name: 'Edit' }).click();
    await details.getByLabel('Item text').fill('{"jsonrpc":"2.0","id":7,"method":"echo","params":{"hello":"{{who}}"}}');
    await details.getByRole('button', { name: 'Save text' }).click();
    await expect(details.getByTestId('unknown-vars')).toHaveCount(0);
    await details.getByRole('button', { name: 'Run in session' }).click();
    await expect(details.getByTestId('run-done')).toBeVisible();
    const answer = rowsWithMethod(page, '↳ echo');
    await answer.click();
    await expect(page.getByTestId('inspector').getByRole('tree')).toContainText('world');
  });

  test('collection import: a bad file names the entry and why and changes nothing; an OpenRPC document becomes a collection', async ({ page, app, consoleErrors }) => {
    void consoleErrors;
    await openApp(page, app);
    const panel = await openCollectionsTab(page);
    const listed = await page.request.get(`${app.origin}/api/collections`, { headers: { [TOKEN_HEADER]: app.token } });
    const before = ((await listed.json()) as { collections: unknown[] }).collections.length;
    await expect(panel.getByRole('treeitem')).toHaveCount(before);

    const bad = {
      format: 'rpcscope-collection',
      version: 1,
      name: 'Broken',
      items: [
        { name: 'fine', kind: 'request', payload: { text: '{}' } },
        { name: 'wrong kind', kind: 'teleport', payload: {} },
      ],
      folders: [],
    };
    await panel.getByTestId('import-collection-input').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) });
    const error = panel.getByTestId('import-error');
    await expect(error).toContainText('broken.json');
    await expect(error).toContainText('wrong kind');
    await expect(error).toContainText('kind must be one of');
    await expect(error).toContainText('Nothing was changed');
    await expect(panel.getByRole('treeitem')).toHaveCount(before);
    await page.screenshot({ path: 'screenshots/collections-import-error.png' });

    await panel.getByTestId('import-openrpc-input').setInputFiles(path.join(REPO_ROOT, 'tests/fixtures/openrpc/petstore.json'));
    await expect(panel.getByRole('status').filter({ hasText: 'Imported' })).toContainText(/\d+ items?/);
    const collection = panel.getByRole('treeitem', { name: /^Collection Petstore/ });
    await expect(collection).toHaveAttribute('aria-expanded', 'true');
    await expect(panel.getByRole('treeitem', { name: 'getPet (request)' })).toBeVisible();
    await page.screenshot({ path: 'screenshots/collections-openrpc.png' });
  });

  test('a batch saved with its target runs there in a new session; a collection exports and imports back', async ({ page, app, consoleErrors }) => {
    void consoleErrors;
    await openApp(page, app);
    await connectStdio(page, STDIO_PEER, { name: 'batch source' });
    await page.getByRole('tab', { name: 'Batch' }).click();
    const e = page.getByTestId('batch-editor');
    await e.getByLabel('Entry 1 method').fill('subtract');
    await e.getByRole('radiogroup', { name: 'Entry 1 params shape' }).getByRole('radio', { name: '[ ]' }).click();
    await setEditor(page, e.getByRole('textbox', { name: 'Entry 1 params' }), '[5, 3]');
    await e.getByLabel('Entry 2 method').fill('echo');

    await e.getByTestId('save-to-collection').click();
    const pop = page.getByRole('dialog', { name: 'Save to collection' });
    await pop.getByLabel('Collection', { exact: true }).selectOption('__new__');
    await pop.getByLabel('New collection name').fill('Round trip');
    await expect(pop.getByLabel('Item name')).toHaveValue('batch of 2');
    await pop.getByRole('checkbox', { name: /Keep this session's target/ }).check();
    await pop.getByTestId('save-item').click();
    await expect(pop).toBeHidden();

    // With the session ended, Run goes to the item's own target: a new session opens.
    await page.getByTestId('active-session').getByRole('button', { name: 'Disconnect' }).click();
    await expect(page.getByTestId('active-session').getByText('closed')).toBeVisible();
    const panel = await openCollectionsTab(page);
    const item = panel.getByRole('treeitem', { name: 'batch of 2 (batch)' });
    await item.getByRole('button', { name: 'Run batch of 2' }).click();
    await expect(panel.getByTestId('run-done')).toContainText('in new session batch of 2');
    const top = page.getByTestId('active-session');
    await expect(top).toContainText('batch of 2');
    await expect(top.getByText('live')).toBeVisible();
    await expect(rows(page).filter({ hasText: 'batch' })).toHaveCount(2);

    const collection = panel.getByRole('treeitem', { name: 'Collection Round trip' });
    await collection.hover();
    const [download] = await Promise.all([page.waitForEvent('download'), collection.getByRole('button', { name: 'Export Round trip' }).click()]);
    expect(download.suggestedFilename()).toBe('Round-trip.rpcscope-collection.json');
    const text = readFileSync((await download.path())!, 'utf8');
    // Both entries kept their "auto" ids, which only a version 2 file can say (typed ids stay version 1).
    expect(JSON.parse(text)).toMatchObject({ format: 'rpcscope-collection', version: 2, name: 'Round trip', items: [{ name: 'batch of 2', kind: 'batch', payload: { autoIds: [0, 1] } }] });
    expect(text).toContain('stdio-peer.mjs');

    await panel.getByTestId('import-collection-input').setInputFiles({ name: 'round-trip.json', mimeType: 'application/json', buffer: Buffer.from(text) });
    await expect(panel.getByRole('status').filter({ hasText: 'Imported' })).toHaveText(/Imported “Round trip \(2\)”: 1 item, 0 folders\./);
    await expect(panel.getByRole('treeitem', { name: 'Collection Round trip (2)' })).toHaveAttribute('aria-expanded', 'true');

    await page.emulateMedia({ colorScheme: 'dark' });
    await item.first().click();
    await page.screenshot({ path: 'screenshots/collections-dark.png' });
  });
});
