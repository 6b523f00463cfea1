/**
 * Sessions: one row per connection a user made (or imported). The history list reads from here;
 * the per-session counts are kept up to date by the events repo as events are appended and
 * patched, so listing history never scans events.
 */
import type { SessionDialect, SessionRecording, SessionStatus, SessionSummary, TargetSpec } from '../../lib/session/types';
import { parseTargetSpec } from '../../lib/session/schemas';
import type { Db } from './db';
import { StoreError, checkName, isoNow, newId, newShareId, toJsonColumn, toLabel } from './errors';

interface SessionRow {
  id: string;
  name: string;
  target: string;
  status: SessionStatus;
  started_at: string;
  ended_at: string | null;
  last_seq: number;
  count_events: number;
  count_out: number;
  count_in: number;
  count_errors: number;
  count_findings: number;
  failure: string | null;
  imported: number;
  tags: string;
  share_id: string | null;
  dialect: string | null;
  recording: string | null;
  reconnect_of: string | null;
}

export interface CreateSessionInput {
  /**
   * Usually derived by the server (a URL, a command line), so it is made into a valid label
   * (control characters to spaces, clipped to 200) rather than refused: a session must never fail
   * to record because of its name. `rename` checks strictly, since a user typed that one.
   */
  name: string;
  target: TargetSpec;
  /** Default: a fresh random id. Imports keep none of the file's ids. */
  id?: string;
  status?: SessionStatus;
  startedAt?: string;
  imported?: boolean;
  tags?: string[];
  failure?: string;
  /** The session this one reconnects (same target, new recording). */
  reconnectOf?: string;
}

export interface ListSessionsOptions {
  /** Case-insensitive substring of the name or the target (URL, command …). */
  search?: string;
  status?: SessionStatus;
  tag?: string;
  imported?: boolean;
  limit?: number;
  offset?: number;
}

const STATUSES: readonly SessionStatus[] = ['connecting', 'open', 'closed', 'failed'];
const MAX_TAGS = 50;
const MAX_TAG_CHARS = 50;
const MAX_FAILURE_CHARS = 4096;
const MAX_LIST = 1000;

function toSummary(r: SessionRow): SessionSummary {
  const s: SessionSummary = {
    id: r.id,
    name: r.name,
    target: JSON.parse(r.target) as TargetSpec,
    status: r.status,
    startedAt: r.started_at,
    lastSeq: r.last_seq,
    counts: { events: r.count_events, out: r.count_out, in: r.count_in, errors: r.count_errors, findings: r.count_findings },
  };
  if (r.ended_at !== null) s.endedAt = r.ended_at;
  if (r.failure !== null) s.failure = r.failure;
  if (r.imported) s.imported = true;
  const tags = JSON.parse(r.tags) as string[];
  if (tags.length) s.tags = tags;
  if (r.dialect) s.dialect = JSON.parse(r.dialect) as SessionDialect;
  if (r.recording) s.recording = JSON.parse(r.recording) as SessionRecording;
  if (r.reconnect_of) s.reconnectOf = r.reconnect_of;
  return s;
}

function checkTags(tags: unknown): string[] {
  if (!Array.isArray(tags)) throw new StoreError('invalid', 'tags: expected a list of labels');
  if (tags.length > MAX_TAGS) throw new StoreError('invalid', `tags: at most ${MAX_TAGS}`);
  const out: string[] = [];
  for (const t of tags) {
    if (typeof t !== 'string') throw new StoreError('invalid', 'tags: each tag must be text');
    const tag = t.trim();
    if (!tag || tag.length > MAX_TAG_CHARS || /[\u0000-\u001f\u007f]/.test(tag)) {
      throw new StoreError('invalid', `tags: "${tag.slice(0, 60)}" must be 1 to ${MAX_TAG_CHARS} printable characters`);
    }
    if (!out.includes(tag)) out.push(tag);
  }
  return out;
}

function checkStatus(status: unknown): SessionStatus {
  if (!STATUSES.includes(status as SessionStatus)) {
    throw new StoreError('invalid', `status must be one of ${STATUSES.join(', ')}`);
  }
  return status as SessionStatus;
}

