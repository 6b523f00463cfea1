/**
 * The recorder's and the history's storage: one SQLite file (WAL) in the data directory.
 *
 *   const store = new Store();               // $RPCSCOPE_DATA_DIR or <project>/data
 *   const s = store.sessions.create({ name, target, status: 'open' });
 *   store.events.appendMany(s.id, batch);    // once per recorder batch
 *   store.events.applyPatches(s.id, patches);
 *   store.close();
 *
 * Opening a store marks sessions a dead process left open as closed (`staleSessionsClosed`).
 */
import type { Db } from './db';
import { openDatabase } from './db';
import { CollectionsRepo } from './collections';
import { EnvironmentsRepo } from './environments';
import { EventsRepo } from './events';
import { EventRowsRepo } from './event-rows';
import { EventTextsRepo } from './event-texts';
import { OpenRpcRepo } from './openrpc';
import { SessionsRepo } from './sessions';
import { SessionSecretsRepo } from './session-secrets';
import { SessionProbesRepo } from './session-probes';
import { TeamCopiesRepo } from './team-copies';
import { exportSessionFile, importSessionFile } from './session-files';
import { WordSearch } from './word-search';
import type { BuildOptions } from '../../lib/session/file-format';
import type { SessionFileV1, SessionSummary } from '../../lib/session/types';

export { StartRefused, StoreError, describeStoreFailure, toLabel, type StoreErrorCode } from './errors';
export { DataDirLock, LOCK_FILE, currentHolder, describeHolder, type LockHolder } from './lock';
export { DATA_DIR_ENV, DB_FILE, SCHEMA_VERSION, resolveDataDir } from './db';
export type { CreateSessionInput, ListSessionsOptions } from './sessions';
export type { ListEventsOptions, PatchResult } from './events';
export type {
  Collection,
  CollectionFolder,
  CollectionItem,
  CollectionItemKind,
  CollectionTree,
  FolderNode,
  ItemChanges,
  NewItem,
} from './collections';
export type { Environment, Variable } from './environments';
export type { RememberedDocument } from './openrpc';

export interface StoreOptions {
  /** Data directory; default $RPCSCOPE_DATA_DIR, else `<project>/data`. Created if missing. */
  dir?: string;
  /** Largest the database may grow, in bytes (default: SQLite's own limit). See setSizeLimit. */
  maxBytes?: number;
  /**
   * The recorder's own connection (server/session/recorder-host.ts) to a database this process
   * already opened: no damage check, no closing of stale sessions, and the WAL checkpoints are
   * its to run (`checkpoint`), not SQLite's every 1000 pages.
   */
  recorderConnection?: boolean;
}

/** Bytes the WAL file is cut back to after a checkpoint (it grows between the recorder's checkpoints). */
const WAL_KEEP_BYTES = 64 * 1024 * 1024;

export class Store {
  readonly dir: string;
  /** Path of the database file. */
  readonly file: string;
  readonly sessions: SessionsRepo;
  readonly events: EventsRepo;
  /** Entries' wire text and notes without their bodies (the server's free-text search). */
  readonly eventTexts: EventTextsRepo;
  /** Timeline rows in columns, a page at a time, without their text (opening a big session). */
  readonly eventRows: EventRowsRepo;
  readonly collections: CollectionsRepo;
  readonly environments: EnvironmentsRepo;
  /** OpenRPC documents remembered per target. */
  readonly openrpc: OpenRpcRepo;
  /** The secret values each session sent (masked in the app, redacted in exports). */
  readonly sessionSecrets: SessionSecretsRepo;
  readonly sessionProbes: SessionProbesRepo;
  /** Where collections and environments came from on a team server (issue 13 item 7). */
  readonly teamCopies: TeamCopiesRepo;
  /** How many sessions were still marked open from an earlier run and got closed on open. */
  readonly staleSessionsClosed: number;
  private readonly db: Db;
  private readonly defaultMaxPages: number;
  private closed = false;
  private search: WordSearch | null = null;

