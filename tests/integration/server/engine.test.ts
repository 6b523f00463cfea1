import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestServer, TOKEN, type TestServer } from '../helpers/test-server';
import { peerPath } from '@/tests/fixtures/peers/start-peer';
import type { ServerMessage } from '@/lib/session/bridge';
import { pageEvents } from '../helpers/bridge-events';
import { applyPatch } from '@/lib/session/patch';
import type { SessionSummary, TrafficEvent } from '@/lib/session/types';

let t: TestServer;
const api = <T>(method: string, p: string, body?: unknown) => t.api<T>(method, p, body);
const server = { get port() { return t.server.port; } };

/** A bridge client that collects events per session and can wait for a condition. */
function bridge() {
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}/bridge?token=${TOKEN}`, { headers: { origin: `http://127.0.0.1:${server.port}` } });
  const events = new Map<number, TrafficEvent>();
  const seqsInOrder: number[] = [];
  ws.on('message', (data) => {
    const msg = JSON.parse(data.toString()) as ServerMessage;
    if (msg.type === 'rows') for (const e of pageEvents(msg)) { events.set(e.seq, e); seqsInOrder.push(e.seq); }
    if (msg.type === 'patches') for (const p of msg.patches) { const e = events.get(p.seq); if (e) applyPatch(e, p); }
  });
  const opened = new Promise<void>((resolve, reject) => { ws.once('open', () => resolve()); ws.once('error', reject); });
  const until = async (pred: () => boolean, what: string) => {
    for (let i = 0; i < 200; i++) { if (pred()) return; await new Promise((r) => setTimeout(r, 25)); }
    throw new Error(`timed out waiting for ${what}`);
  };
  return { ws, events, seqsInOrder, opened, until };
}

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.stop());

