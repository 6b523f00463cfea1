/**
 * HTTP: rpcscope's HTTP path (a LiveSession through SessionManager + the app's WorkerRecorder into SQLite,
 * each request sent with session.send and its answer recorded) against a bare undici client, both
 * POSTing to the same local JSON-RPC server (json-rpc-2.0's JSONRPCServer behind node:http on
 * 127.0.0.1), with 1 and 16 requests in flight. Medians of rotated rounds, wall time.
 * Beside it, the same LiveSession with nothing recorded (its sink only sees the answers), so the
 * table splits the cost between the session (pipeline, transport) and the recording; and the CPU
 * per request of each side, the main thread's (Linux only) and the whole process's, which the
 * machine's load distorts far less than wall time (the server runs on the main thread too: its cost
 * is in every column). The last column counts how often the main thread was taken off the CPU while
 * it could run (the recorder's worker waking up on a busy machine did that; see bench/README.md).
 *
 * Standalone: `node --import tsx bench/http.ts [N] [rounds]`.
 */
import './built'; // first: runs this bench bundled like the server build (bench/built.ts)
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { JSONRPCServer } from 'json-rpc-2.0';
import { Pool } from 'undici';
import type { TrafficEvent } from '../lib/session/types';
import { LiveSession } from '../server/session/live-session';
import { SessionManager } from '../server/session/manager';
import { WorkerRecorder } from '../server/session/worker-recorder';
import { Store } from '../server/store';
import { median, rate, ratio, table } from './table';

const MAX_BODY = 1024 * 1024;

