/**
 * The team store, written once over an Executor (server/team/store/sql.ts): the same statements
 * run on PostgreSQL and on SQLite. Events are kept as the JSON text that was published, keyed by
 * (session, seq); an append inserts with ON CONFLICT DO NOTHING and RETURNING, so only the new
 * ones count, and the session's size is checked in the same transaction (over the cap: nothing kept).
 */
import { randomBytes } from 'node:crypto';
import type { Role } from '../../../lib/team/roles';
import type { TeamComment } from '../../../lib/team/api';
import { migrate } from './migrations';
import type { Executor, Param, Row } from './sql';
import {
  LastOwner,
  NameTaken,
  TooLarge,
  type DocKind,
  type PublishedSession,
  type PutDocResult,
  type SharedDocRecord,
  type StoredEvent,
  type TeamStore,
  type TeamUser,
  type TokenRecord,
} from './types';

const newId = () => randomBytes(12).toString('base64url');
const now = () => new Date().toISOString();
/** Rows per INSERT: 3 parameters each, far under PostgreSQL's 65535. */
const INSERT_CHUNK = 500;

const toUser = (r: Row): TeamUser => ({
  id: String(r.id),
  name: String(r.name),
  role: r.role as Role,
  hasPassword: r.password_hash != null,
  createdAt: String(r.created_at),
});
const toToken = (r: Row): TokenRecord => ({
  id: String(r.id),
  userId: String(r.user_id),
  name: String(r.name),
  createdAt: String(r.created_at),
  ...(r.revoked_at == null ? {} : { revokedAt: String(r.revoked_at) }),
});
const toSession = (r: Row): PublishedSession => ({
  id: String(r.id),
  name: String(r.name),
  target: JSON.parse(String(r.target)) as PublishedSession['target'],
  startedAt: String(r.started_at),
  ...(r.redactions == null ? {} : { redactions: JSON.parse(String(r.redactions)) as PublishedSession['redactions'] }),
  publishedBy: String(r.published_by_name ?? r.published_by),
  publishedAt: String(r.published_at),
  live: Number(r.live) === 1,
  lastSeq: Number(r.last_seq),
  eventCount: Number(r.event_count),
  bytes: Number(r.bytes),
});
const toComment = (r: Row): TeamComment => ({
  id: Number(r.id),
  seq: Number(r.seq),
  author: String(r.author),
  text: String(r.text),
  at: String(r.created_at),
});
const toDoc = (r: Row): SharedDocRecord => ({
  kind: r.kind as DocKind,
  name: String(r.name),
  version: Number(r.version),
  body: String(r.body),
  updatedBy: String(r.updated_by_name),
  updatedAt: String(r.updated_at),
});

const SESSION_COLUMNS = `s.*, u.name AS published_by_name FROM team_sessions s JOIN team_users u ON u.id = s.published_by`;
const DOC_COLUMNS = `d.*, u.name AS updated_by_name FROM team_docs d JOIN team_users u ON u.id = d.updated_by`;

/** A unique-key violation on either engine. */
const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string };
  return e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
};

export class SqlTeamStore implements TeamStore {
  constructor(private readonly ex: Executor) {}
  get engine() {
    return this.ex.engine;
  }
  migrate() {
    return migrate(this.ex);
  }
  close() {
    return this.ex.close();
  }

  private async one(sql: string, params: Param[]): Promise<Row | undefined> {
    return (await this.ex.all(sql, params))[0];
  }

  // ---------- people ----------

