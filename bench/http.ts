/**
 * HTTP: rpcscope's HTTP path (a LiveSession through SessionManager + the app's WorkerRecorder into SQLite,
 * each request sent with session.send and its answer recorded) against a bare undici client, both
 * POSTing to the same local JSON-RPC server (json-rpc-2.0's JSONRPCServer behind node:http on
 * 127.0.0.1), with 1 and 16 requests in flight. Medians of rotated rounds, wall time.
 *
 * Standalone: `node --import tsx bench/http.ts [N] [rounds]`.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { JSONRPCServer } from 'json-rpc-2.0';
import { Pool } from 'undici';
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

/** Runs `send(i)` for i < n with `c` in flight; resolves with the wall time. */
async function inFlight(n: number, c: number, send: (i: number) => Promise<void>): Promise<number> {
  const t0 = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < n) await send(next++);
  };
  await Promise.all(Array.from({ length: c }, worker));
  return performance.now() - t0;
}

export async function viaUndici(url: string, n: number, c: number): Promise<number> {
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

export async function viaRpcscope(url: string, n: number, c: number): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'rpcscope-http-'));
  const store = new Store({ dir });
  // The app's recorder (server/main.ts): SQLite writes in a worker, started before the clock as the app starts it once.
  const recorder = new WorkerRecorder(store);
  await recorder.ready;
  const manager = new SessionManager(recorder);
  const waiting = new Map<number, () => void>();
  manager.listen({
    events: (_id, events) => {
      for (const e of events) if (e.dir === 'in' && e.kind === 'response' && typeof e.id === 'number') waiting.get(e.id)?.();
    },
    patches: () => undefined,
    summary: () => undefined,
  });
  try {
    const session = await manager.open({ kind: 'http', url });
    return await inFlight(n, c, async (i) => {
      const answered = new Promise<void>((r) => waiting.set(i, r));
      await session.send(body(i));
      await answered;
      waiting.delete(i);
    });
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
    await viaRpcscope(url, 500, 4);
    const rows: string[][] = [];
    for (const c of [1, 16]) {
      const u: number[] = [];
      const s: number[] = [];
      for (let r = 0; r < rounds; r++) {
        if (r % 2 === 0) {
          u.push(await viaUndici(url, n, c));
          s.push(await viaRpcscope(url, n, c));
        } else {
          s.push(await viaRpcscope(url, n, c));
          u.push(await viaUndici(url, n, c));
        }
      }
      const um = median(u);
      const sm = median(s);
      rows.push([`${c} in flight`, rate((n / um) * 1000), rate((n / sm) * 1000), ratio(um / sm)]);
    }
    console.log(table(['concurrency', 'undici req/s', 'rpcscope req/s', 'rpcscope ÷ undici'], rows));
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
