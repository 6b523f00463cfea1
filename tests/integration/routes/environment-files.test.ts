/**
 * Environment files and item checks through the real API: an exported environment carries its
 * secrets by name only, an import asks for them on first use, and a collection item keeps its
 * assertions and captures through the store and a collection file round trip.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { peerPath } from '@/tests/fixtures/peers/start-peer';
import { TOKEN, startTestServer, type TestServer } from '../helpers/test-server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.stop();
});

interface Env {
  id: string;
  name: string;
  variables: { name: string; value: string; secret: boolean }[];
}

describe('environment files', () => {
  it('exports secrets by name only; an import asks for them before a run uses them', async () => {
    const made = await t.api<{ environment: Env }>('POST', '/api/environments', {
      name: 'Staging',
      variables: [{ name: 'host', value: 'api.example', secret: false }, { name: 'apiKey', value: 'sk-very-secret-77', secret: true }],
    });
    const file = await t.raw({ path: `/api/environments/${made.json.environment.id}/export`, headers: { 'x-rpcscope-token': TOKEN } });
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toBe('attachment; filename="Staging.rpcscope-environment.json"');
    expect(file.text).not.toContain('sk-very-secret-77');
    expect(JSON.parse(file.text).variables).toEqual([{ name: 'host', value: 'api.example' }, { name: 'apiKey', secret: true }]);

    const imported = await t.api<{ environment: Env; secrets: string[] }>('POST', '/api/environments/import', { text: file.text });
    expect(imported.status).toBe(200);
    expect(imported.json.environment.name).toBe('Staging (2)');
    expect(imported.json.secrets).toEqual(['apiKey']);
    // Empty, not the mask: the page shows the secret still needs its value.
    expect(imported.json.environment.variables).toEqual([{ name: 'host', value: 'api.example', secret: false }, { name: 'apiKey', value: '', secret: true }]);
    const envId = imported.json.environment.id;

    const preview = await t.api<{ text: string; needsValue?: string }>('POST', `/api/environments/${envId}/preview`, { text: '{"key":"{{apiKey}}"}' });
    expect(preview.json.needsValue).toBe('{{apiKey}} is a secret imported without its value: type it in Environments first');

    const c = await t.api<{ collection: { id: string } }>('POST', '/api/collections', { name: 'Env use' });
    const item = await t.api<{ item: { id: string } }>('POST', `/api/collections/${c.json.collection.id}/items`, {
      kind: 'raw', name: 'uses key', payload: { text: '{"jsonrpc":"2.0","id":1,"method":"echo","params":["{{apiKey}}"]}' },
      target: { kind: 'stdio', command: process.execPath, args: [peerPath('stdio-peer'), '--framing', 'newline'], framing: 'newline' },
    });
    const refused = await t.api<{ error: string }>('POST', `/api/collections/${c.json.collection.id}/items/${item.json.item.id}/run`, { environmentId: envId });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toBe('{{apiKey}} is a secret imported without its value: type it in Environments first');
  });

  it('refuses a bad file with the reason and creates nothing', async () => {
    const before = (await t.api<{ environments: Env[] }>('GET', '/api/environments')).json.environments.length;
    const bad = await t.api<{ error: string }>('POST', '/api/environments/import', {
      text: JSON.stringify({ format: 'rpcscope-environment', version: 1, name: 'x', variables: [{ name: 'k', value: 'leaked', secret: true }] }),
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toContain('"k" is secret, so the file must not carry its value');
    expect((await t.api<{ environments: Env[] }>('GET', '/api/environments')).json.environments.length).toBe(before);
  });
});

describe('item checks', () => {
  it('keeps assertions and captures in the store and through a collection file', async () => {
    const c = await t.api<{ collection: { id: string } }>('POST', '/api/collections', { name: 'Checked' });
    const id = c.json.collection.id;
    const checks = { assertions: [{ kind: 'equals', path: '$.result', value: 3 }], captures: [{ variable: 'sum', path: '$.result' }] };
    const item = await t.api<{ item: { id: string; checks?: unknown } }>('POST', `/api/collections/${id}/items`, { kind: 'request', name: 'add', payload: { text: '{}' }, checks });
    expect(item.json.item.checks).toEqual(checks);
    const bad = await t.api<{ error: string }>('PUT', `/api/collections/${id}/items/${item.json.item.id}`, { checks: { assertions: [{ kind: 'latency', ms: 0 }] } });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toContain('checks: assertions[0] (latency): ms must be a positive number');
    const file = await t.raw({ path: `/api/collections/${id}/export`, headers: { 'x-rpcscope-token': TOKEN } });
    expect(JSON.parse(file.text).items[0].checks).toEqual(checks);
    const cleared = await t.api<{ item: { checks?: unknown } }>('PUT', `/api/collections/${id}/items/${item.json.item.id}`, { checks: null });
    expect(cleared.json.item.checks).toBeUndefined();
    const back = await t.api<{ tree: { items: { checks?: unknown }[] } }>('POST', '/api/collections/import', { text: file.text });
    expect(back.json.tree.items[0].checks).toEqual(checks);
  });
});

describe('sending a builder message with {{variables}}', () => {
  it('fills values in on the server, shows the secret masked to the page, and names unknown variables', async () => {
    const env = await t.api<{ environment: Env }>('POST', '/api/environments', {
      name: 'Builder', variables: [{ name: 'n', value: '7', secret: false }, { name: 'key', value: 'sk-builder-4242', secret: true }],
    });
    const envId = env.json.environment.id;
    const target = { kind: 'stdio', command: process.execPath, args: [peerPath('stdio-peer'), '--framing', 'newline'], framing: 'newline' };
    const s = await t.api<{ session: { id: string } }>('POST', '/api/sessions', { target });
    const id = s.json.session.id;
    const sent = await t.api<{ seq: number }>('POST', `/api/sessions/${id}/send-with-environment`, {
      text: '{"jsonrpc":"2.0","id":1,"method":"echo","params":{"n":{{n}},"key":"{{key}}"}}', environmentId: envId,
    });
    expect(sent.status).toBe(200);
    let raw = '';
    for (let i = 0; i < 100 && !raw; i++) {
      const events = (await t.api<{ events: { seq: number; raw: string }[] }>('GET', `/api/sessions/${id}/events`)).json.events;
      raw = events.find((e) => e.seq === sent.json.seq)?.raw ?? '';
      if (!raw) await new Promise((r) => setTimeout(r, 50));
    }
    expect(raw).toBe('{"jsonrpc":"2.0","id":1,"method":"echo","params":{"n":7,"key":"••••••••"}}\n');
    const revealed = await t.api<{ event: { raw: string } }>('GET', `/api/sessions/${id}/events/${sent.json.seq}/revealed`);
    expect(revealed.json.event.raw).toContain('"key":"sk-builder-4242"');

    const unknown = await t.api<{ error: string }>('POST', `/api/sessions/${id}/send-with-environment`, { text: '{"a":"{{nope}}"}', environmentId: envId });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toBe('message uses {{nope}}: not defined in the chosen environment');
    await t.api('POST', `/api/sessions/${id}/close`, {});
  });
});
