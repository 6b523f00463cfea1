/**
 * One contract for the team store, run on both engines: a real PostgreSQL cluster and a real
 * SQLite file. Whatever the team server relies on is asserted here, once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTeamStore } from '../../../server/team/store/open';
import { TEAM_SCHEMA_VERSION } from '../../../server/team/store/migrations';
import { LastOwner, TooLarge, type TeamStore } from '../../../server/team/store/types';
import { postgresEngine, sqliteEngine } from './engines';

const target = { kind: 'http', url: 'http://127.0.0.1:9/rpc' } as const;
const ev = (seq: number, extra = '') => ({ seq, json: JSON.stringify({ seq, kind: 'request', raw: `{"id":${seq}}${extra}` }) });

describe.each([postgresEngine(), sqliteEngine()])('team store on $name', (engine) => {
  const open: TeamStore[] = [];
  async function fresh(): Promise<{ store: TeamStore; url: string }> {
    const url = await engine.fresh();
    const store = openTeamStore(url);
    open.push(store);
    await store.migrate();
    return { store, url };
  }
  async function withSession(store: TeamStore, live = false) {
    const u = await store.addUser(`pub${Math.random().toString(36).slice(2, 8)}`, 'member');
    const id = `s${Math.random().toString(36).slice(2, 10)}`;
    await store.createSession({ id, name: 'demo', target, startedAt: '2026-01-01T00:00:00.000Z', publishedBy: u.id, publishedAt: new Date().toISOString(), live });
    return { id, user: u };
  }

  beforeAll(() => engine.setup(), 60_000);
  afterAll(async () => {
    for (const s of open) await s.close().catch(() => {});
    await engine.teardown();
  }, 60_000);

  it('migrates once: a second start applies nothing and keeps the data', async () => {
    const { store, url } = await fresh();
    await store.addUser('ada', 'owner');
    const again = openTeamStore(url);
    open.push(again);
    expect(await again.migrate()).toEqual([]);
    expect((await again.user({ name: 'ada' }))?.role).toBe('owner');
    expect(TEAM_SCHEMA_VERSION).toBeGreaterThanOrEqual(1);
  });

  it('refuses a second user of the same name with a clear message', async () => {
    const { store } = await fresh();
    await store.addUser('bob', 'viewer');
    await expect(store.addUser('bob', 'member')).rejects.toThrow('there is already a user named bob');
    expect((await store.users()).map((u) => u.name)).toEqual(['bob']);
  });

  it('keeps at least one owner: two owners demoting each other at once leave one', async () => {
    const { store } = await fresh();
    const [a, b] = [await store.addUser('oa', 'owner'), await store.addUser('ob', 'owner')];
    await expect(store.setRole(a.id, 'member')).resolves.toBeUndefined();
    await expect(store.setRole(b.id, 'viewer')).rejects.toThrow(LastOwner);
    await store.setRole(a.id, 'owner');
    const both = await Promise.allSettled([store.setRole(a.id, 'member'), store.setRole(b.id, 'member')]);
    expect(both.filter((r) => r.status === 'rejected')).toHaveLength(1);
    expect((await store.users()).filter((u) => u.role === 'owner')).toHaveLength(1);
  });

  it('takes a sign-in code once, and never after it expired', async () => {
    const { store } = await fresh();
    const u = await store.addUser('cy', 'member');
    const soon = new Date(Date.now() + 60_000).toISOString();
    await store.addSignInCode(u.id, 'h1', soon);
    const [first, second] = await Promise.all([store.takeSignInCode('h1', new Date().toISOString()), store.takeSignInCode('h1', new Date().toISOString())]);
    expect([first, second].filter(Boolean)).toEqual([u.id]);
    await store.addSignInCode(u.id, 'h2', new Date(Date.now() - 1000).toISOString());
    expect(await store.takeSignInCode('h2', new Date().toISOString())).toBeUndefined();
  });

  it('keeps tokens by hash and marks a revoked one as revoked', async () => {
    const { store } = await fresh();
    const u = await store.addUser('dee', 'member');
    const t = await store.addToken(u.id, 'laptop', 'hash-1');
    expect((await store.tokenByHash('hash-1'))?.userId).toBe(u.id);
    expect(await store.revokeToken(t.id)).toBe(true);
    expect(await store.revokeToken(t.id)).toBe(false);
    expect((await store.tokenByHash('hash-1'))?.revokedAt).toBeTruthy();
  });

  it('appends events idempotently by seq and reads them back in order, exactly', async () => {
    const { store } = await fresh();
    const { id } = await withSession(store, true);
    expect(await store.appendEvents(id, [ev(0), ev(1), ev(2)], 1e9)).toEqual({ added: 3, lastSeq: 2 });
    // A retried append after a drop: the ones already there are skipped.
    expect(await store.appendEvents(id, [ev(1), ev(2), ev(3, ' "ünïcode" ✓')], 1e9)).toEqual({ added: 1, lastSeq: 3 });
    const got = await store.events(id, -1, 100);
    expect(got.map((e) => e.seq)).toEqual([0, 1, 2, 3]);
    expect(got[3].json).toBe(ev(3, ' "ünïcode" ✓').json);
    expect((await store.events(id, 1, 1)).map((e) => e.seq)).toEqual([2]);
    const s = await store.session(id);
    expect(s).toMatchObject({ lastSeq: 3, eventCount: 4, live: true, name: 'demo', target });
    await store.endLive(id);
    expect((await store.session(id))?.live).toBe(false);
  });

  it('refuses an append past the size cap and keeps none of it', async () => {
    const { store } = await fresh();
    const { id } = await withSession(store);
    await store.appendEvents(id, [ev(0)], 200);
    const big = Array.from({ length: 1200 }, (_, i) => ev(i + 1, 'x'.repeat(10)));
    await expect(store.appendEvents(id, big, 200)).rejects.toBeInstanceOf(TooLarge);
    expect((await store.events(id, -1, 10_000)).map((e) => e.seq)).toEqual([0]);
    expect((await store.session(id))?.eventCount).toBe(1);
  });

  it('keeps one probe report per published session, as its text; a second replaces the first', async () => {
    const { store } = await fresh();
    const { id } = await withSession(store);
    const { id: other } = await withSession(store);
    expect(await store.probe(id)).toBeUndefined();
    await store.putProbe(id, '{"format":"rpcscope-probe","n":1,"text":"ünïcode ✓"}');
    await store.putProbe(id, '{"format":"rpcscope-probe","n":2,"text":"ünïcode ✓"}');
    expect(await store.probe(id)).toBe('{"format":"rpcscope-probe","n":2,"text":"ünïcode ✓"}');
    expect(await store.probe(other)).toBeUndefined();
  });

  it('lists comments in the order they were made, with their author', async () => {
    const { store } = await fresh();
    const { id, user } = await withSession(store);
    await store.addComment(id, 4, user.id, 'why is this slow?');
    const c2 = await store.addComment(id, 5, user.id, 'second');
    expect(c2).toMatchObject({ seq: 5, author: user.name, text: 'second' });
    expect((await store.comments(id)).map((c) => [c.seq, c.text])).toEqual([[4, 'why is this slow?'], [5, 'second']]);
  });

  it('versions shared documents: a stale version is refused with the current one, nothing overwritten', async () => {
    const { store } = await fresh();
    const a = await store.addUser('ann', 'member');
    const b = await store.addUser('ben', 'member');
    expect(await store.putDoc('collection', 'api', 0, '{"v":"first"}', a.id)).toEqual({ ok: true, version: 1 });
    // Both pulled version 1 and push at once: exactly one wins.
    const results = await Promise.all([
      store.putDoc('collection', 'api', 1, '{"v":"ann"}', a.id),
      store.putDoc('collection', 'api', 1, '{"v":"ben"}', b.id),
    ]);
    const won = results.filter((r) => r.ok);
    const lost = results.filter((r) => !r.ok);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    const current = await store.doc('collection', 'api');
    expect(current?.version).toBe(2);
    if (!lost[0].ok) expect(lost[0].current?.body).toBe(current?.body);
    // Creating one that exists is a conflict too, not an overwrite.
    expect((await store.putDoc('collection', 'api', 0, '{}', a.id)).ok).toBe(false);
    expect((await store.docs('collection')).map((d) => d.name)).toEqual(['api']);
    expect(await store.docs('environment')).toEqual([]);
  });
});
