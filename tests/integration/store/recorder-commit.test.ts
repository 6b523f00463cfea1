/**
 * The recorder shares one transaction among many batches (server/session/recorder.ts): what a
 * user reads must still be complete — entries at once, counts by the time the session ended or
 * within the commit window, with the page told when they change.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionSummary, TargetSpec, TrafficEvent } from '@/lib/session/types';
import { RECORDERS } from './recorders';
import { tempStores } from './temp-store';

const temp = tempStores();
afterEach(() => temp.cleanup());

const target: TargetSpec = { kind: 'tcp', host: '127.0.0.1', port: 9, framing: 'newline' };
const summary = (over: Partial<SessionSummary> = {}): SessionSummary => ({
  id: 'coalesced', name: 'coalesced', target, status: 'open', startedAt: new Date().toISOString(), lastSeq: 0,
  counts: { events: 0, out: 0, in: 0, errors: 0, findings: 0 }, ...over,
});
const request = (seq: number): TrafficEvent => ({
  seq, t: seq, time: 1_700_000_000_000 + seq, dir: 'out', raw: `{"jsonrpc":"2.0","id":${seq},"method":"m"}`,
  kind: 'request', id: seq, method: 'm', state: 'pending', findings: [],
});

describe.each(RECORDERS)('a recorder that commits many batches at once, $where', ({ make }) => {
  it('serves every appended entry, patched, to a reader right away', async () => {
    const store = temp.open(temp.dir());
    const { recorder } = await make(store);
    recorder.saveSummary(summary());
    for (let b = 0; b < 10; b++) recorder.appendEvents('coalesced', [request(2 * b + 1), request(2 * b + 2)]);
    recorder.applyPatches('coalesced', [{ seq: 3, state: 'answered', pair: 99 }]);
    const read = recorder.listEvents('coalesced', 0, 100);
    expect(read.map((e) => e.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(recorder.getEvent('coalesced', 3)).toMatchObject({ state: 'answered', pair: 99 });
    recorder.close();
  });

  it('has the final counts stored once the session ended, and tells its listeners when counts land', async () => {
    const store = temp.open(temp.dir());
    const { recorder } = await make(store);
    const told: string[] = [];
    recorder.onRecordingChange((id) => told.push(id));
    recorder.saveSummary(summary());
    recorder.appendEvents('coalesced', [request(1), request(2)]);
    // Within the commit window the counts arrive by themselves, and the listeners hear of it.
    const until = Date.now() + 2000;
    while (store.sessions.require('coalesced').counts.events < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
    expect(store.sessions.require('coalesced').counts.events).toBe(2);
    expect(told).toContain('coalesced');
    recorder.appendEvents('coalesced', [request(3)]);
    recorder.saveSummary(summary({ status: 'closed', endedAt: new Date().toISOString() }));
    expect(store.sessions.require('coalesced')).toMatchObject({ status: 'closed', counts: { events: 3, out: 3 } });
    recorder.close();
  });

  it('stores what is still queued when the server shuts down', async () => {
    const dir = temp.dir();
    const store = temp.open(dir);
    const { recorder } = await make(store);
    recorder.saveSummary(summary());
    recorder.appendEvents('coalesced', [request(1)]);
    recorder.close();
    expect(store.events.listEvents('coalesced').map((e) => e.seq)).toEqual([1]);
  });

  it('stores a request answered within the commit window already paired, counts its error once, and leaves the sent entry as it was', async () => {
    const store = temp.open(temp.dir());
    const { recorder } = await make(store);
    recorder.saveSummary(summary());
    const sent = request(1);
    const answer: TrafficEvent = {
      seq: 2, t: 2.5, time: 1_700_000_000_002, dir: 'in', raw: '{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"no"}}',
      kind: 'error', id: 1, state: 'answered', pair: 1, findings: [],
      error: { code: -32601, message: 'no', name: 'MethodNotFound', meaning: 'The method does not exist.', source: 'jsonrpc' },
    };
    recorder.appendEvents('coalesced', [sent, answer]);
    recorder.applyPatches('coalesced', [{ seq: 1, state: 'answered', pair: 2, latencyMs: 1.5 }, { seq: 7, state: 'timed-out' }]);
    recorder.commit();
    expect(store.events.getEvent('coalesced', 1)).toEqual({ ...request(1), state: 'answered', pair: 2, latencyMs: 1.5 });
    expect(Object.keys(store.events.getEvent('coalesced', 1) ?? {})).toEqual([...Object.keys(request(1)), 'pair', 'latencyMs']);
    expect(sent).toEqual(request(1));
    expect(store.sessions.require('coalesced').counts).toMatchObject({ events: 2, errors: 1 });
    recorder.close();
  });
});
