/**
 * The disk fills while a real peer floods: recording turns "failed" with the reason and the count
 * of entries not saved, the live feed goes on from memory, nothing throws, and once there is room
 * again recording resumes by itself. Every message the peer sent is either in the store or inside
 * a reported missing seq range — counted, they add up.
 *
 * "Disk full" is real SQLite: the database file's page limit (`max_page_count`, Store.setSizeLimit)
 * makes writes fail with SQLITE_FULL exactly as a full disk does.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import type { SessionRecording, SessionSummary, TargetSpec, TrafficEvent } from '@/lib/session/types';
import { SessionManager } from '@/server/session/manager';
import { RecordingWriter } from '@/server/session/recording-writer';
import { rowOf } from '@/server/store/event-row';
import { RECORDERS } from './recorders';
import { Store } from '@/server/store';
import { peerPath } from '@/tests/fixtures/peers/start-peer';
import { tempStores } from './temp-store';

const temp = tempStores();
const thrown: unknown[] = [];
const onThrown = (e: unknown) => thrown.push(e);
beforeEach(() => {
  process.on('uncaughtException', onThrown);
  process.on('unhandledRejection', onThrown);
});
afterEach(() => {
  process.off('uncaughtException', onThrown);
  process.off('unhandledRejection', onThrown);
  temp.cleanup();
});

const target: TargetSpec = { kind: 'stdio', command: process.execPath, args: [peerPath('stdio-peer'), '--framing', 'newline'], framing: 'newline' };

async function until(what: string, pred: () => boolean, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

function allRecorded(store: Store, sessionId: string): TrafficEvent[] {
  const out: TrafficEvent[] = [];
  for (const ev of store.events.iterateEvents(sessionId)) out.push(ev);
  return out;
}

/** A message the peer sent on its own: one of the flood's notifications. */
const isFlood = (e: TrafficEvent) => e.dir === 'in' && e.kind === 'notification' && e.method === 'flood';

const seqsIn = (recording: SessionRecording | undefined): Set<number> => {
  const out = new Set<number>();
  for (const r of recording?.missing ?? []) for (let s = r.from; s <= r.to; s++) out.add(s);
  return out;
};

