/**
 * The routes the page uses for entries it does not hold in full (issue 11): one entry by seq,
 * the wire text of rows on screen, and the timeline's free-text search over a whole session —
 * through a real server and a real stdio peer, and with a real secret masked in every answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchAnswer } from '@/lib/api/entries';
import type { SessionSummary, TrafficEvent } from '@/lib/session/types';
import { SECRET_MASK } from '@/lib/variables';
import { peerPath } from '@/tests/fixtures/peers/start-peer';
import { startTestServer, type TestServer } from '../helpers/test-server';

const stdioTarget = { kind: 'stdio', command: process.execPath, args: [peerPath('stdio-peer'), '--framing', 'newline'], framing: 'newline' };
const SECRET = 'tok-Basalt-7c21e0d4';
let t: TestServer;
let sessionId: string;
let events: TrafficEvent[];

beforeAll(async () => {
  t = await startTestServer();
  sessionId = (await t.open(stdioTarget)).id;
  await t.send(sessionId, '{"jsonrpc":"2.0","id":1,"method":"echo","params":{"animal":"Zebra"}}');
  await t.send(sessionId, '{"jsonrpc":"2.0","id":2,"method":"echo","params":{"animal":"zebra crossing"}}');
  await t.send(sessionId, '{"jsonrpc":"2.0","id":3,"method":"echo","params":{"animal":"okapi"}}');
  events = await t.eventsUntil(sessionId, (evs) => evs.filter((e) => e.dir === 'in' && e.kind === 'response').length === 3);
});
afterAll(async () => {
  await t?.stop();
});

const search = (id: string, body: unknown) => t.api<SearchAnswer & { error?: string }>('POST', `/api/sessions/${id}/search`, body);

describe('opening one entry', () => {
  it('gives the entry with its wire text by seq, and says which entry it does not have', async () => {
    const sent = events.find((e) => e.dir === 'out' && e.raw.includes('okapi'))!;
    const one = await t.api<{ event: TrafficEvent }>('GET', `/api/sessions/${sessionId}/events/${sent.seq}`);
    expect(one.status).toBe(200);
    expect(one.json.event).toEqual(sent);
    expect((await t.api('GET', `/api/sessions/${sessionId}/events/999999`)).status).toBe(404);
    const bad = await t.api<{ error: string }>('GET', `/api/sessions/${sessionId}/events/abc`);
    expect(bad.status).toBe(400);
    expect(bad.json.error).toContain('positive integer');
    expect((await t.api('GET', `/api/sessions/no-such-session/events/1`)).status).toBe(404);
  });
});

describe('the wire text of rows on screen', () => {
  it('answers the entries asked for, leaves out unknown ones, and refuses too many at once', async () => {
    const [a, b] = events.slice(-2);
    const r = await t.api<{ texts: { seq: number; raw: string }[] }>('POST', `/api/sessions/${sessionId}/texts`, { seqs: [b.seq, a.seq, 424242] });
    expect(r.status).toBe(200);
    expect(r.json.texts).toEqual([{ seq: b.seq, raw: b.raw }, { seq: a.seq, raw: a.raw }]);
    const many = await t.api<{ error: string }>('POST', `/api/sessions/${sessionId}/texts`, { seqs: Array.from({ length: 1001 }, (_, i) => i + 1) });
    expect(many.status).toBe(400);
    expect(many.json.error).toContain('at most 1000');
  });
});

describe('free-text search over a session', () => {
  it('finds what the timeline filter would: smart case, requests and their echoed answers, from a seq on', async () => {
    const lower = await search(sessionId, { texts: ['zebra', 'Zebra', 'no such word anywhere'] });
    expect(lower.status).toBe(200);
    const bySeq = new Map(events.map((e) => [e.seq, e]));
    const rawOf = (seqs: number[]) => seqs.map((s) => bySeq.get(s)!.raw);
    // Lower case matches either case; a capital letter makes it exact.
    expect(rawOf(lower.json.hits[0]).every((raw) => /zebra/i.test(raw))).toBe(true);
    expect(lower.json.hits[0]).toEqual(events.filter((e) => /zebra/i.test(e.raw) || /zebra/i.test(e.note ?? '')).map((e) => e.seq));
    expect(lower.json.hits[1]).toEqual(events.filter((e) => e.raw.includes('Zebra')).map((e) => e.seq));
    expect(lower.json.hits[1].length).toBeLessThan(lower.json.hits[0].length);
    expect(lower.json.hits[2]).toEqual([]);
    expect(lower.json.through).toBe(events[events.length - 1].seq);

    const since = lower.json.hits[0][1];
    const later = await search(sessionId, { texts: ['zebra'], sinceSeq: since });
    expect(later.json.hits[0]).toEqual(lower.json.hits[0].filter((s) => s > since));
  });

  it('answers the entries holding every word as one list when asked so', async () => {
    const each = await search(sessionId, { texts: ['zebra', 'Zebra'] });
    const every = await search(sessionId, { texts: ['zebra', 'Zebra'], every: true });
    expect(every.status).toBe(200);
    expect(every.json.hits).toHaveLength(1);
    const zebra = new Set(each.json.hits[0]);
    expect(every.json.hits[0]).toEqual(each.json.hits[1].filter((s) => zebra.has(s)));
    expect(every.json.hits[0].length).toBeGreaterThan(0);
    expect((await search(sessionId, { texts: ['zebra', 'no such word anywhere'], every: true })).json.hits).toEqual([[]]);
  });

  it('searches notes too (a meta entry has no wire text)', async () => {
    const note = events.find((e) => e.dir === 'meta' && e.note)!;
    const word = note.note!.split(/\s+/)[0];
    const r = await search(sessionId, { texts: [word] });
    expect(r.json.hits[0]).toContain(note.seq);
  });

  it('refuses an empty or oversized search in words', async () => {
    expect((await search(sessionId, { texts: [] })).status).toBe(400);
    const long = await search(sessionId, { texts: ['x'.repeat(1001)] });
    expect(long.status).toBe(400);
    expect(long.json.error).toContain('at most 1000 characters');
    expect((await search('no-such-session', { texts: ['x'] })).status).toBe(404);
  });
});

describe('a session that sent a secret', () => {
  it('never answers with the secret, and a search for it finds nothing while the mask is found', async () => {
    const env = await t.api<{ environment: { id: string } }>('POST', '/api/environments', { name: 'entries secrets', variables: [{ name: 'apiToken', value: SECRET, secret: true }] });
    const live = await t.open(stdioTarget);
    const sent = await t.api<{ seq: number }>('POST', `/api/sessions/${live.id}/send-with-environment`, {
      text: '{"jsonrpc":"2.0","id":"s1","method":"echo","params":{"note":"uses {{apiToken}} here"}}',
      environmentId: env.json.environment.id,
    });
    expect(sent.status).toBe(200);
    await t.eventsUntil(live.id, (evs) => evs.some((e) => e.dir === 'in' && e.kind === 'response'));
    const one = await t.api<{ event: TrafficEvent }>('GET', `/api/sessions/${live.id}/events/${sent.json.seq}`);
    expect(one.json.event.raw).toContain(SECRET_MASK);
    expect(one.json.event.masked).toEqual(['apiToken']);
    const texts = await t.api('POST', `/api/sessions/${live.id}/texts`, { seqs: [sent.json.seq] });
    expect(texts.text).not.toContain(SECRET);
    expect(texts.text).toContain('apiToken');
    expect((await search(live.id, { texts: [SECRET] })).json.hits[0]).toEqual([]);
    expect((await search(live.id, { texts: [SECRET_MASK] })).json.hits[0]).toContain(sent.json.seq);
    // Every word at once, searched over the masked text too.
    expect((await search(live.id, { texts: ['uses', SECRET], every: true })).json.hits).toEqual([[]]);
    expect((await search(live.id, { texts: ['uses', SECRET_MASK], every: true })).json.hits[0]).toContain(sent.json.seq);
    await t.api<{ session: SessionSummary }>('POST', `/api/sessions/${live.id}/close`, {});
  });
});
