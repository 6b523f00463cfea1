/**
 * `rpcscope tap -- COMMAND ARGS…`: sits between a real client and the server it asked for. The
 * conversation is the client's: its stdin goes to the child's stdin and the child's stdout to its
 * stdout by `pipe` (flow control included), byte for byte, before any copy is looked at; stderr
 * passes through; closing stdin closes the child's; signals sent to the tap go on to the child;
 * the tap ends with the child's exit code (or signal). The copies are recorded (recording.ts)
 * wherever choose-sink.ts says, in a worker thread (recording-client.ts), which never delays a byte.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { TapTarget } from '../../lib/targets/tap';
import { resolveDataDir } from '../store/data-dir';
import { LineSplitter } from '../transports/text';
import type { TapOptions } from './args';
import { openTapLog } from './log';
import { RecordingClient } from './recording-client';
import { spliceConversation } from './stdio-inject';
import { TapInterceptor } from './intercept';
import { forwardShared } from './forward-channel';
import { Forwarder, claim, forwardingWanted } from './forwarder';

export interface TapIo {
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

export type TapExit = { code: number } | { signal: NodeJS.Signals };

const FORWARDED: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT', 'SIGUSR2'];
const MAX_STDERR_LINE = 64 * 1024;
/** After "Stop tap" closed its stdin, how long a server may take to exit before it is sent SIGTERM. */
export const STOP_GRACE_MS = 5000;
// Interpreters whose script names the client better than they do (a shell's next word is often a flag).
const LAUNCHERS = new Set(['node', 'nodejs', 'python', 'python3', 'npx', 'deno', 'bun']);
/** An interpreter's options whose value is the next word (`node --import tsx app.js`: the client is app.js). */
const VALUE_FLAGS = new Set(['--import', '--require', '-r', '--loader', '--experimental-loader', '--env-file', '--inspect-port', '--title', '-W', '-X', '--package', '-p']);

/**
 * The client's name from its command line: the program, or for an interpreter the program and
 * the script it runs (its options and their values skipped; Python's `-m module` names the module).
 */
export function clientNameOf(argv: readonly string[]): string | undefined {
  if (!argv.length) return undefined;
  const first = basename(argv[0]);
  let script: string | undefined;
  if (LAUNCHERS.has(first)) {
    for (let i = 1; i < argv.length; i++) {
      const a = argv[i];
      if (a === '-m' && argv[i + 1]) {
        script = `-m ${argv[i + 1]}`;
        break;
      }
      if (a === '--') {
        script = argv[i + 1] && basename(argv[i + 1]);
        break;
      }
      if (!a.startsWith('-')) {
        // A scoped package (npx @scope/name) is named whole; a script by its file name.
        script = a.startsWith('@') ? a : basename(a);
        break;
      }
      if (VALUE_FLAGS.has(a)) i++;
    }
  }
  return (script ? `${first} ${script}` : first).slice(0, 200);
}

/** The client's side as people call it: the program that started the tap (Linux: from /proc). */
export function clientName(ppid = process.ppid): string | undefined {
  try {
    return clientNameOf(readFileSync(`/proc/${ppid}/cmdline`, 'utf8').split('\0').filter(Boolean));
  } catch {
    return undefined;
  }
}

