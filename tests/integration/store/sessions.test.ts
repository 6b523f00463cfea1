import { afterEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { TargetSpec, TrafficEvent } from '@/lib/session/types';
import { DB_FILE, SCHEMA_VERSION, Store, resolveDataDir } from '@/server/store';
import { tempStores } from './temp-store';

const target: TargetSpec = { kind: 'http', url: 'http://127.0.0.1:8545/', headers: { 'X-Api-Key': 'k' } };
const temp = tempStores();
afterEach(() => temp.cleanup());

const ev = (seq: number, dir: 'out' | 'in', time: number, extra: Partial<TrafficEvent> = {}): TrafficEvent => ({
  seq, t: seq, time, dir, raw: `{"jsonrpc":"2.0","id":${seq},"method":"eth_blockNumber"}`, kind: 'request', findings: [], ...extra,
});

describe('sessions across restarts', () => {
  it('reopens a session with its events after the store is closed and opened again', () => {
    const dir = temp.dir();
    const first = new Store({ dir });
    const s = first.sessions.create({ name: 'mainnet', target, status: 'open' });
    first.events.appendMany(s.id, [ev(1, 'out', 1000), ev(2, 'in', 1001)]);
    first.sessions.setStatus(s.id, 'closed', { endedAt: '2025-01-01T00:00:01.000Z' });
    first.close();

    const second = temp.open(dir);
    expect(second.staleSessionsClosed).toBe(0);
    const again = second.sessions.require(s.id);
    expect(again).toMatchObject({ name: 'mainnet', target, status: 'closed', lastSeq: 2, endedAt: '2025-01-01T00:00:01.000Z' });
    expect(again.counts).toEqual({ events: 2, out: 1, in: 1, errors: 0, findings: 0 });
    expect(second.events.listEvents(s.id)).toEqual([ev(1, 'out', 1000), ev(2, 'in', 1001)]);
  });

  it('keeps what a killed server recorded, and shows its open session as closed', () => {
    const dir = temp.dir();
    // A real process records and dies by SIGKILL: no close(), no checkpoint.
    const script = `
      import { Store } from './server/store/index.ts';
      const store = new Store({ dir: ${JSON.stringify(dir)} });
      const s = store.sessions.create({ id: 'live1', name: 'live', target: { kind: 'tcp', host: '127.0.0.1', port: 9, framing: 'newline' }, status: 'open' });
      const events = [];
      for (let i = 1; i <= 50; i++) events.push({ seq: i, t: i, time: Date.UTC(2025, 0, 1) + i, dir: 'in', raw: 'x' + i, kind: 'noise', findings: [] });
      store.events.appendMany(s.id, events);
      process.kill(process.pid, 'SIGKILL');
    `;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: process.cwd(), encoding: 'utf8', timeout: 30_000, shell: false,
    });
    expect(child.signal).toBe('SIGKILL');

    const store = temp.open(dir);
    expect(store.staleSessionsClosed).toBe(1);
    const s = store.sessions.require('live1');
    expect(s.status).toBe('closed');
    expect(s.endedAt).toBe(new Date(Date.UTC(2025, 0, 1) + 50).toISOString());
    expect(s.failure).toBe('rpcscope stopped while this session was open');
    expect(s.lastSeq).toBe(50);
    expect(store.events.listEvents('live1').map((e) => e.raw).slice(-2)).toEqual(['x49', 'x50']);
  }, 40_000);

  it('closes sessions left open or connecting, and only those', () => {
    const dir = temp.dir();
    const first = new Store({ dir });
    const open = first.sessions.create({ name: 'open', target, status: 'open', startedAt: '2025-02-02T10:00:00.000Z' });
    const connecting = first.sessions.create({ name: 'connecting', target, status: 'connecting' });
    const failed = first.sessions.create({ name: 'failed', target, status: 'open' });
    first.sessions.setStatus(failed.id, 'failed', { failure: 'connection refused 127.0.0.1:8545' });
    first.close();

    const second = temp.open(dir);
    expect(second.staleSessionsClosed).toBe(2);
    expect(second.sessions.require(open.id)).toMatchObject({ status: 'closed', endedAt: '2025-02-02T10:00:00.000Z' });
    expect(second.sessions.require(connecting.id).status).toBe('closed');
    expect(second.sessions.require(failed.id)).toMatchObject({ status: 'failed', failure: 'connection refused 127.0.0.1:8545' });
  });

  it('refuses a database written by a newer rpcscope instead of changing it', () => {
    const dir = temp.dir();
    new Store({ dir }).close();
    const db = new Database(join(dir, DB_FILE));
    db.prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)').run(SCHEMA_VERSION + 1, 'x');
    db.close();
    expect(() => new Store({ dir })).toThrow(
      `the database was written by a newer rpcscope (schema ${SCHEMA_VERSION + 1}; this one knows up to ${SCHEMA_VERSION})`,
    );
  });
});

