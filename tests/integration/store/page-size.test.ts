/**
 * A new database is made with 16 KiB pages (the recorder's appends and checkpoints cost less per
 * row, server/store/db.ts PAGE_SIZE). A data directory an older rpcscope made with SQLite's default
 * 4 KiB pages keeps them: it opens, reads exactly as before, records beside its old sessions, and
 * a size cap still refuses writes as a full disk would.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { MessagePipeline } from '@/lib/session/pipeline';
import type { TargetSpec, TrafficEvent } from '@/lib/session/types';
import { DB_FILE, Store } from '@/server/store';
import { PAGE_SIZE } from '@/server/store/db';
import { tempStores } from './temp-store';

const target: TargetSpec = { kind: 'stdio', command: 'node', args: ['peer.js'], framing: 'content-length' };
const temp = tempStores();
afterEach(() => temp.cleanup());

const pageSizeOf = (file: string): number => {
  const db = new Database(file, { readonly: true });
  try {
    return db.pragma('page_size', { simple: true }) as number;
  } finally {
    db.close();
  }
};

function record(store: Store, name: string, n: number): { id: string; events: TrafficEvent[] } {
  const p = new MessagePipeline({ timeoutMs: 60_000 });
  const s = store.sessions.create({ name, target, status: 'open' });
  const events: TrafficEvent[] = [];
  for (let i = 0; i < n; i++) {
    const text = i % 2 ? `{"jsonrpc":"2.0","id":${i - 1},"result":"größe ${'x'.repeat(i * 7)}"}` : `{"jsonrpc":"2.0","id":${i},"method":"m"}`;
    events.push(p.message(i % 2 ? 'in' : 'out', i + 1, 1_700_000_000_000 + i, text, text).event);
  }
  store.events.appendMany(s.id, events);
  store.events.applyPatches(s.id, p.targetExited(n + 1));
  return { id: s.id, events };
}

describe('the database file’s page size', () => {
  it('a new data directory gets 16 KiB pages', () => {
    const dir = temp.dir();
    const store = temp.open(dir);
    record(store, 'one', 20);
    expect(pageSizeOf(store.file)).toBe(PAGE_SIZE);
  });

  it('a data directory made with 4 KiB pages keeps them, reads as before and records beside its old sessions', () => {
    const dir = temp.dir();
    mkdirSync(dir, { recursive: true });
    // What an older rpcscope made: SQLite's default page size, every migration applied.
    const old = new Database(`${dir}/${DB_FILE}`);
    old.pragma('page_size = 4096');
    old.pragma('journal_mode = WAL');
    old.close();
    const first = new Store({ dir });
    const a = record(first, 'old', 400);
    const before = first.events.listEvents(a.id, { limit: 100_000 });
    first.close();
    expect(pageSizeOf(`${dir}/${DB_FILE}`)).toBe(4096);

    const store = temp.open(dir);
    expect(store.events.listEvents(a.id, { limit: 100_000 })).toEqual(before);
    const b = record(store, 'new', 50);
    expect(store.events.countEvents(b.id)).toBe(50);
    expect(store.events.getEvent(b.id, 2)?.raw).toBe(b.events[1].raw);
    expect(store.sessions.require(a.id).counts.events).toBe(400);
    expect(pageSizeOf(store.file)).toBe(4096);
  });

  it('with 16 KiB pages a size cap still refuses a write the way a full disk does, and keeps what was recorded', () => {
    const store = temp.open(temp.dir());
    const a = record(store, 'capped', 30);
    store.setSizeLimit(store.sizeBytes);
    const p = new MessagePipeline({ timeoutMs: 60_000 });
    const big = 'y'.repeat(200_000);
    const text = `{"jsonrpc":"2.0","method":"flood","params":"${big}"}`;
    const ev = { ...p.message('in', 31, 1_700_000_001_000, text, text).event, seq: 31 };
    expect(() => store.events.appendMany(a.id, [ev])).toThrow(/full|SQLITE_FULL/i);
    expect(store.events.countEvents(a.id)).toBe(30);
    expect(store.events.listEvents(a.id, { limit: 100 }).map((e) => e.seq)).toEqual(a.events.map((e) => e.seq));
  });
});
