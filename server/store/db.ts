/**
 * Opening the database: where it lives, the pragmas it runs with, and its migrations. Each
 * migration runs once, in order, inside one transaction, and is recorded in `schema_migrations`,
 * so a database written by an older rpcscope is brought forward and one written by a newer
 * rpcscope is refused instead of damaged.
 */
import Database from 'better-sqlite3';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { StartRefused, StoreError } from './errors';
import { projectRoot } from '../project-root';
import { DATA_DIR_ENV, resolveDataDir } from './data-dir';

export type Db = Database.Database;

export const DB_FILE = 'rpcscope.db';

/**
 * Page size of a new database file. An entry's row is about 600 bytes: in 4 KiB pages the
 * recorder's appends split a leaf every few rows and the WAL carries a frame header and a checksum
 * per page; 16 KiB pages cut the INSERT's and the checkpoint's CPU (bench/README.md, the recorder).
 */
export const PAGE_SIZE = 16_384;

// One home for the project folder (server/project-root.ts) and the data directory (data-dir.ts); re-exported for the store's callers.
export { projectRoot };
export { DATA_DIR_ENV, resolveDataDir };

/** Each entry is one schema version; append, never edit a released one. */
const MIGRATIONS: string[] = [
  `
  CREATE TABLE sessions (
    id             TEXT PRIMARY KEY,
    name           TEXT NOT NULL,
    target         TEXT NOT NULL,
    status         TEXT NOT NULL,
    started_at     TEXT NOT NULL,
    ended_at       TEXT,
    last_seq       INTEGER NOT NULL DEFAULT 0,
    count_events   INTEGER NOT NULL DEFAULT 0,
    count_out      INTEGER NOT NULL DEFAULT 0,
    count_in       INTEGER NOT NULL DEFAULT 0,
    count_errors   INTEGER NOT NULL DEFAULT 0,
    count_findings INTEGER NOT NULL DEFAULT 0,
    failure        TEXT,
    imported       INTEGER NOT NULL DEFAULT 0,
    tags           TEXT NOT NULL DEFAULT '[]',
    share_id       TEXT UNIQUE
  );
  CREATE INDEX sessions_started ON sessions (started_at DESC);

  CREATE TABLE events (
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

  CREATE TABLE collections (
    id         TEXT PRIMARY KEY,
    name       TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );

  CREATE TABLE collection_folders (
    id            TEXT PRIMARY KEY,
    collection_id TEXT NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
    parent_id     TEXT REFERENCES collection_folders (id) ON DELETE CASCADE,
    name          TEXT NOT NULL,
    position      INTEGER NOT NULL
  );
  CREATE INDEX collection_folders_collection ON collection_folders (collection_id);

  CREATE TABLE collection_items (
    id            TEXT PRIMARY KEY,
    collection_id TEXT NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
    folder_id     TEXT REFERENCES collection_folders (id) ON DELETE CASCADE,
    kind          TEXT NOT NULL CHECK (kind IN ('request', 'batch', 'raw')),
    name          TEXT NOT NULL,
    payload       TEXT NOT NULL,
    target        TEXT,
    position      INTEGER NOT NULL,
    created_at    TEXT NOT NULL,
    updated_at    TEXT NOT NULL
  );
  CREATE INDEX collection_items_collection ON collection_items (collection_id);
  CREATE INDEX collection_items_folder ON collection_items (folder_id);

  CREATE TABLE environments (
    id         TEXT PRIMARY KEY,
    name       TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );

  CREATE TABLE environment_variables (
    environment_id TEXT NOT NULL REFERENCES environments (id) ON DELETE CASCADE,
    name           TEXT NOT NULL,
    value          TEXT NOT NULL,
    secret         INTEGER NOT NULL DEFAULT 0,
    position       INTEGER NOT NULL,
    PRIMARY KEY (environment_id, name)
  );
  `,
  // 2: the dialect a session speaks (JSON: {id, evidence?, overridden?}).
  `ALTER TABLE sessions ADD COLUMN dialect TEXT;`,
  // 3: OpenRPC documents remembered per target (target_key: lib/openrpc/target-key.ts).
  `
  CREATE TABLE openrpc_documents (
    target_key TEXT NOT NULL,
    doc_id     TEXT NOT NULL,
    position   INTEGER NOT NULL,
    source     TEXT NOT NULL,
    document   TEXT NOT NULL,
    added_at   TEXT NOT NULL,
    PRIMARY KEY (target_key, doc_id)
  );
  `,
  // 4: what the recorder could not save (JSON SessionRecording: state, counts, missing seq ranges).
  `ALTER TABLE sessions ADD COLUMN recording TEXT;`,
  // 5: the secret values a session sent (server/store/session-secrets.ts), so the app masks them
  // and exports redact them after the environment changed or a restart. The raw bytes in events
  // hold the same values, so this adds no exposure; deleting a session deletes its list.
  `
  CREATE TABLE session_secrets (
    session_id TEXT NOT NULL,
    name       TEXT NOT NULL,
    value      TEXT NOT NULL,
    PRIMARY KEY (session_id, value)
  );
  CREATE TRIGGER session_secrets_gone AFTER DELETE ON sessions
  BEGIN DELETE FROM session_secrets WHERE session_id = old.id; END;
  `,
  // 6: a collection item's assertions and captures (JSON ItemChecks, lib/collections/checks.ts).
  `ALTER TABLE collection_items ADD COLUMN checks TEXT;`,
  // 7: the session a "Reconnect" started this one from (same target, a new recording).
  `ALTER TABLE sessions ADD COLUMN reconnect_of TEXT;`,
  // 8: the conformance probe's report of a session "Probe this target" drove (server/store/session-probes.ts).
  `
  CREATE TABLE session_probes (
    session_id TEXT PRIMARY KEY,
    report     TEXT NOT NULL
  );
  CREATE TRIGGER session_probes_gone AFTER DELETE ON sessions
  BEGIN DELETE FROM session_probes WHERE session_id = old.id; END;
  `,
  // 9: where a collection or environment came from on a team server (server/store/team-copies.ts).
  `
  CREATE TABLE team_copies (
    kind        TEXT NOT NULL,
    local_id    TEXT NOT NULL,
    team_url    TEXT NOT NULL,
    team_name   TEXT NOT NULL,
    version     INTEGER NOT NULL,
    synced_hash TEXT NOT NULL,
    synced_at   TEXT NOT NULL,
    PRIMARY KEY (kind, local_id),
    UNIQUE (kind, team_url, team_name)
  );
  CREATE TRIGGER team_copies_collection_gone AFTER DELETE ON collections
  BEGIN DELETE FROM team_copies WHERE kind = 'collection' AND local_id = old.id; END;
  CREATE TRIGGER team_copies_environment_gone AFTER DELETE ON environments
  BEGIN DELETE FROM team_copies WHERE kind = 'environment' AND local_id = old.id; END;
  `,
  // 10: the state every request still waiting took at once when the target exited, up to which
  // seq, and how many of its requests wait (server/store/event-settle.ts): reads overlay the state
  // instead of each row being rewritten. Older sessions' waiting count is unknown (NULL).
  `
  ALTER TABLE sessions ADD COLUMN settled_state TEXT;
  ALTER TABLE sessions ADD COLUMN settled_through INTEGER;
  ALTER TABLE sessions ADD COLUMN count_pending INTEGER DEFAULT 0;
  UPDATE sessions SET count_pending = NULL;
  `,
  // 11: events keyed by an integer session key (issue 11, the recorder's cost per row): each row
  // and its primary-key entry held the text id, bound and compared as text on every INSERT, and
  // the foreign key looked the session up again per row. `sessions.key` is given on insert by a
  // trigger (old sessions keep their rowid); deleting a session deletes its events by trigger,
  // which the per-row foreign key did before. Old events are copied over with their session's key.
  `
  ALTER TABLE sessions ADD COLUMN key INTEGER;
  UPDATE sessions SET key = rowid;
  CREATE UNIQUE INDEX sessions_key ON sessions (key);
  CREATE TRIGGER sessions_key_given AFTER INSERT ON sessions WHEN new.key IS NULL
  BEGIN UPDATE sessions SET key = (SELECT COALESCE(MAX(key), 0) + 1 FROM sessions) WHERE rowid = new.rowid; END;
  CREATE TABLE events_keyed (
    session_key    INTEGER NOT NULL,
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
    PRIMARY KEY (session_key, seq)
  );
  INSERT INTO events_keyed
    SELECT s.key, e.seq, e.t, e.time, e.dir, e.kind, e.id_text, e.method, e.state, e.pair, e.latency_ms,
      e.error_code, e.findings_count, e.raw, e.raw_base64, e.body
    FROM events e JOIN sessions s ON s.id = e.session_id ORDER BY s.key, e.seq;
  DROP TABLE events;
  ALTER TABLE events_keyed RENAME TO events;
  CREATE TRIGGER events_gone AFTER DELETE ON sessions
  BEGIN DELETE FROM events WHERE session_key = old.key; END;
  `,
];

