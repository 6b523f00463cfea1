/**
 * A page that acknowledges what it takes (as the app's page does) gets a flood as few, large
 * frames: a session hands on every 1024 events (server/session/outbox.ts), and what it hands on
 * while the page has not yet acknowledged the last frame joins the next one (server/bridge.ts),
 * complete and in order, with each patch after the entry it names.
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

/** A page on the bridge; `ackAfterMs` set: it acknowledges each rows frame that long after it came (busy rendering), else never. */
async function page(sessionId: string, ackAfterMs?: number) {
  const ws = new WebSocket(`ws://127.0.0.1:${t.server.port}/bridge?token=${TOKEN}`, { headers: { origin: `http://127.0.0.1:${t.server.port}` } });
  const seqs: number[] = [];
  const have = new Set<number>();
  const frames: number[] = [];
  /** Patches that named an entry this page did not have yet. */
  const early: number[] = [];
  let live = false;
  ws.on('message', (data) => {
    const msg = JSON.parse(data.toString()) as ServerMessage;
    if (msg.type === 'session' && msg.summary.id === sessionId) live = true;
    if (msg.type === 'patches' && msg.session === sessionId) for (const p of msg.patches) if (!have.has(p.seq)) early.push(p.seq);
    if (msg.type !== 'rows' || msg.session !== sessionId) return;
    const rows = pageEvents(msg);
    frames.push(rows.length);
    for (const e of rows) {
      seqs.push(e.seq);
      have.add(e.seq);
    }
    const last = seqs[seqs.length - 1];
    if (ackAfterMs !== undefined && last !== undefined) setTimeout(() => ws.send(JSON.stringify({ type: 'ack', session: sessionId, seq: last })), ackAfterMs);
  });
  await new Promise<void>((resolve, reject) => ws.once('open', () => resolve()).once('error', reject));
  ws.send(JSON.stringify({ type: 'subscribe', session: sessionId, sinceSeq: 0 }));
  await until('the subscription to go live', () => live);
  return { ws, seqs, frames, early };
}

describe('a flood to a page that acknowledges', () => {
  it('arrives as few frames, every entry once and in order, patches after their entries', async () => {
    const session = await t.open({ kind: 'stdio', command: process.execPath, args: [peerPath('stdio-peer'), '--framing', 'newline'], framing: 'newline' });
    // One page takes a while over each frame (as a page rendering does); the other never acknowledges (a script: no flow control).
    const busy = await page(session.id, 40);
    const plain = await page(session.id);
    const n = 30_000;
    const seq = await t.send(session.id, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'flood', params: { n } }));
    let lastSeq = 0;
    await until('the flood and its answer to be recorded', async () => {
      const r = await t.api<{ session: SessionSummary }>('GET', `/api/sessions/${session.id}`);
      lastSeq = r.json.session.lastSeq;
      return r.json.session.counts.in >= n + 1;
    });
    await until('both pages to have every entry', () => busy.seqs.at(-1) === lastSeq && plain.seqs.at(-1) === lastSeq);
    for (const p of [busy, plain]) {
      expect(p.seqs).toEqual(Array.from({ length: lastSeq }, (_, i) => i + 1));
      expect(p.early).toEqual([]);
    }
    // The page that acknowledges got the same entries in fewer, larger frames than one frame per hand-on.
    const entries = busy.frames.reduce((a, b) => a + b, 0);
    expect(busy.frames.length).toBeLessThan(plain.frames.length);
    expect(entries / busy.frames.length).toBeGreaterThan(1024);
    // No frame is larger than a page reads in one task.
    expect(Math.max(...busy.frames)).toBeLessThanOrEqual(4096 + 1024);
    expect(seq).toBeGreaterThan(0);
    busy.ws.close();
    plain.ws.close();
  });
});
