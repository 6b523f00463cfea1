/**
 * A real, throwaway PostgreSQL for tests: `startPostgres()` runs initdb in a temp directory, starts
 * the cluster on its own port (127.0.0.1 only, its socket in that directory) and `stop()` removes
 * it all. initdb refuses to run as root, so as root the directory belongs to the `postgres` user
 * and the server runs through `runuser`. With RPCSCOPE_TEST_DATABASE_URL set, that server is used
 * instead and each call gets a fresh database on it (dropped at stop).
 *
 * Each test file gets its own database, so files never see each other's rows.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const TEST_DATABASE_URL_ENV = 'RPCSCOPE_TEST_DATABASE_URL';

/** Debian's PostgreSQL binaries, newest first. */
function pgBin(tool: string): string {
  for (const v of ['17', '16', '15']) {
    const p = `/usr/lib/postgresql/${v}/bin/${tool}`;
    if (existsSync(p)) return p;
  }
  throw new Error(
    `PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/${tool}): apt-get install postgresql, or set ${TEST_DATABASE_URL_ENV} to an existing server`,
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export interface TestPostgres {
  /** A connection string for a database of its own. */
  url: string;
  stop(): Promise<void>;
}

const isRoot = () => process.getuid?.() === 0;

/** Runs a PostgreSQL tool as the user that owns the cluster. */
function runAsOwner(tool: string, args: string[]): void {
  const [cmd, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', pgBin(tool), ...args]] : [pgBin(tool), args];
  const r = spawnSync(cmd, argv, { encoding: 'utf8', timeout: 60_000 });
  if (r.status !== 0) throw new Error(`${tool} failed (${r.status ?? r.signal}): ${(r.stderr || r.stdout || String(r.error)).slice(0, 2000)}`);
}

async function onExistingServer(base: string): Promise<TestPostgres> {
  const name = `rpcscope_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async stop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function startPostgres(): Promise<TestPostgres> {
  const existing = process.env[TEST_DATABASE_URL_ENV];
  if (existing) return onExistingServer(existing);

  const dir = mkdtempSync(join(tmpdir(), 'rpcscope-pg-'));
  if (isRoot()) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'db');
  const port = await freePort();
  try {
    // fsync off: a test cluster that dies with the machine is thrown away anyway.
    runAsOwner('initdb', ['-D', data, '-A', 'trust', '-U', 'rpcscope', '--no-sync', '-E', 'UTF8']);
    runAsOwner('pg_ctl', [
      '-D', data, '-l', join(dir, 'log'), '-w', '-t', '60',
      '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=40 -c shared_buffers=16MB`,
      'start',
    ]);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    url: `postgres://rpcscope@127.0.0.1:${port}/postgres`,
    async stop() {
      try {
        runAsOwner('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** A new empty database on the same server (for a test that needs its own), named at random. */
export async function freshDatabase(url: string): Promise<string> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
