/**
 * The team database's schema, as versions. Each version runs once, in order, in one transaction
 * with its row in `schema_migrations`, so a restart re-runs nothing, a failed upgrade leaves the
 * previous schema intact and a database from a newer rpcscope is refused, never altered.
 * Append new versions; never edit a released one.
 */
import type { Engine, Executor } from './sql';

/** The few spellings the engines differ in. */
const TYPES: Record<Engine, { serial: string; bigint: string }> = {
  postgres: { serial: 'BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY', bigint: 'BIGINT' },
  sqlite: { serial: 'INTEGER PRIMARY KEY AUTOINCREMENT', bigint: 'INTEGER' },
};

type Migration = (t: (typeof TYPES)[Engine]) => string[];

const MIGRATIONS: Migration[] = [
  // 1: people, their sign-in, published sessions with their events and comments, shared documents.
  (t) => [
    `CREATE TABLE team_users (
      id            TEXT PRIMARY KEY,
      name          TEXT NOT NULL UNIQUE,
      role          TEXT NOT NULL,
      password_hash TEXT,
      created_at    TEXT NOT NULL
    )`,
    `CREATE TABLE team_sign_in_codes (
      hash       TEXT PRIMARY KEY,
      user_id    TEXT NOT NULL REFERENCES team_users (id) ON DELETE CASCADE,
      expires_at TEXT NOT NULL,
      used       INTEGER NOT NULL DEFAULT 0
    )`,
    `CREATE TABLE team_web_sessions (
      hash       TEXT PRIMARY KEY,
      user_id    TEXT NOT NULL REFERENCES team_users (id) ON DELETE CASCADE,
      expires_at TEXT NOT NULL
    )`,
    `CREATE TABLE team_tokens (
      id         TEXT PRIMARY KEY,
      user_id    TEXT NOT NULL REFERENCES team_users (id) ON DELETE CASCADE,
      name       TEXT NOT NULL,
      hash       TEXT NOT NULL UNIQUE,
      created_at TEXT NOT NULL,
      revoked_at TEXT
    )`,
    `CREATE TABLE team_sessions (
      id           TEXT PRIMARY KEY,
      name         TEXT NOT NULL,
      target       TEXT NOT NULL,
      started_at   TEXT NOT NULL,
      redactions   TEXT,
      published_by TEXT NOT NULL REFERENCES team_users (id),
      published_at TEXT NOT NULL,
      live         INTEGER NOT NULL,
      last_seq     INTEGER NOT NULL DEFAULT -1,
      event_count  INTEGER NOT NULL DEFAULT 0,
      bytes        ${t.bigint} NOT NULL DEFAULT 0
    )`,
    `CREATE TABLE team_events (
      session_id TEXT NOT NULL REFERENCES team_sessions (id) ON DELETE CASCADE,
      seq        INTEGER NOT NULL,
      body       TEXT NOT NULL,
      PRIMARY KEY (session_id, seq)
    )`,
    `CREATE TABLE team_comments (
      id         ${t.serial},
      session_id TEXT NOT NULL REFERENCES team_sessions (id) ON DELETE CASCADE,
      seq        INTEGER NOT NULL,
      user_id    TEXT NOT NULL REFERENCES team_users (id),
      text       TEXT NOT NULL,
      created_at TEXT NOT NULL
    )`,
    `CREATE INDEX team_comments_session ON team_comments (session_id, id)`,
    `CREATE TABLE team_docs (
      kind       TEXT NOT NULL,
      name       TEXT NOT NULL,
      version    INTEGER NOT NULL,
      body       TEXT NOT NULL,
      updated_by TEXT NOT NULL REFERENCES team_users (id),
      updated_at TEXT NOT NULL,
      PRIMARY KEY (kind, name)
    )`,
  ],
  // 2: the probe report a published session carries (its session file's `probe`), one per session.
  () => [
    `CREATE TABLE team_probes (
      session_id TEXT PRIMARY KEY REFERENCES team_sessions (id) ON DELETE CASCADE,
      report     TEXT NOT NULL
    )`,
  ],
];

export const TEAM_SCHEMA_VERSION = MIGRATIONS.length;

/** Brings the database to TEAM_SCHEMA_VERSION; returns the versions it applied. */
export async function migrate(ex: Executor): Promise<number[]> {
  await ex.run(`CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)`);
  const applied: number[] = [];
  for (let v = 1; v <= MIGRATIONS.length; v++) {
    const did = await ex.tx(async (tx) => {
      // Taken inside the transaction, so two servers starting at once cannot both apply a version.
      if (tx.engine === 'postgres') await tx.run(`LOCK TABLE schema_migrations IN EXCLUSIVE MODE`);
      const rows = await tx.all<{ version: number }>(`SELECT version FROM schema_migrations ORDER BY version`);
      const newest = rows.length ? Number(rows[rows.length - 1].version) : 0;
      if (newest > MIGRATIONS.length) {
        throw new Error(`this team database was written by a newer rpcscope (schema version ${newest}; this one knows up to ${MIGRATIONS.length}): upgrade rpcscope`);
      }
      if (rows.some((r) => Number(r.version) === v)) return false;
      for (const sql of MIGRATIONS[v - 1](TYPES[tx.engine])) await tx.run(sql);
      await tx.run(`INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)`, [v, new Date().toISOString()]);
      return true;
    });
    if (did) applied.push(v);
  }
  return applied;
}
