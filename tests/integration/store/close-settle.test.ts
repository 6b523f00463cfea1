import { statSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { applyPatch, type EventPatch } from '@/lib/session/patch';
import type { TargetSpec, TrafficEvent } from '@/lib/session/types';
import { DB_FILE, Store } from '@/server/store';
import { backToTextSessionKeys } from './old-schema';
import { tempStores } from './temp-store';

const target: TargetSpec = { kind: 'stdio', command: 'node', args: ['peer.js'], framing: 'content-length' };
const temp = tempStores();
afterEach(() => temp.cleanup());

const request = (seq: number): TrafficEvent => ({
  seq, t: seq, time: 1_700_000_000_000 + seq, dir: 'in', raw: `{"jsonrpc":"2.0","id":${seq},"method":"window/workDoneProgress/create"}`,
  kind: 'request', id: seq, method: 'window/workDoneProgress/create', state: 'pending', findings: [],
});
const notification = (seq: number): TrafficEvent => ({
  seq, t: seq, time: 1_700_000_000_000 + seq, dir: 'in', raw: `{"jsonrpc":"2.0","method":"$/progress","params":{"n":${seq}}}`,
  kind: 'notification', method: '$/progress', findings: [],
});

/** 4000 entries: every other one a request; some answered, some timed out, the rest still waiting. */
function recorded(store: Store, id?: string) {
  const s = store.sessions.create({ id, name: 'exits', target, status: 'open' });
  const events = Array.from({ length: 4000 }, (_, i) => (i % 2 === 0 ? request(i + 1) : notification(i + 1)));
  for (let i = 0; i < events.length; i += 512) store.events.appendMany(s.id, events.slice(i, i + 512));
  const during: EventPatch[] = [
    ...events.filter((e) => e.seq % 10 === 1).map((e) => ({ seq: e.seq, pair: e.seq + 1, latencyMs: 2, state: 'answered' as const })),
    ...events.filter((e) => e.seq % 10 === 3).map((e) => ({ seq: e.seq, state: 'timed-out' as const })),
  ];
  store.events.applyPatches(s.id, during);
  const waiting = events.filter((e) => e.kind === 'request' && e.seq % 10 !== 1 && e.seq % 10 !== 3);
  const exit: EventPatch[] = waiting.map((e) => ({ seq: e.seq, state: 'target-exited' }));
  return { id: s.id, events, patches: [...during, ...exit], exit };
}

function expectReadsAsApplied(store: Store, id: string, events: TrafficEvent[], patches: EventPatch[]) {
  const expected = events.map((e) => {
    const copy = structuredClone(e);
    for (const p of patches) if (p.seq === e.seq) applyPatch(copy, p);
    return copy;
  });
  const listed = store.events.listEvents(id, { limit: 10_000 });
  expect(listed).toEqual(expected);
  expect(listed.map((e) => Object.keys(e))).toEqual(expected.map((e) => Object.keys(e)));
  expect([...store.events.iterateEvents(id)]).toEqual(expected);
  expect(store.events.getEvent(id, expected[4].seq)).toEqual(expected[4]);
  expect(store.exportSessionFile(id).events).toEqual(expected);
  // The paged rows the page opens a big session with (lib/timeline/row-page.ts) read the same states.
  const page = JSON.parse(store.eventRows.pageText(id, 0, 10_000)) as { seq: number[]; s: string[]; state: (number | string | null)[] };
  expect(page.seq).toEqual(expected.map((e) => e.seq));
  // A state cell names a word of the page's table, or is the word itself.
  expect(page.state.map((s) => (typeof s === 'number' ? page.s[s] : s ?? undefined))).toEqual(expected.map((e) => e.state));
}

const walBytes = (store: Store) => statSync(`${store.file}-wal`).size;

describe('a target exits with requests still waiting', () => {
  it('every waiting request reads as target-exited everywhere, answered and timed-out ones keep theirs, and the close writes almost nothing', () => {
    const store = temp.open(temp.dir());
    const { id, events, patches, exit } = recorded(store);
    const other = store.sessions.create({ name: 'other', target });
    store.events.appendMany(other.id, [request(1)]);
    const db = new Database(store.file);
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    const before = walBytes(store);

    expect(store.events.applyPatches(id, exit)).toEqual({ applied: exit.length, missing: [] });
    // 1200 settled requests spread over every page of the session: rewriting them would log
    // every page again (hundreds of KiB); the settle logs the session's own row.
    expect(walBytes(store) - before).toBeLessThan(64 * 1024);
    expectReadsAsApplied(store, id, events, patches);
    // Another session's waiting request is not touched.
    expect(store.events.getEvent(other.id, 1)?.state).toBe('pending');

    // A late change to a settled request keeps its state; one put back to waiting reads as waiting.
    const late: EventPatch[] = [
      { seq: exit[0].seq, findings: [{ rule: 'late', severity: 'warning', message: 'noticed after the exit' }] },
      { seq: exit[1].seq, state: 'pending' },
      { seq: exit[2].seq, pair: 9999, latencyMs: 5, state: 'pending' },
    ];
    store.events.applyPatches(id, late);
    expectReadsAsApplied(store, id, events, [...patches, ...late]);
    expect(store.events.getEvent(id, exit[0].seq)?.state).toBe('target-exited');
    expect(store.events.getEvent(id, exit[3].seq)?.state).toBe('target-exited');
  });

  it('a run that names only some of the waiting requests (a timeout) changes only those', () => {
    const store = temp.open(temp.dir());
    const { id, events, patches, exit } = recorded(store);
    const some = exit.slice(0, exit.length - 1).map((p) => ({ ...p, state: 'timed-out' as const }));
    store.events.applyPatches(id, some);
    expectReadsAsApplied(store, id, events, [...patches.slice(0, patches.length - exit.length), ...some]);
    // The one left is still waiting, and a second exit settles it.
    const last = exit.slice(-1);
    store.events.applyPatches(id, last);
    expectReadsAsApplied(store, id, events, [...patches.slice(0, patches.length - exit.length), ...some, ...last]);
  });

  it('a data directory written before the settle existed opens, reads its waiting requests as they were, and settles them by writing', () => {
    const dir = temp.dir();
    const first = new Store({ dir });
    const { id, events, patches, exit } = recorded(first, 'old-session');
    first.close();
    // Take the file back to the schema before migration 10: no settle columns.
    backToTextSessionKeys(`${dir}/${DB_FILE}`);
    const db = new Database(`${dir}/${DB_FILE}`);
    db.exec(`ALTER TABLE sessions DROP COLUMN settled_state; ALTER TABLE sessions DROP COLUMN settled_through;
      ALTER TABLE sessions DROP COLUMN count_pending; DELETE FROM schema_migrations WHERE version = 10;`);
    db.close();

    const store = temp.open(dir);
    const during = patches.slice(0, patches.length - exit.length);
    expectReadsAsApplied(store, id, events, during);
    expect(store.sessions.require(id).counts.events).toBe(4000);
    store.events.applyPatches(id, exit);
    expectReadsAsApplied(store, id, events, patches);
  });
});