const clipFailure = (f: string | undefined) => (f === undefined ? null : f.slice(0, MAX_FAILURE_CHARS));

/** `%`, `_` and `\` are LIKE wildcards; a search for them means the characters themselves. */
const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => '\\' + c)}%`;

export class SessionsRepo {
  private readonly byId;
  private readonly byShare;

  constructor(private readonly db: Db) {
    this.byId = db.prepare<[string], SessionRow>('SELECT * FROM sessions WHERE id = ?');
    this.byShare = db.prepare<[string], SessionRow>('SELECT * FROM sessions WHERE share_id = ?');
  }

  create(input: CreateSessionInput): SessionSummary {
    if (typeof input.name !== 'string') throw new StoreError('invalid', 'session name: must be text');
    const name = toLabel(input.name);
    const target = parseTargetSpec(input.target);
    if (!target.ok) throw new StoreError('invalid', `target: ${target.error}`);
    const id = input.id ?? newId();
    if (!/^[A-Za-z0-9_-]{1,100}$/.test(id)) throw new StoreError('invalid', 'session id may use only letters, digits, - and _');
    const startedAt = input.startedAt ?? isoNow();
    if (Number.isNaN(Date.parse(startedAt))) throw new StoreError('invalid', 'startedAt must be an ISO-8601 date-time');
    try {
      this.db
        .prepare(
          `INSERT INTO sessions (id, name, target, status, started_at, failure, imported, tags, reconnect_of)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          id,
          name,
          toJsonColumn(target.value, 'target'),
          checkStatus(input.status ?? 'connecting'),
          startedAt,
          clipFailure(input.failure),
          input.imported ? 1 : 0,
          JSON.stringify(checkTags(input.tags ?? [])),
          input.reconnectOf !== undefined && /^[A-Za-z0-9_-]{1,100}$/.test(input.reconnectOf) ? input.reconnectOf : null,
        );
    } catch (e) {
      if ((e as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
        throw new StoreError('conflict', `a session with id ${id} already exists`);
      }
      throw e;
    }
    return this.require(id);
  }

  get(id: string): SessionSummary | undefined {
    const row = this.byId.get(id);
    return row ? toSummary(row) : undefined;
  }

  require(id: string): SessionSummary {
    const s = this.get(id);
    if (!s) throw new StoreError('not-found', `no session with id ${JSON.stringify(id).slice(0, 120)}`);
    return s;
  }

  exists(id: string): boolean {
    return this.byId.get(id) !== undefined;
  }

  /** History: newest first, with counts. */
  list(opts: ListSessionsOptions = {}): SessionSummary[] {
    const where: string[] = [];
    const args: unknown[] = [];
    if (opts.search) {
      where.push(`(name LIKE ? ESCAPE '\\' OR target LIKE ? ESCAPE '\\')`);
      const p = likePattern(opts.search.slice(0, 200));
      args.push(p, p);
    }
    if (opts.status) {
      where.push('status = ?');
      args.push(checkStatus(opts.status));
    }
    if (opts.tag) {
      where.push('EXISTS (SELECT 1 FROM json_each(sessions.tags) WHERE json_each.value = ?)');
      args.push(opts.tag);
    }
    if (opts.imported !== undefined) {
      where.push('imported = ?');
      args.push(opts.imported ? 1 : 0);
    }
    const limit = Math.min(Math.max(1, Math.floor(opts.limit ?? 200)), MAX_LIST);
    const offset = Math.max(0, Math.floor(opts.offset ?? 0));
    const sql =
      'SELECT * FROM sessions' +
      (where.length ? ` WHERE ${where.join(' AND ')}` : '') +
      ' ORDER BY started_at DESC, rowid DESC LIMIT ? OFFSET ?';
    return (this.db.prepare(sql).all(...args, limit, offset) as SessionRow[]).map(toSummary);
  }

  /** Status change; `closed`/`failed` also stamp `endedAt` (now, unless given). */
  setStatus(id: string, status: SessionStatus, opts: { failure?: string; endedAt?: string } = {}): SessionSummary {
    checkStatus(status);
    const ended = status === 'closed' || status === 'failed' ? (opts.endedAt ?? isoNow()) : null;
    const r = this.db
      .prepare(
        `UPDATE sessions SET status = ?, ended_at = COALESCE(?, ended_at),
           failure = COALESCE(?, failure) WHERE id = ?`,
      )
      .run(status, ended, clipFailure(opts.failure), id);
    if (r.changes === 0) this.require(id);
    return this.require(id);
  }

  rename(id: string, name: string): SessionSummary {
    const r = this.db.prepare('UPDATE sessions SET name = ? WHERE id = ?').run(checkName(name, 'session'), id);
    if (r.changes === 0) this.require(id);
    return this.require(id);
  }

  /** The dialect detected or chosen for the session (shown in its header, used to decode errors). */
  setDialect(id: string, dialect: SessionDialect): void {
    const r = this.db.prepare('UPDATE sessions SET dialect = ? WHERE id = ?').run(JSON.stringify(dialect), id);
    if (r.changes === 0) this.require(id);
  }

  /** What the recorder could not save, kept with the session so it is still shown after a restart. */
  setRecording(id: string, recording: SessionRecording): void {
    const r = this.db.prepare('UPDATE sessions SET recording = ? WHERE id = ?').run(JSON.stringify(recording), id);
    if (r.changes === 0) this.require(id);
  }

  setTags(id: string, tags: string[]): SessionSummary {
    const r = this.db.prepare('UPDATE sessions SET tags = ? WHERE id = ?').run(JSON.stringify(checkTags(tags)), id);
    if (r.changes === 0) this.require(id);
    return this.require(id);
  }

  /** Deletes the session and every event it recorded. Returns false when there was none. */
  delete(id: string): boolean {
    return this.db.transaction(() => {
      // Its events go by trigger (events_gone, migration 11).
      return this.db.prepare('DELETE FROM sessions WHERE id = ?').run(id).changes > 0;
    })();
  }

  /** The session's read-only share id, created on first call (an existing one is kept). */
  share(id: string): string {
    const existing = this.byId.get(id);
    if (!existing) this.require(id);
    if (existing!.share_id) return existing!.share_id;
    const shareId = newShareId();
    this.db.prepare('UPDATE sessions SET share_id = ? WHERE id = ?').run(shareId, id);
    return shareId;
  }

  shareIdOf(id: string): string | undefined {
    return this.byId.get(id)?.share_id ?? undefined;
  }

  /** Revokes the share link: the old id stops working for good. */
  unshare(id: string): void {
    const r = this.db.prepare('UPDATE sessions SET share_id = NULL WHERE id = ?').run(id);
    if (r.changes === 0) this.require(id);
  }

  getByShareId(shareId: string): SessionSummary | undefined {
    if (typeof shareId !== 'string' || !/^[A-Za-z0-9_-]{20,100}$/.test(shareId)) return undefined;
    const row = this.byShare.get(shareId);
    return row ? toSummary(row) : undefined;
  }

  /**
   * Sessions left `open`/`connecting` by a process that died cannot be live any more: mark them
   * closed, ending at their last recorded event (or their start). Returns how many.
   */
  closeStale(): number {
    const rows = this.db
      .prepare<[], { id: string; started_at: string; last_time: number | null }>(
        `SELECT s.id, s.started_at,
           (SELECT e.time FROM events e WHERE e.session_key = s.key ORDER BY e.seq DESC LIMIT 1) AS last_time
         FROM sessions s WHERE s.status IN ('open', 'connecting')`,
      )
      .all();
    const close = this.db.prepare(
      `UPDATE sessions SET status = 'closed', ended_at = COALESCE(ended_at, ?),
         failure = COALESCE(failure, 'rpcscope stopped while this session was open') WHERE id = ?`,
    );
    this.db.transaction(() => {
      for (const r of rows) {
        const last = r.last_time === null ? NaN : new Date(r.last_time).getTime();
        const end = Number.isNaN(last) ? r.started_at : new Date(last).toISOString();
        close.run(end, r.id);
      }
    })();
    return rows.length;
  }
}
