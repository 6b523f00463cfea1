/**
 * The team store's two engines for tests: a real PostgreSQL (a throwaway cluster per test file, or
 * RPCSCOPE_TEST_DATABASE_URL) and a real SQLite file. Each `fresh()` is an empty database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freshDatabase, startPostgres, type TestPostgres } from '../../helpers/postgres';

export interface EngineUnderTest {
  name: 'postgres' | 'sqlite';
  setup(): Promise<void>;
  /** A `--database` value for a new, empty database. */
  fresh(): Promise<string>;
  teardown(): Promise<void>;
}

export function postgresEngine(): EngineUnderTest {
  let server: TestPostgres | undefined;
  return {
    name: 'postgres',
    async setup() {
      server = await startPostgres();
    },
    fresh: () => freshDatabase(server!.url),
    async teardown() {
      await server?.stop();
    },
  };
}

export function sqliteEngine(): EngineUnderTest {
  let dir = '';
  let n = 0;
  return {
    name: 'sqlite',
    async setup() {
      dir = mkdtempSync(join(tmpdir(), 'rpcscope-team-sqlite-'));
    },
    fresh: async () => `sqlite:${join(dir, `team-${++n}.db`)}`,
    async teardown() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
