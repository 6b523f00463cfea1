/**
 * The UI benchmark's recorded session, seeded once and then copied (issue 11: generating a 1M-entry
 * session through the real MessagePipeline and writing it takes minutes on a loaded machine, which
 * made every measurement of opening it cost that much again). The first run seeds a cache folder
 * (tests/fixtures/sessions/seed.ts, the real Store); later runs copy its database file into the
 * run's data directory, a second or two for a million entries.
 *
 * The cache (in the system's temp folder) is keyed by the entry count and by the content of every
 * source the seed runs. BENCH_UI_SEED_CACHE=0 seeds every time.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { DB_FILE } from '../server/store';
import { seedLargeSession } from '../tests/fixtures/sessions/seed';

export interface SeedFacts {
  sessionId: string;
  entries: number;
  /** Bytes of wire text the session holds. */
  rawBytes: number;
  lastSeq: number;
  /** What seeding took (when this run seeded; a copy says so in `from`). */
  generateMs: number;
  writeMs: number;
  from: 'seeded' | 'cache';
  copyMs: number;
}

/**
 * A hash of every source file the seed runs (esbuild follows its imports: the pipeline, rules,
 * dialects, the store and its migrations, the generator), so a change to any of them seeds afresh.
 */
function inputsHash(root: string): string {
  const seed = path.join(root, 'tests/fixtures/sessions/seed.ts');
  const { metafile } = buildSync({ entryPoints: [seed], bundle: true, write: false, metafile: true, platform: 'node', packages: 'external', logLevel: 'silent' });
  const files = Object.keys(metafile.inputs).sort();
  const h = createHash('sha256');
  for (const f of files) h.update(f).update('\0').update(readFileSync(path.resolve(root, f))).update('\0');
  return h.digest('hex').slice(0, 16);
}

function seedInto(dir: string, entries: number): SeedFacts {
  const s = seedLargeSession(dir, { entries });
  const events = s.session.events;
  let rawBytes = 0;
  for (const e of events) rawBytes += e.raw.length;
  return {
    sessionId: s.sessionId, entries, rawBytes, lastSeq: events[events.length - 1].seq,
    generateMs: s.generateMs, writeMs: s.writeMs, from: 'seeded', copyMs: 0,
  };
}

/** Puts the benchmark's session into `dataDir` (which must not hold a database yet). */
export function seedBenchSession(dataDir: string, entries: number, root = process.cwd()): SeedFacts {
  if (process.env.BENCH_UI_SEED_CACHE === '0') return seedInto(dataDir, entries);
  const cacheRoot = path.join(os.tmpdir(), 'rpcscope-bench-seeds');
  const cached = path.join(cacheRoot, `${entries}-${inputsHash(root)}`);
  const factsFile = path.join(cached, 'facts.json');
  if (!existsSync(factsFile)) {
    // Seeded beside the cache and renamed into place: a run stopped half-way leaves no cache behind.
    mkdirSync(cacheRoot, { recursive: true });
    const partial = `${cached}.partial-${process.pid}`;
    rmSync(partial, { recursive: true, force: true });
    mkdirSync(partial);
    const facts = seedInto(partial, entries);
    writeFileSync(path.join(partial, 'facts.json'), JSON.stringify(facts));
    try {
      renameSync(partial, cached);
    } catch {
      rmSync(partial, { recursive: true, force: true }); // another run got there first: its copy is as good
    }
    if (!existsSync(factsFile)) return seedInto(dataDir, entries);
    copyFileSync(path.join(cached, DB_FILE), path.join(dataDir, DB_FILE));
    return facts;
  }
  const t0 = performance.now();
  copyFileSync(path.join(cached, DB_FILE), path.join(dataDir, DB_FILE));
  const facts = JSON.parse(readFileSync(factsFile, 'utf8')) as SeedFacts;
  return { ...facts, from: 'cache', copyMs: performance.now() - t0 };
}
