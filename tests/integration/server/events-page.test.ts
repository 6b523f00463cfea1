/**
 * Reading a session's entries a page at a time (GET /api/sessions/:id/events, what scripts and the
 * compare view use): a page of big entries is cut by its size and says `more`, so a reader that
 * follows it gets every entry once and in order, and no page grows past what one answer can hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { peerPath } from '@/tests/fixtures/peers/start-peer';
import type { TrafficEvent } from '@/lib/session/types';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.stop());

const BIG = 512 * 1024;

describe('a session read page by page', () => {
  it('cuts a page of big entries by size, says more follow, and the pages hold every entry once', async () => {
    const session = await t.open({ kind: 'stdio', command: process.execPath, args: [peerPath('stdio-peer'), '--framing', 'newline'], framing: 'newline' });
    // 40 answers of half a MiB each: 20 MiB, past one page's 16 MiB of text.
    for (let i = 1; i <= 40; i++) await t.send(session.id, JSON.stringify({ jsonrpc: '2.0', id: i, method: 'blob', params: { bytes: BIG } }));
    await t.eventsUntil(session.id, (evs) => evs.filter((e) => e.kind === 'response').length === 40);

    const pages: { events: TrafficEvent[]; more?: true }[] = [];
    let since = 0;
    for (let guard = 0; guard < 50; guard++) {
      const page = (await t.api<{ events: TrafficEvent[]; more?: true }>('GET', `/api/sessions/${session.id}/events?sinceSeq=${since}`)).json;
      pages.push(page);
      if (!page.more && page.events.length < 10_000) break;
      since = page.events.at(-1)!.seq;
    }
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0].more).toBe(true);
    for (const p of pages.slice(0, -1)) expect(p.events.reduce((n, e) => n + e.raw.length, 0)).toBeLessThanOrEqual(16 * 1024 * 1024 + BIG + 1024);
    const seqs = pages.flatMap((p) => p.events.map((e) => e.seq));
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    expect(pages.flatMap((p) => p.events).filter((e) => e.kind === 'response' && e.raw.length > BIG)).toHaveLength(40);
    expect(pages.at(-1)!.more).toBeUndefined();
  }, 60_000);
});
