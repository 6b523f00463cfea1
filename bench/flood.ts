/**
 * A peer floods for a while: a child writes the small mix (bench/data.ts) to its stdout, over and
 * over, as fast as the pipe takes it, for S seconds, while the app's own recording path (a
 * SessionManager over the WorkerRecorder, the bridge listening with no page subscribed) takes it
 * all. This process's RSS is sampled every second; memory is bounded when it levels off instead
 * of growing with the entries recorded (the worker applies backpressure past its backlog, the
 * correlator caps what it holds pending). Nothing may be lost: the child says how many copies of
 * its frames it wrote, and every one of those messages must be stored (the `in` count).
 *
 * Standalone: `node --import tsx bench/flood.ts [seconds]` (default 60).
 */
import './built'; // first: runs this bench bundled like the server build (bench/built.ts)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { SessionSummary } from '../lib/session/types';
import { Bridge } from '../server/bridge';
import { SessionManager } from '../server/session/manager';
import { WorkerRecorder } from '../server/session/worker-recorder';
import { Store } from '../server/store';
import { smallFrames } from './data';
import { table } from './table';

const WRITER = fileURLToPath(new URL('./flood-writer.mjs', import.meta.url));
const MiB = 1024 * 1024;

export async function runFlood(seconds: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'rpcscope-flood-'));
  const file = join(dir, 'frames.bin');
  const copiesFile = join(dir, 'copies.txt');
  const FRAMES = 10_000;
  writeFileSync(file, smallFrames(FRAMES));
  const store = new Store({ dir });
  const recorder = new WorkerRecorder(store);
  await recorder.ready;
  const manager = new SessionManager(recorder);
  const bridge = new Bridge(manager, { intervalMs: 60_000, timeoutMs: 60_000 });
  let ended = false;
  let entries = 0;
  let finished!: () => void;
  const done = new Promise<void>((r) => (finished = r));
  manager.listen({
    events: (_id, events) => void (entries += events.length),
    patches: () => undefined,
    summary: (s: SessionSummary) => {
      if (s.endedAt && !ended) {
        ended = true;
        finished();
      }
    },
  });
  console.log(`flood: a child writes the small mix for ${seconds} s; app recording path (manager, worker recorder, bridge) · load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const samples: { s: number; rss: number; heap: number; entries: number }[] = [];
  const t0 = performance.now();
  const sample = () => {
    const m = process.memoryUsage();
    samples.push({ s: (performance.now() - t0) / 1000, rss: m.rss, heap: m.heapUsed, entries });
  };
  const timer = setInterval(sample, 1000);
  try {
    const session = await manager.open({ kind: 'stdio', command: process.execPath, args: [WRITER, file, String(seconds), copiesFile], framing: 'content-length' });
    await done;
    sample();
    clearInterval(timer);
    recorder.commit();
    const counts = store.sessions.get(session.id)?.counts;
    const stored = counts?.events ?? 0;
    const written = Number(readFileSync(copiesFile, 'utf8')) * FRAMES;
    const lost = written - (counts?.in ?? 0);
    const every = Math.max(1, Math.round(samples.length / 8));
    const rows = samples.filter((_, i) => i % every === 0 || i === samples.length - 1).map((x) => [
      `${x.s.toFixed(0)} s`, `${(x.entries / 1000).toFixed(0)}k`, `${(x.rss / MiB).toFixed(0)} MiB`, `${(x.heap / MiB).toFixed(0)} MiB`,
    ]);
    console.log(table(['time', 'entries', 'RSS', 'JS heap'], rows));
    const late = samples.filter((x) => x.s >= seconds / 2);
    const max = Math.max(...samples.map((x) => x.rss));
    const a = late[0];
    const b = late[late.length - 1];
    const perEntries = b && a && b.entries > a.entries ? ((b.rss - a.rss) / (b.entries - a.entries)) * 100_000 : NaN;
    console.log(
      `(${(entries / 1000).toFixed(0)}k entries, ${(stored / 1000).toFixed(0)}k stored; RSS max ${(max / MiB).toFixed(0)} MiB, ` +
        `second half ${(Math.min(...late.map((x) => x.rss)) / MiB).toFixed(0)}–${(Math.max(...late.map((x) => x.rss)) / MiB).toFixed(0)} MiB; ` +
        `store ${(store.sizeBytes / MiB).toFixed(0)} MiB; load after ${os.loadavg().map((l) => l.toFixed(1)).join(' ')})`,
    );
    console.log(
      `nothing lost: the child wrote ${written} messages, ${counts?.in ?? 0} stored as received (${lost === 0 ? 'all' : `${lost} missing`}); ` +
        `RSS over the second half: ${(perEntries / MiB).toFixed(1)} MiB per 100k entries (0 = level)`,
    );
    if (lost !== 0) process.exitCode = 1;
  } finally {
    clearInterval(timer);
    await manager.closeAll();
    bridge.close();
    recorder.close();
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runFlood(Number(process.argv[2] ?? 60)).then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