describe.each(RECORDERS)('a recording that cannot be saved, $where', ({ make }) => {
  it('says "failed" with the reason while the disk is full, keeps the live view, resumes when space is freed, and accounts for every message', async () => {
    const dir = temp.dir();
    const store = temp.open(dir);
    const { recorder, limit } = await make(store, { retryMaxMs: 100 });
    const manager = new SessionManager(recorder);
    const live: TrafficEvent[] = [];
    const summaries: SessionSummary[] = [];
    manager.listen({ events: (_id, evs) => live.push(...evs), patches: () => undefined, summary: (s) => summaries.push(s) });

    const session = await manager.open(target, 'flood while the disk fills');
    const answered = (id: number) => live.some((e) => e.dir === 'in' && e.kind === 'response' && e.id === id);

    // Room for a few hundred entries, then a flood of 6000: the disk "fills" half-way through it.
    limit(store.sizeBytes + 256 * 1024);
    await session.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'flood', params: { n: 6000 } }));
    await until('the first flood to be answered', () => answered(1));
    session.flush();

    // The page is told within a commit, through the summaries the bridge forwards: failed, and why.
    const isFailed = (s: SessionSummary) => s.id === session.id && s.recording?.state === 'failed';
    await until('the page to be told the recording failed', () => summaries.some(isFailed));
    const failedSummary = summaries.find(isFailed);
    expect(failedSummary?.recording).toMatchObject({ state: 'failed', why: 'the disk is full (or the database reached its size limit)' });
    // (A small last batch may fit the space a refused big one could not: then it says ok again.)
    // The flood's later batches are counted as the worker reports them, each within a commit.
    await until('the entries not saved to be counted', () => (manager.summary(session.id)?.recording?.notSaved ?? 0) > 1000);
    const during = manager.summary(session.id)!.recording!;
    expect(during.notSaved).toBeGreaterThan(1000);
    expect(during.missing.length).toBeGreaterThan(0);
    // Live view from memory: every entry so far reached the listeners, recorded or not.
    expect(live.filter(isFlood).length).toBe(6000);

    // Space is freed: once the recorder's backoff (at most 100 ms here) has passed, the next flood
    // is recorded again, without anyone restarting anything.
    limit(null);
    await new Promise((r) => setTimeout(r, 150));
    await session.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'flood', params: { n: 3000 } }));
    await until('the second flood to be answered', () => answered(2));
    await manager.closeAll();
    await until('recording to resume', () => manager.summary(session.id)?.recording?.state === 'ok');

    const after = manager.summary(session.id)!;
    const recording = after.recording!;
    expect(recording.state).toBe('ok');
    if (recording.state !== 'ok') throw new Error('unreachable');
    expect(recording.lastFailure).toBe('the disk is full (or the database reached its size limit)');

    // The accounting: every seq the session produced is recorded or missing, never both, never neither.
    const recorded = allRecorded(store, session.id);
    const recordedSeqs = new Set(recorded.map((e) => e.seq));
    const missingSeqs = seqsIn(recording);
    expect(missingSeqs.size).toBe(recording.notSaved);
    for (const s of missingSeqs) expect(recordedSeqs.has(s)).toBe(false);
    const lastSeq = live[live.length - 1].seq;
    expect(live.map((e) => e.seq)).toEqual(Array.from({ length: lastSeq }, (_, i) => i + 1));
    expect(recordedSeqs.size + missingSeqs.size).toBe(lastSeq);
    expect(after.counts.events).toBe(recorded.length);

    // …and the peer's 9000 flood messages: recorded plus reported missing, exactly.
    const flood = live.filter(isFlood);
    expect(flood.length).toBe(9000);
    const floodRecorded = recorded.filter(isFlood).length;
    const floodMissing = flood.filter((e) => missingSeqs.has(e.seq)).length;
    console.log(`flood with the disk filling: sent ${flood.length}, recorded ${floodRecorded}, reported missing ${floodMissing}`);
    expect(floodRecorded + floodMissing).toBe(9000);
    expect(floodMissing).toBeGreaterThan(1000);
    // The second flood came after the space was freed: recording resumed for it.
    const secondFlood = flood.slice(6000);
    expect(secondFlood.every((e) => recordedSeqs.has(e.seq))).toBe(true);

    // Kept with the session: a later start shows the same missing ranges.
    await until('the recording state to be stored', () => JSON.stringify(store.sessions.get(session.id)?.recording) === JSON.stringify(recording));
    recorder.close();
    store.close();
    const reopened = new Store({ dir });
    try {
      expect(reopened.sessions.get(session.id)?.recording).toEqual(recording);
      expect(reopened.sessions.get(session.id)?.status).toBe('closed');
    } finally {
      reopened.close();
    }
    expect(thrown).toEqual([]);
  }, 60_000);

  it('a database another program keeps locked is reported as busy, and recording resumes once the lock is gone', async () => {
    const store = temp.open(temp.dir());
    const { recorder } = await make(store, { retryMaxMs: 100 });
    const manager = new SessionManager(recorder);
    const live: TrafficEvent[] = [];
    manager.listen({ events: (_id, evs) => live.push(...evs), patches: () => undefined, summary: () => undefined });
    const session = await manager.open(target, 'flood while another program holds the lock');
    const answered = (id: number) => live.some((e) => e.dir === 'in' && e.kind === 'response' && e.id === id);

    const other = new Database(store.file);
    other.exec('BEGIN IMMEDIATE');
    await session.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'flood', params: { n: 2000 } }));
    await until('the first flood to be answered', () => answered(1));
    session.flush();
    await until('the recording to say it failed', () => manager.summary(session.id)?.recording?.state === 'failed');
    expect(manager.summary(session.id)?.recording).toMatchObject({ state: 'failed', why: 'the database is busy: another program holds a lock on it' });

    other.exec('COMMIT');
    other.close();
    await new Promise((r) => setTimeout(r, 150));
    await session.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'flood', params: { n: 1000 } }));
    await until('the second flood to be answered', () => answered(2));
    await manager.closeAll();
    await until('recording to resume', () => manager.summary(session.id)?.recording?.state === 'ok');

    const recording = manager.summary(session.id)!.recording!;
    const recordedSeqs = new Set(allRecorded(store, session.id).map((e) => e.seq));
    const missingSeqs = seqsIn(recording);
    expect(recording.notSaved).toBeGreaterThan(0);
    expect(missingSeqs.size).toBe(recording.notSaved);
    for (const s of missingSeqs) expect(recordedSeqs.has(s)).toBe(false);
    expect(recordedSeqs.size + missingSeqs.size).toBe(live[live.length - 1].seq);
    const flood = live.filter(isFlood);
    expect(flood.length).toBe(3000);
    expect(flood.filter((e) => recordedSeqs.has(e.seq) || missingSeqs.has(e.seq)).length).toBe(3000);
    expect(flood.slice(2000).every((e) => recordedSeqs.has(e.seq))).toBe(true);
    recorder.close();
    expect(thrown).toEqual([]);
  }, 60_000);

  it('a session that never failed says nothing about its recording', async () => {
    const store = temp.open(temp.dir());
    const { recorder } = await make(store);
    const manager = new SessionManager(recorder);
    const session = await manager.open(target);
    await session.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'flood', params: { n: 200 } }));
    await until('the answer to be recorded', () => manager.events(session.id, 0, 1000).some((e) => e.kind === 'response'));
    await manager.closeAll();
    expect(manager.summary(session.id)?.recording).toBeUndefined();
    expect(manager.summary(session.id)?.counts.events).toBe(manager.events(session.id, 0, 1000).length);
    recorder.close();
  });
});

describe("the recorder's writer when the disk fills", () => {
  it('already counts what the refused write lost in its first report of the outage (never "failed, 0 not saved")', () => {
    const store = temp.open(temp.dir());
    const reports: (SessionRecording | undefined)[] = [];
    const writer: RecordingWriter = new RecordingWriter(store, (id) => reports.push(writer.recording(id)), 100);
    const summary: SessionSummary = {
      id: 'fills', name: 'fills', target, status: 'open', startedAt: new Date().toISOString(), lastSeq: 0,
      counts: { events: 0, out: 0, in: 0, errors: 0, findings: 0 },
    };
    writer.saveSummary(summary);
    store.setSizeLimit(store.sizeBytes);
    const big = 'x'.repeat(4000);
    const rows = Array.from({ length: 200 }, (_, i) =>
      rowOf({ seq: i + 1, t: i, time: 1_700_000_000_000 + i, dir: 'in', raw: `{"jsonrpc":"2.0","method":"flood","params":"${big}"}`, kind: 'notification', method: 'flood', findings: [] }),
    );
    writer.commitBatch('fills', rows, []);
    const first = reports.find((r) => r?.state === 'failed');
    expect(first).toMatchObject({ state: 'failed', notSaved: 200, missing: [{ from: 1, to: 200 }] });
    store.setSizeLimit(null);
  });
});
