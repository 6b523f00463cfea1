/**
 * `rpcscope team …`: run the team server and manage its people from the machine that holds the
 * database. `serve` runs until SIGINT/SIGTERM; `user add` prints a one-time sign-in link;
 * `token create` prints a personal access token once (only its hash is kept).
 */
import { parseArgs } from 'node:util';
import { ROLES, type Role } from '../../lib/team/roles';
import { UserNameSchema } from '../../lib/team/api';
import { createToken, issueSignInLink } from '../team/auth';
import { startTeamServer } from '../team/server';
import { describeDatabase, openTeamStore } from '../team/store/open';
import { LastOwner, type TeamStore } from '../team/store/types';
import type { CommandExit } from './index';

export const TEAM_URL_ENV = 'RPCSCOPE_TEAM_URL';
const DEFAULT_PORT = 7718;

const USAGE = `usage:
  rpcscope team serve --database postgres://USER@HOST:PORT/DB [--host 127.0.0.1] [--port ${DEFAULT_PORT}]
                      [--public-url https://team.example] [--max-session-mb 256]
  rpcscope team user add NAME --role owner|member|viewer --database URL [--url TEAM_URL]
  rpcscope team user link NAME --database URL [--url TEAM_URL]     a fresh one-time sign-in link
  rpcscope team user role NAME --role owner|member|viewer --database URL   (the last owner stays one)
  rpcscope team token create --user NAME [--name LABEL] --database URL
  rpcscope team token revoke TOKEN_ID --database URL
--database also takes sqlite:FILE (one machine, for trying it out). TEAM_URL defaults to $${TEAM_URL_ENV}.`;

class UsageError extends Error {}

const OPTIONS = {
  database: { type: 'string' },
  host: { type: 'string' },
  port: { type: 'string' },
  'public-url': { type: 'string' },
  'max-session-mb': { type: 'string' },
  role: { type: 'string' },
  url: { type: 'string' },
  user: { type: 'string' },
  name: { type: 'string' },
  help: { type: 'boolean' },
} as const;

async function withStore<T>(database: string | undefined, fn: (store: TeamStore) => Promise<T>): Promise<T> {
  if (!database) throw new UsageError('--database is required');
  const store = openTeamStore(database);
  try {
    await store.migrate();
    return await fn(store);
  } finally {
    await store.close();
  }
}

function teamUrl(v: string | undefined, port = DEFAULT_PORT): string {
  return (v ?? process.env[TEAM_URL_ENV] ?? `http://127.0.0.1:${port}`).replace(/\/+$/, '');
}

function intOption(v: string | undefined, name: string, min: number, max: number): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`--${name} must be a whole number from ${min} to ${max}`);
  return n;
}

async function serve(values: Record<string, string | boolean | undefined>): Promise<CommandExit> {
  const database = values.database as string | undefined;
  if (!database) throw new UsageError('--database is required');
  const store = openTeamStore(database);
  try {
    const applied = await store.migrate();
    if (applied.length) console.log(`rpcscope team: database schema brought to version ${applied[applied.length - 1]}`);
  } catch (err) {
    await store.close();
    console.error(`rpcscope team: cannot open the team database ${describeDatabase(database)}: ${(err as Error).message}`);
    return { code: 1 };
  }
  const mb = intOption(values['max-session-mb'] as string | undefined, 'max-session-mb', 1, 64 * 1024);
  const publicUrl = values['public-url'] ? new URL(values['public-url'] as string) : undefined;
  const server = await startTeamServer(store, {
    host: (values.host as string | undefined) ?? '127.0.0.1',
    port: intOption(values.port as string | undefined, 'port', 0, 65535) ?? DEFAULT_PORT,
    publicUrl,
    maxSessionBytes: mb === undefined ? undefined : mb * 1024 * 1024,
  });
  console.log(`rpcscope team server is ready: ${publicUrl?.toString() ?? server.url} (database ${describeDatabase(database)})`);
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await server.close();
  await store.close();
  return { code: 0 };
}

