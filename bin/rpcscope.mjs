#!/usr/bin/env node
// The `rpcscope` command: `rpcscope` starts the app (building it first when there is no build yet),
// `rpcscope call …` drives a target from scripts and CI, `rpcscope tap -- CMD` records a real conversation. TypeScript sources run through tsx.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
process.env.NEXT_TELEMETRY_DISABLED = '1';
register();

if (args[0] === 'call') {
  const { runCli } = await import(pathToFileURL(path.join(root, 'server/cli.ts')).href);
  process.exitCode = await runCli(args.slice(1));
} else if (args[0] === 'tap') {
  const { runTapCli } = await import(pathToFileURL(path.join(root, 'server/cli.ts')).href);
  const exit = await runTapCli(args.slice(1));
  // End as the server ended: by its signal, or with its code (stdin may still be open).
  if (exit.signal) process.kill(process.pid, exit.signal);
  else process.exit(exit.code);
} else if (args[0] === '--help' || args[0] === '-h' || args[0] === 'help') {
  console.log(`rpcscope — a visual debugger for JSON-RPC 2.0

  rpcscope [--port N] [--dev]     start the app on 127.0.0.1 and print a one-time sign-in URL
  rpcscope call --help            drive a target from a script (see README)
  rpcscope tap -- COMMAND ARGS…   sit between a client and its stdio server, record their conversation

  rpcscope --data-dir DIR          keep recordings in DIR (one rpcscope per data directory)
  rpcscope --max-db-mb N          cap the database at N MB (beyond it, recording fails visibly)

Environment: RPCSCOPE_PORT (7717), RPCSCOPE_DATA_DIR (./data), RPCSCOPE_MAX_DB_MB, RPCSCOPE_TOKEN (random per start; for scripts, the page signs in with a cookie).`);
} else {
  if (args[0] === 'start') args.shift();
  const dev = args.includes('--dev');
  // The HTML export's viewer: built once like the app, and at every dev start (its sources may have changed).
  const { VIEWER_BUNDLE_PATH } = await import(pathToFileURL(path.join(root, 'server/export-viewer.ts')).href);
  if (dev || args.includes('--rebuild') || !existsSync(VIEWER_BUNDLE_PATH)) {
    const { default: buildViewer } = await import(pathToFileURL(path.join(root, 'scripts/build-viewer.ts')).href);
    await buildViewer();
  }
  if (!dev && (args.includes('--rebuild') || !existsSync(path.join(root, '.next', 'BUILD_ID')))) {
    console.log('rpcscope: building the web app once (next build)…');
    const r = spawnSync(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'build'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  if (!dev) process.env.NODE_ENV = 'production';
  const { main } = await import(pathToFileURL(path.join(root, 'server/main.ts')).href);
  await main(args.filter((a) => a !== '--rebuild'));
}