export async function runTap(opts: TapOptions, io: TapIo = process): Promise<TapExit> {
  const dataDir = resolveDataDir(opts.dataDir);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const log = openTapLog(dataDir, opts.verbose, io.stderr);
  const [command, ...args] = opts.command;
  const target: TapTarget = { kind: 'tap', command, ...(args.length ? { args } : {}), framing: opts.framing };
  const client = clientName();
  if (client) target.client = client;

  // The recording thread loads first (so the first message is recorded as it passes), then the
  // child starts: the conversation does not wait for the recording to find its home (the app or the database).
  // The server's output is forwarded by a thread of its own (forwarder.ts) when the tap writes its own stdout.
  const forwarding = forwardingWanted(io.stdout) ? forwardShared() : undefined;
  const recording = new RecordingClient({ target, name: opts.name, out: opts.out, dataDir, verbose: opts.verbose }, log, true, forwarding);
  const [, forwarder] = await Promise.all([recording.ready, forwarding ? Forwarder.start(forwarding, recording.pace.buffer, log) : null]);
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  // Before any of its output can be read on this thread.
  const serverFd = forwarder ? claim(child.stdout) : null;

  const spawned = await new Promise<Error | null>((resolve) => {
    child.once('spawn', () => resolve(null));
    child.once('error', (err) => resolve(err));
  });
  if (spawned) {
    // What the client would have seen without the tap: the server did not start.
    io.stderr.write(`rpcscope tap: could not start ${command}: ${spawned.message}\n`);
    log(`could not start ${command}: ${spawned.message}`);
    await recording.end({ code: 127, signal: null }, `could not start ${command}: ${spawned.message}`);
    forwarder?.stop();
    return { code: 127 };
  }
  log(`started ${command} (pid ${child.pid}) for ${client ?? 'an unknown client'}`);
  recording.note(`tapping ${command} (pid ${child.pid}) for ${client ?? 'the client'}`, { process: { pid: child.pid } });

  // Each direction passes through a splice (stdio-inject.ts), which copies what passes to the
  // recording and, only while injecting, cuts at frame edges; otherwise chunks go on as they came.
  const { toServer, toClient } = spliceConversation(opts.framing, recording);
  // Breakpoints (intercept.ts) hold frames in the splices; off until the app sets some.
  const interceptor = new TapInterceptor({ out: toServer, in: toClient }, { copy: (side, b) => recording.bytes(side, b), post: (op) => recording.intercept(op) });
  recording.onIntercept((ask) => interceptor.ask(ask));
  // "Stop tap" in the app: what breakpoints hold goes on first, then the server's stdin closes as
  // the client closing it would (the client is no longer heard); a server that stays is ended.
  recording.onStop(() => {
    log('stopping: asked from the app');
    recording.note(`the tap was stopped from the app: ${command}'s stdin is closed`);
    interceptor.ask({ type: 'intercept', ref: 0, action: 'set', breakpoints: [] });
    io.stdin.unpipe(toServer);
    toServer.end();
    setTimeout(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    }, STOP_GRACE_MS).unref();
  });
  io.stdin.pipe(toServer).pipe(child.stdin);
  child.stdin.on('error', (err) => log(`the server's stdin: ${err.message}`));
  if (forwarder && serverFd !== null) {
    // The forwarding thread reads the server and writes the client, but for injects and intercepts.
    recording.aroundAsks(() => forwarder.relay(), () => forwarder.settle());
    toClient.pipe(io.stdout);
    forwarder.run(serverFd, {
      serverOut: child.stdout,
      splice: toClient,
      clientOut: io.stdout,
      drain: (uncopied) => recording.drainForward(uncopied),
      whenMore: () => recording.forwardedMore(),
      gone: (error) => {
        log(`the client's stdout: ${error}`);
        toClient.unpipe(io.stdout);
      },
      log,
    });
  } else {
    forwarder?.stop();
    child.stdout.pipe(toClient).pipe(io.stdout);
  }
  io.stdout.on('error', (err: Error) => {
    // The client stopped reading: the server finds out as it would without the tap.
    log(`the client's stdout: ${err.message}`);
    toClient.unpipe(io.stdout);
    // The forwarding thread finds out at its next write, and stops reading the server then.
    if (serverFd !== null && forwarder) forwarder.clientClosed();
    else child.stdout.destroy();
  });
  const stderrLines = new LineSplitter(MAX_STDERR_LINE, (line) => recording.stderr(line));
  child.stderr.on('data', (chunk: Buffer) => stderrLines.push(chunk));
  child.stderr.pipe(io.stderr);

  const forward = (sig: NodeJS.Signals) => () => {
    log(`forwarding ${sig} to the server`);
    child.kill(sig);
  };
  const handlers = FORWARDED.map((sig) => [sig, forward(sig)] as const);
  for (const [sig, h] of handlers) process.on(sig, h);

  // 'close': the child exited and its stdout and stderr are drained (every byte passed on).
  const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('close', (code, signal) => resolve({ code, signal })));
  for (const [sig, h] of handlers) process.off(sig, h);
  io.stdin.unpipe(toServer);
  stderrLines.flush();
  const said = exit.signal ? `the server ended by ${exit.signal}` : `the server exited with code ${exit.code}`;
  log(said);
  await recording.end({ code: exit.code, signal: exit.signal }, said);
  return exit.signal ? { signal: exit.signal } : { code: exit.code ?? 1 };
}
