/**
 * End to end over a real pipe: a child process writes N Content-Length frames to its stdout
 * (bench/stdio-writer.mjs, 64 KiB writes, as fast as the pipe drains) and each contender reads
 * them from the child's stdout until the last message is delivered:
 *   (a) vscode-jsonrpc's StreamMessageReader on child.stdout;
 *   (b) rpcscope's decoder + classify() on child.stdout's data events;
 *   (c) a whole rpcscope LiveSession (stdio transport → decoder → pipeline → sink), when present.
 * Times run from spawn (child start-up included, the same for all) and, for (a) and (b), also
 * from the first byte read.
 *
 * Standalone: `node --import tsx bench/stdio-e2e.ts [N]`.
 */
import './built'; // first: runs this bench bundled like the server build (bench/built.ts)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import rpc from 'vscode-jsonrpc/node.js';
import { getCodec } from '../lib/framing/registry';
import { classify } from '../lib/jsonrpc/classify';
import { smallFrames } from './data';
import { rate, ratio, table } from './table';

const WRITER = fileURLToPath(new URL('./stdio-writer.mjs', import.meta.url));
const TIMEOUT_MS = 120_000;

interface E2eResult {
  name: string;
  messages: number;
  fromSpawnMs: number;
  /** CPU time of this (reading) process from spawn to the last message. */
  cpuMs?: number;
  fromFirstByteMs?: number;
  note?: string;
}

function cpuSince(start: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(start);
  return (d.user + d.system) / 1000;
}

function spawnWriter(file: string) {
  return spawn(process.execPath, [WRITER, file], { stdio: ['ignore', 'pipe', 'inherit'], shell: false });
}

function withTimeout<T>(p: Promise<T>, kill: () => void): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => {
        kill();
        reject(new Error(`no result after ${TIMEOUT_MS / 1000} s`));
      }, TIMEOUT_MS);
    }),
  ]);
}

async function viaVscode(file: string, n: number): Promise<E2eResult> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const child = spawnWriter(file);
  let first = 0;
  child.stdout.once('data', () => (first = performance.now()));
  const reader = new rpc.StreamMessageReader(child.stdout);
  let count = 0;
  const done = new Promise<number>((resolve) => {
    reader.listen(() => {
      if (++count === n) resolve(performance.now());
    });
  });
  const end = await withTimeout(done, () => child.kill('SIGKILL'));
  const cpuMs = cpuSince(cpu0);
  reader.dispose();
  child.kill('SIGKILL');
  return { name: 'vscode-jsonrpc StreamMessageReader', messages: count, fromSpawnMs: end - t0, cpuMs, fromFirstByteMs: end - first };
}

async function viaRpcscope(file: string, n: number): Promise<E2eResult> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const child = spawnWriter(file);
  const decoder = getCodec('content-length').createDecoder();
  let first = 0;
  let count = 0;
  let sink = 0;
  const done = new Promise<number>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (first === 0) first = performance.now();
      for (const f of decoder.push(chunk)) {
        if (f.type !== 'message') continue;
        sink += classify(f.body).findings.length;
        if (++count === n) resolve(performance.now());
      }
    });
  });
  const end = await withTimeout(done, () => child.kill('SIGKILL'));
  const cpuMs = cpuSince(cpu0);
  child.kill('SIGKILL');
  void sink;
  return { name: 'rpcscope decoder + classify', messages: count, fromSpawnMs: end - t0, cpuMs, fromFirstByteMs: end - first };
}

/** The whole live session, when server/session/live-session.ts and the stdio transport are there. */
async function viaLiveSession(file: string, n: number): Promise<E2eResult> {
  const name = 'rpcscope LiveSession (stdio → pipeline)';
  let mod: typeof import('../server/session/live-session');
  try {
    mod = await import('../server/session/live-session');
  } catch (err) {
    return { name, messages: 0, fromSpawnMs: NaN, note: `skipped: ${(err as Error).message.split('\n')[0]}` };
  }
  let count = 0;
  let resolveDone: (t: number) => void = () => undefined;
  const done = new Promise<number>((r) => (resolveDone = r));
  const session = new mod.LiveSession({
    target: { kind: 'stdio', command: process.execPath, args: [WRITER, file], framing: 'content-length' },
    sink: {
      events: (_s, events) => {
        for (const e of events) if (e.dir === 'in' && e.kind !== 'stderr') count++;
        if (count >= n) resolveDone(performance.now());
      },
      patches: () => undefined,
      summary: () => undefined,
    },
  });
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  try {
    await session.start();
    const end = await withTimeout(done, () => void session.close());
    return { name, messages: count, fromSpawnMs: end - t0, cpuMs: cpuSince(cpu0) };
  } catch (err) {
    return { name, messages: count, fromSpawnMs: NaN, note: `failed: ${(err as Error).message}` };
  } finally {
    await session.close();
  }
}

export async function runStdioE2e(n: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'rpcscope-bench-'));
  const file = join(dir, 'frames.bin');
  try {
    const frames = smallFrames(n);
    writeFileSync(file, frames);
    console.log(`end to end: a child process writes ${n / 1000}k Content-Length frames (${(frames.length / 1048576).toFixed(1)} MiB) to a pipe`);
    // One untimed round each to warm up, then the measured ones.
    await viaVscode(file, n);
    await viaRpcscope(file, n);
    const results = [await viaVscode(file, n), await viaRpcscope(file, n), await viaLiveSession(file, n)];
    const vscode = results[0];
    const rows = results.map((r) => [
      r.name,
      r.note ?? `${r.messages}`,
      Number.isFinite(r.fromSpawnMs) ? `${r.fromSpawnMs.toFixed(0)} ms` : '-',
      Number.isFinite(r.fromSpawnMs) ? rate((r.messages / r.fromSpawnMs) * 1000) : '-',
      r.fromFirstByteMs !== undefined ? rate((r.messages / r.fromFirstByteMs) * 1000) : '-',
      Number.isFinite(r.fromSpawnMs) ? ratio(vscode.fromSpawnMs / r.fromSpawnMs) : '-',
      r.cpuMs !== undefined ? `${r.cpuMs.toFixed(0)} ms` : '-',
      r.cpuMs !== undefined && vscode.cpuMs !== undefined ? ratio(vscode.cpuMs / r.cpuMs) : '-',
    ]);
    console.log(
      table(['reader', 'messages', 'spawn → last', 'msg/s', 'msg/s from 1st byte', 'speed ÷ vscode', 'reader CPU', 'CPU ÷ vscode'], rows),
    );
    console.log('(wall-clock figures; "reader CPU" is this process only, the writing child excluded)');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runStdioE2e(Number(process.argv[2] ?? 100_000)).then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
