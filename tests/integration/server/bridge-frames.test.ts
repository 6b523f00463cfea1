/**
 * What a page following a session gets on the bridge (server/bridge-frames.ts): every entry once
 * and in order, each without its wire text except the newest of a batch (the rest is fetched by
 * seq, as the timeline does), and a rule's spec sentence by reference, read back as the sentence.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestServer, TOKEN, type TestServer } from '../helpers/test-server';
import { pageEvents } from '../helpers/bridge-events';
import { peerPath } from '@/tests/fixtures/peers/start-peer';
import type { EntryText } from '@/lib/api/entries';
import { RULES } from '@/lib/jsonrpc/rules/table';
import type { ServerMessage } from '@/lib/session/bridge';
import type { TrafficEvent } from '@/lib/session/types';
import { after, frameBatch, rowsFrame, TEXT_BUDGET } from '@/server/bridge-frames';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.stop());

async function until(what: string, pred: () => boolean, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A page on the bridge: every events frame as text and as the page reads it. */
async function follow(sessionId: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${t.server.port}/bridge?token=${TOKEN}`, { headers: { origin: `http://127.0.0.1:${t.server.port}` } });
  const frames: string[] = [];
  const seqs: number[] = [];
  const bySeq = new Map<number, TrafficEvent>();
  ws.on('message', (data) => {
    const text = data.toString();
    const msg = JSON.parse(text) as ServerMessage;
    if (msg.type !== 'rows' || msg.session !== sessionId) return;
    frames.push(text);
    for (const e of pageEvents(msg)) {
      seqs.push(e.seq);
      bySeq.set(e.seq, e);
    }
  });
  await new Promise<void>((resolve, reject) => ws.once('open', () => resolve()).once('error', reject));
  ws.send(JSON.stringify({ type: 'subscribe', session: sessionId, sinceSeq: 0 }));
  return { ws, frames, seqs, bySeq };
}

const stdioPeer = () => ({ kind: 'stdio', command: process.execPath, args: [peerPath('stdio-peer'), '--framing', 'newline'], framing: 'newline' });

describe('a page following a flooding session', () => {
  it('gets every entry once and in order, without the wire text of most; a left-out text is fetched by seq as recorded', async () => {
    const session = await t.open(stdioPeer());
    const page = await follow(session.id);
    const seq = await t.send(session.id, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'flood', params: { n: 3000 } }));
    const recorded = await t.eventsUntil(session.id, (evs) => evs.some((e) => e.pair === seq));
    const last = recorded[recorded.length - 1].seq;
    await until('the page to have every entry', () => page.seqs.at(-1) === last);
    expect(page.seqs).toEqual([...page.seqs].sort((a, b) => a - b));
    expect(new Set(page.seqs).size).toBe(page.seqs.length);
    expect(page.seqs.length).toBe(last);

    const withText = [...page.bySeq.values()].filter((e) => e.raw !== '');
    const without = [...page.bySeq.values()].filter((e) => e.raw === '');
    expect(without.length).toBeGreaterThan(withText.length);
    // The texts that came along are the recorded ones.
    const byRecorded = new Map(recorded.map((e) => [e.seq, e]));
    for (const e of withText) expect(e.raw).toBe(byRecorded.get(e.seq)!.raw);
    // Far fewer bytes than the entries in full.
    const sent = page.frames.reduce((n, f) => n + f.length, 0);
    expect(sent).toBeLessThan(JSON.stringify(recorded).length * 0.8);

    const asked = without.slice(0, 50).map((e) => e.seq);
    const got = await t.api<{ texts: EntryText[] }>('POST', `/api/sessions/${session.id}/texts`, { seqs: asked });
    expect(got.status).toBe(200);
    expect(got.json.texts.map((x) => x.seq)).toEqual(asked);
    for (const x of got.json.texts) expect(x.raw).toBe(byRecorded.get(x.seq)!.raw);
    page.ws.close();
  });

  it("shows a finding's spec sentence though the frame names only its rule", async () => {
    const session = await t.open(stdioPeer());
    const page = await follow(session.id);
    const seq = await t.send(session.id, '{"jsonrpc":"1.0","id":7,"method":"echo","params":[1]}');
    await until('the entry with its finding', () => (page.bySeq.get(seq)?.findings.length ?? 0) > 0);
    const finding = page.bySeq.get(seq)!.findings.find((f) => RULES.get(f.rule)?.spec)!;
    const sentence = RULES.get(finding.rule)!.spec;
    expect(finding.spec).toBe(sentence);
    expect(page.frames.join('')).not.toContain(sentence);
    // The recording reads back with the same sentence.
    const [stored] = (await t.api<{ events: TrafficEvent[] }>('GET', `/api/sessions/${session.id}/events?sinceSeq=${seq - 1}&limit=1`)).json.events;
    expect(stored.findings.find((f) => f.rule === finding.rule)?.spec).toBe(sentence);
    page.ws.close();
  });

  it('a page that subscribes while the flood runs gets every entry exactly once', async () => {
    const session = await t.open(stdioPeer());
    const seq = await t.send(session.id, JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'flood', params: { n: 5000 } }));
    const late = await follow(session.id);
    const recorded = await t.eventsUntil(session.id, (evs) => evs.some((e) => e.pair === seq));
    const last = recorded[recorded.length - 1].seq;
    await until('the late page to have every entry', () => late.seqs.at(-1) === last);
    expect(late.seqs).toEqual(recorded.map((e) => e.seq));
    late.ws.close();
  });
});

describe('frames made once per batch', () => {
  const ev = (seq: number, raw: string): TrafficEvent => ({ seq, t: seq, time: seq, dir: 'in', kind: 'notification', method: 'flood', raw, findings: [] });

  it('a page whose last seq falls inside a batch gets the rest of it, each with its own text when the text came along', () => {
    const batch = frameBatch([1, 2, 3, 4, 5].map((s) => ev(s, `{"n":${s}}`)));
    expect(batch.texts).toHaveLength(5);
    const rest = after(batch, 3)!;
    const msg = JSON.parse(rowsFrame('s', [rest])) as Extract<ServerMessage, { type: 'rows' }>;
    expect(pageEvents(msg).map((e) => e.seq)).toEqual([4, 5]);
    expect(pageEvents(msg).map((e) => e.raw)).toEqual(['{"n":4}', '{"n":5}']);
    expect(after(batch, 5)).toBeUndefined();
  });

  it('sends the texts of the newest entries only, under the budget; the rest travel without', () => {
    const big = 'x'.repeat(TEXT_BUDGET / 4);
    const batch = frameBatch([1, 2, 3, 4, 5, 6, 7, 8].map((s) => ev(s, big)));
    const msg = JSON.parse(rowsFrame('s', [batch])) as Extract<ServerMessage, { type: 'rows' }>;
    expect(msg.texts?.map((x) => x.seq)).toEqual([5, 6, 7, 8]);
    expect(batch.json).not.toContain(big);
    const sliced = JSON.parse(rowsFrame('s', [after(batch, 6)!])) as Extract<ServerMessage, { type: 'rows' }>;
    expect(sliced.texts?.map((x) => x.seq)).toEqual([7, 8]);
  });
});