  async addUser(name: string, role: Role): Promise<TeamUser> {
    const user = { id: newId(), name, role, createdAt: now() };
    try {
      await this.ex.run(`INSERT INTO team_users (id, name, role, created_at) VALUES (?, ?, ?, ?)`, [user.id, name, role, user.createdAt]);
    } catch (err) {
      if (isUniqueViolation(err)) throw new NameTaken(`there is already a user named ${name}`);
      throw err;
    }
    return { ...user, hasPassword: false };
  }
  async user(key: { name: string } | { id: string }) {
    const r = 'name' in key
      ? await this.one(`SELECT * FROM team_users WHERE name = ?`, [key.name])
      : await this.one(`SELECT * FROM team_users WHERE id = ?`, [key.id]);
    return r && toUser(r);
  }
  async users() {
    return (await this.ex.all(`SELECT * FROM team_users ORDER BY name`)).map(toUser);
  }
  setRole(userId: string, role: Role) {
    return this.ex.tx(async (tx) => {
      // Two owners demoting each other at once: the lock makes the second see the first's change.
      if (tx.engine === 'postgres') await tx.run(`LOCK TABLE team_users IN SHARE ROW EXCLUSIVE MODE`);
      const changed = await tx.run(
        `UPDATE team_users SET role = ? WHERE id = ?
           AND (? = 'owner' OR role <> 'owner' OR (SELECT COUNT(*) FROM team_users WHERE role = 'owner') > 1)`,
        [role, userId, role],
      );
      if (changed === 1) return;
      const user = await tx.all(`SELECT name FROM team_users WHERE id = ?`, [userId]);
      if (user[0]) throw new LastOwner(String(user[0].name));
    });
  }
  async setPassword(userId: string, hash: string) {
    await this.ex.run(`UPDATE team_users SET password_hash = ? WHERE id = ?`, [hash, userId]);
  }
  async passwordHash(userId: string) {
    const r = await this.one(`SELECT password_hash FROM team_users WHERE id = ?`, [userId]);
    return r?.password_hash == null ? undefined : String(r.password_hash);
  }

  async addSignInCode(userId: string, hash: string, expiresAt: string) {
    await this.ex.run(`INSERT INTO team_sign_in_codes (hash, user_id, expires_at) VALUES (?, ?, ?)`, [hash, userId, expiresAt]);
  }
  async takeSignInCode(hash: string, at: string) {
    // One UPDATE decides: of two uses at once, only one changes the row.
    const rows = await this.ex.all(
      `UPDATE team_sign_in_codes SET used = 1 WHERE hash = ? AND used = 0 AND expires_at > ? RETURNING user_id`,
      [hash, at],
    );
    return rows[0] ? String(rows[0].user_id) : undefined;
  }
  async addWebSession(hash: string, userId: string, expiresAt: string) {
    await this.ex.run(`INSERT INTO team_web_sessions (hash, user_id, expires_at) VALUES (?, ?, ?)`, [hash, userId, expiresAt]);
  }
  async webSessionUser(hash: string, at: string) {
    const r = await this.one(`SELECT user_id FROM team_web_sessions WHERE hash = ? AND expires_at > ?`, [hash, at]);
    return r ? String(r.user_id) : undefined;
  }
  async endWebSession(hash: string) {
    await this.ex.run(`DELETE FROM team_web_sessions WHERE hash = ?`, [hash]);
  }

  async addToken(userId: string, name: string, hash: string): Promise<TokenRecord> {
    const t = { id: newId(), userId, name, createdAt: now() };
    await this.ex.run(`INSERT INTO team_tokens (id, user_id, name, hash, created_at) VALUES (?, ?, ?, ?, ?)`, [t.id, userId, name, hash, t.createdAt]);
    return t;
  }
  async tokenByHash(hash: string) {
    const r = await this.one(`SELECT * FROM team_tokens WHERE hash = ?`, [hash]);
    return r && toToken(r);
  }
  async tokens(userId?: string) {
    const rows = userId === undefined
      ? await this.ex.all(`SELECT * FROM team_tokens ORDER BY created_at`)
      : await this.ex.all(`SELECT * FROM team_tokens WHERE user_id = ? ORDER BY created_at`, [userId]);
    return rows.map(toToken);
  }
  async revokeToken(id: string) {
    return (await this.ex.run(`UPDATE team_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL`, [now(), id])) === 1;
  }

  // ---------- published sessions ----------