describe('a user connects to a stdio language-server-style peer and watches the traffic live', () => {
  let session: SessionSummary;

  it('connects to a Content-Length stdio target, sends a request and sees it answered and paired with a latency', async () => {
    const created = await api<{ session: SessionSummary }>('POST', '/api/sessions', {
      target: { kind: 'stdio', command: process.execPath, args: [peerPath('stdio-peer'), '--framing', 'content-length', '--banner'], framing: 'content-length' },
    });
    expect(created.status).toBe(200);
    session = created.json.session;
    const b = bridge();
    await b.opened;
    b.ws.send(JSON.stringify({ type: 'subscribe', session: session.id, sinceSeq: 0 }));
    const sent = await api<{ seq: number }>('POST', `/api/sessions/${session.id}/send`, { text: '{"jsonrpc":"2.0","id":0,"method":"subtract","params":[42,23]}' });
    expect(sent.status).toBe(200);
    await b.until(() => [...b.events.values()].some((e) => e.kind === 'response' && e.dir === 'in'), 'the response');
    const request = b.events.get(sent.json.seq)!;
    const response = [...b.events.values()].find((e) => e.kind === 'response')!;
    await b.until(() => request.state === 'answered', 'the request to be marked answered');
    expect(request.raw).toMatch(/^Content-Length: \d+\r\n\r\n\{"jsonrpc":"2.0","id":0,/);
    expect(response.id).toBe(0);
    expect(response.pair).toBe(request.seq);
    expect(request.pair).toBe(response.seq);
    expect(response.latencyMs).toBeGreaterThanOrEqual(0);
    expect(response.raw).toContain('"result":19');
    // The banner on stdout is kept as noise with its exact text, not dropped.
    const noise = [...b.events.values()].find((e) => e.kind === 'noise');
    expect(noise?.raw).toContain('fixture peer starting up');
    b.ws.close();
  });

  it('resumes after a reload with no gap: subscribing from the last seq seen delivers exactly the rest', async () => {
    const first = bridge();
    await first.opened;
    first.ws.send(JSON.stringify({ type: 'subscribe', session: session.id, sinceSeq: 0 }));
    await first.until(() => first.events.size >= 3, 'history');
    const lastSeen = Math.max(...first.events.keys());
    first.ws.close();

    // While nobody watches, more traffic happens.
    await api('POST', `/api/sessions/${session.id}/send`, { text: '{"jsonrpc":"2.0","id":"x","method":"echo","params":{"a":1}}' });
    await api('POST', `/api/sessions/${session.id}/send`, { text: '{not json' });

    const second = bridge();
    await second.opened;
    second.ws.send(JSON.stringify({ type: 'subscribe', session: session.id, sinceSeq: lastSeen }));
    await second.until(() => [...second.events.values()].some((e) => e.kind === 'parse-error' || (e.kind === 'error' && e.error?.code === -32700)), 'the replies');
    const seqs = second.seqsInOrder;
    expect(seqs[0]).toBe(lastSeen + 1);
    for (let i = 1; i < seqs.length; i++) expect(seqs[i]).toBe(seqs[i - 1] + 1);
    second.ws.close();
  });

  it('keeps the session after the target is closed and lists it with its counts', async () => {
    const closed = await api<{ session: SessionSummary }>('POST', `/api/sessions/${session.id}/close`);
    expect(closed.json.session.status).toBe('closed');
    const list = await api<{ sessions: SessionSummary[] }>('GET', '/api/sessions');
    const mine = list.json.sessions.find((s) => s.id === session.id)!;
    expect(mine.counts.out).toBeGreaterThanOrEqual(3);
    const sendAfterClose = await api<{ error: string }>('POST', `/api/sessions/${session.id}/send`, { text: '{}' });
    expect(sendAfterClose.status).toBe(409);
    expect(sendAfterClose.json.error).toMatch(/connect again/);
  });

  it('records the exit code of a target that crashes, its last stderr words, and ends the pending request as target-exited', async () => {
    const created = await api<{ session: SessionSummary }>('POST', '/api/sessions', {
      target: { kind: 'stdio', command: process.execPath, args: [peerPath('stdio-peer'), '--framing', 'newline'], framing: 'newline' },
    });
    const id = created.json.session.id;
    const sent = await api<{ seq: number }>('POST', `/api/sessions/${id}/send`, { text: '{"jsonrpc":"2.0","id":9,"method":"crash","params":{"code":3}}' });
    let events: TrafficEvent[] = [];
    for (let i = 0; i < 200 && !events.some((e) => e.kind === 'exit'); i++) {
      await new Promise((r) => setTimeout(r, 25));
      events = (await api<{ events: TrafficEvent[] }>('GET', `/api/sessions/${id}/events`)).json.events;
    }
    const exit = events.find((e) => e.kind === 'exit')!;
    expect(exit.process?.exitCode).toBe(3);
    expect(events.some((e) => e.kind === 'stderr' && e.raw.includes('crashing with exit code 3'))).toBe(true);
    await new Promise((r) => setTimeout(r, 100));
    events = (await api<{ events: TrafficEvent[] }>('GET', `/api/sessions/${id}/events`)).json.events;
    expect(events.find((e) => e.seq === sent.json.seq)?.state).toBe('target-exited');
    expect((await api<{ session: SessionSummary }>('GET', `/api/sessions/${id}`)).json.session.status).toBe('closed');
  });

  it('says in plain words when a command does not exist', async () => {
    const r = await api<{ error: string }>('POST', '/api/sessions', { target: { kind: 'stdio', command: 'definitely-not-a-command-xyz', framing: 'newline' } });
    expect(r.status).toBe(502);
    expect(r.json.error).toMatch(/not found|ENOENT/i);
  });

  it('refuses a malformed target with the field that is wrong', async () => {
    const r = await api<{ error: string }>('POST', '/api/sessions', { target: { kind: 'tcp', host: '127.0.0.1', port: 'x', framing: 'newline' } });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(/port/);
  });
});
