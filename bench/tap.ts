/**
 * The tap's cost (issue 12): what a conversation loses by going through `rpcscope tap`.
 *   - throughput: a child writes 100k Content-Length frames (bench/stdio-writer.mjs) read by this
 *     process, straight from the child's stdout vs through `rpcscope tap -- child` (recording into a
 *     fresh data directory, as with no app running); time from the first byte to the last;
 *   - added latency of a request/response ping-pong, one request at a time: over stdio
 *     (bench/tap-echo.mjs, direct vs through the tap) and over HTTP (a local node:http JSON-RPC
 *     server, direct vs through `rpcscope tap --listen … --to …`); p50 and p99 of each, and the
 *     difference, which is what the tap adds.
 * Standalone: `node --import tsx bench/tap.ts [N] [PINGS]`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { smallFrames } from './data';
import { rate, ratio, table } from './table';

const BIN = fileURLToPath(new URL('../bin/rpcscope.mjs', import.meta.url));
const WRITER = fileURLToPath(new URL('./stdio-writer.mjs', import.meta.url));
const ECHO = fileURLToPath(new URL('./tap-echo.mjs', import.meta.url));
const WARMUP = 200;

const percentile = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

function tapArgs(dataDir: string, rest: string[]): string[] {
  return [BIN, 'tap', '--data-dir', dataDir, ...rest];
}

function stopped(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** Reads the child's stdout until `bytes` arrived; ms from the first byte to the last. */
async function readAll(child: ChildProcess, bytes: number): Promise<number> {
  let got = 0;
  let first = 0;
  const end = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (first === 0) first = performance.now();
      got += chunk.length;
      if (got >= bytes) resolve(performance.now());
    });
    child.once('exit', (code) => {
      if (got < bytes) reject(new Error(`the writer ended (${code}) after ${got} of ${bytes} bytes`));
    });
  });
  return end - first;
}

async function throughput(n: number, dir: string): Promise<string[][]> {
  const file = join(dir, 'frames.bin');
  const frames = smallFrames(n);
  writeFileSync(file, frames);
  const rows: string[][] = [];
  const direct: number[] = [];
  const tapped: number[] = [];
  for (let round = 0; round < 3; round++) {
    const a = spawn(process.execPath, [WRITER, file], { stdio: ['ignore', 'pipe', 'inherit'] });
    direct.push(await readAll(a, frames.length));
    await stopped(a);
    const b = spawn(process.execPath, tapArgs(join(dir, `data-${round}`), ['--framing', 'content-length', '--', process.execPath, WRITER, file]), { stdio: ['pipe', 'pipe', 'inherit'] });
    tapped.push(await readAll(b, frames.length));
    b.stdin!.end();
    await stopped(b, 'SIGTERM');
  }
  const d = Math.min(...direct);
  const t = Math.min(...tapped);
  rows.push(['direct pipe', `${d.toFixed(0)} ms`, rate((n / d) * 1000), '1.00×']);
  rows.push(['through rpcscope tap', `${t.toFixed(0)} ms`, rate((n / t) * 1000), ratio(d / t)]);
  return rows;
}

/** One request at a time over a child's stdin/stdout; each round trip's ms. */
async function stdioPings(child: ChildProcess, pings: number): Promise<number[]> {
  const times: number[] = [];
  let pending = '';
  let waiting: (() => void) | null = null;
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (s: string) => {
    pending += s;
    if (pending.includes('\n')) {
      pending = pending.slice(pending.lastIndexOf('\n') + 1);
      waiting?.();
    }
  });
  for (let i = 0; i < pings + WARMUP; i++) {
    const t0 = performance.now();
    await new Promise<void>((resolve) => {
      waiting = resolve;
      child.stdin!.write(`{"jsonrpc":"2.0","id":${i},"method":"ping"}\n`);
    });
    if (i >= WARMUP) times.push(performance.now() - t0);
  }
  return times;
}

async function httpPings(url: string, pings: number): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const target = new URL(url);
  const times: number[] = [];
  for (let i = 0; i < pings + WARMUP; i++) {
    const body = `{"jsonrpc":"2.0","id":${i},"method":"ping"}`;
    const t0 = performance.now();
    await new Promise<void>((resolve, reject) => {
      const req = http.request(target, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
        res.resume();
        res.on('end', () => resolve());
      });
      req.on('error', reject);
      req.end(body);
    });
    if (i >= WARMUP) times.push(performance.now() - t0);
  }
  agent.destroy();
  return times;
}

/** `rpcscope tap --listen 127.0.0.1:0 --to URL`, once it says where it listens. */
function proxyTap(to: string, dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, tapArgs(dataDir, ['--listen', '127.0.0.1:0', '--to', to]), { stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (s: string) => {
      err += s;
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(err);
      if (m) resolve({ child, url: m[1] });
    });
    child.once('exit', (code) => reject(new Error(`the tap exited (${code}): ${err}`)));
  });
}

function latencyRows(name: string, direct: number[], tapped: number[]): string[][] {
  const row = (label: string, xs: number[]) => [`${name}, ${label}`, `${percentile(xs, 50).toFixed(3)} ms`, `${percentile(xs, 99).toFixed(3)} ms`];
  return [
    row('direct', direct),
    row('through the tap', tapped),
    [`${name}, added by the tap`, `${(percentile(tapped, 50) - percentile(direct, 50)).toFixed(3)} ms`, `${(percentile(tapped, 99) - percentile(direct, 99)).toFixed(3)} ms`],
  ];
}

async function latency(pings: number, dir: string): Promise<string[][]> {
  const echoDirect = spawn(process.execPath, [ECHO], { stdio: ['pipe', 'pipe', 'inherit'] });
  const stdioDirect = await stdioPings(echoDirect, pings);
  await stopped(echoDirect);
  const echoTapped = spawn(process.execPath, tapArgs(join(dir, 'data-ping'), ['--framing', 'newline', '--', process.execPath, ECHO]), { stdio: ['pipe', 'pipe', 'inherit'] });
  const stdioTapped = await stdioPings(echoTapped, pings);
  echoTapped.stdin!.end();
  await stopped(echoTapped);

  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (s: string) => (body += s));
    req.on('end', () => {
      const id = (JSON.parse(body) as { id: number }).id;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`{"jsonrpc":"2.0","id":${id},"result":"pong"}`);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const httpDirect = await httpPings(url, pings);
  const tap = await proxyTap(url, join(dir, 'data-http'));
  const httpTapped = await httpPings(tap.url, pings);
  await stopped(tap.child);
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  return [...latencyRows('stdio', stdioDirect, stdioTapped), ...latencyRows('HTTP', httpDirect, httpTapped)];
}

export async function runTapBench(n: number, pings: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'rpcscope-bench-tap-'));
  try {
    console.log(`the tap: ${n} Content-Length frames from a child, read directly vs through \`rpcscope tap\` (recording locally); best of 3, first byte to last`);
    console.log(table(['path', 'time', 'msgs/s', 'tap ÷ direct'], await throughput(n, dir)));
    console.log(`\nthe tap: added latency of a ping-pong, one request at a time, ${pings} round trips after ${WARMUP} warm-up`);
    console.log(table(['path', 'p50', 'p99'], await latency(pings, dir)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const n = Number(process.argv[2] ?? 100_000);
  const pings = Number(process.argv[3] ?? 2000);
  runTapBench(n, pings).then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
