/**
 * Publish time and size on the server for a large session: generates an N-entry LSP session file
 * (default 100 000), starts a throwaway PostgreSQL and a team server, publishes the file the way
 * `rpcscope publish` does (redaction pass, then one POST) and reports the time and the tables' size.
 *
 *   node --import tsx bench/team-publish.ts [entries] [--no-redact]   (--no-redact: only the server's part, no redaction kinds)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { parseSessionFile } from '../lib/session/file-format';
import { createToken } from '../server/team/auth';
import { publishFile } from '../server/team/publish-client';
import { startTeamServer } from '../server/team/server';
import { openTeamStore } from '../server/team/store/open';
import { freshDatabase, startPostgres } from '../tests/helpers/postgres';
import { writeSessionFile } from '../tests/fixtures/sessions/write-session-file';

const entries = Number(process.argv[2] ?? 100_000);
const redact = !process.argv.includes('--no-redact');
const dir = mkdtempSync(join(tmpdir(), 'rpcscope-team-bench-'));
const pgServer = await startPostgres();
try {
  const file = join(dir, 'session.json');
  const written = writeSessionFile(file, { entries });
  const database = await freshDatabase(pgServer.url);
  const store = openTeamStore(database);
  await store.migrate();
  const user = await store.addUser('bench', 'member');
  const { token } = await createToken(store, user.id, 'bench');
  const server = await startTeamServer(store, { port: 0, maxSessionBytes: 1024 * 1024 * 1024 });
  const t0 = performance.now();
  const parsed = parseSessionFile(readFileSync(file, 'utf8'));
  if (!parsed.ok) throw new Error(parsed.error);
  const t1 = performance.now();
  const r = await publishFile(server.url, token, parsed.value, redact ? {} : { redaction: { kinds: [] } });
  const t2 = performance.now();
  const c = new pg.Client({ connectionString: database });
  await c.connect();
  const size = (await c.query(`SELECT pg_total_relation_size('team_events') AS events, pg_database_size(current_database()) AS db`)).rows[0];
  await c.end();
  const mib = (n: number) => `${(Number(n) / 1024 / 1024).toFixed(1)} MiB`;
  console.log(`entries ${written.entries}, session file ${mib(written.bytes)}`);
  console.log(`read+validate ${((t1 - t0) / 1000).toFixed(1)} s, redact+publish ${((t2 - t1) / 1000).toFixed(1)} s (total ${((t2 - t0) / 1000).toFixed(1)} s), redacted ${r.report.total}`);
  console.log(`on the server: team_events ${mib(size.events)} (table+indexes+TOAST), whole database ${mib(size.db)}`);
  await server.close();
  await store.close();
} finally {
  await pgServer.stop();
  rmSync(dir, { recursive: true, force: true });
}
