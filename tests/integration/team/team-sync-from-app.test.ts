/**
 * Collections and environment templates to and from a real team server on a real PostgreSQL,
 * driven through two local apps' own APIs as their pages call them (two data directories, two
 * teammates): push, pull into the other app, a stale push that meets the other's newer version
 * (who changed it, when — nothing overwritten on either side), "Keep mine as a copy", "Pull
 * theirs", and templates whose secret values never reach the team database.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamCopy, TeamDocListing, TeamPullResult, TeamPushResult } from '@/lib/team/sync';
import type { CollectionTree, Environment } from '@/lib/collections/stored';
import type { SharedDoc } from '@/lib/team/api';
import { createToken } from '@/server/team/auth';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { startTeam, type Team } from './team-harness';

const SECRET = 'sk-live-7f3a9c2e5b8d1f4a6c0e';

let team: Team;
let ada: TestServer;
let bob: TestServer;
beforeAll(async () => {
  [team, ada, bob] = await Promise.all([startTeam(), startTestServer(), startTestServer()]);
  for (const [app, name] of [[ada, 'ada'], [bob, 'bob']] as const) {
    const token = (await createToken(team.store, (await team.store.addUser(name, 'member')).id, 'laptop')).token;
    expect((await app.api('PUT', '/api/team/link', { url: team.server.url, token })).status).toBe(200);
  }
}, 60_000);
afterAll(async () => {
  await ada?.stop();
  await bob?.stop();
  await team?.stop();
}, 60_000);

const push = (app: TestServer, kind: string, localId: string, asCopy?: boolean) =>
  app.api<TeamPushResult & { error?: string }>('POST', `/api/team/docs/${kind}/push`, { localId, ...(asCopy ? { asCopy } : {}) });
const pull = (app: TestServer, kind: string, body: { name: string; replace?: boolean; into?: string }) =>
  app.api<TeamPullResult & { error?: string }>('POST', `/api/team/docs/${kind}/pull`, body);
const listTeam = async (app: TestServer, kind: string) => (await app.api<{ docs: TeamDocListing[] }>('GET', `/api/team/docs/${kind}`)).json.docs;
const copies = async (app: TestServer) => (await app.api<{ copies: TeamCopy[] }>('GET', '/api/team/copies')).json.copies;

async function newCollection(app: TestServer, name: string, methods: string[]): Promise<string> {
  const id = (await app.api<{ collection: { id: string } }>('POST', '/api/collections', { name })).json.collection.id;
  for (const m of methods) await addItem(app, id, m);
  return id;
}
async function addItem(app: TestServer, collectionId: string, method: string, params: unknown = []) {
  const r = await app.api('POST', `/api/collections/${collectionId}/items`, { kind: 'request', name: method, payload: { method, params } });
  expect(r.status, r.text).toBe(200);
}
const methodsOf = async (app: TestServer, id: string) =>
  (await app.api<{ tree: CollectionTree }>('GET', `/api/collections/${id}`)).json.tree.items.map((i) => (i.payload as { method: string }).method);
const teamDoc = async (kind: 'collections' | 'environments', name: string) => (await (await team.api(`/api/${kind}/${encodeURIComponent(name)}`)).json()) as SharedDoc<unknown>;
const teamMethods = async (name: string) => (await teamDoc('collections', name)).body as { items: { payload: { method: string } }[] };

describe('collections to and from the team, from the local app', () => {
  it('a pushed collection is pulled by a teammate, whose newer push turns the first one\'s stale push into a conflict that loses nothing', async () => {
    const mine = await newCollection(ada, 'orders', ['orders.list']);
    const first = await push(ada, 'collection', mine);
    expect(first.json).toEqual({ state: 'pushed', name: 'orders', version: 1 });

    const listed = (await listTeam(bob, 'collection')).find((d) => d.name === 'orders');
    expect(listed).toMatchObject({ version: 1, updatedBy: 'ada' });
    expect(listed?.local).toBeUndefined();
    const pulled = await pull(bob, 'collection', { name: 'orders' });
    expect(pulled.json).toMatchObject({ name: 'orders', teamName: 'orders', version: 1, created: true });
    expect(await methodsOf(bob, pulled.json.localId)).toEqual(['orders.list']);
    expect(await copies(bob)).toEqual([expect.objectContaining({ kind: 'collection', localId: pulled.json.localId, teamName: 'orders', version: 1, changed: false })]);

    await addItem(bob, pulled.json.localId, 'orders.create');
    expect((await copies(bob))[0].changed).toBe(true);
    expect((await push(bob, 'collection', pulled.json.localId)).json).toEqual({ state: 'pushed', name: 'orders', version: 2 });

    // Ada edits her copy of version 1 and pushes: the team has bob's version 2.
    await addItem(ada, mine, 'orders.cancel');
    const stale = await push(ada, 'collection', mine);
    expect(stale.status).toBe(200);
    const conflict = stale.json as Extract<TeamPushResult, { state: 'conflict' }>;
    expect(conflict).toMatchObject({ state: 'conflict', name: 'orders', mine: 1, theirs: { version: 2, updatedBy: 'bob' } });
    expect(conflict.message).toMatch(/changed by bob .*now version 2.*nothing was overwritten/);
    // Neither side changed.
    expect((await teamMethods('orders')).items.map((i) => i.payload.method)).toEqual(['orders.list', 'orders.create']);
    expect(await methodsOf(ada, mine)).toEqual(['orders.list', 'orders.cancel']);

    // "Keep mine as a copy": hers goes to the team under a new name, theirs stays.
    const kept = await push(ada, 'collection', mine, true);
    expect(kept.json).toEqual({ state: 'pushed', name: 'orders (copy)', version: 1 });
    expect((await teamMethods('orders (copy)')).items.map((i) => i.payload.method)).toEqual(['orders.list', 'orders.cancel']);
    expect((await teamMethods('orders')).items.map((i) => i.payload.method)).toEqual(['orders.list', 'orders.create']);
    // And bob's version can still be pulled beside hers.
    const theirs = await pull(ada, 'collection', { name: 'orders' });
    expect(theirs.json).toMatchObject({ name: 'orders (2)', version: 2, created: true });
    expect(await methodsOf(ada, theirs.json.localId)).toEqual(['orders.list', 'orders.create']);
  }, 30_000);

  it('a pull never overwrites changes made here unless asked, and "Pull theirs" replaces them when asked', async () => {
    const mine = await newCollection(ada, 'billing', ['invoice.get']);
    await push(ada, 'collection', mine);
    const b = (await pull(bob, 'collection', { name: 'billing' })).json.localId;
    await addItem(bob, b, 'invoice.void');
    await push(bob, 'collection', b);

    await addItem(ada, mine, 'invoice.draft');
    const refused = await pull(ada, 'collection', { name: 'billing' });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toMatch(/“billing” has changes made here since team version 1: push them first/);
    expect(await methodsOf(ada, mine)).toEqual(['invoice.get', 'invoice.draft']);

    const replaced = await pull(ada, 'collection', { name: 'billing', replace: true });
    expect(replaced.json).toMatchObject({ localId: mine, version: 2, created: false });
    expect(await methodsOf(ada, mine)).toEqual(['invoice.get', 'invoice.void']);
    expect((await push(ada, 'collection', mine)).json).toEqual({ state: 'pushed', name: 'billing', version: 3 });
  }, 30_000);

  it('a first push over a name the team already has is a conflict; "Pull theirs" into it links the two', async () => {
    await newCollection(bob, 'shared-name', ['a.b']).then((id) => push(bob, 'collection', id));
    const mine = await newCollection(ada, 'shared-name', ['c.d']);
    const r = (await push(ada, 'collection', mine)).json;
    expect(r).toMatchObject({ state: 'conflict', mine: 0, theirs: { version: 1, updatedBy: 'bob' } });
    expect((await pull(ada, 'collection', { name: 'shared-name', into: mine })).status).toBe(409);
    const into = await pull(ada, 'collection', { name: 'shared-name', into: mine, replace: true });
    expect(into.json).toMatchObject({ localId: mine, version: 1, created: false });
    expect(await methodsOf(ada, mine)).toEqual(['a.b']);
  }, 30_000);

  it('says what to do when no team is set, the token only reads, or the collection is unknown', async () => {
    const carol = await startTestServer();
    try {
      const id = await newCollection(carol, 'x', []);
      const none = await push(carol, 'collection', id);
      expect(none.status).toBe(400);
      expect(none.json.error).toMatch(/set the team URL and a personal access token first/);
      expect((await copies(carol))).toEqual([]);
      await carol.api('PUT', '/api/team/link', { url: team.server.url, token: team.tokens.viewer });
      const viewer = await push(carol, 'collection', id);
      expect(viewer.status).toBe(400);
      expect(viewer.json.error).toMatch(/your role is viewer.*member role/);
      expect((await pull(carol, 'collection', { name: 'no such thing' })).status).toBe(404);
      expect((await carol.api('GET', '/api/team/docs/sessions')).status).toBe(404);
    } finally {
      await carol.stop();
    }
  }, 30_000);
});

/** Every row of every table in the team database, as text. */
async function teamDatabaseText(): Promise<string> {
  const c = new pg.Client({ connectionString: team.database });
  await c.connect();
  try {
    const tables = (await c.query<{ table_name: string }>(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`)).rows;
    expect(tables.map((t) => t.table_name)).toContain('team_docs');
    let all = '';
    for (const { table_name } of tables) all += (await c.query(`SELECT t::text AS row FROM "${table_name}" t`)).rows.map((r: { row: string }) => r.row).join('\n');
    return all;
  } finally {
    await c.end();
  }
}

describe('environment templates', () => {
  it('carry names and non-secret values only: the secret value is in no table of the team database', async () => {
    const env = (await ada.api<{ environment: Environment }>('POST', '/api/environments', {
      name: 'staging',
      variables: [{ name: 'baseUrl', value: 'https://staging.example', secret: false }, { name: 'apiKey', value: SECRET, secret: true }],
    })).json.environment;
    const coll = await newCollection(ada, 'with-key', []);
    await addItem(ada, coll, 'auth.login', [SECRET]);

    expect((await push(ada, 'environment', env.id)).json).toEqual({ state: 'pushed', name: 'staging', version: 1 });
    expect((await push(ada, 'collection', coll)).json).toMatchObject({ state: 'pushed' });
    expect((await teamDoc('environments', 'staging')).body).toEqual({
      variables: [{ name: 'baseUrl', secret: false, value: 'https://staging.example' }, { name: 'apiKey', secret: true }],
    });
    const everything = await teamDatabaseText();
    expect(everything).toContain('https://staging.example');
    expect(everything).toContain('{{apiKey}}');
    expect(everything).not.toContain(SECRET);
  }, 30_000);

  it('pulled, the secret is empty and asked for on first use; typed here, it survives the next pull', async () => {
    const pulled = await pull(bob, 'environment', { name: 'staging' });
    expect(pulled.json).toMatchObject({ name: 'staging', created: true, secrets: ['apiKey'] });
    const envOf = async () => (await bob.api<{ environment: Environment }>('GET', `/api/environments/${pulled.json.localId}`)).json.environment;
    expect((await envOf()).variables).toEqual([{ name: 'baseUrl', value: 'https://staging.example', secret: false }, { name: 'apiKey', value: '', secret: true }]);

    // The first use asks for it, as for an environment imported from a file.
    const coll = (await pull(bob, 'collection', { name: 'with-key' })).json.localId;
    const item = (await bob.api<{ tree: CollectionTree }>('GET', `/api/collections/${coll}`)).json.tree.items[0];
    const run = await bob.api<{ error: string }>('POST', `/api/collections/${coll}/items/${item.id}/run`, { environmentId: pulled.json.localId, sessionId: 'none' });
    expect(run.status).toBe(400);
    expect(run.json.error).toMatch(/\{\{apiKey\}\} is a secret imported without its value: type it in Environments first/);

    await bob.api('PUT', `/api/environments/${pulled.json.localId}/variables/apiKey`, { value: 'bobs-own-key-1234', secret: true });
    const ada1 = (await ada.api<{ environments: Environment[] }>('GET', '/api/environments')).json.environments.find((e) => e.name === 'staging')!;
    await ada.api('PUT', `/api/environments/${ada1.id}/variables/baseUrl`, { value: 'https://staging2.example' });
    expect((await push(ada, 'environment', ada1.id)).json).toMatchObject({ state: 'pushed', version: 2 });

    // Bob's copy is unchanged in template terms (a typed secret is not a change), so it updates in place.
    expect((await copies(bob)).find((c) => c.kind === 'environment')?.changed).toBe(false);
    const again = await pull(bob, 'environment', { name: 'staging' });
    expect(again.json).toMatchObject({ localId: pulled.json.localId, version: 2, created: false, secrets: [] });
    const vars = (await envOf()).variables;
    expect(vars.find((v) => v.name === 'baseUrl')?.value).toBe('https://staging2.example');
    expect(vars.find((v) => v.name === 'apiKey')?.value).not.toBe(''); // masked, but kept
    expect(await teamDatabaseText()).not.toContain('bobs-own-key-1234');
  }, 30_000);
});
