/**
 * A team server on a real PostgreSQL for one test file: the cluster, the store, the server on a
 * random port, an owner, a member and a viewer with their tokens, and the real `rpcscope` CLI.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createToken } from '../../../server/team/auth';
import { startTeamServer, type TeamServer } from '../../../server/team/server';
import { openTeamStore } from '../../../server/team/store/open';
import type { TeamStore } from '../../../server/team/store/types';
import type { Role } from '../../../lib/team/roles';
import { freshDatabase, startPostgres, type TestPostgres } from '../../helpers/postgres';

const BIN = path.resolve(__dirname, '../../../bin/rpcscope.mjs');

export interface Team {
  pg: TestPostgres;
  database: string;
  store: TeamStore;
  server: TeamServer;
  tokens: Record<Role, string>;
  /** fetch against the server with a role's token (or none). */
  api(path: string, init?: RequestInit & { as?: Role | null }): Promise<Response>;
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startTeam(opts: { maxSessionBytes?: number } = {}): Promise<Team> {
  const pg = await startPostgres();
  const database = await freshDatabase(pg.url);
  const team = { pg, database } as Team;
  const open = async () => {
    team.store = openTeamStore(database);
    await team.store.migrate();
    team.server = await startTeamServer(team.store, { port: 0, maxSessionBytes: opts.maxSessionBytes, log: () => {} });
  };
  await open();
  team.tokens = {} as Record<Role, string>;
  for (const role of ['owner', 'member', 'viewer'] as const) {
    const u = await team.store.addUser(role, role);
    team.tokens[role] = (await createToken(team.store, u.id, 'tests')).token;
  }
  team.api = (p, init = {}) => {
    const { as = 'owner', ...rest } = init;
    const headers = new Headers(rest.headers);
    if (as) headers.set('authorization', `Bearer ${team.tokens[as]}`);
    if (rest.body !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json');
    return fetch(team.server.url + p, { ...rest, headers });
  };
  team.restart = async () => {
    await team.server.close();
    await team.store.close();
    await open();
  };
  team.stop = async () => {
    await team.server.close().catch(() => {});
    await team.store.close().catch(() => {});
    await pg.stop();
  };
  return team;
}

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The real `rpcscope` command as a child process. */
export function rpcscopeCli(args: string[], env: Record<string, string> = {}, timeoutMs = 20_000): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`rpcscope ${args[0]} hung: ${stderr}`));
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
