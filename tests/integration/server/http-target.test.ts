import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPeer, type RunningPeer } from '@/tests/fixtures/peers/start-peer';
import { startTestServer, type TestServer } from '../helpers/test-server';

let t: TestServer;
let html: RunningPeer;
let auth: RunningPeer;

beforeAll(async () => {
  [t, html, auth] = await Promise.all([startTestServer(), startPeer('http-peer', ['--html-error', '502']), startPeer('http-peer', ['--auth', 'letmein'])]);
});
afterAll(async () => {
  await Promise.all([t?.stop(), html?.stop(), auth?.stop()]);
});

describe('an HTTP target that answers with something other than JSON-RPC', () => {
  it('shows an HTML error page as text beside its status, and pairs it with the POST it answers', async () => {
    const s = await t.open({ kind: 'http', url: `http://127.0.0.1:${html.port}/rpc` });
    const seq = await t.send(s.id, '{"jsonrpc":"2.0","id":1,"method":"sum","params":[1,2]}');
    const events = await t.eventsUntil(s.id, (es) => es.some((e) => e.dir === 'in' && e.kind === 'parse-error'));
    const reply = events.find((e) => e.dir === 'in' && e.kind === 'parse-error')!;
    expect(reply.http?.status).toBe(502);
    expect(reply.raw).toMatch(/<html/i);
    expect(reply.pair).toBe(seq);
    const request = (await t.eventsUntil(s.id, (es) => es.find((e) => e.seq === seq)?.state === 'answered')).find((e) => e.seq === seq)!;
    expect(request.pair).toBe(reply.seq);
  });

  it('keeps the 401 status and its WWW-Authenticate header, and works once the Authorization header is set', async () => {
    const denied = await t.open({ kind: 'http', url: `http://127.0.0.1:${auth.port}/` });
    await t.send(denied.id, '{"jsonrpc":"2.0","id":1,"method":"get_data"}');
    const events = await t.eventsUntil(denied.id, (es) => es.some((e) => e.dir === 'in' && e.http?.status === 401));
    const reply = events.find((e) => e.dir === 'in' && e.http?.status === 401)!;
    expect(reply.http?.headers?.['www-authenticate']).toContain('Bearer');

    const allowed = await t.open({ kind: 'http', url: `http://127.0.0.1:${auth.port}/`, headers: { Authorization: 'Bearer letmein' } });
    await t.send(allowed.id, '{"jsonrpc":"2.0","id":1,"method":"get_data"}');
    const ok = await t.eventsUntil(allowed.id, (es) => es.some((e) => e.dir === 'in' && e.kind === 'response'));
    expect(ok.find((e) => e.kind === 'response')?.http?.status).toBe(200);
  });
});
