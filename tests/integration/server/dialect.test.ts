import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { peerPath } from '@/tests/fixtures/peers/start-peer';
import type { SessionSummary } from '@/lib/session/types';
import { startTestServer, type TestServer } from '../helpers/test-server';

let t: TestServer;
const api = <T>(method: string, p: string, body?: unknown) => t.api<T>(method, p, body);
const eventsUntil: TestServer['eventsUntil'] = (id, pred) => t.eventsUntil(id, pred);

const stdio = (framing: string, ...extra: string[]) => ({ kind: 'stdio', command: process.execPath, args: [peerPath('stdio-peer'), '--framing', framing, ...extra], framing });

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.stop());

describe('the session speaks the dialect the traffic shows', () => {
  it('detects LSP from an initialize request, says why in the timeline, and decodes -32001 the LSP way', async () => {
    const { json } = await api<{ session: SessionSummary }>('POST', '/api/sessions', { target: stdio('content-length') });
    const id = json.session.id;
    expect(json.session.dialect?.id).toBe('base');
    await api('POST', `/api/sessions/${id}/send`, { text: JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { processId: 1, rootUri: null, capabilities: {} } }) });
    await api('POST', `/api/sessions/${id}/send`, { text: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'fail', params: { code: -32001, message: 'nope' } }) });
    const events = await eventsUntil(id, (es) => es.some((e) => e.dir === 'in' && e.id === 1));
    expect(events.some((e) => e.kind === 'connection' && /dialect detected: .*Language Server/i.test(e.note ?? ''))).toBe(true);
    const answer = events.find((e) => e.dir === 'in' && e.id === 1)!;
    expect(answer.error).toMatchObject({ code: -32001, source: 'lsp', name: 'UnknownErrorCode' });
    const { json: after } = await api<{ session: SessionSummary }>('GET', `/api/sessions/${id}`);
    expect(after.session.dialect?.id).toBe('lsp');
    await api('POST', `/api/sessions/${id}/close`);
  });

  it('stays on plain JSON-RPC when nothing marks a dialect, and -32001 is just a server error', async () => {
    const { json } = await api<{ session: SessionSummary }>('POST', '/api/sessions', { target: stdio('newline') });
    const id = json.session.id;
    await api('POST', `/api/sessions/${id}/send`, { text: '{"jsonrpc":"2.0","id":1,"method":"fail","params":{"code":-32001}}' });
    const events = await eventsUntil(id, (es) => es.some((e) => e.dir === 'in' && e.id === 1));
    expect(events.find((e) => e.dir === 'in' && e.id === 1)!.error).toMatchObject({ code: -32001, source: 'jsonrpc' });
    expect((await api<{ session: SessionSummary }>('GET', `/api/sessions/${id}`)).json.session.dialect?.id).toBe('base');
    await api('POST', `/api/sessions/${id}/close`);
  });

  it('lets the user choose MCP, then cancels a pending request with notifications/cancelled', async () => {
    const { json } = await api<{ session: SessionSummary }>('POST', '/api/sessions', { target: stdio('newline'), dialect: 'mcp' });
    const id = json.session.id;
    expect(json.session.dialect).toMatchObject({ id: 'mcp', overridden: true });
    const sent = await api<{ seq: number }>('POST', `/api/sessions/${id}/send`, { text: '{"jsonrpc":"2.0","id":"slow","method":"sleep","params":{"ms":3000}}' });
    const cancelled = await api<{ seq: number }>('POST', `/api/sessions/${id}/cancel`, { seq: sent.json.seq, reason: 'user got bored' });
    expect(cancelled.status).toBe(200);
    const events = await eventsUntil(id, (es) => es.some((e) => e.seq === cancelled.json.seq));
    const cancel = events.find((e) => e.seq === cancelled.json.seq)!;
    expect(cancel.kind).toBe('notification');
    expect(cancel.method).toBe('notifications/cancelled');
    expect(JSON.parse(cancel.raw).params).toMatchObject({ requestId: 'slow', reason: 'user got bored' });
    await api('POST', `/api/sessions/${id}/close`);
  });

  it('refuses to cancel in plain JSON-RPC, which has no cancel message, and says so', async () => {
    const { json } = await api<{ session: SessionSummary }>('POST', '/api/sessions', { target: stdio('newline') });
    const id = json.session.id;
    const sent = await api<{ seq: number }>('POST', `/api/sessions/${id}/send`, { text: '{"jsonrpc":"2.0","id":5,"method":"sleep","params":{"ms":2000}}' });
    const r = await api<{ error: string }>('POST', `/api/sessions/${id}/cancel`, { seq: sent.json.seq });
    expect(r.status).toBe(409);
    expect(r.json.error).toMatch(/cancel/i);
    await api('POST', `/api/sessions/${id}/close`);
  });
});
