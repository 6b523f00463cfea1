/**
 * The one seam between the team store and its two engines: an executor that runs a statement
 * with `?` placeholders and hands back rows, on better-sqlite3 or on a node-postgres pool. The
 * store's queries are written once, in the SQL both engines speak (ON CONFLICT, RETURNING);
 * only the migrations name the few types that differ.
 */
import Database from 'better-sqlite3';
import pg from 'pg';

export type Param = string | number | null;
export type Row = Record<string, unknown>;
export type Engine = 'postgres' | 'sqlite';

export interface Executor {
  readonly engine: Engine;
  all<T = Row>(sql: string, params?: Param[]): Promise<T[]>;
  /** Rows changed by an INSERT / UPDATE / DELETE without RETURNING. */
  run(sql: string, params?: Param[]): Promise<number>;
  /** Runs `fn` in one transaction: all of it is written, or none. */
  tx<T>(fn: (ex: Executor) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** `?` → `$1, $2 …` (the store writes no `?` inside string literals). */
function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

// BIGINT (counts of bytes) comes back as a string by default; every value the store keeps fits a double.
const INT8_OID = 20;
const pgTypes = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === INT8_OID ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

class PgQueries {
  constructor(protected readonly q: pg.Pool | pg.PoolClient) {}
  readonly engine = 'postgres' as const;
  async all<T>(sql: string, params: Param[] = []): Promise<T[]> {
    return (await this.q.query(numbered(sql), params)).rows as T[];
  }
  async run(sql: string, params: Param[] = []): Promise<number> {
    return (await this.q.query(numbered(sql), params)).rowCount ?? 0;
  }
}

class PgTx extends PgQueries implements Executor {
  tx<T>(fn: (ex: Executor) => Promise<T>): Promise<T> {
    return fn(this); // already inside one
  }
  async close(): Promise<void> {}
}

export class PgExecutor extends PgQueries implements Executor {
  private readonly pool: pg.Pool;
  constructor(url: string, max = 10) {
    const pool = new pg.Pool({ connectionString: url, max, types: pgTypes, connectionTimeoutMillis: 10_000 });
    super(pool);
    this.pool = pool;
    // An idle client's error (the database restarted) must not crash the server; the next query reconnects.
    pool.on('error', () => {});
  }
  async tx<T>(fn: (ex: Executor) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const out = await fn(new PgTx(client));
      await client.query('COMMIT');
      return out;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }
  close(): Promise<void> {
    return this.pool.end();
  }
}

/**
 * better-sqlite3 is synchronous and has one connection, so a transaction that awaits could let
 * another call's statements in: every top-level call waits its turn on one queue instead.
 */
export class SqliteExecutor implements Executor {
  readonly engine = 'sqlite' as const;
  private readonly db: Database.Database;
  private queue: Promise<unknown> = Promise.resolve();
  constructor(file: string) {
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('foreign_keys = ON');
    this.db.pragma('busy_timeout = 5000');
  }
  private turn<T>(fn: () => Promise<T> | T): Promise<T> {
    const next = this.queue.then(fn, fn);
    this.queue = next.catch(() => {});
    return next;
  }
  private direct(): Executor {
    const db = this.db;
    const inner: Executor = {
      engine: 'sqlite',
      all: async <T>(sql: string, params: Param[] = []) => {
        const st = db.prepare(sql);
        return (st.reader ? st.all(...params) : (st.run(...params), [])) as T[];
      },
      run: async (sql: string, params: Param[] = []) => db.prepare(sql).run(...params).changes,
      tx: (fn) => fn(inner),
      close: async () => {},
    };
    return inner;
  }
  all<T = Row>(sql: string, params?: Param[]): Promise<T[]> {
    return this.turn(() => this.direct().all<T>(sql, params));
  }
  run(sql: string, params?: Param[]): Promise<number> {
    return this.turn(() => this.direct().run(sql, params));
  }
  tx<T>(fn: (ex: Executor) => Promise<T>): Promise<T> {
    return this.turn(async () => {
      this.db.exec('BEGIN IMMEDIATE');
      try {
        const out = await fn(this.direct());
        this.db.exec('COMMIT');
        return out;
      } catch (err) {
        if (this.db.inTransaction) this.db.exec('ROLLBACK');
        throw err;
      }
    });
  }
  async close(): Promise<void> {
    await this.turn(() => this.db.close());
  }
}
