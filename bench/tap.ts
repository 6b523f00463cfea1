/**
 * The tap's cost (issue 12): what a conversation loses by going through `rpcscope tap`.
 *   - throughput: a child writes 100k Content-Length frames (bench/stdio-writer.mjs) read by this
 *     process, straight from the child's stdout vs through `rpcscope tap -- child` (recording into a
 *     fresh data directory, as with no app running), and through a bare Node pass-through
 *     (bench/tap-passthrough.mjs: what any Node process in the middle costs), and through a blocking
 *     read/write loop (bench/tap-blocking.mjs: one direction off the event loop); time from the first byte to the last, the
 *     median of ROUNDS rounds, and (Linux) the tap process's CPU over that time: its forwarding
 *     (main) thread and all its other threads (the recording thread, V8's helpers) from
 *     each thread's /proc stat, since the child, the tap and this reader share the same cores;
 *   - added latency of a request/response ping-pong, one request at a time: over stdio
 *     (bench/tap-echo.mjs, direct vs through the tap) and over HTTP (a local node:http JSON-RPC
 *     server, direct vs through `rpcscope tap --listen … --to …`); p50 and p99 of each, and the
 *     difference, which is what the tap adds; and the tap's CPU per round trip (forwarding thread,
 *     other threads), which a loaded machine's neighbours move less than the percentiles.
 * Standalone: `node --import tsx bench/tap.ts [N] [PINGS]` (PINGS 0: the throughput part only).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { smallFrames } from './data';
import { median, rate, ratio, table } from './table';

const BIN = fileURLToPath(new URL('../bin/rpcscope.mjs', import.meta.url));
const WRITER = fileURLToPath(new URL('./stdio-writer.mjs', import.meta.url));
const ECHO = fileURLToPath(new URL('./tap-echo.mjs', import.meta.url));
const PASS = fileURLToPath(new URL('./tap-passthrough.mjs', import.meta.url));
const BLOCKING = fileURLToPath(new URL('./tap-blocking.mjs', import.meta.url));
/**
 * Round trips before the measured ones. V8 compiles the tap's hot paths on its helper threads over
 * the first few thousand exchanges (~0.2 s of CPU on these 2 cores, competing with the round trips:
 * after 200 the stdio tap added p99 ~2.4 ms, after 3000 ~0.9 ms); the tap then runs for the whole
 * of an editor's or an agent's session, so what counts is the latency after that.
 */
const WARMUP = 3000;
const ROUNDS = 5;
const TICK_MS = 10; // /proc's clock ticks (USER_HZ = 100 on Linux)

const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');

/** CPU ms so far of each thread of `pid` (Linux; empty elsewhere or once it exited). */
function threadCpu(pid: number): Map<number, number> {
  const out = new Map<number, number>();
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(tid), (Number(f[11]) + Number(f[12])) * TICK_MS);
    }
  } catch {
    // not Linux, or the process is gone: no figures
  }
  return out;
}

/** CPU the tap spent between two readings: its main thread, and every other thread summed. */
function cpuBetween(pid: number, a: Map<number, number>, b: Map<number, number>): { main: number; others: number } {
  let others = 0;
  for (const [tid, ms] of b) if (tid !== pid) others += ms - (a.get(tid) ?? 0);
  return { main: (b.get(pid) ?? 0) - (a.get(pid) ?? 0), others };
}

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

/** Reads the child's stdout until `bytes` arrived; ms from the first byte to the last, and the child's CPU meanwhile. */
async function readAll(child: ChildProcess, bytes: number): Promise<{ ms: number; cpu: { main: number; others: number } }> {
  let got = 0;
  let first = 0;
  let atFirst = new Map<number, number>();
  let cpu = { main: 0, others: 0 };
  const end = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (first === 0) {
        first = performance.now();
        atFirst = threadCpu(child.pid!);
      }
      got += chunk.length;
      if (got >= bytes) {
        const t = performance.now();
        cpu = cpuBetween(child.pid!, atFirst, threadCpu(child.pid!));
        resolve(t);
      }
    });
    child.once('exit', (code) => {
      if (got < bytes) reject(new Error(`the writer ended (${code}) after ${got} of ${bytes} bytes`));
    });
  });
  return { ms: end - first, cpu };
}

