/**
 * One http.Server on 127.0.0.1: the security gate, our /api routes, Next's pages, and an upgrade
 * router that takes /bridge for our WebSocket and leaves Next's own upgrade paths (/_next/*) alone.
 */
import http from 'node:http';
import type { Duplex } from 'node:stream';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import next from 'next';
import { loadConfig, type ServerConfig } from './config';
import { checkRequest } from './security';
import { CODE_TTL_MS, SignIn } from './sign-in';
import { SIGN_IN_PATH } from '../lib/api/sign-in';
import { API } from '../lib/api/routes';
import { ApiRouter, sendJson, sessionRoutes } from './api';
import { openRpcRoutes } from './routes/openrpc';
import { Bridge } from './bridge';
import { SessionManager } from './session/manager';
import { mkdirSync } from 'node:fs';
import { DataDirLock, StartRefused, Store, resolveDataDir } from './store';
import { WorkerRecorder } from './session/worker-recorder';
import { BRIDGE_PATH } from '../lib/session/bridge';
import { collectionRoutes } from './routes/collections';
import { environmentRoutes } from './routes/environments';
import { historyRoutes } from './routes/history';
import { exportRoutes, isSharePath, sharePageHandler } from './routes/export';
import { probeRoutes } from './routes/probe';
import { interceptRoutes } from './routes/intercept';
import { tapStopRoutes } from './routes/tap-stop';
import { tapConnectionRoutes } from './routes/tap-connections';
import { entryRoutes } from './routes/entries';
import { rowRoutes } from './routes/rows';
import { killAllStdioTargets } from './transports/stdio';
import { TAP_PATH } from '../lib/session/tap-wire';
import { TapIngest, tapGate } from './tap/ingest';
import { removeTapKey, writeTapKey } from './tap/key';
import { LivePublications } from './publish/live';
import { publishRoutes } from './routes/publish';
import { teamSyncRoutes } from './routes/team-sync';
import { projectRoot } from './project-root';

// Found by walking up, so it is the same from the sources and from the build (dist/server/…).
const ROOT = projectRoot();

const PAGE_HEADERS: Record<string, string> = {
  // The one-time code travels in the first URL: never leak it through Referer, never be framed.
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
};

export interface RunningServer {
  /** The sign-in URL printed at start: origin plus a one-time code (lib/api/sign-in.ts). */
  url: string;
  /** `http://127.0.0.1:PORT`, no slash. */
  origin: string;
  /** Another one-time sign-in URL (tests open one per browser context). */
  signInUrl(): string;
  port: number;
  config: ServerConfig;
  manager: SessionManager;
  /** Open bridge WebSockets (the heartbeat closes the ones that stop answering). */
  bridgeSockets(): number;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Serve the Next pages (default). Integration tests of the API and bridge run without them. */
  pages?: boolean;
  /** Where sign-in links asked for by a page go (default: this process's stdout). */
  printLink?: (url: string) => void;
}

export async function startServer(config: ServerConfig, opts: StartOptions = {}): Promise<RunningServer> {
  // One writer per data directory: the lock is taken before the database is opened, so a second
  // start on the same directory refuses without writing anything.
  const dataDir = resolveDataDir(config.dataDir);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const lock = DataDirLock.acquire(dataDir);
  try {
    return await startLocked(config, opts, dataDir, lock);
  } catch (err) {
    lock.release();
    throw err;
  }
}

