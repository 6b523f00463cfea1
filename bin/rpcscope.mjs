#!/usr/bin/env node
// The `rpcscope` command: `rpcscope` starts the app (building it first when there is no build yet),
// every other command (`rpcscope call`, `rpcscope tap`, …) is one entry of server/commands. TypeScript sources run through tsx.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
process.env.NEXT_TELEMETRY_DISABLED = '1';
register();

const commands = await import(pathToFileURL(path.join(root, 'server/commands/index.ts')).href);

if (commands.isCommand(args[0])) {
  // A subcommand (server/commands): it ends as it says, by a signal to re-raise or with its code.
  const exit = await commands.COMMANDS[args[0]].run(args.slice(1));
  if (exit.signal) process.kill(process.pid, exit.signal);
  else {
    // Exit even if stdin is still open (a tapped client may keep it), once what was printed is out.
    process.exitCode = exit.code;
    await Promise.all([process.stdout, process.stderr].map((s) => new Promise((done) => s.write('', done))));
    process.exit(exit.code);
  }
} else if (args[0] === '--help' || args[0] === '-h' || args[0] === 'help') {
  console.log(`rpcscope — a visual debugger for JSON-RPC 2.0

  rpcscope [--port N] [--dev]     start the app on 127.0.0.1 and print a one-time sign-in URL
${commands.commandsHelp()}

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
