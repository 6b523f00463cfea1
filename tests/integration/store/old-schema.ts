/**
 * Takes a data directory's database back to what an older rpcscope wrote, so tests can open it
 * with this one: schema 10, events keyed by the session's text id (before migration 11).
 */
import Database from 'better-sqlite3';

export function backToTextSessionKeys(file: string): void {
  const db = new Database(file);
  try {
    db.exec(`
      BEGIN;
      DROP TRIGGER events_gone;
      CREATE TABLE events_text (
        session_id     TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
        seq            INTEGER NOT NULL,
        t              REAL NOT NULL,
        time           REAL NOT NULL,
        dir            TEXT NOT NULL,
        kind           TEXT NOT NULL,
        id_text        TEXT,
        method         TEXT,
        state          TEXT,
        pair           INTEGER,
        latency_ms     REAL,
        error_code     INTEGER,
        findings_count INTEGER NOT NULL DEFAULT 0,
        raw            TEXT NOT NULL,
        raw_base64     TEXT,
        body           TEXT NOT NULL,
        PRIMARY KEY (session_id, seq)
      );
      INSERT INTO events_text SELECT s.id, e.seq, e.t, e.time, e.dir, e.kind, e.id_text, e.method, e.state, e.pair,
        e.latency_ms, e.error_code, e.findings_count, e.raw, e.raw_base64, e.body
        FROM events e JOIN sessions s ON s.key = e.session_key;
      DROP TABLE events;
      ALTER TABLE events_text RENAME TO events;
      DROP TRIGGER sessions_key_given;
      DROP INDEX sessions_key;
      ALTER TABLE sessions DROP COLUMN key;
      DELETE FROM schema_migrations WHERE version = 11;
      COMMIT;
    `);
  } finally {
    db.close();
  }
}
