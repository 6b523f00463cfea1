/**
 * A page reloaded (or a second tab opened) while a session is live subscribes from the last seq it
 * holds: it gets every later entry once, in order, in its answered form, and then follows live.
 * The bridge serves such a near subscriber from its in-memory ring (server/bridge-ring.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestServer, TOKEN, type TestServer } from '../helpers/test-server';
import { peerPath } from '@/tests/fixtures/peers/start-peer';
import type { ServerMessage } from '@/lib/session/bridge';
import { pageEvents } from '../helpers/bridge-events';
import { applyPatch } from '@/lib/session/patch';
import type { TrafficEvent } from '@/lib/session/types';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.stop());

async function until(what: string, pred: () => boolean, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A page's view: events by seq with patches applied, as the sessions store keeps them. */
async function page(sessionId: string, sinceSeq: number) {
  const ws = new WebSocket(`ws://127.0.0.1:${t.server.port}/bridge?token=${TOKEN}`, { headers: { origin: `http://127.0.0.1:${t.server.port}` } });
  const seqs: number[] = [];
  const bySeq = new Map<number, TrafficEvent>();
  let live = 0;
  ws.on('message', (data) => {
    const msg = JSON.parse(data.toString()) as ServerMessage;
    if (msg.type === 'rows' && msg.session === sessionId) for (const e of pageEvents(msg)) {
        seqs.push(e.seq);
        bySeq.set(e.seq, e);
      }
    if (msg.type === 'patches' && msg.session === sessionId) for (const p of msg.patches) if (bySeq.has(p.seq)) applyPatch(bySeq.get(p.seq)!, p);
    if (msg.type === 'session' && msg.summary.id === sessionId) live++;
  });
  await new Promise<void>((resolve, reject) => ws.once('open', () => resolve()).once('error', reject));
  ws.send(JSON.stringify({ type: 'subscribe', session: sessionId, sinceSeq }));
  await until('the subscription to go live', () => live > 0);
  return { ws, seqs, bySeq };
}

describe('a page reloaded while its session is live', () => {
  it('gets every entry after the one it had, once, in order and answered, then follows live', async () => {
    const session = await t.open({ kind: 'stdio', command: process.execPath, args: [peerPath('stdio-peer'), '--framing', 'newline'], framing: 'newline' });
    const first = await page(session.id, 0);
    for (let i = 1; i <= 20; i++) await t.send(session.id, JSON.stringify({ jsonrpc: '2.0', id: i, method: 'echo', params: { i } }));
    const recorded = await t.eventsUntil(session.id, (evs) => evs.filter((e) => e.kind === 'response').length === 20);
    const last = recorded[recorded.length - 1].seq;
    await until('the first page to have them all', () => first.seqs.at(-1) === last);
    const had = recorded.find((e) => e.method === 'echo' && e.id === 10)!.seq;

    const reloaded = await page(session.id, had);
    expect(reloaded.seqs).toEqual(recorded.filter((e) => e.seq > had).map((e) => e.seq));
    // Requests sent before the reload read as answered and paired, exactly as recorded.
    for (const e of recorded.filter((x) => x.seq > had)) {
      expect(reloaded.bySeq.get(e.seq)).toMatchObject({ state: e.state, pair: e.pair, raw: e.raw });
    }

    const seq = await t.send(session.id, JSON.stringify({ jsonrpc: '2.0', id: 99, method: 'echo', params: 'after' }));
    await until('the reloaded page to see the new answer', () => reloaded.bySeq.get(seq)?.state === 'answered');
    expect(new Set(reloaded.seqs).size).toBe(reloaded.seqs.length);
    first.ws.close();
    reloaded.ws.close();
  }, 30_000);
});