async function startLocked(config: ServerConfig, opts: StartOptions, dataDir: string, lock: DataDirLock): Promise<RunningServer> {
  const store = new Store({ dir: dataDir, maxBytes: config.maxDbBytes });
  // The free-word search's threads, ready before the first search of a big session (server/store/word-search.ts).
  store.wordSearch.start();
  // The recording's writes run in a worker with their own connection (server/session/worker-recorder.ts).
  const recorder = new WorkerRecorder(store, { maxBytes: config.maxDbBytes });
  const manager = new SessionManager(recorder, { secrets: store.sessionSecrets });
  const bridge = new Bridge(manager, config.bridgeHeartbeat);
  // Sends to a tap's session go into its conversation (taps is made below, once the port is known).
  const tapInjector = { hasSession: (id: string) => taps.hasSession(id), inject: (id: string, to: 'server' | 'client', text: string, conn?: number) => taps.inject(id, to, text, conn), stopIntercepting: (id: string) => taps.intercepts.stop(id) };
  const router = sessionRoutes(new ApiRouter(), manager, tapInjector);
  const deps = { store, manager, taps: tapInjector };
  for (const add of [collectionRoutes, environmentRoutes, historyRoutes, exportRoutes, probeRoutes, teamSyncRoutes, entryRoutes, rowRoutes]) add(router, deps);
  // Share links carry no app token (the share id is the capability); the gate still checks Host.
  const sharePage = sharePageHandler(deps);
  openRpcRoutes(router, manager, store);
  const publications = new LivePublications(manager);
  publishRoutes(router, deps, publications);
  interceptRoutes(router, manager, () => taps.intercepts);
  tapStopRoutes(router, manager, () => taps);
  tapConnectionRoutes(router, manager, () => taps.relayed);
  // Set once the port is known (before the first request can arrive).
  let signIn: SignIn | null = null;
  router.on(API.signInLink, () => ({ url: signIn!.issueUrl() }));
  // The page calls every entry of the route table; one without a handler is a bug, not a 404 later.
  const unserved = router.unserved();
  if (unserved.length) throw new Error(`API routes without a handler: ${unserved.join(', ')}`);

  const app = opts.pages === false ? null : next({ dev: config.dev, dir: ROOT, hostname: config.host, port: config.port });
  const handle = app ? app.getRequestHandler() : null;
  await app?.prepare();

  let actualPort = config.port;
  // Taps on this data directory hand their conversations in at TAP_PATH with this key (server/tap).
  const tapKey = writeTapKey(dataDir);
  const taps = new TapIngest({ manager, store, config, port: () => actualPort, key: tapKey });
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    const isApi = url === '/api' || url.startsWith('/api/');
    const isSignIn = url === SIGN_IN_PATH || url.startsWith(`${SIGN_IN_PATH}?`);
    const gate = checkRequest(req, config, actualPort, { needsToken: isApi, cookieMatches: (r) => !!signIn?.cookieMatches(r) });
    if (!gate.ok) {
      sendJson(res, gate.status, { error: gate.reason });
      return;
    }
    if (isSignIn && signIn) {
      signIn.handle(req, res).catch((err) => {
        if (!res.headersSent) sendJson(res, 500, { error: String(err) });
      });
      return;
    }
    if (isApi) {
      router.handle(req, res).catch((err) => {
        if (!res.headersSent) sendJson(res, 500, { error: String(err) });
      });
      return;
    }
    if (isSharePath(url)) {
      sharePage(req, res);
      return;
    }
    for (const [k, v] of Object.entries(PAGE_HEADERS)) res.setHeader(k, v);
    if (!handle) {
      sendJson(res, 404, { error: 'pages are not served by this instance' });
      return;
    }
    handle(req, res).catch((err) => {
      console.error('page error', err);
      if (!res.headersSent) sendJson(res, 500, { error: 'internal error' });
    });
  });

  server.on('upgrade', (req, socket: Duplex, head: Buffer) => {
    const pathname = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (pathname === BRIDGE_PATH) {
      const gate = checkRequest(req, config, actualPort, { needsToken: true, upgrade: true, cookieMatches: (r) => !!signIn?.cookieMatches(r) });
      if (!gate.ok) {
        refuseUpgrade(socket, gate.status, gate.reason);
        return;
      }
      bridge.handleUpgrade(req, socket, head);
      return;
    }
    if (pathname === TAP_PATH) {
      const gate = tapGate(req, { config, port: () => actualPort, key: tapKey });
      if (gate.ok) taps.handleUpgrade(req, socket, head);
      else refuseUpgrade(socket, gate.status, gate.reason);
      return;
    }
    // Next attaches its own upgrade listener (dev hot reload) for /_next/*; leave those alone.
    if (pathname.startsWith('/_next/')) {
      if (!checkRequest(req, config, actualPort, { needsToken: false, upgrade: true }).ok) socket.destroy();
      return;
    }
    refuseUpgrade(socket, 404, 'no WebSocket here');
  });

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => resolve());
    });
  } catch (err) {
    await app?.close?.().catch(() => undefined);
    recorder.close();
    store.close();
    removeTapKey(dataDir, tapKey);
    throw err;
  }
  const address = server.address();
  actualPort = typeof address === 'object' && address ? address.port : config.port;
  const origin = `http://${config.host === '::1' ? '[::1]' : config.host}:${actualPort}`;
  const printLink = opts.printLink ?? ((link: string) => console.log(`rpcscope: a page asked to sign in; open ${link}`));
  signIn = new SignIn({ token: config.token, origin, printLink });
  const url = signIn.printedUrl();
  // Codes stay out of the lock file: a second start only needs to know where this one is.
  lock.setUrl(`${origin}/`);

  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      bridge.close();
      taps.close();
      removeTapKey(dataDir, tapKey);
      await manager.closeAll();
      // Live publications send their last entries and "done" before the recorder closes.
      await publications.drain(3000);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await app?.close?.().catch(() => undefined);
      recorder.close();
      store.close();
      lock.release();
    })());

  const issuer = signIn;
  return { url, origin, signInUrl: () => issuer.issueUrl(), port: actualPort, config, manager, bridgeSockets: () => bridge.socketCount, stop };
}

function refuseUpgrade(socket: Duplex, status: number, reason: string): void {
  const text = http.STATUS_CODES[status] ?? 'Error';
  const body = JSON.stringify({ error: reason });
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** `rpcscope` / `node --import tsx server/main.ts [--port N] [--host H] [--dev]`: start and print the URL. */
export async function main(argv: string[] = process.argv.slice(2)): Promise<void> {
  process.env.NEXT_TELEMETRY_DISABLED = '1';
  let config: ServerConfig;
  try {
    config = loadConfig(argv, process.env);
  } catch (err) {
    console.error(`rpcscope: ${(err as Error).message}`);
    process.exit(2);
  }
  let running: RunningServer;
  try {
    running = await startServer(config);
  } catch (err) {
    // Refusals (another rpcscope here, a damaged database) and plain errors (port in use) are
    // told in words; a stack trace would bury what to do.
    const message = err instanceof StartRefused ? err.message : `could not start: ${(err as Error).message ?? String(err)}`;
    console.error(`rpcscope: ${message}`);
    process.exit(1);
  }
  console.log(`rpcscope is ready: ${running.url}`);
  console.log(`Open that address in your browser: it signs one browser in, once, within ${CODE_TTL_MS / 60_000} minutes. Ctrl+C stops.`);
  const shutdown = () => {
    // Whatever happens to the graceful path, no spawned target outlives the server.
    setTimeout(() => killAllStdioTargets(), 3000).unref();
    running.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
    setTimeout(() => process.exit(1), 5000).unref();
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error('rpcscope failed to start:', err);
    process.exit(1);
  });
}