async function throughput(n: number, dir: string): Promise<string[][]> {
  const file = join(dir, 'frames.bin');
  const frames = smallFrames(n);
  writeFileSync(file, frames);
  const rows: string[][] = [];
  const direct: number[] = [];
  const passed: number[] = [];
  const passRatios: number[] = [];
  const passCpu: number[] = [];
  const passOthers: number[] = [];
  const blocked: number[] = [];
  const blockRatios: number[] = [];
  const blockCpu: number[] = [];
  const tapped: number[] = [];
  const ratios: number[] = [];
  const mainCpu: number[] = [];
  const otherCpu: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const a = spawn(process.execPath, [WRITER, file], { stdio: ['ignore', 'pipe', 'inherit'] });
    direct.push((await readAll(a, frames.length)).ms);
    await stopped(a);
    // The ceiling: a Node process in the middle doing nothing but pipe (bench/tap-passthrough.mjs).
    const p = spawn(process.execPath, [PASS, process.execPath, WRITER, file], { stdio: ['pipe', 'pipe', 'inherit'] });
    const pr = await readAll(p, frames.length);
    passed.push(pr.ms);
    passRatios.push(direct[round] / pr.ms);
    passCpu.push(pr.cpu.main);
    passOthers.push(pr.cpu.others);
    p.stdin!.end();
    await stopped(p);
    // The other ceiling: one direction by a blocking read/write loop off the event loop (bench/tap-blocking.mjs).
    const q = spawn(process.execPath, [BLOCKING, process.execPath, WRITER, file], { stdio: ['ignore', 'pipe', 'inherit'] });
    const qr = await readAll(q, frames.length);
    blocked.push(qr.ms);
    blockRatios.push(direct[round] / qr.ms);
    blockCpu.push(qr.cpu.main);
    await stopped(q);
    const b = spawn(process.execPath, tapArgs(join(dir, `data-${round}`), ['--framing', 'content-length', '--', process.execPath, WRITER, file]), { stdio: ['pipe', 'pipe', 'inherit'] });
    const r = await readAll(b, frames.length);
    tapped.push(r.ms);
    ratios.push(direct[round] / r.ms);
    mainCpu.push(r.cpu.main);
    otherCpu.push(r.cpu.others);
    // SIGTERM goes on to the child; the tap exits once its recording has stored what it saw.
    b.stdin!.end();
    await stopped(b, 'SIGTERM');
  }
  const d = median(direct);
  const t = median(tapped);
  const pm = median(passed);
  rows.push(['direct pipe', `${d.toFixed(0)} ms`, rate((n / d) * 1000), '1.00×', '', '']);
  rows.push(['bare Node pass-through', `${pm.toFixed(0)} ms`, rate((n / pm) * 1000), ratio(median(passRatios)), `${median(passCpu)} ms`, `${median(passOthers)} ms`]);
  const bm = median(blocked);
  rows.push(['blocking loop, one way', `${bm.toFixed(0)} ms`, rate((n / bm) * 1000), ratio(median(blockRatios)), `${median(blockCpu)} ms`, '']);
  rows.push(['through rpcscope tap', `${t.toFixed(0)} ms`, rate((n / t) * 1000), ratio(median(ratios)), `${median(mainCpu)} ms`, `${median(otherCpu)} ms`]);
  return rows;
}

