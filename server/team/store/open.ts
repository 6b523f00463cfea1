/**
 * Opens the team store named by a `--database` value: `postgres://…` (or `postgresql://…`) is the
 * team's PostgreSQL (pooled); `sqlite:PATH` is a single-file store for trying the team server alone.
 */
import { SqlTeamStore } from './sql-store';
import { PgExecutor, SqliteExecutor } from './sql';
import type { TeamStore } from './types';

export function openTeamStore(database: string): TeamStore {
  if (/^postgres(ql)?:\/\//i.test(database)) return new SqlTeamStore(new PgExecutor(database));
  if (database.startsWith('sqlite:')) return new SqlTeamStore(new SqliteExecutor(database.slice('sqlite:'.length)));
  throw new Error(`--database must be postgres://USER@HOST:PORT/DB or sqlite:FILE (got ${JSON.stringify(database.slice(0, 200))})`);
}

/** The URL with its password hidden, for messages and logs. */
export function describeDatabase(database: string): string {
  try {
    const u = new URL(database);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return database.slice(0, 200);
  }
}
