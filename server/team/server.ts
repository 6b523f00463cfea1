/**
 * The team server: a hub that stores and serves what teammates publish. It never spawns a
 * process and never connects to a target, so unlike the local app it may listen on any address
 * (put it behind a TLS-terminating reverse proxy and pass --public-url https://…). Every page and
 * API call needs a sign-in cookie or a personal access token; each route names the action it
 * needs (lib/team/roles) and state changes pass the Origin check.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { may, refusal } from '../../lib/team/roles';
import { checkStateChange, identify, ownOrigin, type Caller } from './auth';
import type { TeamContext, TeamRoute, TeamSettings } from './context';
import { HttpError, redirect, sendJson } from './http';
import { LiveHub } from './live';
import { handlePage, page } from './pages';
import { PEOPLE_ROUTES } from './routes-people';
import { SESSION_ROUTES } from './routes-sessions';
import { SHARED_ROUTES } from './routes-shared';
import { TooLarge, type TeamStore } from './store/types';
import { handleWatchPage } from './watch-page';

export const TEAM_ROUTES: readonly TeamRoute[] = [...PEOPLE_ROUTES, ...SESSION_ROUTES, ...SHARED_ROUTES];

interface Compiled {
  route: TeamRoute;
  re: RegExp;
  names: string[];
}

function compile(routes: readonly TeamRoute[]): Compiled[] {
  return routes.map((route) => {
    const names: string[] = [];
    const re = new RegExp(`^${route.path.replace(/:(\w+)/g, (_, n: string) => (names.push(n), '([^/]+)'))}$`);
    return { route, re, names };
  });
}

function match(table: Compiled[], method: string, pathname: string) {
  let pathKnown = false;
  for (const c of table) {
    const m = c.re.exec(pathname);
    if (!m) continue;
    pathKnown = true;
    if (c.route.method !== method) continue;
    const params: Record<string, string> = {};
    c.names.forEach((n, i) => (params[n] = decodeURIComponent(m[i + 1])));
    return { route: c.route, params };
  }
  return pathKnown ? 'method' : undefined;
}

/** A database that is down or refusing: the answer says so, and the next request tries again. */
function isDatabaseDown(err: unknown): boolean {
  const code = (err as { code?: string }).code ?? '';
  return ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P03', '08006', '08001', '53300', 'SQLITE_BUSY'].includes(code) || /Connection terminated|timeout exceeded when trying to connect/i.test(String((err as Error).message));
}

export interface TeamServer {
  url: string;
  server: http.Server;
  close(): Promise<void>;
}

export async function startTeamServer(store: TeamStore, opts: Partial<TeamSettings> & { host?: string; port?: number; log?: (line: string) => void }): Promise<TeamServer> {
  const ctx: TeamContext = {
    store,
    hub: new LiveHub(),
    settings: { maxSessionBytes: opts.maxSessionBytes ?? 256 * 1024 * 1024, publicUrl: opts.publicUrl },
  };
  const table = compile(TEAM_ROUTES);
  const log = opts.log ?? ((line: string) => console.error(line));

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://team.invalid');
    const isApi = url.pathname.startsWith('/api/');
    const method = req.method ?? 'GET';
    let caller: Caller | undefined;
    try {
      caller = await identify(store, req);
    } catch (err) {
      if (!isApi && err instanceof HttpError) return redirect(res, '/login');
      throw err;
    }
    if (!isApi) {
      if (await handlePage(ctx, req, res, url, caller)) return;
      if (await handleWatchPage(ctx, req, res, url, caller)) return;
      return page(res, 404, 'Not found', '<h1>Not found</h1><p><a href="/">Published sessions</a></p>');
    }
    const found = match(table, method, url.pathname);
    if (!found) throw new HttpError(404, `no such API: ${url.pathname.slice(0, 200)}`);
    if (found === 'method') throw new HttpError(405, `${method} is not allowed on ${url.pathname.slice(0, 200)}`);
    if (!caller) throw new HttpError(401, 'sign in first, or send a personal access token as "Authorization: Bearer <token>"');
    if (!may(caller.user.role, found.route.action)) throw new HttpError(403, refusal(caller.user.role, found.route.action));
    if (method !== 'GET') checkStateChange(req, ctx.settings.publicUrl, caller.via);
    const base = ctx.settings.publicUrl ? ctx.settings.publicUrl.toString().replace(/\/+$/, '') : ownOrigin(req, undefined);
    await found.route.handle({ ctx, req, res, params: found.params, query: url.searchParams, caller, base });
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (res.headersSent) return void res.destroy();
      if (err instanceof HttpError) return sendJson(res, err.status, { error: err.message, ...err.extra });
      if (err instanceof TooLarge) return sendJson(res, 413, { error: err.message });
      if (isDatabaseDown(err)) {
        log(`rpcscope team: the database is not reachable (${(err as Error).message}); answering 503 until it is back`);
        return sendJson(res, 503, { error: 'the team database is not reachable right now; nothing was written — try again shortly' }, );
      }
      log(`rpcscope team: ${(err as Error).stack ?? String(err)}`);
      sendJson(res, 500, { error: `internal error: ${(err as Error).message}` });
    });
  });
  server.headersTimeout = 30_000;
  server.requestTimeout = 0; // live streams stay open; bodies are capped instead
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 7718, opts.host ?? '127.0.0.1', () => resolve());
  });
  const addr = server.address() as { address: string; port: number; family: string };
  const host = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  return {
    url: `http://${host}:${addr.port}`,
    server,
    async close() {
      ctx.hub.closeAll();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
