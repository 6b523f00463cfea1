import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import type { TargetSpec, TrafficEvent } from '@/lib/session/types';
import { StoreError } from '@/server/store';
import { tempStores } from './temp-store';

const target: TargetSpec = { kind: 'stdio', command: 'node', args: ['peer.js'], framing: 'content-length' };
const temp = tempStores();
afterEach(() => temp.cleanup());

const framed = (body: string) => `Content-Length: ${new TextEncoder().encode(body).length}\r\n\r\n${body}`;

function request(seq: number): TrafficEvent {
  const body = `{"jsonrpc":"2.0","id":${seq},"method":"textDocument/hover","params":{"position":{"line":${seq},"character":4}}}`;
  return { seq, t: seq * 0.01, time: 1_700_000_000_000 + seq, dir: 'out', raw: framed(body), kind: 'request', id: seq, method: 'textDocument/hover', state: 'pending', findings: [] };
}

describe('recording events', () => {
  it('appends 100k events in batches and reads them back in order, unchanged', () => {
    const store = temp.open(temp.dir());
    const s = store.sessions.create({ name: 'flood', target, status: 'open' });
    const events = Array.from({ length: 100_000 }, (_, i) => request(i + 1));

    const t0 = performance.now();
    for (let i = 0; i < events.length; i += 500) store.events.appendMany(s.id, events.slice(i, i + 500));
    const appendMs = performance.now() - t0;

    const t1 = performance.now();
    const read: TrafficEvent[] = [];
    for (let since = 0; ; ) {
      const page = store.events.listEvents(s.id, { sinceSeq: since, limit: 10_000 });
      if (page.length === 0) break;
      read.push(...page);
      since = page[page.length - 1].seq;
    }
    const readMs = performance.now() - t1;

    console.log(
      `store: appended 100000 events in ${appendMs.toFixed(0)} ms (${Math.round(100_000 / (appendMs / 1000))} events/s), ` +
        `read back in ${readMs.toFixed(0)} ms (${Math.round(100_000 / (readMs / 1000))} events/s)`,
    );
    expect(read.length).toBe(100_000);
    for (let i = 0; i < read.length; i++) {
      if (JSON.stringify(read[i]) !== JSON.stringify(events[i])) expect(read[i]).toEqual(events[i]);
    }
    const summary = store.sessions.require(s.id);
    expect(summary.lastSeq).toBe(100_000);
    expect(summary.counts).toEqual({ events: 100_000, out: 100_000, in: 0, errors: 0, findings: 0 });
  }, 120_000);

  it('keeps raw text exactly: non-ASCII, CRLF, NUL, lone surrogates, base64 and big ids', () => {
    const store = temp.open(temp.dir());
    const s = store.sessions.create({ name: 'bytes', target });
    const bigId = '123456789012345678901234567890';
    const events: TrafficEvent[] = [
      { seq: 1, t: 0.125, time: 1, dir: 'out', raw: framed(`{"jsonrpc":"2.0","id":${bigId},"method":"héllo/世界 😀"}`), kind: 'request', id: 1.2345678901234568e29, idText: bigId, method: 'héllo/世界 😀', findings: [] },
      { seq: 2, t: 1, time: 2, dir: 'in', raw: 'line one\r\nline\u0000two\r\n', kind: 'noise', reason: 'not-json', findings: [] },
      { seq: 3, t: 2, time: 3, dir: 'in', raw: 'bad \ufffd bytes \ud800 here', rawBase64: 'YmFkIP8gYnl0ZXM=', kind: 'noise', reason: 'not-json', findings: [] },
      { seq: 4, t: 3, time: 4, dir: 'meta', raw: '', kind: 'exit', note: 'exited with code 1', process: { pid: 7, exitCode: 1, signal: null }, findings: [] },
      { seq: 5, t: 4, time: 5, dir: 'in', raw: '{"id":""}', kind: 'invalid', id: '', findings: [{ rule: 'jsonrpc-version', severity: 'error', message: 'missing "jsonrpc"' }] },
    ];
    store.events.appendMany(s.id, events);
    const read = store.events.listEvents(s.id);
    expect(read).toEqual(events);
    // Same key order too, so an export of a stored session is the same bytes as the live one.
    expect(read.map((e) => JSON.stringify(e))).toEqual(events.map((e) => JSON.stringify(e)));
    expect(store.events.getEvent(s.id, 3)!.raw).toBe('bad \ufffd bytes \ud800 here');
    expect([...store.events.iterateEvents(s.id, { sinceSeq: 3 })].map((e) => e.seq)).toEqual([4, 5]);
  });

  it('applies pairing patches and keeps the session counts right', () => {
    const store = temp.open(temp.dir());
    const s = store.sessions.create({ name: 'pairs', target, status: 'open' });
    store.events.appendMany(s.id, [request(1), request(2)]);
    store.events.append(s.id, {
      seq: 3, t: 5, time: 5, dir: 'in', raw: '{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"no"}}', kind: 'error', id: 1,
      error: { code: -32601, message: 'no', name: 'Method not found', meaning: 'The method does not exist.', source: 'jsonrpc' },
      findings: [],
    });
    const r = store.events.applyPatches(s.id, [
      { seq: 1, pair: 3, state: 'answered' },
      { seq: 3, pair: 1, latencyMs: 4.95, state: 'answered', findings: [{ rule: 'x', severity: 'warning', message: 'm' }] },
      { seq: 2, state: 'timed-out' },
      { seq: 99, state: 'answered' },
    ]);
    expect(r).toEqual({ applied: 3, missing: [99] });
    const [one, two, three] = store.events.listEvents(s.id);
    expect(one).toEqual({ ...request(1), pair: 3, state: 'answered' });
    expect(two.state).toBe('timed-out');
    expect(three).toMatchObject({ pair: 1, latencyMs: 4.95, state: 'answered', findings: [{ rule: 'x' }] });
    expect(three.raw).toBe('{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"no"}}');
    expect(store.sessions.require(s.id).counts).toEqual({ events: 3, out: 2, in: 1, errors: 1, findings: 1 });

    // The indexed columns follow the patch, so filters on state and pairing see it.
    const db = new Database(store.file, { readonly: true });
    try {
      const row = db.prepare('SELECT e.state, e.pair, e.latency_ms, e.error_code, e.findings_count FROM events e JOIN sessions s ON s.key = e.session_key WHERE s.id = ? AND e.seq = 3').get(s.id);
      expect(row).toEqual({ state: 'answered', pair: 1, latency_ms: 4.95, error_code: -32601, findings_count: 1 });
    } finally {
      db.close();
    }
  });

  it('records a batch all or nothing: a repeated seq refuses the whole batch', () => {
    const store = temp.open(temp.dir());
    const s = store.sessions.create({ name: 'dup', target });
    store.events.appendMany(s.id, [request(1)]);
    expect(() => store.events.appendMany(s.id, [request(2), request(1)])).toThrow('event seq 1 is already recorded in this session');
    expect(store.events.listEvents(s.id).map((e) => e.seq)).toEqual([1]);
    expect(store.sessions.require(s.id).counts.events).toBe(1);
    const bad = { ...request(3), raw: undefined } as unknown as TrafficEvent;
    expect(() => store.events.appendMany(s.id, [bad])).toThrow('events[0]: raw must be text');
  });

  it('names the repeated seq in a big batch, keeps none of it, and the next batch records whole', () => {
    const store = temp.open(temp.dir());
    const s = store.sessions.create({ name: 'dup-big', target });
    store.events.appendMany(s.id, [request(150)]);
    // 150 sits deep in the second block of rows written by one statement.
    const batch = Array.from({ length: 300 }, (_, i) => request(i + 1));
    expect(() => store.events.appendMany(s.id, batch)).toThrow('event seq 150 is already recorded in this session');
    expect(store.events.listEvents(s.id).map((e) => e.seq)).toEqual([150]);
    // A bad row half-way through a block: refused whole, and nothing of it is written with the next batch.
    const bad = { ...request(100), raw: undefined } as unknown as TrafficEvent;
    expect(() => store.events.appendMany(s.id, [...batch.slice(0, 99), bad])).toThrow('events[99]: raw must be text');
    const next = Array.from({ length: 70 }, (_, i) => request(1000 + i));
    store.events.appendMany(s.id, next);
    expect(store.events.listEvents(s.id).map((e) => e.seq)).toEqual([150, ...next.map((e) => e.seq)]);
    expect(store.sessions.require(s.id).counts.events).toBe(71);
  });

  it('refuses events for a session that does not exist', () => {
    const store = temp.open(temp.dir());
    let err: unknown;
    try {
      store.events.appendMany('nope', [request(1)]);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(StoreError);
    expect((err as StoreError).code).toBe('not-found');
    expect((err as StoreError).message).toBe('no session with id "nope"');
  });
});
