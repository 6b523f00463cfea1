import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { peerPath } from '@/tests/fixtures/peers/start-peer';
import type { SessionSummary, TrafficEvent } from '@/lib/session/types';
import { startTestServer, type TestServer } from '../helpers/test-server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.stop();
});

interface Tree {
  collection: { id: string; name: string; itemCount: number };
  items: { id: string; name: string; payload: unknown; target?: unknown }[];
  folders: { id: string; name: string; items: { name: string }[]; folders: unknown[] }[];
}

const hover = { jsonrpc: '2.0', id: 1, method: 'textDocument/hover', params: { position: { line: 0, character: 0 } } };
const stdioTarget = { kind: 'stdio', command: process.execPath, args: [peerPath('stdio-peer'), '--framing', 'newline'], framing: 'newline' };

async function waitForEvents(sessionId: string, pred: (events: TrafficEvent[]) => boolean): Promise<TrafficEvent[]> {
  for (let i = 0; i < 100; i++) {
    const r = await t.api<{ events: TrafficEvent[] }>('GET', `/api/sessions/${sessionId}/events`);
    if (pred(r.json.events)) return r.json.events;
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error('timed out waiting for events');
}

describe('collections through the API', () => {
  it('saves requests in folders, renames, moves and deletes them', async () => {
    const c = await t.api<{ collection: { id: string } }>('POST', '/api/collections', { name: 'LSP' });
    expect(c.status).toBe(200);
    const id = c.json.collection.id;
    const folder = await t.api<{ folder: { id: string } }>('POST', `/api/collections/${id}/folders`, { name: 'documents' });
    const item = await t.api<{ item: { id: string } }>('POST', `/api/collections/${id}/items`, { kind: 'request', name: 'hover', payload: hover, folderId: folder.json.folder.id });
    expect(item.status).toBe(200);
    const moved = await t.api<{ item: { folderId: string | null; name: string } }>('PUT', `/api/collections/${id}/items/${item.json.item.id}`, { name: 'hover 0:0', folderId: null });
    expect(moved.json.item).toMatchObject({ folderId: null, name: 'hover 0:0' });
    const tree = await t.api<{ tree: Tree }>('GET', `/api/collections/${id}`);
    expect(tree.json.tree.items.map((i) => i.name)).toEqual(['hover 0:0']);
    expect((await t.api('PUT', `/api/collections/${id}/folders/${folder.json.folder.id}`, { name: 'docs' })).status).toBe(200);
    expect((await t.api('DELETE', `/api/collections/${id}/folders/${folder.json.folder.id}`)).status).toBe(200);
    expect((await t.api('DELETE', `/api/collections/${id}/items/${item.json.item.id}`)).status).toBe(200);
    expect((await t.api('DELETE', `/api/collections/${id}/items/${item.json.item.id}`)).status).toBe(404);
    const bad = await t.api<{ error: string }>('POST', `/api/collections/${id}/items`, { kind: 'script', name: 'x', payload: {} });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toContain('item kind must be one of request, batch, raw');
  });

  it('exports a collection file and imports it back as an equal collection, secrets written as {{refs}}', async () => {
    await t.api('POST', '/api/environments', { name: 'secrets', variables: [{ name: 'token', value: 'tkn-0123456789', secret: true }] });
    const c = await t.api<{ collection: { id: string } }>('POST', '/api/collections', { name: 'Round trip' });
    const id = c.json.collection.id;
    const f = await t.api<{ folder: { id: string } }>('POST', `/api/collections/${id}/folders`, { name: 'inner' });
    await t.api('POST', `/api/collections/${id}/items`, { kind: 'raw', name: 'raw', payload: { text: '{"a":1}\r\n' }, folderId: f.json.folder.id });
    await t.api('POST', `/api/collections/${id}/items`, {
      kind: 'request', name: 'authed', payload: hover, target: { kind: 'http', url: 'http://127.0.0.1:9/', headers: { Authorization: 'Bearer tkn-0123456789' } },
    });
    const exported = await t.raw({ path: `/api/collections/${id}/export`, headers: { 'x-rpcscope-token': 'routes-test-token-0123456789abcdef012345' } });
    expect(exported.status).toBe(200);
    expect(exported.headers['content-disposition']).toBe('attachment; filename="Round-trip.rpcscope-collection.json"');
    expect(exported.text).not.toContain('tkn-0123456789');
    expect(exported.text).toContain('Bearer {{token}}');

    const imported = await t.api<{ tree: Tree; counts: { items: number; folders: number } }>('POST', '/api/collections/import', { text: exported.text });
    expect(imported.status).toBe(200);
    expect(imported.json.tree.collection.name).toBe('Round trip (2)');
    expect(imported.json.counts).toEqual({ items: 2, folders: 1 });
    const again = await t.raw({ path: `/api/collections/${imported.json.tree.collection.id}/export`, headers: { 'x-rpcscope-token': 'routes-test-token-0123456789abcdef012345' } });
    expect(again.text.replace('"Round trip (2)"', '"Round trip"')).toBe(exported.text);
  });

  it('refuses a forged or future-version file whole, naming each bad entry, and creates nothing', async () => {
    const before = (await t.api<{ collections: unknown[] }>('GET', '/api/collections')).json.collections.length;
    const future = await t.api<{ error: string }>('POST', '/api/collections/import', { text: JSON.stringify({ format: 'rpcscope-collection', version: 9, name: 'x', items: [], folders: [] }) });
    expect(future.status).toBe(400);
    expect(future.json.error).toContain('made by a newer rpcscope');
    const forged = await t.api<{ error: string; errors: { entry: string; message: string }[] }>('POST', '/api/collections/import', {
      text: JSON.stringify({
        format: 'rpcscope-collection', version: 1, name: 'forged',
        items: [{ name: 'ok', kind: 'request', payload: hover }, { name: 'bad', kind: 'exec', payload: {} }],
        folders: [{ name: 'f', items: [{ name: 'deep', kind: 'request', payload: JSON.parse('['.repeat(70) + ']'.repeat(70)) }], folders: [] }],
      }),
    });
    expect(forged.status).toBe(400);
    expect(forged.json.errors).toEqual([
      { entry: 'items[1] "bad"', message: 'kind must be one of request, batch, raw' },
      { entry: 'folders[0] "f" › items[0] "deep"', message: 'payload is nested more than 64 levels deep' },
    ]);
    expect((await t.api<{ collections: unknown[] }>('GET', '/api/collections')).json.collections.length).toBe(before);
  });

  it('treats names as labels: "../../x", "CON" and a 10k-character name create no file outside the data directory', async () => {
    const beside = () => readdirSync(t.parent).sort();
    const inside = () => readdirSync(t.dir).sort();
    const before = { beside: beside(), inside: inside() };
    for (const name of ['../../x', 'CON', '..\\..\\y', '/etc/passwd']) {
      const r = await t.api<{ collection: { id: string; name: string } }>('POST', '/api/collections', { name });
      expect(r.status, name).toBe(200);
      expect(r.json.collection.name).toBe(name);
      const exp = await t.raw({ path: `/api/collections/${r.json.collection.id}/export`, headers: { 'x-rpcscope-token': 'routes-test-token-0123456789abcdef012345' } });
      expect(exp.headers['content-disposition']).toMatch(/^attachment; filename="[A-Za-z0-9][A-Za-z0-9._-]*"$/);
    }
    const long = await t.api<{ error: string }>('POST', '/api/collections', { name: 'n'.repeat(10_000) });
    expect(long.status).toBe(400);
    expect(long.json.error).toContain('longer than 200 characters');
    const env = await t.api('POST', '/api/environments', { name: '../../env' });
    expect(env.status).toBe(200);
    expect(beside()).toEqual(before.beside);
    // SQLite may add its -wal/-shm companions; nothing else appears.
    expect(inside().filter((f) => !f.startsWith('rpcscope.db'))).toEqual(before.inside.filter((f) => !f.startsWith('rpcscope.db')));
  });

  it('imports an OpenRPC document as one request per method', async () => {
    const doc = { openrpc: '1.2.6', info: { title: 'Calc', version: '1' }, methods: [{ name: 'add', params: [{ name: 'a', schema: {} }, { name: 'b', schema: {} }], result: { name: 'sum', schema: {} }, examples: [{ name: 'e', params: [{ name: 'a', value: 1 }, { name: 'b', value: 2 }], result: { name: 'sum', value: 3 } }] }] };
    const r = await t.api<{ tree: Tree }>('POST', '/api/collections/import/openrpc', { document: doc });
    expect(r.status).toBe(200);
    expect(r.json.tree.items.map((i) => i.payload)).toEqual([{ jsonrpc: '2.0', id: 1, method: 'add', params: [1, 2] }]);
    const bad = await t.api<{ errors: unknown[] }>('POST', '/api/collections/import/openrpc', { text: '{"openrpc":"1.2.6","methods":[{"params":[]}]}' });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual([{ entry: 'methods[0]', message: 'a method needs a name' }]);
  });

  it('runs an item against its own target with the environment filled in, and in an open session', async () => {
    const env = await t.api<{ environment: { id: string } }>('POST', '/api/environments', { name: 'run env', variables: [{ name: 'word', value: 'hello "there"', secret: true }] });
    const c = await t.api<{ collection: { id: string } }>('POST', '/api/collections', { name: 'runs' });
    const item = await t.api<{ item: { id: string } }>('POST', `/api/collections/${c.json.collection.id}/items`, {
      kind: 'request', name: 'echo', target: stdioTarget, payload: { text: '{"jsonrpc":"2.0","id":"r1","method":"echo","params":{"w":"{{word}}"}}' },
    });
    const url = `/api/collections/${c.json.collection.id}/items/${item.json.item.id}/run`;
    const missing = await t.api<{ error: string }>('POST', url, {});
    expect(missing.status).toBe(400);
    expect(missing.json.error).toContain('payload uses {{word}}');

    const run = await t.api<{ session: SessionSummary; seq: number }>('POST', url, { environmentId: env.json.environment.id });
    expect(run.status).toBe(200);
    const sessionId = run.json.session.id;
    const events = await waitForEvents(sessionId, (evs) => evs.some((e) => e.dir === 'in' && e.kind === 'response'));
    // The page sees the secret masked; the entry in clear is the inspector's reveal.
    expect(events.find((e) => e.seq === run.json.seq)!.masked).toEqual(['word']);
    const sent = (await t.api<{ event: TrafficEvent }>('GET', `/api/sessions/${sessionId}/events/${run.json.seq}/revealed`)).json.event;
    expect(JSON.parse(sent.raw).params.w).toBe('hello "there"');

    const inSession = await t.api<{ seq: number }>('POST', url, { environmentId: env.json.environment.id, sessionId });
    expect(inSession.status).toBe(200);
    expect(inSession.json.seq).toBeGreaterThan(run.json.seq);
    await t.api('POST', `/api/sessions/${sessionId}/close`);
    const closed = await t.api<{ error: string }>('POST', url, { environmentId: env.json.environment.id, sessionId });
    expect(closed.status).toBe(409);
  });

  it('a saved batch\'s "auto" ids continue from the session\'s next id in a folder run; bad positions are refused', async () => {
    const c = await t.api<{ collection: { id: string } }>('POST', '/api/collections', { name: 'auto ids' });
    const items = `/api/collections/${c.json.collection.id}/items`;
    const bad = await t.api<{ error: string }>('POST', items, { kind: 'batch', name: 'bad', payload: { text: '[]', autoIds: ['x'] } });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toContain('payload.autoIds must hold entry positions');
    const batch = '[{"jsonrpc":"2.0","id":1,"method":"echo","params":["a"]},{"jsonrpc":"2.0","id":"typed","method":"echo","params":["b"]}]';
    await t.api('POST', items, { kind: 'batch', name: 'two echoes', target: stdioTarget, payload: { text: batch, autoIds: [0] } });
    const opened = await t.api<{ session: SessionSummary }>('POST', '/api/sessions', { target: stdioTarget, name: 'auto ids' });
    const sessionId = opened.json.session.id;
    const run = await t.api<{ report: { items: { sent?: string }[] } }>('POST', `/api/collections/${c.json.collection.id}/run`, { sessionId, firstAutoId: 41 });
    expect(run.status).toBe(200);
    expect(run.json.report.items[0].sent).toBe(batch.replace('"id":1,', '"id":41,'));
    const refused = await t.api<{ error: string }>('POST', `/api/collections/${c.json.collection.id}/run`, { sessionId, firstAutoId: -1 });
    expect(refused.status).toBe(400);
    await t.api('POST', `/api/sessions/${sessionId}/close`);
  });
});
