/**
 * The chain stage by stage over a real pipe, each stage against vscode-jsonrpc's bare reader on the
 * same child (bench/stdio-writer.mjs writing N Content-Length frames) in the same run:
 *   decoder only → + pipeline (a whole LiveSession) → + recorder (SQLite, through SessionManager
 *   and the app's WorkerRecorder; beside it the same writes on the main thread, StoreRecorder, as
 *   it was before the worker) → + bridge to a Node WebSocket client (ws, over 127.0.0.1).
 * Each stage ends when its last message has arrived where the stage delivers and, from the
 * pipeline on, the session's end (its close-time patches included) has been handed on too.
 * Rounds rotate the order of the stages; each figure is the median of the rounds, wall time.
 * The last stage, + the page in Chromium showing every entry, is bench/chain-page.ts (it needs a
 * production build and /usr/bin/chromium; without them it is left out and the table says why).
 *
 * Standalone: `node --import tsx bench/chain.ts [N] [rounds]`.
 */
import './built'; // first: runs this bench bundled like the server build (bench/built.ts)
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import rpc from 'vscode-jsonrpc/node.js';
import WebSocket from 'ws';
import { getCodec } from '../lib/framing/registry';
import type { ServerMessage } from '../lib/session/bridge';
import { columnsReader } from '../lib/timeline/row-columns';
import type { EntryRow } from '../lib/timeline/row';
import type { SessionSummary, TrafficEvent } from '../lib/session/types';
import { Bridge } from '../server/bridge';
import { LiveSession } from '../server/session/live-session';
import { SessionManager } from '../server/session/manager';
import { StoreRecorder } from '../server/session/recorder';
import { WorkerRecorder } from '../server/session/worker-recorder';
import { Store } from '../server/store';
import { PageStageProcess, pageStageMissing } from './chain-page';
import { smallFrames } from './data';
import { median, rate, ratio, table } from './table';

const WRITER = fileURLToPath(new URL('./stdio-writer.mjs', import.meta.url));
const TIMEOUT_MS = 180_000;

interface Run {
  ms: number;
  cpuMs: number;
}

type Stage = (file: string, n: number) => Promise<Run>;

const target = (file: string) => ({ kind: 'stdio' as const, command: process.execPath, args: [WRITER, file], framing: 'content-length' as const });
const fromTarget = (e: Pick<TrafficEvent, 'dir' | 'kind'>) => e.dir === 'in' && e.kind !== 'stderr' && e.kind !== 'exit' && e.kind !== 'connection';

async function timed(body: (done: () => void) => Promise<() => Promise<void> | void>): Promise<Run> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let finish!: () => void;
  const finished = new Promise<void>((r) => (finish = r));
  let timer: NodeJS.Timeout | undefined;
  const cleanup = await body(() => finish());
  try {
    await Promise.race([
      finished,
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no result after ${TIMEOUT_MS / 1000} s`)), TIMEOUT_MS))),
    ]);
  } finally {
    clearTimeout(timer);
  }
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  await cleanup();
  return { ms, cpuMs: (cpu.user + cpu.system) / 1000 };
}

const spawnWriter = (file: string) => spawn(process.execPath, [WRITER, file], { stdio: ['ignore', 'pipe', 'inherit'], shell: false });

const vscodeReader: Stage = (file, n) =>
  timed(async (done) => {
    const child = spawnWriter(file);
    const reader = new rpc.StreamMessageReader(child.stdout);
    let count = 0;
    reader.listen(() => {
      if (++count === n) done();
    });
    return () => {
      reader.dispose();
      child.kill('SIGKILL');
    };
  });

const decoderOnly: Stage = (file, n) =>
  timed(async (done) => {
    const child = spawnWriter(file);
    const decoder = getCodec('content-length').createDecoder();
    let count = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      for (const f of decoder.push(chunk)) if (f.type === 'message' && ++count === n) done();
    });
    return () => void child.kill('SIGKILL');
  });

const liveSession: Stage = (file, n) =>
  timed(async (done) => {
    let count = 0;
    const session = new LiveSession({
      target: target(file),
      sink: {
        events: (_s, events) => {
          for (const e of events) if (fromTarget(e)) count++;
        },
        patches: () => undefined,
        summary: (_s, summary) => {
          if (summary.endedAt && count >= n) done();
        },
      },
    });
    await session.start();
    return () => session.close();
  });

interface Recording {
  dir: string;
  store: Store;
  recorder: WorkerRecorder | StoreRecorder;
}

/** A fresh SQLite file and the recorder on it, started before the clock (the app starts its worker once, at start-up). */
async function recording(inWorker: boolean): Promise<Recording> {
  const dir = mkdtempSync(join(tmpdir(), 'rpcscope-chain-'));
  const store = new Store({ dir });
  const recorder = inWorker ? new WorkerRecorder(store) : new StoreRecorder(store);
  if (recorder instanceof WorkerRecorder) await recorder.ready;
  return { dir, store, recorder };
}

/** A SessionManager recording through `rec`; `done` runs once all is recorded and the session ended. */
async function recorded({ dir, store, recorder }: Recording, file: string, n: number, withBridge: boolean, done: () => void) {
  const manager = new SessionManager(recorder);
  let count = 0;
  let ended = false;
  const check = () => {
    if (!withBridge && ended && count >= n) done();
  };
  manager.listen({
    events: (_id, events) => {
      for (const e of events) if (fromTarget(e)) count++;
    },
    patches: () => undefined,
    summary: (s: SessionSummary) => {
      if (s.endedAt) ended = true;
      check();
    },
  });
  let stopBridge = async () => undefined as void;
  let subscribe = (_id: string) => undefined as void;
  if (withBridge) {
    const bridge = new Bridge(manager, { intervalMs: 60_000, timeoutMs: 60_000 });
    const server = createServer();
    server.on('upgrade', (req, socket, head) => bridge.handleUpgrade(req, socket, head));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const ws = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}/bridge`);
    await new Promise<void>((r, j) => ws.once('open', () => r()).once('error', j));
    let got = 0;
    let gotEnd = false;
    const countRow = (e: EntryRow) => void (fromTarget(e) && got++);
    const pool = (x: string) => x;
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data)) as ServerMessage;
      // Read as the page reads it: the columnar batches made into rows (lib/timeline/row-columns.ts).
      if (msg.type === 'rows') msg.batches.forEach((cols, k) => columnsReader(cols, pool).rows(msg.from?.[k] ?? 0).forEach(countRow));
      if (msg.type === 'session' && msg.summary.endedAt) gotEnd = true;
      if (got >= n && gotEnd) done();
    });
    subscribe = (id) => ws.send(JSON.stringify({ type: 'subscribe', session: id, sinceSeq: 0 }));
    stopBridge = async () => {
      ws.close();
      bridge.close();
      await new Promise((r) => server.close(r));
    };
  }
  const session = await manager.open(target(file));
  subscribe(session.id);
  return async () => {
    await manager.closeAll();
    await stopBridge();
    recorder.close();
    store.close();
    rmSync(dir, { recursive: true, force: true });
  };
}

