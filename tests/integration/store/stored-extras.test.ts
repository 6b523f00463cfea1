/**
 * Each row's extras are stored with it (migration 12, issue 11), so a rows page reads a column
 * instead of parsing every body. What the page gives must not change: a session recorded now
 * reads exactly as the same rows read from their bodies (how sessions recorded before migration
 * 12 are read), a data directory an older rpcscope wrote opens with its sessions reading as they
 * did, and a later change to an entry (an answer's error, findings) reaches its stored extras.
 */
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { MessagePipeline } from '@/lib/session/pipeline';
import type { EventPatch, TargetSpec, TrafficEvent } from '@/lib/session/types';
import { DB_FILE, Store } from '@/server/store';
import { packEvents } from '@/server/store/row-batch';
import { rowMix } from '@/tests/fixtures/sessions/row-mix';
import { backToBodyExtras } from './old-schema';
import { tempStores } from './temp-store';

const target: TargetSpec = { kind: 'stdio', command: 'node', args: ['peer.js'], framing: 'content-length' };
const temp = tempStores();
afterEach(() => temp.cleanup());

/** Through the real pipeline: requests, answers, errors, a batch, bad JSON; the target exits with requests waiting. */
function conversation(n: number): { events: TrafficEvent[]; patches: EventPatch[] } {
  const p = new MessagePipeline({ timeoutMs: 60_000 });
  const events: TrafficEvent[] = [];
  const patches: EventPatch[] = [];
  for (let i = 0; i < n; i++) {
    const texts = [
      `{"jsonrpc":"2.0","id":${i},"method":"textDocument/hover","params":{"note":"größe ${i}"}}`,
      `{"jsonrpc":"2.0","id":${i - 1},"result":{"contents":"🚀 ${i}"}}`,
      `{"jsonrpc":"2.0","id":${i - 2},"error":{"code":-32601,"message":"no such method"}}`,
      `[{"jsonrpc":"2.0","id":"b${i}","method":"a"},{"jsonrpc":"1.0","method":"b"}]`,
      `{"jsonrpc":"2.0","method":"x",`,
      `{"jsonrpc":"2.0","id":${i},"method":"rpc.bad","params":3}`,
    ];
    const text = texts[i % texts.length];
    const o = p.message(i % 2 ? 'in' : 'out', i + 1, 1_700_000_000_000 + i, text, text);
    events.push(o.event);
    patches.push(...o.patches);
  }
  patches.push(...p.targetExited(n + 1));
  return { events, patches };
}

/** Every page of a session's rows, 97 rows at a time (pages that end mid-way through runs of shared extras). */
function pages(store: Store, id: string): unknown[] {
  const out: unknown[] = [];
  for (let since = 0, guard = 0; guard < 10_000; guard++) {
    const text = store.eventRows.pageText(id, since, 97);
    const page = JSON.parse(text) as { seq: number[]; done: boolean };
    out.push(page);
    if (page.done || page.seq.length === 0) break;
    since = page.seq[page.seq.length - 1];
  }
  return out;
}

/** The same session's pages read from the bodies, as a session recorded before migration 12 is read. */
function pagesFromBodies(store: Store, id: string): unknown[] {
  const db = new Database(store.file);
  try {
    db.prepare('UPDATE sessions SET extras_stored = 0 WHERE id = ?').run(id);
  } finally {
    db.close();
  }
  return pages(store, id);
}

describe('rows pages read each row’s stored extras', () => {
  it('a session recorded through the pipeline reads exactly as its rows read from their bodies', () => {
    const store = temp.open(temp.dir());
    const s = store.sessions.create({ name: 'pipeline', target, status: 'open' });
    const { events, patches } = conversation(600);
    for (let i = 0; i < events.length; i += 64) store.events.appendMany(s.id, events.slice(i, i + 64));
    store.events.applyPatches(s.id, patches);
    const stored = pages(store, s.id);
    const parsed = pagesFromBodies(store, s.id);
    expect(stored).toEqual(parsed);
    const all = stored as { X: unknown[]; x: (number | null)[] }[];
    // Not vacuous: rows have findings and errors, shared within a page, and most rows have none.
    expect(all.some((p) => p.X.some((x) => JSON.stringify(x).includes('"findings"')))).toBe(true);
    expect(all.some((p) => p.X.some((x) => JSON.stringify(x).includes('"error"')))).toBe(true);
    expect(all.every((p) => p.X.length < p.x.filter((i) => i !== null).length || p.X.length === 0)).toBe(true);
  });

  it('rows with every kind of member, written as the recorder’s thread hands them over, read as from their bodies', () => {
    const store = temp.open(temp.dir());
    const s = store.sessions.create({ name: 'mix', target, status: 'open' });
    const events = rowMix(1000);
    for (let i = 0; i < events.length; i += 250) store.events.appendRows(s.id, packEvents(events.slice(i, i + 250)));
    expect(pages(store, s.id)).toEqual(pagesFromBodies(store, s.id));
  });

  it('a later change to an entry reaches the extras its row is read with', () => {
    const store = temp.open(temp.dir());
    const s = store.sessions.create({ name: 'patched', target, status: 'open' });
    const events = rowMix(20);
    store.events.appendMany(s.id, events);
    const error = { code: -32000, message: 'went wrong', name: 'ServerError', meaning: 'A server error.', source: 'jsonrpc' as const };
    store.events.applyPatches(s.id, [{ seq: 12, error, late: true }]);
    const page = JSON.parse(store.eventRows.pageText(s.id, 0, 100)) as { seq: number[]; x: (number | null)[]; X: Record<string, unknown>[] };
    const at = page.x[page.seq.indexOf(12)];
    expect(at).not.toBeNull();
    expect(page.X[at!]).toMatchObject({ error, late: true });
    expect(page).toEqual(pagesFromBodies(store, s.id)[0]);
  });

  it('a data directory an older rpcscope wrote opens: its sessions read as they did, new ones store their extras', () => {
    const dir = temp.dir();
    const first = new Store({ dir });
    const old = first.sessions.create({ name: 'old', target, status: 'open' });
    const { events, patches } = conversation(300);
    first.events.appendMany(old.id, events);
    first.events.applyPatches(old.id, patches);
    const before = pages(first, old.id);
    first.close();
    backToBodyExtras(`${dir}/${DB_FILE}`);

    const store = temp.open(dir);
    expect(pages(store, old.id)).toEqual(before);
    const fresh = store.sessions.create({ name: 'new', target, status: 'open' });
    store.events.appendMany(fresh.id, events);
    store.events.applyPatches(fresh.id, patches);
    const db = new Database(store.file, { readonly: true });
    try {
      const stored = db.prepare('SELECT extras_stored AS v FROM sessions WHERE id = ?');
      expect((stored.get(old.id) as { v: number }).v).toBe(0);
      expect((stored.get(fresh.id) as { v: number }).v).toBe(1);
      expect((db.prepare('SELECT COUNT(extras) AS n FROM events e JOIN sessions s ON s.key = e.session_key WHERE s.id = ?').get(fresh.id) as { n: number }).n).toBeGreaterThan(0);
    } finally {
      db.close();
    }
    // The same entries, recorded before and after the upgrade, read alike.
    expect(pages(store, fresh.id)).toEqual(before);
  });
});
