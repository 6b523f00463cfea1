/**
 * "Run folder" through the real API against the real stdio fixture peer: items in order, an
 * answer captured into a later item, a failed assertion reported with the reason, a secret masked
 * in the report.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { peerPath } from '@/tests/fixtures/peers/start-peer';
import type { RunReport } from '@/lib/collections';
import { startTestServer, type TestServer } from '../helpers/test-server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.stop();
});

const target = { kind: 'stdio', command: process.execPath, args: [peerPath('stdio-peer'), '--framing', 'newline'], framing: 'newline' };

describe('Run folder', () => {
  it('runs the folder in order with captures, and reports each assertion', async () => {
    const env = await t.api<{ environment: { id: string } }>('POST', '/api/environments', { name: 'Run env', variables: [{ name: 'key', value: 'sk-run-31337', secret: true }] });
    const c = await t.api<{ collection: { id: string } }>('POST', '/api/collections', { name: 'Math' });
    const id = c.json.collection.id;
    const folder = await t.api<{ folder: { id: string } }>('POST', `/api/collections/${id}/folders`, { name: 'Arithmetic' });
    const add = (name: string, text: string, checks: unknown) =>
      t.api('POST', `/api/collections/${id}/items`, { kind: 'request', name, payload: { text }, target, checks, folderId: folder.json.folder.id });
    await add('subtract', '{"jsonrpc":"2.0","id":1,"method":"subtract","params":[42,23]}', {
      assertions: [{ kind: 'equals', path: '$.result', value: 19 }, { kind: 'latency', ms: 10000 }], captures: [{ variable: 'diff', path: '$.result' }],
    });
    await add('echo diff', '{"jsonrpc":"2.0","id":2,"method":"echo","params":{"d":{{diff}},"k":"{{key}}"}}', {
      assertions: [{ kind: 'equals', path: '$.result.d', value: 20 }], captures: [],
    });
    const run = await t.api<{ report: RunReport; sessionIds: string[] }>('POST', `/api/collections/${id}/run`, { folderId: folder.json.folder.id, environmentId: env.json.environment.id });
    expect(run.status).toBe(200);
    const { report } = run.json;
    expect(report.items.map((o) => [o.folder.join('/'), o.name, o.status])).toEqual([['Arithmetic', 'subtract', 'passed'], ['Arithmetic', 'echo diff', 'failed']]);
    expect(report.items[0].captured).toEqual(['diff']);
    expect(report.items[1].assertions[0]).toMatchObject({ pass: false, label: '$.result.d equals 20', detail: 'got 19' });
    expect(report.items[1].sent).toBe('{"jsonrpc":"2.0","id":2,"method":"echo","params":{"d":19,"k":"••••••••"}}');
    expect(JSON.stringify(run.json)).not.toContain('sk-run-31337');
    expect(run.json.sessionIds).toHaveLength(1);
    // The session the run opened shows the secret masked, like any run.
    const events = await t.api<{ events: { raw: string }[] }>('GET', `/api/sessions/${run.json.sessionIds[0]}/events`);
    expect(events.json.events.some((e) => e.raw.includes('"k":"••••••••"'))).toBe(true);
    expect(JSON.stringify(events.json)).not.toContain('sk-run-31337');
    await t.api('POST', `/api/sessions/${run.json.sessionIds[0]}/close`, {});

    const missing = await t.api<{ error: string }>('POST', `/api/collections/${id}/run`, { folderId: 'nope' });
    expect(missing.status).toBe(404);
  });
});
