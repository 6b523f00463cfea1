import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializeSessionFile } from '@/lib/session/file-format';
import type { SessionFileV1, SessionSummary } from '@/lib/session/types';
import { SECRET_MASK } from '@/lib/variables';
import { httpSession, stdioSession } from '../../unit/redaction/seeded';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { peerPath } from '@/tests/fixtures/peers/start-peer';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.stop();
});

type Entry = SessionSummary & { durationMs?: number; live: boolean; shared: boolean };

const importAs = async (file: SessionFileV1, name: string) =>
  (await t.api<{ session: SessionSummary }>('POST', `/api/import/session?name=${encodeURIComponent(name)}`, serializeSessionFile(file))).json.session;

describe('history', () => {
  it('lists every session with counts and duration, and filters by text, target kind, target, tag and errors', async () => {
    const a = await importAs(httpSession(), 'eth node calls');
    const b = await importAs(stdioSession(), 'language server');
    await t.api('PUT', `/api/history/${b.id}`, { tags: ['lsp', 'bug-42'] });

    const all = await t.api<{ sessions: Entry[]; hasMore: boolean }>('GET', '/api/history');
    expect(all.json.sessions.map((s) => s.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    const entryA = all.json.sessions.find((s) => s.id === a.id)!;
    expect(entryA).toMatchObject({ imported: true, live: false, shared: false, counts: { events: 5, errors: 1 } });
    expect(entryA.durationMs).toBe(50); // start to the last event

    const q = async (query: string) => (await t.api<{ sessions: Entry[] }>('GET', `/api/history?${query}`)).json.sessions.map((s) => s.id);
    expect(await q('search=language')).toEqual([b.id]);
    expect(await q('kind=stdio')).toEqual([b.id]);
    expect(await q('target=8545')).toEqual([a.id]);
    expect(await q('tag=lsp')).toEqual([b.id]);
    expect(await q('errors=1')).toEqual([a.id]);
    expect(await q('limit=1')).toHaveLength(1);
    const bad = await t.api<{ error: string }>('GET', '/api/history?kind=ftp');
    expect(bad.status).toBe(400);
    expect(bad.json.error).toContain('kind must be one of');
    expect((await t.api<{ tags: { tag: string; count: number }[] }>('GET', '/api/history/tags')).json.tags).toEqual([
      { tag: 'bug-42', count: 1 },
      { tag: 'lsp', count: 1 },
    ]);
  });

  it('renames, tags and deletes a session; a bad name or tag is refused with the reason', async () => {
    const s = await importAs(httpSession(), 'to edit');
    const renamed = await t.api<{ session: Entry }>('PUT', `/api/history/${s.id}`, { name: 'renamed', tags: ['a', 'a', 'b'] });
    expect(renamed.json.session).toMatchObject({ name: 'renamed', tags: ['a', 'b'] });
    const bad = await t.api<{ error: string }>('PUT', `/api/history/${s.id}`, { name: 'x\u0007y' });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toContain('control characters');
    // Opening it read-only is the events route.
    expect((await t.api<{ events: unknown[] }>('GET', `/api/sessions/${s.id}/events`)).json.events).toHaveLength(5);
    expect((await t.api('DELETE', `/api/history/${s.id}`)).status).toBe(200);
    expect((await t.api('GET', `/api/history/${s.id}`)).status).toBe(404);
    expect((await t.api('DELETE', `/api/history/${s.id}`)).status).toBe(404);
  });
});

describe('environments', () => {
  it('never send a secret value back, keep it when the mask comes back, and preview substitutions masked', async () => {
    const created = await t.api<{ environment: { id: string; variables: { name: string; value: string; secret: boolean }[] } }>('POST', '/api/environments', {
      name: 'staging',
      variables: [
        { name: 'host', value: '127.0.0.1:8545', secret: false },
        { name: 'token', value: 'super-secret-token-1', secret: true },
      ],
    });
    expect(created.status).toBe(200);
    const id = created.json.environment.id;
    expect(JSON.stringify(created.json)).not.toContain('super-secret-token-1');
    expect(created.json.environment.variables[1]).toEqual({ name: 'token', value: SECRET_MASK, secret: true });

    // The UI sends back what it got (the mask) while changing something else: the secret survives.
    const vars = created.json.environment.variables.map((v) => (v.name === 'host' ? { ...v, value: 'localhost:8545' } : v));
    const updated = await t.api('PUT', `/api/environments/${id}`, { variables: vars });
    expect(updated.status).toBe(200);
    const preview = await t.api<{ text: string; target: { url: string; headers: Record<string, string> }; unknown: unknown[] }>('POST', `/api/environments/${id}/preview`, {
      text: '{"auth":"{{token}}","missing":"{{nope}}"}',
      target: { kind: 'http', url: 'http://{{host}}/', headers: { Authorization: 'Bearer {{token}}' } },
    });
    expect(preview.json.text).toBe(`{"auth":"${SECRET_MASK}","missing":"{{nope}}"}`);
    expect(preview.json.target).toMatchObject({ url: 'http://localhost:8545/', headers: { Authorization: `Bearer ${SECRET_MASK}` } });
    expect(preview.json.unknown).toEqual([{ name: 'nope', where: 'text' }]);
    expect(JSON.stringify(preview.json)).not.toContain('super-secret-token-1');

    const one = await t.api('PUT', `/api/environments/${id}/variables/token`, { value: SECRET_MASK, secret: false });
    expect(one.status).toBe(200);
    const listed = await t.api<{ environments: { id: string; variables: { name: string; value: string }[] }[] }>('GET', '/api/environments');
    expect(listed.json.environments.find((e) => e.id === id)!.variables.find((v) => v.name === 'token')!.value).toBe('super-secret-token-1');

    const badName = await t.api<{ error: string }>('PUT', `/api/environments/${id}/variables/${encodeURIComponent('bad name')}`, { value: 'x' });
    expect(badName.status).toBe(400);
    expect((await t.api('DELETE', `/api/environments/${id}/variables/token`)).status).toBe(200);
    expect((await t.api('DELETE', `/api/environments/${id}`)).status).toBe(200);
    expect((await t.api('GET', `/api/environments/${id}`)).status).toBe(404);
  });
});

// Last: a live session would otherwise show up in the filters above.
describe('history of a live session', () => {
  it('renaming and tagging a live session sticks: the live summary follows the stored labels', async () => {
    const live = await t.open({ kind: 'stdio', command: process.execPath, args: [peerPath('stdio-peer'), '--framing', 'newline'], framing: 'newline' });
    await t.api('PUT', `/api/history/${live.id}`, { name: 'my language server', tags: ['today'] });
    await t.send(live.id, '{"jsonrpc":"2.0","id":1,"method":"get_data"}');
    const listed = (await t.api<{ sessions: SessionSummary[] }>('GET', '/api/sessions')).json.sessions.find((s) => s.id === live.id);
    expect(listed).toMatchObject({ name: 'my language server', tags: ['today'], status: 'open' });
    await t.api('POST', `/api/sessions/${live.id}/close`);
    expect((await t.api<{ session: SessionSummary }>('GET', `/api/sessions/${live.id}`)).json.session.name).toBe('my language server');
  });
});
