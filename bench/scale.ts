/**
 * Scale: the same small mix (bench/data.ts) at 10k, 100k and — with `--scale` or BENCH_SCALE=1 —
 * 1M entries, fed in-process in 300-message batches (what one 64 KiB pipe read carries):
 *   pipeline CPU per message (MessagePipeline.message, classify → rules → correlate → dialect),
 *   the close (targetExited: every request still waiting is settled),
 *   recording rate and recorder CPU per entry (StoreRecorder into a fresh SQLite file — the
 *   statements the app's worker runs, here on this thread so its CPU is this thread's — its
 *   close-time patches included),
 *   replay: the recorded session read back the two ways the app reads a whole one — the bridge's
 *   catch-up (keyset pages of 2000 through the recorder, each made into its frame) and an export's
 *   stream (iterateEvents, what a session file or `rpcscope publish` is built from),
 *   store size per entry and the process's RSS high-water mark (sampled after every batch; the
 *   sizes run smallest first in one process, so a row's RSS is at least the rows above it).
 * A quarter of the mix are requests nobody answers, so at 1M the correlator holds past its 100k
 * pending cap. Linear means the per-message figures do not grow with N: the last line divides each
 * 1M figure by the 10k one (and by the 100k one: the 10k row still carries some JIT warm-up).
 *
 * Standalone: `node --import tsx bench/scale.ts [--scale]` (10k + 100k ≈ 30 s; with 1M ≈ 4–6 min on
 * 2 loaded cores).
 */
import './built'; // first: runs this bench bundled like the server build (bench/built.ts)
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { MessagePipeline } from '../lib/session/pipeline';
import type { EventPatch, TrafficEvent } from '../lib/session/types';
import { frameBatch } from '../server/bridge-frames';
import { StoreRecorder } from '../server/session/recorder';
import { Store } from '../server/store';
import { seededRandom } from '../tests/fixtures/sessions/lsp-bodies';
import { smallMessage } from './data';
import { ratio, table } from './table';

const BATCH = 300;
/** The bridge's catch-up page (server/bridge.ts). */
const REPLAY_PAGE = 2000;
const MiB = 1024 * 1024;

interface ScaleResult {
  n: number;
  pipelineUs: number;
  closeMs: number;
  recordUs: number;
  recordRate: number;
  replayUs: number;
  replayMs: number;
  exportUs: number;
  bytesPerEntry: number;
  rssPeak: number;
}

const cpuMs = (c: NodeJS.CpuUsage) => (c.user + c.system) / 1000;
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');

/** Reads the whole session back as the bridge's catch-up does; CPU ms and wall ms. */
function replay(recorder: StoreRecorder, id: string, n: number): { cpu: number; wall: number } {
  const c0 = process.cpuUsage();
  const w0 = performance.now();
  let cursor = 0;
  let seen = 0;
  for (;;) {
    const page = recorder.listEvents(id, cursor, REPLAY_PAGE);
    if (page.length === 0) break;
    cursor = page[page.length - 1].seq;
    seen += frameBatch(page).seqs.length;
  }
  if (seen !== n) throw new Error(`replayed ${seen} of ${n}`);
  return { cpu: cpuMs(process.cpuUsage(c0)), wall: performance.now() - w0 };
}