/** The schema's SQL, version by version (tests build an older data directory from it). */
export const MIGRATION_SQL: readonly string[] = MIGRATIONS;

export const SCHEMA_VERSION = MIGRATIONS.length;

function migrate(db: Db): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    applied_at TEXT NOT NULL
  )`);
  const current = (): number =>
    (db.prepare('SELECT COALESCE(MAX(version), 0) AS v FROM schema_migrations').get() as { v: number }).v;
  // IMMEDIATE: two processes opening one fresh file must not both run migration 1.
  db.transaction(() => {
    const from = current();
    if (from > SCHEMA_VERSION) {
      throw new StoreError(
        'conflict',
        `the database was written by a newer rpcscope (schema ${from}; this one knows up to ${SCHEMA_VERSION})`,
      );
    }
    const record = db.prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)');
    for (let v = from + 1; v <= SCHEMA_VERSION; v++) {
      db.exec(MIGRATIONS[v - 1]);
      record.run(v, new Date().toISOString());
    }
  }).immediate();
}

export interface OpenedDb {
  db: Db;
  dir: string;
  file: string;
}

/**
 * A damaged file is refused before anything writes to it (pragmas, migrations): the user's
 * recordings may still be salvaged from it, so it is never "repaired" or replaced here.
 */
function refuseIfDamaged(db: Db, file: string): void {
  let problems: string[];
  try {
    const rows = db.pragma('quick_check(5)') as { quick_check: string }[];
    problems = rows.map((r) => r.quick_check).filter((r) => r !== 'ok');
  } catch (e) {
    problems = [(e as Error).message];
  }
  if (problems.length === 0) return;
  db.close();
  const detail = problems.map((p) => p.slice(0, 200)).join('; ');
  throw new StartRefused(
    `the database ${file} is damaged or truncated (${detail}). rpcscope left it untouched. ` +
      `Move it aside — for example: mv "${file}" "${file}.damaged" (and its -wal and -shm files, if any) — ` +
      'then start rpcscope again to begin with a fresh, empty database. ' +
      'The old file can still be inspected, or salvaged with the sqlite3 command ".recover".',
  );
}

/** `checked`: the file was already checked and migrated by this process (a second connection to it). */
export function openDatabase(dir?: string, opts: { checked?: boolean } = {}): OpenedDb {
  const dataDir = resolveDataDir(dir);
  // The database holds wire traffic and secret variables: readable by the owner only.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, DB_FILE);
  // An empty file holds nothing to lose; anything else is checked before it is touched.
  const hasContent = existsSync(file) && statSync(file).size > 0;
  const db = new Database(file);
  if (hasContent && !opts.checked) refuseIfDamaged(db, file);
  try {
    // Only a new file takes it (an existing one keeps the page size it was made with).
    if (!hasContent) db.pragma(`page_size = ${PAGE_SIZE}`);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    migrate(db);
    // From here on, writes are the recorder's, on the live path: a lock some other program holds
    // must not freeze the live view for seconds. The recorder retries with its own backoff.
    db.pragma('busy_timeout = 250');
  } catch (e) {
    db.close();
    throw e;
  }
  return { db, dir: dataDir, file };
}
