import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPeer, type RunningPeer } from '@/tests/fixtures/peers/start-peer';
import type { SessionSummary } from '@/lib/session/types';
import { startTestServer, type TestServer } from '../helpers/test-server';

const CAP = 256 * 1024;
let t: TestServer;
let slow: RunningPeer;

beforeAll(async () => {
  // The server-wide cap, read when a session's transport is made.
  process.env.RPCSCOPE_SEND_QUEUE_BYTES = String(CAP);
  [t, slow] = await Promise.all([startTestServer(), startPeer('http-peer')]);
});
afterAll(async () => {
  delete process.env.RPCSCOPE_SEND_QUEUE_BYTES;
  await Promise.all([t?.stop(), slow?.stop()]);
});

describe('a target that does not read', () => {
  it('refuses a send beyond the queue cap with 429 and says the target is not reading; nothing waits', async () => {
    // A real child that never reads its stdin: only the pipe and rpcscope's queue can hold what is sent.
    const s = await t.open({ kind: 'stdio', command: process.execPath, args: ['-e', 'setInterval(() => {}, 1e9)'], framing: 'newline' });
    const message = JSON.stringify({ jsonrpc: '2.0', method: 'fill', params: ['x'.repeat(32 * 1024)] });
    let refused: { status: number; json: { error?: string } } | undefined;
    let accepted = 0;
    for (let i = 0; i < 200 && !refused; i++) {
      const started = Date.now();
      const r = await t.api<{ seq?: number; error?: string }>('POST', `/api/sessions/${s.id}/send`, { text: message });
      // Every send returns at once, taken or refused, however full the target's pipe is.
      expect(Date.now() - started).toBeLessThan(1000);
      if (r.status === 200) accepted++;
      else refused = r;
    }
    expect(refused?.status).toBe(429);
    expect(refused?.json.error).toMatch(/^send refused: target is not reading \((\d+) bytes queued in \d+ messages\); this message would pass the 256 KiB cap/);
    const queued = Number(/\((\d+) bytes queued/.exec(refused!.json.error!)![1]);
    expect(queued).toBeLessThanOrEqual(CAP);
    // The pipe took some (64 KiB on Linux), the queue the rest, up to the cap and no further.
    expect(accepted).toBeGreaterThan(CAP / (32 * 1024));
    expect(accepted).toBeLessThan(40);

    const { json } = await t.api<{ session: SessionSummary }>('GET', `/api/sessions/${s.id}`);
    expect(json.session.failure).toMatch(/^target is not reading \(\d+ bytes queued/);
    const events = await t.eventsUntil(s.id, (es) => es.some((e) => e.note?.startsWith('target is not reading')));
    // A refused message was never sent, so it is not recorded as sent.
    expect(events.filter((e) => e.dir === 'out')).toHaveLength(accepted);
    await t.api('POST', `/api/sessions/${s.id}/close`);
  });
});

describe('sends never wait for the answer', () => {
  it('returns from an HTTP send at once; the slow answer arrives as an event afterwards', async () => {
    const s = await t.open({ kind: 'http', url: `http://127.0.0.1:${slow.port}/` });
    const started = Date.now();
    const seq = await t.send(s.id, '{"jsonrpc":"2.0","id":1,"method":"sleep","params":{"ms":1500}}');
    expect(Date.now() - started).toBeLessThan(500);
    const before = await t.api<{ events: { seq: number; state?: string }[] }>('GET', `/api/sessions/${s.id}/events`);
    expect(before.json.events.find((e) => e.seq === seq)?.state).toBe('pending');
    const events = await t.eventsUntil(s.id, (es) => es.find((e) => e.seq === seq)?.state === 'answered');
    const answer = events.find((e) => e.dir === 'in' && e.kind === 'response')!;
    expect(answer.pair).toBe(seq);
    expect(answer.latencyMs).toBeGreaterThanOrEqual(1400);
    await t.api('POST', `/api/sessions/${s.id}/close`);
  });
});
