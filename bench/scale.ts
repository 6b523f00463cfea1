/**
 * Scale: the same small mix (bench/data.ts) at 10k, 100k and — with `--scale` or BENCH_SCALE=1 —
 * 1M entries, fed in-process in 300-message batches (what one 64 KiB pipe read carries):
 *   pipeline CPU per message (MessagePipeline.message, classify → rules → correlate → dialect),
 *   the close (targetExited: every request still waiting is settled),
 *   recording rate (StoreRecorder into a fresh SQLite file, its close-time patches included),
 *   store size per entry.
 * A quarter of the mix are requests the target sends and nobody answers, so at 1M the correlator
 * holds past its 100k pending cap. Linear means the per-message figures do not grow with N.
 *
 * Standalone: `node --import tsx bench/scale.ts [--scale]`.
 */
import './built'; // first: runs this bench bundled like the server build (bench/built.ts)
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { MessagePipeline } from '../lib/session/pipeline';
import type { EventPatch, TrafficEvent } from '../lib/session/types';
import { StoreRecorder } from '../server/session/recorder';
import { Store } from '../server/store';
import { seededRandom } from '../tests/fixtures/sessions/lsp-bodies';
import { smallMessage } from './data';
import { table } from './table';

const BATCH = 300;

interface ScaleResult {
  n: number;
  pipelineUs: number;
  closeMs: number;
  recordUs: number;
  recordRate: number;
  bytesPerEntry: number;
}

const cpuMs = (c: NodeJS.CpuUsage) => (c.user + c.system) / 1000;

function scaleOnce(n: number): ScaleResult {
  const dir = mkdtempSync(join(tmpdir(), 'rpcscope-scale-'));
  const store = new Store({ dir });
  const recorder = new StoreRecorder(store);
  const pipeline = new MessagePipeline({ timeoutMs: 60_000 });
  const summary = {
    id: 'scale', name: 'scale', target: { kind: 'stdio' as const, command: process.execPath, args: [], framing: 'content-length' as const }, status: 'open' as const,
    startedAt: new Date().toISOString(), lastSeq: 0, counts: { events: 0, out: 0, in: 0, errors: 0, findings: 0 },
  };
  recorder.saveSummary(summary);
  const rand = seededRandom(1);
  let pipeMs = 0;
  let recMs = 0;
  let recWall = 0;
  try {
    for (let at = 0; at < n; at += BATCH) {
      const texts: string[] = [];
      for (let i = at; i < Math.min(n, at + BATCH); i++) texts.push(smallMessage(rand, i, 200));
      const events: TrafficEvent[] = [];
      const patches: EventPatch[] = [];
      const c0 = process.cpuUsage();
      for (let k = 0; k < texts.length; k++) {
        const out = pipeline.message('in', at + k, Date.now(), texts[k], texts[k]);
        events.push(out.event);
        for (const p of out.patches) patches.push(p);
      }
      pipeMs += cpuMs(process.cpuUsage(c0));
      const c1 = process.cpuUsage();
      const w1 = performance.now();
      recorder.appendEvents('scale', events);
      recorder.applyPatches('scale', patches);
      recorder.saveSummary(summary);
      recMs += cpuMs(process.cpuUsage(c1));
      recWall += performance.now() - w1;
    }
    const c2 = process.cpuUsage();
    const closing = pipeline.targetExited(n);
    const closeMs = cpuMs(process.cpuUsage(c2));
    const c3 = process.cpuUsage();
    const w3 = performance.now();
    recorder.applyPatches('scale', closing);
    recorder.saveSummary({ ...summary, status: 'closed', endedAt: new Date().toISOString() });
    recorder.close();
    recMs += cpuMs(process.cpuUsage(c3));
    recWall += performance.now() - w3;
    if (store.sessions.get('scale')?.counts.events !== n) throw new Error(`recorded ${store.sessions.get('scale')?.counts.events} of ${n}`);
    const bytes = store.sizeBytes;
    return { n, pipelineUs: (pipeMs * 1000) / n, closeMs, recordUs: (recMs * 1000) / n, recordRate: (n / recWall) * 1000, bytesPerEntry: bytes / n };
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function runScale(withMillion: boolean): void {
  const sizes = withMillion ? [10_000, 100_000, 1_000_000] : [10_000, 100_000];
  console.log(`scale: the small mix in ${BATCH}-message batches · load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  scaleOnce(5_000); // warm-up
  const results: ScaleResult[] = [];
  for (const n of sizes) {
    results.push(scaleOnce(n));
    process.stderr.write(`  scale ${n} done\n`);
  }
  const base = results[0];
  const rows = results.map((r) => [
    `${r.n / 1000}k`,
    `${r.pipelineUs.toFixed(2)} µs`,
    `${(r.pipelineUs / base.pipelineUs).toFixed(2)}×`,
    `${r.closeMs.toFixed(0)} ms`,
    `${r.recordUs.toFixed(2)} µs`,
    `${(r.recordUs / base.recordUs).toFixed(2)}×`,
    `${(r.recordRate / 1000).toFixed(0)}k/s`,
    `${r.bytesPerEntry.toFixed(0)} B`,
  ]);
  console.log(table(['entries', 'pipeline CPU/msg', '÷ at 10k', 'close (pipeline)', 'recorder CPU/msg', '÷ at 10k', 'recording rate', 'store/entry'], rows));
  console.log(`(load after: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}; "close" settles every request still waiting; the recorder figures include storing that)`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runScale(process.argv.includes('--scale') || process.env.BENCH_SCALE === '1');
  process.exit(0);
}