/** Streams the whole session as an export does; CPU ms. */
function exportRead(store: Store, id: string, n: number): number {
  const c0 = process.cpuUsage();
  let seen = 0;
  let chars = 0;
  for (const ev of store.events.iterateEvents(id)) {
    seen++;
    chars += ev.raw.length;
  }
  if (seen !== n || chars === 0) throw new Error(`exported ${seen} of ${n}`);
  return cpuMs(process.cpuUsage(c0));
}

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
  let rssPeak = process.memoryUsage.rss();
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
      rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
    }
    const c2 = process.cpuUsage();
    const closing = pipeline.targetExited(n);
    const closeMs = cpuMs(process.cpuUsage(c2));
    const c3 = process.cpuUsage();
    const w3 = performance.now();
    recorder.applyPatches('scale', closing);
    recorder.saveSummary({ ...summary, status: 'closed', endedAt: new Date().toISOString() });
    recorder.commit();
    recMs += cpuMs(process.cpuUsage(c3));
    recWall += performance.now() - w3;
    if (store.sessions.get('scale')?.counts.events !== n) throw new Error(`recorded ${store.sessions.get('scale')?.counts.events} of ${n}`);
    const bytes = store.sizeBytes;
    const r = replay(recorder, 'scale', n);
    rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
    const exportMs = exportRead(store, 'scale', n);
    rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
    recorder.close();
    return {
      n, pipelineUs: (pipeMs * 1000) / n, closeMs, recordUs: (recMs * 1000) / n, recordRate: (n / recWall) * 1000,
      replayUs: (r.cpu * 1000) / n, replayMs: r.wall, exportUs: (exportMs * 1000) / n, bytesPerEntry: bytes / n, rssPeak,
    };
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function runScale(withMillion: boolean): void {
  const sizes = withMillion ? [10_000, 100_000, 1_000_000] : [10_000, 100_000];
  console.log(`scale: the small mix in ${BATCH}-message batches · load ${load()}`);
  const t0 = performance.now();
  scaleOnce(5_000); // warm-up
  const results: ScaleResult[] = [];
  for (const n of sizes) {
    results.push(scaleOnce(n));
    process.stderr.write(`  scale ${n} done (${((performance.now() - t0) / 1000).toFixed(0)} s)\n`);
  }
  const base = results[0];
  const k = (n: number) => (n >= 1e6 ? `${n / 1e6}M` : `${n / 1000}k`);
  console.log(table(
    ['entries', 'pipeline CPU/msg', '÷ at 10k', 'close', 'recorder CPU/msg', '÷ at 10k', 'recording rate', 'replay CPU/entry', '÷ at 10k', 'replay time', 'export read CPU/entry', 'store/entry', 'RSS peak'],
    results.map((r) => [
      k(r.n), `${r.pipelineUs.toFixed(2)} µs`, ratio(r.pipelineUs / base.pipelineUs), `${r.closeMs.toFixed(0)} ms`,
      `${r.recordUs.toFixed(2)} µs`, ratio(r.recordUs / base.recordUs), `${(r.recordRate / 1000).toFixed(0)}k/s`,
      `${r.replayUs.toFixed(2)} µs`, ratio(r.replayUs / base.replayUs), `${(r.replayMs / 1000).toFixed(2)} s`,
      `${r.exportUs.toFixed(2)} µs`, `${r.bytesPerEntry.toFixed(0)} B`, `${(r.rssPeak / MiB).toFixed(0)} MiB`,
    ]),
  ));
  const last = results[results.length - 1];
  if (results.length > 1) {
    const by = (of: ScaleResult) =>
      `pipeline ${ratio(last.pipelineUs / of.pipelineUs)}, recorder ${ratio(last.recordUs / of.recordUs)}, ` +
      `replay ${ratio(last.replayUs / of.replayUs)}, export read ${ratio(last.exportUs / of.exportUs)}, store/entry ${ratio(last.bytesPerEntry / of.bytesPerEntry)}`;
    console.log(`${k(last.n)} ÷ 10k (goal ≤ 1.3×): ${by(base)}`);
    if (results.length > 2) console.log(`${k(last.n)} ÷ 100k: ${by(results[1])}`);
  }
  console.log(`(CPU columns are this process's CPU; recording rate, replay time wall. "close" settles every request still waiting; the recorder figures include storing that. ${((performance.now() - t0) / 1000).toFixed(0)} s in all; load after: ${load()})`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runScale(process.argv.includes('--scale') || process.env.BENCH_SCALE === '1');
  process.exit(0);
}