  constructor(opts: StoreOptions = {}) {
    const { db, dir, file } = openDatabase(opts.dir, { checked: opts.recorderConnection });
    this.db = db;
    this.dir = dir;
    this.file = file;
    this.sessions = new SessionsRepo(db);
    this.events = new EventsRepo(db);
    this.eventTexts = new EventTextsRepo(db);
    this.eventRows = new EventRowsRepo(db);
    this.collections = new CollectionsRepo(db);
    this.environments = new EnvironmentsRepo(db);
    this.openrpc = new OpenRpcRepo(db);
    this.sessionSecrets = new SessionSecretsRepo(db);
    this.sessionProbes = new SessionProbesRepo(db);
    this.teamCopies = new TeamCopiesRepo(db);
    this.staleSessionsClosed = opts.recorderConnection ? 0 : this.sessions.closeStale();
    if (opts.recorderConnection) {
      db.pragma(`journal_size_limit = ${WAL_KEEP_BYTES}`);
      this.setAutoCheckpoint(0);
    }
    this.defaultMaxPages = db.pragma('max_page_count', { simple: true }) as number;
    if (opts.maxBytes !== undefined) this.setSizeLimit(opts.maxBytes);
  }

  /**
   * Caps the database file at about `bytes` (null: no cap but SQLite's own). Writes beyond it fail
   * as a full disk would (SQLITE_FULL), which the recorder reports and recovers from. The cap never
   * goes below the current size; returns the cap in effect, in bytes.
   */
  setSizeLimit(bytes: number | null): number {
    const pageSize = this.db.pragma('page_size', { simple: true }) as number;
    const pages = bytes === null ? this.defaultMaxPages : Math.max(1, Math.ceil(bytes / pageSize));
    return (this.db.pragma(`max_page_count = ${Math.floor(pages)}`, { simple: true }) as number) * pageSize;
  }

  /**
   * Checkpoint the WAL every `pages` pages this connection commits (0: never; SQLite's default is
   * 1000). With the recorder in its worker, the app's connection leaves checkpoints to it: a
   * checkpoint copies and syncs the WAL, which must not run on the conversation's thread.
   */
  setAutoCheckpoint(pages: number): void {
    this.db.pragma(`wal_autocheckpoint = ${Math.max(0, Math.floor(pages))}`);
  }

  /** Fold the WAL into the database file as far as no reader needs it (PASSIVE: waits on nobody). */
  checkpoint(): void {
    this.db.pragma('wal_checkpoint(PASSIVE)');
  }

  /** Size of the database in bytes, as SQLite counts it (pages in use, WAL included). */
  get sizeBytes(): number {
    return (this.db.pragma('page_count', { simple: true }) as number) * (this.db.pragma('page_size', { simple: true }) as number);
  }

  /**
   * Records a validated session file (see parseSessionFile) as a new, closed, imported session,
   * all at once or not at all.
   */
  importSessionFile(file: SessionFileV1, opts: { name?: string } = {}): SessionSummary {
    return importSessionFile(this.db, this.sessions, this.events, file, opts, this.sessionProbes);
  }

  /** A recorded session as a session file, version 1 (unredacted: redact before sharing). */
  exportSessionFile(id: string, opts: BuildOptions = {}): SessionFileV1 {
    return exportSessionFile(this.sessions, this.events, id, opts, this.sessionProbes);
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  /** The free-word search over recorded entries, in threads of its own, started when first used (word-search.ts). */
  get wordSearch(): WordSearch {
    return (this.search ??= new WordSearch(this.file, this.eventTexts));
  }

  /**
   * Checkpoints the WAL into the main file and closes. Safe to call twice. A checkpoint the disk
   * has no room for is skipped: the WAL keeps those pages and the next open folds them in.
   */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.search?.close();
    try {
      this.db.pragma('wal_checkpoint(TRUNCATE)');
    } catch {
      // Nothing is lost: see above.
    } finally {
      this.db.close();
    }
  }
}
