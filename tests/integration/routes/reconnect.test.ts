/** Reconnect through the real server: a new session on the same real stdio peer, linked to the old one. */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionSummary } from '@/lib/session/types';
import { startTestServer, type TestServer } from '../helpers/test-server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.stop());

const PEER = path.resolve('tests/fixtures/peers/stdio-peer.mjs');
const reconnect = (id: string) => t.api<{ session?: SessionSummary; error?: string }>('POST', `/api/sessions/${id}/reconnect`, {});

describe('Reconnect an ended session', () => {
  it('refuses a live session, then opens the same target as a new session linked to the ended one', async () => {
    const first = await t.open({ kind: 'stdio', command: process.execPath, args: [PEER], framing: 'content-length' }, { name: 'peer', timeoutMs: 5000 });
    const live = await reconnect(first.id);
    expect(live.status).toBe(409);
    expect(live.text).toContain('this session is still live: disconnect it first');

    await t.api('POST', `/api/sessions/${first.id}/close`, {});
    const again = await reconnect(first.id);
    expect(again.status, again.text).toBe(200);
    const second = again.json.session!;
    expect(second.id).not.toBe(first.id);
    expect(second).toMatchObject({ name: 'peer', target: first.target, status: 'open', reconnectOf: first.id });
    // The link is recorded, not only announced.
    const stored = await t.api<{ session: SessionSummary }>('GET', `/api/sessions/${second.id}`);
    expect(stored.json.session.reconnectOf).toBe(first.id);
    // And the new session talks to the peer.
    await t.send(second.id, '{"jsonrpc":"2.0","id":1,"method":"get_data"}');
    await t.eventsUntil(second.id, (evs) => evs.some((e) => e.kind === 'response'));
    await t.api('POST', `/api/sessions/${second.id}/close`, {});
  });

  it('says so for a session that does not exist', async () => {
    const r = await reconnect('nope');
    expect(r.status).toBe(404);
    expect(r.text).toContain('no session nope');
  });
});
