/**
 * The benches measure the code users run: the server bundled by esbuild without keepNames
 * (scripts/build-server.mjs), not the TypeScript sources through tsx, whose keepNames makes every
 * closure created at run time call `__name`. Imported first by each bench that loads server code:
 * when the process runs from source, it bundles the bench it was started with (`process.argv[1]`)
 * the way the server build does, runs that with the same arguments, and exits as it did — so
 * `node --import tsx bench/chain.ts …` keeps working. In the bundle, bench/ and tests/ files see
 * their own `import.meta.url` and `process.argv[1]` is the source file again, so paths and the
 * "run when main" checks read as from source; server code finds its workers in the server build.
 * RPCSCOPE_BENCH_SOURCE=1 runs the sources through tsx as before (to compare).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';
import { BUILD_DIR } from '../server/build-info';
import { projectRoot } from '../server/project-root';
import { esbuildOptions, serverBuild } from '../scripts/build-server.mjs';

const main = process.argv[1] ? path.resolve(process.argv[1]) : '';
const root = projectRoot();
const fromSourceAsked = process.env.RPCSCOPE_BENCH_SOURCE === '1';

if (!BUILD_DIR && !fromSourceAsked && main.startsWith(path.join(root, 'bench') + path.sep) && main.endsWith('.ts')) {
  process.exit(await runBundled(main));
}

/** Files outside server/ and lib/ keep their source location in `import.meta.url`. */
function ownUrls(): Plugin {
  const serverCode = [path.join(root, 'server') + path.sep, path.join(root, 'lib') + path.sep];
  return {
    name: 'bench-own-urls',
    setup(build) {
      build.onLoad({ filter: /\.[mc]?[jt]s$/ }, (args) => {
        if (serverCode.some((d) => args.path.startsWith(d))) return undefined;
        const text = readFileSync(args.path, 'utf8').replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
        return { contents: text, loader: /\.[mc]?ts$/.test(args.path) ? 'ts' : 'js' };
      });
    },
  };
}

async function runBundled(entry: string): Promise<number> {
  const serverDir = await serverBuild({ log: (line) => console.error(line) });
  const { build } = await import('esbuild');
  const outDir = path.join(root, 'dist', 'bench');
  mkdirSync(outDir, { recursive: true });
  const out = path.join(outDir, `${path.basename(entry, '.ts')}-${process.pid}.mjs`);
  try {
    await build({
      ...esbuildOptions(serverDir, root),
      entryPoints: [entry],
      outfile: out,
      plugins: [ownUrls()],
      banner: { js: `process.argv[1] = ${JSON.stringify(entry)};` },
    });
    // Node's own flags carry over; the TypeScript loader does not (that is the point).
    const flags = process.execArgv.filter((a, i, all) => !/^--(import|loader|require)(=|$)/.test(a) && !/^--(import|loader|require)$/.test(all[i - 1] ?? ''));
    const r = spawnSync(process.execPath, [...flags, '--enable-source-maps', out, ...process.argv.slice(2)], { stdio: 'inherit' });
    if (r.signal) process.kill(process.pid, r.signal);
    return r.status ?? 1;
  } finally {
    rmSync(out, { force: true });
    rmSync(`${out}.map`, { force: true });
  }
}
