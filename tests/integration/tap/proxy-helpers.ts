/**
 * The real `rpcscope tap --listen … --to …` as a child process (its address, and its session file
 * once stopped), the peers the proxy tap tests put behind it, and the two started together so a
 * tap that never listens leaves no peer running.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import type WebSocket from 'ws';
import type { TrafficEvent } from '@/lib/session/types';
import { BIN, readSession } from './tap-helpers';

export interface RunningProxyTap {
  proc: ChildProcess;
  /** http://127.0.0.1:PORT */
  origin: string;
  port: number;
  /** SIGTERM, wait for the exit, and the recorded session (from --out). */
  stop(): Promise<{ code: number | null; events: TrafficEvent[] }>;
}

// The tap runs through tsx: on a loaded 2-core machine it can take well over 15 s to listen.
export function startProxyTap(to: string, dir: string, extra: string[] = [], timeoutMs = 40_000): Promise<RunningProxyTap> {
  const out = path.join(dir, `tap-${Date.now()}-${Math.random().toString(36).slice(2)}.json`);
  const proc = spawn(process.execPath, [BIN, 'tap', '--listen', '127.0.0.1:0', '--to', to, '--data-dir', path.join(dir, 'data'), '--out', out, ...extra], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  proc.stdout!.setEncoding('utf8');
  proc.stdout!.on('data', (s: string) => (stdout += s));
  const stop = async () => {
    const exited = new Promise<number | null>((resolve) => {
      if (proc.exitCode !== null) return resolve(proc.exitCode);
      const kill = setTimeout(() => proc.kill('SIGKILL'), 10_000);
      proc.once('exit', (code) => {
        clearTimeout(kill);
        resolve(code);
      });
    });
    proc.kill('SIGTERM');
    const code = await exited;
    if (stdout) throw new Error(`the tap wrote to stdout: ${stdout}`);
    return { code, events: readSession(out) };
  };
  return new Promise((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`the tap did not listen within ${timeoutMs} ms: ${err}`));
    }, timeoutMs);
    timer.unref();
    proc.stderr!.setEncoding('utf8');
    proc.stderr!.on('data', (s: string) => {
      err += s;
      const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(err);
      if (!m) return;
      clearTimeout(timer);
      const port = Number(m[1]);
      resolve({ proc, origin: `http://127.0.0.1:${port}`, port, stop });
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the tap exited (${code}) before listening: ${err}`));
    });
  });
}

interface Stoppable {
  stop(): Promise<unknown>;
}

/**
 * A peer and the proxy tap in front of it: `start` the peer, then the tap towards `to(peer)`. A
 * tap that fails to listen (or times out) stops the peer before the error reaches the test, which
 * has no `finally` yet to stop it. `stop` stops both, the tap first.
 */
export async function proxyTapInFront<P extends Stoppable>(start: () => Promise<P>, to: (peer: P) => string, dir: string, extra: string[] = []): Promise<{ peer: P; tap: RunningProxyTap; stop(): Promise<void> }> {
  const peer = await start();
  let tap: RunningProxyTap;
  try {
    tap = await startProxyTap(to(peer), dir, extra);
  } catch (err) {
    await peer.stop();
    throw err;
  }
  return {
    peer,
    tap,
    stop: async () => {
      await tap.stop().catch(() => undefined);
      await peer.stop();
    },
  };
}

/** The parts of rpc-websockets' Server and Client these tests use (it ships no types of its own). */
export interface RpcWsServer {
  wss: { address(): { port: number }; on(event: 'connection', cb: (socket: WebSocket) => void): void };
  on(event: 'listening', cb: () => void): void;
  register(name: string, fn: (params: unknown) => unknown): void;
  event(name: string): void;
  emit(name: string, ...args: unknown[]): void;
  close(): Promise<void>;
}
export interface RpcWsClient {
  socket: WebSocket;
  on(event: string, cb: (...a: unknown[]) => void): void;
  call(method: string, params?: unknown, timeout?: number): Promise<unknown>;
  subscribe(event: string): Promise<unknown>;
  close(): void;
}

const rpcWebsockets = () =>
  createRequire(import.meta.url)('rpc-websockets') as {
    Server: new (o: { port: number; host: string }) => RpcWsServer;
    Client: new (url: string, o?: { reconnect?: boolean }) => RpcWsClient;
  };

/** rpc-websockets' real server on a free port, with `sum` registered; `got` holds every frame it was handed. */
export async function startRpcWsServer(): Promise<{ server: RpcWsServer; port: number; got: string[]; stop(): Promise<void> }> {
  const server = new (rpcWebsockets().Server)({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((r) => server.on('listening', r));
  server.register('sum', (params) => (params as number[]).reduce((a, b) => a + b, 0));
  const got: string[] = [];
  server.wss.on('connection', (s) => s.on('message', (d) => got.push(String(d))));
  return { server, port: server.wss.address().port, got, stop: () => server.close() };
}

/** rpc-websockets' real client (no reconnecting), once its socket is open. */
export async function rpcWsClient(url: string): Promise<RpcWsClient> {
  const client = new (rpcWebsockets().Client)(url, { reconnect: false });
  await new Promise<void>((r) => client.on('open', () => r()));
  return client;
}
