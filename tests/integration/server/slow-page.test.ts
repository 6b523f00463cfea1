/**
 * A page that cannot keep up with a flood (its socket stops reading) is told how many entries it
 * is behind, catches up from the store, is told when it is live again, and ends with every entry
 * exactly once, in order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestServer, TOKEN, type TestServer } from '../helpers/test-server';
import { pageEvents } from '../helpers/bridge-events';
import { peerPath } from '@/tests/fixtures/peers/start-peer';
import type { ServerMessage } from '@/lib/session/bridge';
import type { SessionSummary } from '@/lib/session/types';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.stop());

async function until(what: string, pred: () => boolean | Promise<boolean>, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await pred())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('a page that falls behind a flood', () => {
  it('is told how many entries it is behind, catches up from the store, and misses nothing', async () => {
    const session = await t.open({ kind: 'stdio', command: process.execPath, args: [peerPath('stdio-peer'), '--framing', 'newline'], framing: 'newline' });
    const ws = new WebSocket(`ws://127.0.0.1:${t.server.port}/bridge?token=${TOKEN}`, { headers: { origin: `http://127.0.0.1:${t.server.port}` } });
    const seqs: number[] = [];
    const behind: number[] = [];
    let liveAgain = 0;
    ws.on('message', (data) => {
      const msg = JSON.parse(data.toString()) as ServerMessage;
      if (msg.type === 'rows' && msg.session === session.id) {
        for (const e of pageEvents(msg)) seqs.push(e.seq);
        // As the page does: it says how far it got, so the bridge sees it stop taking entries.
        if (seqs.length) ws.send(JSON.stringify({ type: 'ack', session: session.id, seq: seqs[seqs.length - 1] }));
      }
      if (msg.type === 'behind' && msg.session === session.id) behind.push(msg.behind);
      if (msg.type === 'session' && msg.summary.id === session.id) liveAgain++;
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.send(JSON.stringify({ type: 'subscribe', session: session.id, sinceSeq: 0 }));
    await until('the subscription to go live', () => liveAgain > 0);

    // The page stops reading while the peer floods.
    ws.pause();
    const n = 80_000;
    await t.send(session.id, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'flood', params: { n } }));
    let lastSeq = 0;
    await until('the flood to be recorded', async () => {
      const r = await t.api<{ session: SessionSummary }>('GET', `/api/sessions/${session.id}`);
      lastSeq = r.json.session.lastSeq;
      return r.json.session.counts.in >= n + 1;
    });
    ws.resume();

    await until('the page to catch up', () => seqs.length > 0 && seqs[seqs.length - 1] >= lastSeq && behind.at(-1) === 0);
    ws.close();

    expect(behind[0]).toBeGreaterThan(20_000);
    expect(behind.at(-1)).toBe(0);
    // Catching up, the distance shrinks (it is counted against the live session as pages arrive).
    const counting = behind.slice(0, -1);
    expect(counting.length).toBeGreaterThan(1);
    expect(Math.min(...counting)).toBeLessThan(behind[0]);
    // Every entry once, in order: nothing lost or doubled between live, replay and live again.
    expect(seqs.slice(0, lastSeq)).toEqual(Array.from({ length: lastSeq }, (_, i) => i + 1));
  }, 60_000);
});