const withRecorder: Stage = async (file, n) => timed(recorded.bind(null, await recording(true), file, n, false));
const withMainThreadRecorder: Stage = async (file, n) => timed(recorded.bind(null, await recording(false), file, n, false));
const withBridge: Stage = async (file, n) => timed(recorded.bind(null, await recording(true), file, n, true));

export const ALL_STAGES: { name: string; run: Stage }[] = [
  { name: 'vscode-jsonrpc reader (reference)', run: vscodeReader },
  { name: 'decoder only', run: decoderOnly },
  { name: '+ pipeline (a whole LiveSession)', run: liveSession },
  { name: '+ recorder (SQLite, in a worker)', run: withRecorder },
  { name: '  (the same on the main thread)', run: withMainThreadRecorder },
  { name: '+ bridge to a Node WebSocket client', run: withBridge },
];

export async function runChain(n: number, rounds = 3): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'rpcscope-bench-'));
  const file = join(dir, 'frames.bin');
  const missing = process.env.BENCH_SKIP_PAGE === '1' ? 'BENCH_SKIP_PAGE=1' : pageStageMissing();
  const page = missing ? null : new PageStageProcess();
  const STAGES = page ? [...ALL_STAGES, { name: '+ the page in Chromium showing every entry', run: (f: string) => page.run(process.execPath, [WRITER, f]) }] : ALL_STAGES;
  try {
    await page?.start();
    const frames = smallFrames(n);
    writeFileSync(file, frames);
    console.log(
      `the chain: a child writes ${n / 1000}k Content-Length frames (${(frames.length / 1048576).toFixed(1)} MiB) to a pipe · ` +
        `medians of ${rounds} rotated rounds · load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`,
    );
    for (const s of STAGES.slice(0, 3)) await s.run(file, Math.min(n, 10_000)); // warm-up
    if (page) await STAGES[STAGES.length - 1].run(file, n); // the page's code and the app's paths, warm
    const runs: Run[][] = STAGES.map(() => []);
    for (let r = 0; r < rounds; r++) {
      for (let k = 0; k < STAGES.length; k++) {
        const i = (k + r) % STAGES.length;
        runs[i].push(await STAGES[i].run(file, n));
      }
      process.stderr.write(`  chain round ${r + 1}/${rounds} done\n`);
    }
    const ms = runs.map((rs) => median(rs.map((x) => x.ms)));
    const cpu = runs.map((rs) => median(rs.map((x) => x.cpuMs)));
    const rows = STAGES.map((s, i) => [s.name, `${ms[i].toFixed(0)} ms`, rate((n / ms[i]) * 1000), ratio(ms[0] / ms[i]), Number.isNaN(cpu[i]) ? '-' : `${cpu[i].toFixed(0)} ms`]);
    console.log(table(['stage', 'spawn → done', 'msgs/s', '÷ vscode-jsonrpc reader', 'this process CPU'], rows));
    console.log(`(load after: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')})${missing ? `; the page stage left out: ${missing}` : ''}`);
    if (page) {
      const busy = median(runs[runs.length - 1].map((x) => (x as { pageBusyMs?: number }).pageBusyMs ?? NaN));
      console.log(`the page's main thread was busy ${busy.toFixed(0)} ms of the page stage (${((busy * 1000) / n).toFixed(1)} µs an entry; Chromium's TaskDuration)`);
    }
    if (page?.errors.length) console.log(`page console errors: ${page.errors.slice(0, 5).join(' | ')}`);
  } finally {
    await page?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runChain(Number(process.argv[2] ?? 100_000), Number(process.argv[3] ?? 3)).then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
