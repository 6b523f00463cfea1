/**
 * A real rpcscope LiveSession against real peers, with everything it records kept in order
 * (patches applied), and @modelcontextprotocol/server-everything in Streamable HTTP mode pinned to
 * 127.0.0.1 on a free port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LiveSession } from '@/server/session/live-session';
import { applyPatch } from '@/lib/session/patch';
import type { SessionOptions, TargetSpec, TrafficEvent } from '@/lib/session/types';
import { PEERS_DIR } from '../../fixtures/peers/start-peer';

export interface Watched {
  session: LiveSession;
  events: TrafficEvent[];
  bySeq(seq: number): TrafficEvent | undefined;
  notes(): string[];
  waitFor(what: string, pred: (events: TrafficEvent[]) => boolean, timeoutMs?: number): Promise<void>;
}

export async function watchSession(target: TargetSpec, options: SessionOptions = {}): Promise<Watched> {
  const events: TrafficEvent[] = [];
  const index = new Map<number, TrafficEvent>();
  const session = new LiveSession({
    target,
    options: { timeoutMs: 10_000, ...options },
    sink: {
      events: (_s, evs) => {
        for (const e of evs) {
          events.push(e);
          index.set(e.seq, e);
        }
      },
      patches: (_s, ps) => {
        for (const p of ps) {
          const e = index.get(p.seq);
          if (e) applyPatch(e, p);
        }
      },
      summary: () => undefined,
    },
  });
  await session.start();
  const waitFor = (what: string, pred: (evs: TrafficEvent[]) => boolean, timeoutMs = 8000) =>
    new Promise<void>((resolve, reject) => {
      const started = Date.now();
      const poll = () => {
        session.flush();
        if (pred(events)) return resolve();
        if (Date.now() - started > timeoutMs) {
          return reject(new Error(`timed out waiting for ${what}; recorded:\n${events.map((e) => `#${e.seq} ${e.dir} ${e.kind} ${e.method ?? ''} ${e.note ?? e.raw.slice(0, 160)}`).join('\n')}`));
        }
        setTimeout(poll, 20);
      };
      poll();
    });
  return { session, events, bySeq: (s) => index.get(s), notes: () => events.filter((e) => e.note).map((e) => e.note!), waitFor };
}

export interface RunningServer {
  port: number;
  proc: ChildProcess;
  stop(): Promise<void>;
}

/** server-everything's `streamableHttp` mode, on 127.0.0.1 and a port the system picks. */
export function startEverythingHttp(timeoutMs = 15_000): Promise<RunningServer> {
  const require = createRequire(import.meta.url);
  const entry = path.join(path.dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')), 'dist', 'index.js');
  const proc = spawn(process.execPath, ['--import', pathToFileURL(path.join(PEERS_DIR, 'loopback-listen.mjs')).href, entry, 'streamableHttp'], {
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
      const timer = setTimeout(() => proc.kill('SIGKILL'), 2000);
      proc.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      proc.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    let err = '';
    let listening = false;
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`server-everything did not listen in ${timeoutMs} ms: ${err}`));
    }, timeoutMs);
    proc.stderr!.setEncoding('utf8');
    proc.stderr!.on('data', (s: string) => {
      err += s;
      const m = /LISTENING (\d+)\n/.exec(err);
      if (m && !listening) {
        listening = true;
        clearTimeout(timer);
        resolve({ port: Number(m[1]), proc, stop });
      }
      if (err.length > 64_000) err = err.slice(-16_000);
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server-everything exited (${code}) before listening: ${err}`));
    });
  });
}

export const INITIALIZE = (id: number, capabilities: Record<string, unknown> = {}) =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities, clientInfo: { name: 'rpcscope-test', version: '1' } } });