export async function startJsonRpcServer(): Promise<{ url: string; server: Server }> {
  const rpc = new JSONRPCServer();
  rpc.addMethod('echo', (params: unknown) => params);
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) req.destroy();
      else parts.push(c);
    });
    req.on('end', () => {
      void rpc.receiveJSON(Buffer.concat(parts).toString('utf8')).then((reply) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(reply ? JSON.stringify(reply) : '');
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

const body = (i: number) => JSON.stringify({ jsonrpc: '2.0', id: i, method: 'echo', params: { i, text: 'hover symbol range index module' } });

/** This thread's CPU time so far in µs (Linux: /proc, in clock ticks of 10 ms); NaN elsewhere. */
function threadCpuMicros(): number {
  try {
    const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return NaN;
  }
}

/** Times this (the main) thread was taken off the CPU while it could run (Linux: /proc); NaN elsewhere. */
function threadPreemptions(): number {
  try {
    return Number(/nonvoluntary_ctxt_switches:\s+(\d+)/.exec(readFileSync(`/proc/self/task/${process.pid}/status`, 'utf8'))![1]);
  } catch {
    return NaN;
  }
}

interface Timing {
  ms: number;
  /** How often the main thread was pre-empted, per 1000 requests (by the recorder's worker, or anything else). */
  preemptedPerK: number;
  /** CPU per request, µs: this (the main) thread's, and the whole process's (the recorder's worker too). */
  cpuPerReq: number;
  allCpuPerReq: number;
}

/** Runs `send(i)` for i < n with `c` in flight; resolves with the wall time and this thread's CPU per request. */
async function inFlight(n: number, c: number, send: (i: number) => Promise<void>): Promise<Timing> {
  const cpu0 = threadCpuMicros();
  const pre0 = threadPreemptions();
  const all0 = process.cpuUsage();
  const t0 = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < n) await send(next++);
  };
  await Promise.all(Array.from({ length: c }, worker));
  const ms = performance.now() - t0;
  const all = process.cpuUsage(all0);
  return { ms, preemptedPerK: ((threadPreemptions() - pre0) / n) * 1000, cpuPerReq: (threadCpuMicros() - cpu0) / n, allCpuPerReq: (all.user + all.system) / n };
}

export async function viaUndici(url: string, n: number, c: number): Promise<Timing> {
  const pool = new Pool(url, { connections: c });
  try {
    return await inFlight(n, c, async (i) => {
      const r = await pool.request({ path: '/', method: 'POST', body: body(i), headers: { 'content-type': 'application/json' } });
      JSON.parse(await r.body.text());
    });
  } finally {
    await pool.close();
  }
}

/**
 * Requests sent through rpcscope, each done when its answer is seen in the session's events:
 * `seen` goes into the sink, `send` is what `inFlight` runs for request i.
 */
function awaitAnswers() {
  const waiting = new Map<number, () => void>();
  return {
    seen: (events: readonly TrafficEvent[]) => {
      for (const e of events) if (e.dir === 'in' && e.kind === 'response' && typeof e.id === 'number') waiting.get(e.id)?.();
    },
    send: async (i: number, sendBody: (text: string) => Promise<unknown>) => {
      const answered = new Promise<void>((r) => waiting.set(i, r));
      await sendBody(body(i));
      await answered;
      waiting.delete(i);
    },
  };
}

/** A LiveSession on its own: every message through the pipeline and the transport, nothing recorded. */
export async function viaSession(url: string, n: number, c: number): Promise<Timing> {
  const answers = awaitAnswers();
  const session = new LiveSession({
    target: { kind: 'http', url },
    sink: {
      events: (_s, events) => answers.seen(events),
      patches: () => undefined,
      summary: () => undefined,
    },
  });
  try {
    await session.start();
    return await inFlight(n, c, (i) => answers.send(i, (text) => session.send(text)));
  } finally {
    await session.close();
  }
}

export async function viaRpcscope(url: string, n: number, c: number): Promise<Timing> {
  const dir = mkdtempSync(join(tmpdir(), 'rpcscope-http-'));
  const store = new Store({ dir });
  // The app's recorder (server/main.ts): SQLite writes in a worker, started before the clock as the app starts it once.
  const recorder = new WorkerRecorder(store);
  await recorder.ready;
  const manager = new SessionManager(recorder);
  const answers = awaitAnswers();
  manager.listen({
    events: (_id, events) => answers.seen(events),
    patches: () => undefined,
    summary: () => undefined,
  });
  try {
    const session = await manager.open({ kind: 'http', url });
    return await inFlight(n, c, (i) => answers.send(i, (text) => session.send(text)));
  } finally {
    await manager.closeAll();
    recorder.close();
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runHttp(n: number, rounds = 3): Promise<void> {
  const { url, server } = await startJsonRpcServer();
  try {
    console.log(`HTTP: ${n} POSTs to a local json-rpc-2.0 server · medians of ${rounds} rotated rounds · load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    await viaUndici(url, 500, 4);
    await viaSession(url, 500, 4);
    await viaRpcscope(url, 500, 4);
    const sides = [viaUndici, viaSession, viaRpcscope];
    const rows: string[][] = [];
    for (const c of [1, 16]) {
      const runs: Timing[][] = sides.map(() => []);
      for (let r = 0; r < rounds; r++) {
        // Rotated, so no side always runs first (or right after the same one).
        for (let k = 0; k < sides.length; k++) {
          const i = (k + r) % sides.length;
          runs[i].push(await sides[i](url, n, c));
        }
      }
      const [u, se, rec] = runs.map((t) => ({
        ms: median(t.map((x) => x.ms)),
        cpu: median(t.map((x) => x.cpuPerReq)),
        all: median(t.map((x) => x.allCpuPerReq)),
        pre: median(t.map((x) => x.preemptedPerK)),
      }));
      const us = (x: number) => (Number.isFinite(x) ? `${x.toFixed(0)} µs` : '-');
      rows.push([
        `${c} in flight`,
        rate((n / u.ms) * 1000),
        `${rate((n / se.ms) * 1000)} (${ratio(u.ms / se.ms)})`,
        rate((n / rec.ms) * 1000),
        ratio(u.ms / rec.ms),
        `${us(u.cpu)} / ${us(se.cpu)} / ${us(rec.cpu)}`,
        `${us(u.all)} / ${us(se.all)} / ${us(rec.all)}`,
        [u.pre, se.pre, rec.pre].map((x) => (Number.isFinite(x) ? x.toFixed(0) : '-')).join(' / '),
      ]);
    }
    console.log(
      table(['concurrency', 'undici req/s', 'session only (÷)', 'rpcscope req/s', 'rpcscope ÷ undici', 'CPU/req, main thread: undici / session / rpcscope', 'all threads', 'main thread pre-empted per 1k req'], rows),
    );
    console.log(`(load after: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')})`);
  } finally {
    await new Promise((r) => server.close(r));
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runHttp(Number(process.argv[2] ?? 5000), Number(process.argv[3] ?? 3)).then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
