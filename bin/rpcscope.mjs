#!/usr/bin/env -S node --max-semi-space-size=64
// The flag: a young generation big enough for a flood of messages (server/young-generation.ts says why);
// `node bin/rpcscope.mjs` runs without it, `rpcscope` and `./bin/rpcscope.mjs` with it.
// The `rpcscope` command: `rpcscope` starts the app (building it first when there is no build yet),
// every other command (`rpcscope call`, `rpcscope tap`, …) is one entry of server/commands. The server
// runs as JavaScript bundled once from server/ and lib/ (scripts/build-server.mjs: rebuilt whenever a
// source changed, so never stale); `rpcscope --dev` runs the TypeScript sources through tsx instead.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
process.env.NEXT_TELEMETRY_DISABLED = '1';
// `--dev` is the app's option (a subcommand's own arguments, such as a tapped program's, are not ours).
const dev = (args[0] === undefined || args[0] === 'start' || args[0].startsWith('-')) && args.includes('--dev');

/** A module of the server: from the build (`name`.mjs in its folder), or with --dev its source. */
let load;
const { SERVER_ENTRIES, serverBuild } = await import('../scripts/build-server.mjs');
if (dev) {
  const { register } = await import('tsx/esm/api');
  register();
  load = (name) => import(pathToFileURL(path.join(root, SERVER_ENTRIES[name])).href);
} else {
  let dir;
  try {
    // A tap's stderr is its client's (an editor shows it): the tap says nothing there unless --verbose.
    const quiet = args[0] === 'tap' && !args.slice(1, args.indexOf('--') === -1 ? undefined : args.indexOf('--')).includes('--verbose');
    dir = await serverBuild({ log: (line) => { if (!quiet) console.error(line); } });
  } catch (err) {
    console.error(`rpcscope: could not build the server: ${err.message}`);
    process.exit(1);
  }
  // Stack traces name the sources (server/…, lib/…), as they did under tsx.
  process.setSourceMapsEnabled(true);
  load = (name) => import(pathToFileURL(path.join(dir, `${name}.mjs`)).href);
}

// A tap starts inside an editor's or agent's start-up: it loads its own entry only (server/commands/tap.ts).
const command = args[0] === 'tap' ? (await load('tap')).tapCommand : undefined;
const commands = command ? undefined : await load('commands');

if (command || commands.isCommand(args[0])) {
  // A subcommand (server/commands): it ends as it says, by a signal to re-raise or with its code.
  const exit = await (command ?? commands.COMMANDS[args[0]]).run(args.slice(1));
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
  // The HTML export's viewer: built once like the app, and at every dev start (its sources may have changed).
  const { VIEWER_BUNDLE_PATH } = await load('export-viewer');
  if (dev || args.includes('--rebuild') || !existsSync(VIEWER_BUNDLE_PATH)) {
    // In a child, through tsx: this process runs the built server and registers no TypeScript loader.
    const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/build-viewer.ts')], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  if (!dev && (args.includes('--rebuild') || !existsSync(path.join(root, '.next', 'BUILD_ID')))) {
    console.log('rpcscope: building the web app once (next build)…');
    const r = spawnSync(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'build'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  if (!dev) process.env.NODE_ENV = 'production';
  const { main } = await load('main');
  await main(args.filter((a) => a !== '--rebuild'));
}
