/**
 * The server build: server/ and the lib/ it imports, bundled once with esbuild into
 * dist/server/<fingerprint>/ (ESM, Node 20, source maps, packages left to node_modules). It is
 * what `rpcscope` (bin/rpcscope.mjs), its subcommands, both recording workers and the benches run:
 * tsx's transform sets keepNames, which makes every closure created at run time call
 * `__name(fn, "…")` (about 10% of an HTTP request); this build does not.
 *
 * Never stale: the fingerprint is a hash of every file's path, mtime and size under server/ and
 * lib/ (plus the tsconfig, package.json and this script), so any edit, added or deleted file names
 * a new folder; a folder that exists is complete, because each build is written to a temp folder
 * and renamed into place. Concurrent starts (tests spawn many CLIs at once) either find it or race
 * to rename the same result. Plain JavaScript, so bin/ can run it without tsx.
 *
 * `node scripts/build-server.mjs` builds (or finds) it and prints its folder; as a vitest /
 * Playwright globalSetup it builds once before the suites spawn CLIs.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Every source the server build may read; an import from elsewhere fails the build (see below). */
const SOURCE_DIRS = ['server', 'lib'];
const ALSO_HASHED = ['tsconfig.json', 'package.json', 'scripts/build-server.mjs'];
/** What bin/rpcscope.mjs imports from the build; workers are found in the sources (`workerScript`). */
export const SERVER_ENTRIES = { commands: 'server/commands/index.ts', tap: 'server/commands/tap.ts', main: 'server/main.ts', 'export-viewer': 'server/export-viewer.ts' };
const BUILDS = 'dist/server';
/** Older builds kept for processes still running them (their workers load from their own folder). */
const KEEP_OLD = 2;

function walk(dir, out) {
  let names;
  try {
    names = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const d of names) {
    const file = path.join(dir, d.name);
    if (d.isDirectory()) walk(file, out);
    else if (d.isFile()) out.push(file);
  }
}

/** The source files the staleness check covers, absolute. */
export function sourceFiles(root = ROOT) {
  const files = [];
  for (const dir of SOURCE_DIRS) walk(path.join(root, dir), files);
  for (const f of ALSO_HASHED) files.push(path.join(root, f));
  return files.sort();
}

/** A hash of every source's path, mtime and size (and the project folder): ~350 stats, a few ms. */
export function sourceFingerprint(root = ROOT) {
  const hash = createHash('sha256').update(`${root}\0${process.version.split('.')[0]}\n`);
  for (const file of sourceFiles(root)) {
    let st;
    try {
      st = statSync(file);
    } catch {
      continue; // deleted between the listing and the stat: the next start sees the new tree
    }
    hash.update(`${path.relative(root, file)}\0${st.mtimeMs}\0${st.size}\n`);
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The workers: each `workerScript('NAME', import.meta.url)` in a server source names a shim
 * `NAME.mjs` beside it, which imports the worker's TypeScript module (`import('./x.ts')`); that
 * module is bundled as the entry NAME.
 */
export function workerEntries(root = ROOT) {
  const entries = {};
  const files = [];
  walk(path.join(root, 'server'), files);
  for (const file of files.filter((f) => f.endsWith('.ts'))) {
    for (const m of readFileSync(file, 'utf8').matchAll(/workerScript\(\s*['"]([\w-]+)['"]/g)) {
      const name = m[1];
      const shim = path.join(path.dirname(file), `${name}.mjs`);
      const host = existsSync(shim) ? /import\(\s*['"](\.\/[^'"]+\.ts)['"]\s*\)/.exec(readFileSync(shim, 'utf8'))?.[1] : undefined;
      if (!host) throw new Error(`${path.relative(root, file)} starts the worker '${name}', but ${path.relative(root, shim)} is missing or imports no './….ts' module`);
      const entry = path.relative(root, path.join(path.dirname(shim), host));
      if (entries[name] && entries[name] !== entry) throw new Error(`two workers are named '${name}' (${entries[name]}, ${entry}): worker names are one folder in the build`);
      entries[name] = entry;
    }
  }
  return entries;
}

/** The esbuild options every bundle of server code shares (the server build and the benches). */
export function esbuildOptions(buildDir, root = ROOT) {
  return {
    absWorkingDir: root,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    keepNames: false,
    metafile: true,
    logLevel: 'warning',
    // server/build-info.ts: the build says so, and where its workers are.
    define: { __RPCSCOPE_BUILD_DIR__: JSON.stringify(buildDir) },
  };
}

/** Fails when the bundle read a source the fingerprint does not cover (it would go stale unseen). */
export function checkInputs(metafile) {
  const outside = Object.keys(metafile.inputs).filter((f) => !f.startsWith('node_modules/') && !SOURCE_DIRS.some((d) => f.startsWith(`${d}/`)));
  if (outside.length) throw new Error(`the server build read ${outside.join(', ')}, outside ${SOURCE_DIRS.join('/, ')}/: add its folder to SOURCE_DIRS in scripts/build-server.mjs so a change there rebuilds`);
}

function removeOldBuilds(builds, current) {
  const now = Date.now();
  const old = readdirSync(builds)
    .filter((n) => n !== current)
    .map((n) => ({ n, mtime: statSync(path.join(builds, n)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  // A temp folder is another start's build in progress unless it is old; keep a couple of builds.
  const doomed = old.filter((b, i) => (b.n.startsWith('.tmp-') ? now - b.mtime > 10 * 60_000 : i >= KEEP_OLD));
  for (const b of doomed) rmSync(path.join(builds, b.n), { recursive: true, force: true });
}

/**
 * The folder of an up-to-date server build, building it first when there is none for the
 * sources as they are now. `log` hears one line when it builds.
 */
export async function serverBuild({ root = ROOT, log = () => {} } = {}) {
  const fingerprint = sourceFingerprint(root);
  const builds = path.join(root, BUILDS);
  const dir = path.join(builds, fingerprint);
  if (existsSync(dir)) return dir;
  const t0 = Date.now();
  const { build } = await import('esbuild');
  mkdirSync(builds, { recursive: true });
  const tmp = path.join(builds, `.tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    const result = await build({
      ...esbuildOptions(dir, root),
      entryPoints: { ...SERVER_ENTRIES, ...workerEntries(root) },
      outdir: tmp,
      outExtension: { '.js': '.mjs' },
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
    });
    checkInputs(result.metafile);
    try {
      renameSync(tmp, dir);
    } catch (err) {
      // Another start renamed the same build first: theirs is as good as ours.
      if (!existsSync(dir)) throw err;
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  log(`rpcscope: built the server into ${path.relative(root, dir)} (${Date.now() - t0} ms)`);
  try {
    removeOldBuilds(builds, fingerprint);
  } catch {
    // Cleaning up is best effort (another start may be removing the same folders).
  }
  return dir;
}

/** vitest / Playwright globalSetup: build once before the suites spawn CLIs. */
export default async function setup() {
  await serverBuild({ log: (line) => console.log(line) });
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  serverBuild({ log: (line) => console.error(line) }).then(
    (dir) => console.log(dir),
    (err) => {
      console.error(`rpcscope: the server build failed: ${err.message}`);
      process.exit(1);
    },
  );
}
