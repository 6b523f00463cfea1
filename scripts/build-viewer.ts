/**
 * Bundles the HTML export's viewer (viewer/main.ts and the lib/timeline code it reuses) into one
 * script with esbuild, written where server/export-viewer.ts reads it. Run by `npm run build`,
 * `npm run dev`, `rpcscope` (bin/rpcscope.mjs) and as the global setup of vitest and Playwright,
 * so every export is made with the viewer of the sources it runs with.
 *
 *   node --import tsx scripts/build-viewer.ts
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { TEAM_VIEWER_BUNDLE_PATH, VIEWER_BUNDLE_PATH } from '../server/export-viewer';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What may not appear in a script inlined into the page: it would end the script element early. */
const UNSAFE_IN_SCRIPT = /<\/script|<!--|<script/i;

/**
 * Our own modules do nothing when imported (lib/ is pure), so what the viewer does not use is
 * dropped whole: a helper in a module that also builds zod schemas does not bring zod along.
 */
const pureSources: Plugin = {
  name: 'rpcscope-pure-sources',
  setup(b) {
    b.onResolve({ filter: /^[./@]/ }, async (args) => {
      if (args.pluginData === 'pure' || args.kind === 'entry-point') return undefined;
      const r = await b.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: 'pure' });
      if (r.errors.length || r.path.includes(`${path.sep}node_modules${path.sep}`)) return r.errors.length ? { errors: r.errors } : undefined;
      return { path: r.path, sideEffects: false };
    });
  },
};

/** The export's viewer, and the team server's page (the same viewer plus live following). */
const BUNDLES: [entry: string, out: string][] = [
  ['main.ts', VIEWER_BUNDLE_PATH],
  ['team-main.ts', TEAM_VIEWER_BUNDLE_PATH],
];

export default async function buildViewer(): Promise<void> {
  for (const [entry, out] of BUNDLES) await buildOne(entry, out);
}

async function buildOne(entry: string, out: string): Promise<void> {
  const result = await build({
    entryPoints: [path.join(ROOT, 'viewer', entry)],
    tsconfig: path.join(ROOT, 'viewer', 'tsconfig.json'),
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    charset: 'ascii',
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
    plugins: [pureSources],
  });
  const text = result.outputFiles[0].text;
  const bad = UNSAFE_IN_SCRIPT.exec(text);
  if (bad) throw new Error(`the viewer bundle contains "${bad[0]}", which would break the page it is inlined into`);
  mkdirSync(path.dirname(out), { recursive: true });
  // Written beside and renamed, so a server reading it during a rebuild never sees half a file.
  const tmp = `${out}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, out);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await buildViewer();
  console.log(`rpcscope: built the HTML export viewer (${BUNDLES.map(([, out]) => path.relative(ROOT, out)).join(", ")})`);
}
