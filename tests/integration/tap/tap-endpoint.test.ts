/**
 * The app's /tap endpoint lets in only a tap: the key from the data directory, no browser Origin,
 * a summary of kind "tap" first. Anything else is refused and no session appears.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statSync } from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import { TAP_KEY_FILE, TAP_KEY_HEADER, TAP_PATH, type TapReply } from '@/lib/session/tap-wire';
import { readTapKey } from '@/server/tap/key';
import { startTestServer, type TestServer } from '../helpers/test-server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

function connect(headers: Record<string, string>): Promise<{ ws?: WebSocket; status?: number }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${t.server.port}${TAP_PATH}`, { headers });
    ws.once('open', () => resolve({ ws }));
    ws.once('unexpected-response', (_req, res) => resolve({ status: res.statusCode }));
    ws.once('error', () => resolve({}));
  });
}

const nextReply = (ws: WebSocket) => new Promise<TapReply>((r) => ws.once('message', (d) => r(JSON.parse(String(d)) as TapReply)));

describe('the app takes taps only from a tap', () => {
  it('keeps its tap key readable by the owner only', () => {
    expect(statSync(path.join(t.dir, TAP_KEY_FILE)).mode & 0o077).toBe(0);
  });

  it('refuses a wrong key, a missing key and any browser Origin', async () => {
    const key = readTapKey(t.dir)!;
    expect((await connect({ [TAP_KEY_HEADER]: 'f'.repeat(64) })).status).toBe(401);
    expect((await connect({})).status).toBe(401);
    expect((await connect({ [TAP_KEY_HEADER]: key, origin: `http://127.0.0.1:${t.server.port}` })).status).toBe(403);
  });

  it('refuses entries before the summary and a summary that is not a tap, and lists nothing', async () => {
    const key = readTapKey(t.dir)!;
    const { ws } = await connect({ [TAP_KEY_HEADER]: key });
    ws!.send(JSON.stringify({ type: 'events', events: [{ seq: 1, t: 0, time: 0, dir: 'out', raw: '{}', kind: 'request', findings: [] }] }));
    expect(await nextReply(ws!)).toEqual({ type: 'refused', reason: 'the summary comes first' });

    const again = (await connect({ [TAP_KEY_HEADER]: key })).ws!;
    const summary = { id: 'not-a-tap-1', name: 'x', target: { kind: 'stdio', command: 'node', framing: 'newline' }, status: 'open', startedAt: new Date().toISOString(), lastSeq: 0, counts: { events: 0, out: 0, in: 0, errors: 0, findings: 0 } };
    again.send(JSON.stringify({ type: 'summary', summary }));
    expect(await nextReply(again)).toEqual({ type: 'refused', reason: 'a tap session must have a tap target' });
    const listed = await t.api<{ sessions: { id: string }[] }>('GET', '/api/sessions');
    expect(listed.json.sessions.map((s) => s.id)).not.toContain('not-a-tap-1');
  });
});
