/**
 * A secret environment variable sent in a request, in Chromium: the timeline and the inspector's
 * pretty and raw views show it masked, "Reveal secrets" shows it for that entry only, and the HTML
 * export carries it redacted.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { test, expect } from './helpers/fixtures';
import { TOKEN_HEADER } from '../../lib/session/bridge';
import { SECRET_MASK } from '../../lib/variables/mask';
import { STDIO_PEER, connectStdio, openApp, rows } from './helpers/app';

const SECRET = 'tok-Obsidian-7d41c9a2';

test('a secret variable sent in a request is masked in the timeline, the inspector and the HTML export, and revealed on request', async ({ page, app, context, consoleErrors }) => {
  void consoleErrors;
  await page.setViewportSize({ width: 1440, height: 900 });
  const headers = { [TOKEN_HEADER]: app.token, origin: app.origin, 'content-type': 'application/json' };
  const post = async <T,>(p: string, data: unknown): Promise<T> => {
    const res = await page.request.post(`${app.origin}${p}`, { headers, data });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()) as T;
  };
  // Set up through the API: the environment and the item are not what this spec is about.
  await post('/api/environments', { name: 'prod keys', variables: [{ name: 'apiToken', value: SECRET, secret: true }] });
  const { collection } = await post<{ collection: { id: string } }>('/api/collections', { name: 'Secret calls' });
  await post(`/api/collections/${collection.id}/items`, {
    kind: 'raw', name: 'authed echo', payload: { text: '{"jsonrpc":"2.0","id":"a1","method":"echo","params":{"note":"key {{apiToken}}"}}' },
  });

  await openApp(page, app);
  await connectStdio(page, STDIO_PEER, { name: 'secret session' });
  await page.getByRole('tab', { name: /^Collections/ }).click();
  const panel = page.getByTestId('collections-panel');
  await panel.getByLabel('Active environment').selectOption({ label: 'prod keys (1)' });
  await panel.getByRole('treeitem', { name: 'Collection Secret calls' }).click();
  await panel.getByRole('treeitem', { name: 'authed echo (raw)' }).click();
  const details = panel.getByTestId('item-details');
  await details.getByRole('button', { name: 'Run in session' }).click();
  await expect(details.getByTestId('run-done')).toBeVisible();

  const request = rows(page).filter({ has: page.getByRole('cell', { name: 'echo', exact: true }) });
  const answer = rows(page).filter({ has: page.getByRole('cell', { name: '↳ echo', exact: true }) });
  await expect(answer).toHaveCount(1);
  await request.click();
  const inspector = page.getByTestId('inspector');
  const bar = inspector.getByTestId('secret-reveal');
  await expect(bar).toContainText('Secret values masked: {{apiToken}}');
  await inspector.getByRole('tab', { name: 'Pretty' }).click();
  await expect(inspector.getByRole('tree')).toContainText(`key ${SECRET_MASK}`);
  await inspector.getByRole('tab', { name: 'Raw' }).click();
  await expect(inspector.getByTestId('raw-wire')).toContainText(`key ${SECRET_MASK}`);
  expect(await page.content()).not.toContain(SECRET);
  await page.screenshot({ path: 'screenshots/secret-masked.png' });

  // Reveal: in clear for this entry, in both views; another entry and back shows it masked again.
  await bar.getByRole('button', { name: 'Reveal secrets' }).click();
  await expect(inspector.getByTestId('raw-wire')).toContainText(`key ${SECRET}`);
  await inspector.getByRole('tab', { name: 'Pretty' }).click();
  await expect(inspector.getByRole('tree')).toContainText(`key ${SECRET}`);
  await expect(bar.getByRole('button', { name: 'Hide secrets' })).toBeVisible();
  await answer.click();
  await expect(inspector.getByTestId('secret-reveal')).toContainText('Secret values masked');
  await request.click();
  await expect(inspector.getByRole('tree')).toContainText(`key ${SECRET_MASK}`);
  expect(await page.content()).not.toContain(SECRET);

  // The HTML export, downloaded the way a user does, opened from disk.
  await page.getByTestId('active-session').getByRole('button', { name: 'Export' }).click();
  const dialog = page.getByTestId('export-dialog');
  await dialog.getByRole('radio', { name: /HTML page/ }).check();
  await dialog.getByTestId('export-preview').click();
  await expect(dialog.getByTestId('export-download')).toBeEnabled();
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('export-download').click()]);
  const dir = mkdtempSync(path.join(tmpdir(), 'rpcscope-secret-html-'));
  try {
    const file = path.join(dir, download.suggestedFilename());
    copyFileSync((await download.path())!, file);
    expect(readFileSync(file, 'utf8')).not.toContain(SECRET);
    const viewer = await context.newPage();
    await viewer.goto(pathToFileURL(file).href);
    await viewer.locator(`.row[data-seq="${await request.getAttribute('data-seq')}"]`).click();
    await expect(viewer.locator('.inspector')).toContainText('key [redacted]');
    expect(await viewer.content()).not.toContain(SECRET);
    await viewer.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
