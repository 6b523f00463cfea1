/**
 * Events are keyed by an integer session key (migration 11). A data directory an older rpcscope
 * wrote (events keyed by the text session id) opens, and every way the app reads a session gives
 * what it gave before; new sessions record beside the old ones, and deleting one leaves the rest.
 */
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { MessagePipeline } from '@/lib/session/pipeline';
import type { EventPatch, TargetSpec, TrafficEvent } from '@/lib/session/types';
import { DB_FILE, Store } from '@/server/store';
import { EVENTS_FROM, STATE_SQL } from '@/server/store/event-settle';
import { backToTextSessionKeys } from './old-schema';
import { tempStores } from './temp-store';

const target: TargetSpec = { kind: 'stdio', command: 'node', args: ['peer.js'], framing: 'content-length' };
const temp = tempStores();
afterEach(() => temp.cleanup());

/** A conversation through the real pipeline: requests, answers, errors, a batch, bad JSON, non-ASCII text. */
function conversation(n: number): { events: TrafficEvent[]; patches: EventPatch[] } {
  const p = new MessagePipeline({ timeoutMs: 60_000 });
  const events: TrafficEvent[] = [];
  const patches: EventPatch[] = [];
  const take = (o: { event: TrafficEvent; patches: EventPatch[] }) => {
    events.push(o.event);
    patches.push(...o.patches);
  };
  for (let i = 0; i < n; i++) {
    const texts = [
      `{"jsonrpc":"2.0","id":${i},"method":"textDocument/hover","params":{"note":"größe 変数 ${i}"}}`,
      `{"jsonrpc":"2.0","id":${i},"result":{"contents":"🚀 ${i}"}}`,
      `{"jsonrpc":"2.0","id":${i + 100000},"error":{"code":-32601,"message":"no such method"}}`,
      `[{"jsonrpc":"2.0","id":"b${i}","method":"a"},{"jsonrpc":"2.0","method":"b"}]`,
      `{"jsonrpc":"2.0","method":"x",`,
    ];
    const text = texts[i % texts.length];
    take(p.message(i % 2 ? 'in' : 'out', i + 1, 1_700_000_000_000 + i, text, text));
  }
  patches.push(...p.targetExited(n + 1));
  return { events, patches };
}

/** Everything the app reads of a session. */
function reads(store: Store, id: string) {
  const summary = store.sessions.require(id);
  return {
    summary,
    listed: store.events.listEvents(id, { limit: 100_000 }),
    keys: store.events.listEvents(id, { limit: 100_000 }).map((e) => Object.keys(e)),
    iterated: [...store.events.iterateEvents(id, { sinceSeq: 3 })],
    one: store.events.getEvent(id, 7),
    count: store.events.countEvents(id),
    exported: store.exportSessionFile(id).events,
    rows: store.eventRows.pageText(id, 0, 100_000),
    texts: [...store.eventTexts.iterate(id, 0)],
  };
}

function recordTwo(store: Store) {
  const ids: string[] = [];
  for (const [name, n] of [['first', 240], ['second', 97]] as const) {
    const s = store.sessions.create({ name, target, status: 'open' });
    const { events, patches } = conversation(n);
    // A binary frame and a raw text that is not well-formed UTF-16 (kept in the body).
    events.push({ ...events[0], seq: n + 1, raw: 'bin\ud800ary', rawBase64: 'AAEC', idText: undefined, id: undefined });
    for (let i = 0; i < events.length; i += 64) store.events.appendMany(s.id, events.slice(i, i + 64));
    store.events.applyPatches(s.id, patches);
    store.sessions.setStatus(s.id, 'closed', { endedAt: new Date(1_700_000_100_000).toISOString() });
    ids.push(s.id);
  }
  return ids;
}

describe('sessions recorded before integer session keys', () => {
  it('a data directory an older rpcscope wrote opens and every session reads exactly as it did', () => {
    const dir = temp.dir();
    const first = new Store({ dir });
    const ids = recordTwo(first);
    const before = ids.map((id) => reads(first, id));
    const listed = first.sessions.list();
    first.close();
    backToTextSessionKeys(`${dir}/${DB_FILE}`);

    const store = temp.open(dir);
    expect(ids.map((id) => reads(store, id))).toEqual(before);
    expect(store.sessions.list()).toEqual(listed);
    expect(before[0].listed.length).toBe(241);
    expect(before[0].listed.some((e) => e.state === 'target-exited')).toBe(true);
  });

  it('after the upgrade a new session records beside the old ones, and deleting one leaves the others whole', () => {
    const dir = temp.dir();
    const first = new Store({ dir });
    const ids = recordTwo(first);
    first.close();
    backToTextSessionKeys(`${dir}/${DB_FILE}`);

    const store = temp.open(dir);
    const before = reads(store, ids[1]);
    const fresh = store.sessions.create({ name: 'after', target, status: 'open' });
    const { events, patches } = conversation(50);
    store.events.appendMany(fresh.id, events);
    store.events.applyPatches(fresh.id, patches);
    expect(store.events.countEvents(fresh.id)).toBe(50);
    // Its seqs start at 1 again, like the old sessions': keyed apart, nothing conflicts.
    expect(store.events.getEvent(fresh.id, 1)?.raw).toBe(events[0].raw);

    expect(store.sessions.delete(ids[0])).toBe(true);
    expect(store.events.countEvents(ids[0])).toBe(0);
    expect(store.events.listEvents(ids[0])).toEqual([]);
    expect(reads(store, ids[1])).toEqual(before);
    expect(store.events.countEvents(fresh.id)).toBe(50);
    const db = new Database(store.file, { readonly: true });
    try {
      expect((db.prepare('SELECT COUNT(*) AS n FROM events').get() as { n: number }).n).toBe(98 + 50);
    } finally {
      db.close();
    }
    // A session deleted and its key given again finds none of the deleted session's rows.
    const again = store.sessions.create({ name: 'again', target, status: 'open' });
    expect(store.events.countEvents(again.id)).toBe(0);
  });

  it('every read of a session finds its rows through the key, not by scanning the table', () => {
    const store = temp.open(temp.dir());
    const db = new Database(store.file, { readonly: true });
    try {
      const plan = (sql: string) => {
        const args = (sql.match(/\?/g) ?? []).map((_, i) => (i === 0 ? 'x' : 1));
        return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as { detail: string }[]).map((r) => r.detail).join(' | ');
      };
      const reads = [
        `SELECT e.body, ${STATE_SQL} AS state FROM ${EVENTS_FROM} WHERE s.id = ? AND e.seq > ? ORDER BY e.seq LIMIT ?`,
        `SELECT e.body FROM ${EVENTS_FROM} WHERE s.id = ? AND e.seq = ?`,
        `SELECT COUNT(*) FROM ${EVENTS_FROM} WHERE s.id = ?`,
      ];
      for (const sql of reads) {
        const detail = plan(sql);
        expect(detail).toMatch(/SEARCH e USING (COVERING )?INDEX sqlite_autoindex_events_1 \(session_key=/);
        expect(detail).not.toMatch(/SCAN e\b/);
        expect(detail).not.toMatch(/TEMP B-TREE/);
      }
    } finally {
      db.close();
    }
  });
});
