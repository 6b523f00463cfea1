/**
 * Team collections from two local apps in Chromium, against a team server on a real PostgreSQL:
 * ada pushes a collection, bob (another app, its own data directory) sets his team link in the
 * Pull popover, pulls it, edits it and pushes; ada's push of her stale edit shows the conflict —
 * who changed it, which version — and nothing is lost on either side: "Keep mine as a copy" puts
 * hers beside his on the team.
 */
import { createToken } from '../../server/team/auth';
import { startTeamServer, type TeamServer } from '../../server/team/server';
import { openTeamStore } from '../../server/team/store/open';
import type { TeamStore } from '../../server/team/store/types';
import type { SharedDoc } from '../../lib/team/api';
import { TOKEN_HEADER } from '../../lib/session/bridge';
import { freshDatabase, startPostgres, type TestPostgres } from '../helpers/postgres';
import { test, expect, type Page } from './helpers/fixtures';
import { openApp } from './helpers/app';
import { startApp, type RunningApp } from './helpers/server';

let pg: TestPostgres;
let store: TeamStore;
let server: TeamServer;
let bobApp: RunningApp;
const tokens: Record<'ada' | 'bob', string> = { ada: '', bob: '' };

test.beforeAll(async () => {
  pg = await startPostgres();
  store = openTeamStore(await freshDatabase(pg.url));
  await store.migrate();
  server = await startTeamServer(store, { port: 0, log: () => {} });
  for (const name of ['ada', 'bob'] as const) tokens[name] = (await createToken(store, (await store.addUser(name, 'member')).id, 'laptop')).token;
  bobApp = await startApp();
});
test.afterAll(async () => {
  await bobApp?.stop();
  await server?.close();
  await store?.close();
  await pg?.stop();
});

/** The local app's own API, as a script calls it (token header, same origin). */
async function local<T>(app: RunningApp, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(app.origin + path, {
    method,
    headers: { [TOKEN_HEADER]: app.token, origin: app.origin, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
const addItem = (app: RunningApp, id: string, method: string) =>
  local(app, 'POST', `/api/collections/${id}/items`, { kind: 'request', name: method, payload: { method, params: [] } });
const localMethods = async (app: RunningApp, id: string) =>
  (await local<{ tree: { items: { payload: { method: string } }[] } }>(app, 'GET', `/api/collections/${id}`)).tree.items.map((i) => i.payload.method);
async function teamMethods(name: string): Promise<string[]> {
  const res = await fetch(`${server.url}/api/collections/${encodeURIComponent(name)}`, { headers: { authorization: `Bearer ${tokens.ada}` } });
  return ((await res.json()) as SharedDoc<{ items: { payload: { method: string } }[] }>).body.items.map((i) => i.payload.method);
}

async function collectionsTab(page: Page) {
  await page.getByRole('tab', { name: /^Collections/ }).click();
  const panel = page.getByTestId('collections-panel');
  await expect(panel).toBeVisible();
  return panel;
}
async function pushFromTree(page: Page, name: string) {
  const panel = page.getByTestId('collections-panel');
  await panel.getByRole('treeitem', { name: `Collection ${name}` }).hover();
  await panel.getByRole('button', { name: `Push ${name} to team` }).click();
}

test('a collection pushed by one app is pulled, edited and pushed by another; the stale push shows the conflict and loses nothing', async ({ page, app, browser }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await local(app, 'PUT', '/api/team/link', { url: server.url, token: tokens.ada });
  const adaId = (await local<{ collection: { id: string } }>(app, 'POST', '/api/collections', { name: 'orders' })).collection.id;
  await addItem(app, adaId, 'orders.list');

  await openApp(page, app);
  const adaPanel = await collectionsTab(page);
  await pushFromTree(page, 'orders');
  await expect(adaPanel.getByTestId('team-push-status')).toHaveText(/Pushed to the team as “orders”, version 1\./);
  await expect(adaPanel.getByTestId('team-badge')).toHaveText('team v1');

  // Bob, on his own app: sets the team link in the pull popover, pulls, edits, pushes.
  const bobContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const bob = await bobContext.newPage();
  const bobErrors: string[] = [];
  bob.on('console', (m) => { if (m.type() === 'error') bobErrors.push(m.text()); });
  await openApp(bob, bobApp);
  const bobPanel = await collectionsTab(bob);
  await bobPanel.getByRole('button', { name: 'Pull from team…' }).click();
  const pop = bob.getByRole('dialog', { name: 'Pull a collection from the team' });
  await pop.getByLabel('Team server URL').fill(server.url);
  await pop.getByLabel('Personal access token').fill(tokens.bob);
  await pop.getByRole('button', { name: 'Save team settings' }).click();
  await expect(pop.getByTestId('team-doc')).toContainText('orders');
  await expect(pop.getByTestId('team-doc')).toContainText('version 1 · ada');
  await pop.getByRole('button', { name: 'Pull orders' }).click();
  await expect(pop.getByTestId('team-pull-note')).toHaveText('Pulled “orders” (team version 1).');
  await bob.keyboard.press('Escape');
  await expect(bobPanel.getByRole('treeitem', { name: 'Collection orders' })).toBeVisible();
  await expect(bobPanel.getByTestId('team-badge')).toHaveText('team v1');
  expect(await bob.content()).not.toContain(tokens.bob);

  const bobId = (await local<{ collections: { id: string; name: string }[] }>(bobApp, 'GET', '/api/collections')).collections.find((c) => c.name === 'orders')!.id;
  await addItem(bobApp, bobId, 'orders.create');
  await pushFromTree(bob, 'orders');
  await expect(bobPanel.getByTestId('team-push-status')).toHaveText(/Pushed to the team as “orders”, version 2\./);

  // Ada pushes her edit of version 1: the conflict says who and which version; nothing was written.
  await addItem(app, adaId, 'orders.cancel');
  await page.getByTestId('team-push-status').getByRole('button', { name: 'Dismiss' }).click();
  await pushFromTree(page, 'orders');
  const conflict = adaPanel.getByTestId('team-conflict');
  await expect(conflict).toContainText(/bob changed the collection “orders” at .* \(now version 2; yours is based on version 1\): nothing was overwritten/);
  await expect(conflict.getByRole('button', { name: 'Pull theirs' })).toBeVisible();
  await page.screenshot({ path: 'screenshots/team-collection-conflict.png' });
  expect(await teamMethods('orders')).toEqual(['orders.list', 'orders.create']);
  expect(await localMethods(app, adaId)).toEqual(['orders.list', 'orders.cancel']);

  await conflict.getByRole('button', { name: 'Keep mine as a copy' }).click();
  await expect(adaPanel.getByTestId('team-push-status')).toHaveText(/Pushed to the team as “orders \(copy\)”, version 1\./);
  expect(await teamMethods('orders (copy)')).toEqual(['orders.list', 'orders.cancel']);
  expect(await teamMethods('orders')).toEqual(['orders.list', 'orders.create']);
  expect(await localMethods(bobApp, bobId)).toEqual(['orders.list', 'orders.create']);
  expect(bobErrors).toEqual([]);
  await bobContext.close();
});