  async createSession(s: Omit<PublishedSession, 'lastSeq' | 'eventCount' | 'bytes'>) {
    await this.ex.run(
      `INSERT INTO team_sessions (id, name, target, started_at, redactions, published_by, published_at, live) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      [s.id, s.name, JSON.stringify(s.target), s.startedAt, s.redactions ? JSON.stringify(s.redactions) : null, s.publishedBy, s.publishedAt, s.live ? 1 : 0],
    );
  }

  appendEvents(sessionId: string, events: StoredEvent[], maxBytes: number) {
    return this.ex.tx(async (tx) => {
      let added = 0;
      let bytes = 0;
      let top = -1;
      for (let i = 0; i < events.length; i += INSERT_CHUNK) {
        const chunk = events.slice(i, i + INSERT_CHUNK);
        const params: Param[] = [];
        for (const e of chunk) params.push(sessionId, e.seq, e.json);
        const rows = await tx.all<{ seq: number; n: number }>(
          `INSERT INTO team_events (session_id, seq, body) VALUES ${chunk.map(() => '(?, ?, ?)').join(', ')}
           ON CONFLICT (session_id, seq) DO NOTHING RETURNING seq, LENGTH(body) AS n`,
          params,
        );
        added += rows.length;
        for (const r of rows) {
          bytes += Number(r.n);
          top = Math.max(top, Number(r.seq));
        }
      }
      const after = await tx.all<{ bytes: number; last_seq: number }>(
        `UPDATE team_sessions SET bytes = bytes + ?, event_count = event_count + ?,
           last_seq = CASE WHEN last_seq > ? THEN last_seq ELSE ? END
         WHERE id = ? RETURNING bytes, last_seq`,
        [bytes, added, top, top, sessionId],
      );
      if (!after[0]) throw new Error(`no published session ${sessionId}`);
      if (Number(after[0].bytes) > maxBytes) throw new TooLarge(Number(after[0].bytes), maxBytes);
      return { added, lastSeq: Number(after[0].last_seq) };
    });
  }
  async endLive(sessionId: string) {
    await this.ex.run(`UPDATE team_sessions SET live = 0 WHERE id = ?`, [sessionId]);
  }
  async session(id: string) {
    const r = await this.one(`SELECT ${SESSION_COLUMNS} WHERE s.id = ?`, [id]);
    return r && toSession(r);
  }
  async sessions() {
    return (await this.ex.all(`SELECT ${SESSION_COLUMNS} ORDER BY s.published_at DESC`)).map(toSession);
  }
  async events(sessionId: string, afterSeq: number, limit: number) {
    const rows = await this.ex.all(
      `SELECT seq, body FROM team_events WHERE session_id = ? AND seq > ? ORDER BY seq LIMIT ?`,
      [sessionId, afterSeq, limit],
    );
    return rows.map((r) => ({ seq: Number(r.seq), json: String(r.body) }));
  }

  async putProbe(sessionId: string, report: string) {
    await this.ex.run(
      `INSERT INTO team_probes (session_id, report) VALUES (?, ?) ON CONFLICT (session_id) DO UPDATE SET report = excluded.report`,
      [sessionId, report],
    );
  }
  async probe(sessionId: string) {
    const r = await this.one(`SELECT report FROM team_probes WHERE session_id = ?`, [sessionId]);
    return r ? String(r.report) : undefined;
  }

  async addComment(sessionId: string, seq: number, userId: string, text: string) {
    const rows = await this.ex.all(
      `INSERT INTO team_comments (session_id, seq, user_id, text, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id, seq, text, created_at`,
      [sessionId, seq, userId, text, now()],
    );
    const author = (await this.user({ id: userId }))?.name ?? userId;
    return toComment({ ...rows[0], author });
  }
  async comments(sessionId: string) {
    const rows = await this.ex.all(
      `SELECT c.id, c.seq, c.text, c.created_at, u.name AS author FROM team_comments c JOIN team_users u ON u.id = c.user_id
       WHERE c.session_id = ? ORDER BY c.id`,
      [sessionId],
    );
    return rows.map(toComment);
  }

  // ---------- collections and environment templates ----------

  async putDoc(kind: DocKind, name: string, expected: number, body: string, userId: string): Promise<PutDocResult> {
    const at = now();
    const changed = expected === 0
      ? await this.ex.run(
          `INSERT INTO team_docs (kind, name, version, body, updated_by, updated_at) VALUES (?, ?, 1, ?, ?, ?) ON CONFLICT (kind, name) DO NOTHING`,
          [kind, name, body, userId, at],
        )
      : await this.ex.run(
          `UPDATE team_docs SET version = version + 1, body = ?, updated_by = ?, updated_at = ? WHERE kind = ? AND name = ? AND version = ?`,
          [body, userId, at, kind, name, expected],
        );
    if (changed === 1) return { ok: true, version: expected + 1 };
    return { ok: false, current: await this.doc(kind, name) };
  }
  async doc(kind: DocKind, name: string) {
    const r = await this.one(`SELECT ${DOC_COLUMNS} WHERE d.kind = ? AND d.name = ?`, [kind, name]);
    return r && toDoc(r);
  }
  async docs(kind: DocKind) {
    return (await this.ex.all(`SELECT ${DOC_COLUMNS} WHERE d.kind = ? ORDER BY d.name`, [kind])).map(toDoc);
  }
}