/** One request at a time over a child's stdin/stdout; each round trip's ms. */
async function stdioPings(child: ChildProcess, pings: number, warm: () => void = () => undefined): Promise<number[]> {
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
    if (i === WARMUP) warm();
    const t0 = performance.now();
    await new Promise<void>((resolve) => {
      waiting = resolve;
      child.stdin!.write(`{"jsonrpc":"2.0","id":${i},"method":"ping"}\n`);
    });
    if (i >= WARMUP) times.push(performance.now() - t0);
  }
  return times;
}

async function httpPings(url: string, pings: number, warm: () => void = () => undefined): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const target = new URL(url);
  const times: number[] = [];
  for (let i = 0; i < pings + WARMUP; i++) {
    if (i === WARMUP) warm();
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

/**
 * The tap's CPU per round trip (its forwarding thread, and its other threads), µs: on a loaded
 * machine the wall-clock percentiles move with the neighbours, what the tap itself spends less so.
 */
async function withTapCpu(pid: number, pings: (warm: () => void) => Promise<number[]>): Promise<{ times: number[]; cpu: string[] }> {
  // From the end of the warm-up: its compiling is not what a round trip costs.
  let before = threadCpu(pid);
  const times = await pings(() => (before = threadCpu(pid)));
  const cpu = cpuBetween(pid, before, threadCpu(pid));
  const each = (ms: number) => `${((ms * 1000) / times.length).toFixed(0)} µs`;
  return { times, cpu: [each(cpu.main), each(cpu.others)] };
}

function latencyRows(name: string, direct: number[], tapped: { times: number[]; cpu: string[] }): string[][] {
  const row = (label: string, xs: number[], cpu = ['', '']) => [`${name}, ${label}`, `${percentile(xs, 50).toFixed(3)} ms`, `${percentile(xs, 99).toFixed(3)} ms`, ...cpu];
  return [
    row('direct', direct),
    row('through the tap', tapped.times, tapped.cpu),
    [`${name}, added by the tap`, `${(percentile(tapped.times, 50) - percentile(direct, 50)).toFixed(3)} ms`, `${(percentile(tapped.times, 99) - percentile(direct, 99)).toFixed(3)} ms`, '', ''],
  ];
}

async function latency(pings: number, dir: string): Promise<string[][]> {
  const echoDirect = spawn(process.execPath, [ECHO], { stdio: ['pipe', 'pipe', 'inherit'] });
  const stdioDirect = await stdioPings(echoDirect, pings);
  await stopped(echoDirect);
  const echoTapped = spawn(process.execPath, tapArgs(join(dir, 'data-ping'), ['--framing', 'newline', '--', process.execPath, ECHO]), { stdio: ['pipe', 'pipe', 'inherit'] });
  const stdioTapped = await withTapCpu(echoTapped.pid!, (warm) => stdioPings(echoTapped, pings, warm));
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
  const httpTapped = await withTapCpu(tap.child.pid!, (warm) => httpPings(tap.url, pings, warm));
  await stopped(tap.child);
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  return [...latencyRows('stdio', stdioDirect, stdioTapped), ...latencyRows('HTTP', httpDirect, httpTapped)];
}

export async function runTapBench(n: number, pings: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'rpcscope-bench-tap-'));
  try {
    console.log(`the tap: ${n} Content-Length frames from a child, read directly vs through \`rpcscope tap\` (recording locally); medians of ${ROUNDS} rounds, first byte to last · load ${load()}`);
    console.log(table(['path', 'time', 'msgs/s', 'tap ÷ direct', 'main thread CPU', 'other threads CPU'], await throughput(n, dir)));
    if (pings <= 0) return; // `bench/tap.ts N 0`: the throughput part only
    console.log(`\nthe tap: added latency of a ping-pong, one request at a time, ${pings} round trips after ${WARMUP} warm-up · load ${load()}`);
    console.log(table(['path', 'p50', 'p99', 'tap main thread CPU / trip', 'tap other threads CPU / trip'], await latency(pings, dir)));
    console.log(`(load after: ${load()})`);
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