/** `team user role NAME --role R`: owners change roles from the machine that holds the database. */
async function changeRole(arg: string | undefined, values: Record<string, string | boolean | undefined>): Promise<CommandExit> {
  const name = UserNameSchema.safeParse(arg ?? '');
  if (!name.success) throw new UsageError(`NAME: ${name.error.issues[0]?.message ?? 'missing'}`);
  const role = values.role as Role | undefined;
  if (!role || !ROLES.includes(role)) throw new UsageError(`--role must be one of ${ROLES.join(', ')}`);
  return withStore(values.database as string | undefined, async (store) => {
    const user = await store.user({ name: name.data });
    if (!user) throw new UsageError(`no user named ${name.data}`);
    if (user.role === role) {
      console.log(`${user.name} is already ${role}`);
      return { code: 0 };
    }
    try {
      await store.setRole(user.id, role);
    } catch (err) {
      if (err instanceof LastOwner) {
        console.error(`rpcscope team: ${err.message}; nothing was changed`);
        return { code: 1 };
      }
      throw err;
    }
    console.log(`${user.name} is now ${role} (was ${user.role}); it applies to their next request`);
    return { code: 0 };
  });
}

export async function runTeamCli(argv: string[]): Promise<CommandExit> {
  try {
    const { values, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
    const [what, sub, arg] = positionals;
    if (values.help || !what) {
      console.log(USAGE);
      return { code: values.help ? 0 : 2 };
    }
    if (what === 'serve') return await serve(values);
    if (what === 'user' && (sub === 'add' || sub === 'link')) {
      const name = UserNameSchema.safeParse(arg ?? '');
      if (!name.success) throw new UsageError(`NAME: ${name.error.issues[0]?.message ?? 'missing'}`);
      return await withStore(values.database, async (store) => {
        let user = await store.user({ name: name.data });
        if (sub === 'add') {
          const role = values.role as Role | undefined;
          if (!role || !ROLES.includes(role)) throw new UsageError(`--role must be one of ${ROLES.join(', ')}`);
          if (user) throw new UsageError(`there is already a user named ${name.data} (rpcscope team user link ${name.data} gives a new sign-in link)`);
          user = await store.addUser(name.data, role);
        } else if (!user) throw new UsageError(`no user named ${name.data}`);
        const link = await issueSignInLink(store, user.id, teamUrl(values.url));
        console.log(`${sub === 'add' ? `added ${user.name} (${user.role}). ` : ''}One-time sign-in link (valid 72 hours, works once):\n${link}`);
        return { code: 0 };
      });
    }
    if (what === 'user' && sub === 'role') return await changeRole(arg, values);
    if (what === 'token' && sub === 'create') {
      if (!values.user) throw new UsageError('--user NAME is required');
      return await withStore(values.database, async (store) => {
        const user = await store.user({ name: values.user! });
        if (!user) throw new UsageError(`no user named ${values.user}`);
        const t = await createToken(store, user.id, values.name ?? 'token');
        console.log(`token ${t.id} for ${user.name} (${user.role}); shown only now — keep it as RPCSCOPE_TEAM_TOKEN:\n${t.token}`);
        return { code: 0 };
      });
    }
    if (what === 'token' && sub === 'revoke') {
      if (!arg) throw new UsageError('TOKEN_ID is required');
      return await withStore(values.database, async (store) => {
        if (!(await store.revokeToken(arg))) throw new UsageError(`no token ${arg} to revoke (unknown or already revoked)`);
        console.log(`revoked token ${arg}`);
        return { code: 0 };
      });
    }
    throw new UsageError(`unknown team command: ${positionals.join(' ')}`);
  } catch (err) {
    if (err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`rpcscope team: ${(err as Error).message}\n${USAGE}`);
      return { code: 2 };
    }
    console.error(`rpcscope team: ${(err as Error).message}`);
    return { code: 1 };
  }
}