describe('history', () => {
  it('lists sessions newest first with counts, and filters by text, status and tag', () => {
    const store = temp.open(temp.dir());
    const a = store.sessions.create({ name: 'geth local', target, status: 'open', startedAt: '2025-01-01T00:00:00.000Z' });
    const b = store.sessions.create({ name: 'lsp 100%_done', target: { kind: 'stdio', command: 'pyright-langserver', args: ['--stdio'], framing: 'content-length' }, startedAt: '2025-01-02T00:00:00.000Z', tags: ['lsp', 'python'] });
    store.events.appendMany(a.id, [
      ev(1, 'out', 1),
      ev(2, 'in', 2, { kind: 'error', error: { code: -32000, message: 'x', name: 'Server error', meaning: 'm', source: 'jsonrpc' }, findings: [{ rule: 'r', severity: 'warning', message: 'm' }] }),
    ]);

    expect(store.sessions.list().map((s) => s.name)).toEqual(['lsp 100%_done', 'geth local']);
    expect(store.sessions.require(a.id).counts).toEqual({ events: 2, out: 1, in: 1, errors: 1, findings: 1 });
    expect(store.sessions.list({ search: 'PYRIGHT' }).map((s) => s.id)).toEqual([b.id]);
    expect(store.sessions.list({ search: '100%_' }).map((s) => s.id)).toEqual([b.id]);
    expect(store.sessions.list({ search: '%' }).map((s) => s.id)).toEqual([b.id]);
    expect(store.sessions.list({ status: 'open' }).map((s) => s.id)).toEqual([a.id]);
    expect(store.sessions.list({ tag: 'python' }).map((s) => s.id)).toEqual([b.id]);
    expect(store.sessions.list({ limit: 1, offset: 1 }).map((s) => s.id)).toEqual([a.id]);
  });

  it('renames and tags a session; names are labels, never paths', () => {
    const dir = temp.dir();
    const store = temp.open(dir);
    const s = store.sessions.create({ name: 'first', target });
    expect(store.sessions.rename(s.id, '  ../../etc/passwd  ').name).toBe('../../etc/passwd');
    expect(store.sessions.rename(s.id, 'CON').name).toBe('CON');
    expect(readdirSync(dir).sort()).toEqual([DB_FILE, `${DB_FILE}-shm`, `${DB_FILE}-wal`]);
    expect(() => store.sessions.rename(s.id, 'x'.repeat(10_000))).toThrow('session name: name is longer than 200 characters');
    expect(() => store.sessions.rename(s.id, '')).toThrow('session name: name is empty');
    expect(() => store.sessions.rename('missing', 'x')).toThrow('no session with id "missing"');
    expect(store.sessions.setTags(s.id, ['a', ' b ', 'a']).tags).toEqual(['a', 'b']);
    expect(() => store.sessions.setTags(s.id, ['x'.repeat(51)])).toThrow(/tags: .* must be 1 to 50 printable characters/);
    expect(store.sessions.setTags(s.id, []).tags).toBeUndefined();
  });

  it('makes a long or multi-line derived name into a label instead of losing the session', () => {
    const store = temp.open(temp.dir());
    const long = store.sessions.create({ name: 'node ' + 'a'.repeat(500), target });
    expect(long.name).toHaveLength(200);
    expect(long.name.endsWith('…')).toBe(true);
    expect(store.sessions.create({ name: 'python\n-c\tprint(1)', target }).name).toBe('python -c print(1)');
    expect(store.sessions.create({ name: '😀'.repeat(150), target }).name).toBe('😀'.repeat(99) + '…');
    expect(store.sessions.create({ name: '\u0000', target }).name).toBe('session');
  });

  it('refuses an invalid target when a session is created', () => {
    const store = temp.open(temp.dir());
    expect(() => store.sessions.create({ name: 'x', target: { kind: 'http', url: 'javascript:alert(1)' } as TargetSpec })).toThrow(
      'target: url: must be a http:// or https:// URL',
    );
  });

  it('deletes a session together with all its events', () => {
    const store = temp.open(temp.dir());
    const keep = store.sessions.create({ name: 'keep', target });
    const gone = store.sessions.create({ name: 'gone', target });
    store.events.appendMany(keep.id, [ev(1, 'out', 1)]);
    store.events.appendMany(gone.id, Array.from({ length: 1000 }, (_, i) => ev(i + 1, 'out', i)));
    expect(store.sessions.delete(gone.id)).toBe(true);
    expect(store.sessions.delete(gone.id)).toBe(false);
    expect(store.sessions.get(gone.id)).toBeUndefined();
    const db = new Database(store.file, { readonly: true });
    try {
      const rows = db.prepare('SELECT s.id AS session_id, COUNT(*) AS n FROM events e JOIN sessions s ON s.key = e.session_key GROUP BY e.session_key').all();
      expect(rows).toEqual([{ session_id: keep.id, n: 1 }]);
    } finally {
      db.close();
    }
  });

  it('gives a session an unguessable share id that can be revoked', () => {
    const store = temp.open(temp.dir());
    const s = store.sessions.create({ name: 'shared', target });
    const shareId = store.sessions.share(s.id);
    expect(shareId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(shareId).not.toContain(s.id);
    expect(store.sessions.share(s.id)).toBe(shareId);
    expect(store.sessions.getByShareId(shareId)?.id).toBe(s.id);
    expect(store.sessions.getByShareId(s.id)).toBeUndefined();
    store.sessions.unshare(s.id);
    expect(store.sessions.getByShareId(shareId)).toBeUndefined();
    expect(store.sessions.share(s.id)).not.toBe(shareId);
  });
});

describe('data directory', () => {
  it('is created when missing, owner-only, and holds rpcscope.db', () => {
    const dir = join(temp.dir(), 'nested', 'data');
    const store = temp.open(dir);
    expect(store.file).toBe(join(dir, DB_FILE));
    expect(existsSync(store.file)).toBe(true);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it('comes from RPCSCOPE_DATA_DIR, else the project folder', () => {
    const saved = process.env.RPCSCOPE_DATA_DIR;
    try {
      delete process.env.RPCSCOPE_DATA_DIR;
      expect(resolveDataDir()).toBe(join(process.cwd(), 'data'));
      process.env.RPCSCOPE_DATA_DIR = '/tmp/somewhere/rpcscope';
      expect(resolveDataDir()).toBe('/tmp/somewhere/rpcscope');
      expect(resolveDataDir('/tmp/explicit')).toBe('/tmp/explicit');
    } finally {
      if (saved === undefined) delete process.env.RPCSCOPE_DATA_DIR;
      else process.env.RPCSCOPE_DATA_DIR = saved;
    }
  });
});
