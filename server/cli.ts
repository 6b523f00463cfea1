/**
 * `rpcscope call`: drive a target from a script or CI with the same engine the app uses, print one
 * JSON line per recorded entry, optionally write the session file. Exit 0 when every request was
 * answered (error responses count), 1 when one timed out or the target failed, 2 on bad usage.
 */
import { writeFileSync } from 'node:fs';
import { LiveSession, type SessionSink } from './session/live-session';
import { buildSessionFile, serializeSessionFile } from '../lib/session/file-format';
import { redactTarget } from '../lib/session/redact-target';
import { FRAMINGS, isFraming } from '../lib/framing/registry';
import type { EventPatch, Framing, TargetSpec, TrafficEvent } from '../lib/session/types';

export const CLI_USAGE = `usage: rpcscope call TARGET [--send TEXT]... [--timeout MS] [--linger MS] [--reply METHOD=JSON]... [--out FILE]
  TARGET is one of:
    --http URL [--header "Name: value"]...
    --ws URL [--header "Name: value"]... [--subprotocol P]
    --tcp HOST:PORT --framing content-length|newline|auto
    --stdio --framing content-length|newline|auto [--cwd DIR] [--env K=V]... -- COMMAND [ARGS...]
  --send TEXT   one message sent exactly as given (invalid JSON allowed); repeatable, in order; each
                waits until every request sent before it is answered or timed out
  --timeout MS  per-request timeout (default 10000)
  --linger MS   after the last answer, keep listening this long (default 300)
  --reply METHOD=JSON  answer requests the target sends for METHOD with this result (repeatable)
  --out FILE    write the session file (format rpcscope-session, version 1)
stdout: one JSON line per recorded entry; exit: 0 all answered, 1 timeout or target failure, 2 bad usage`;

export interface CallOptions {
  target: TargetSpec;
  sends: string[];
  timeoutMs: number;
  lingerMs: number;
  replies: Record<string, unknown>;
  out?: string;
}

export class UsageError extends Error {}

function takeValue(argv: string[], i: number, flag: string): string {
  const v = argv[i + 1];
  if (v === undefined) throw new UsageError(`${flag} needs a value`);
  return v;
}

function parseHeader(text: string, headers: Record<string, string>): void {
  const i = text.indexOf(':');
  if (i <= 0) throw new UsageError(`--header wants "Name: value", got ${JSON.stringify(text)}`);
  headers[text.slice(0, i).trim()] = text.slice(i + 1).trim();
}

function parseMs(text: string, flag: string): number {
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0) throw new UsageError(`${flag} wants a number of milliseconds, got ${JSON.stringify(text)}`);
  return n;
}

export function parseCallArgs(argv: string[]): CallOptions {
  let kind: TargetSpec['kind'] | undefined;
  let url: string | undefined;
  let hostPort: string | undefined;
  let framing: Framing | undefined;
  let cwd: string | undefined;
  const headers: Record<string, string> = {};
  const subprotocols: string[] = [];
  const env: Record<string, string> = {};
  const sends: string[] = [];
  const replies: Record<string, unknown> = {};
  let command: string[] = [];
  let timeoutMs = 10_000;
  let lingerMs = 300;
  let out: string | undefined;

  const setKind = (k: TargetSpec['kind']) => {
    if (kind) throw new UsageError('give exactly one target: --http, --ws, --tcp or --stdio');
    kind = k;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    switch (a) {
      case '--http': setKind('http'); url = takeValue(argv, i++, a); break;
      case '--ws': setKind('websocket'); url = takeValue(argv, i++, a); break;
      case '--tcp': setKind('tcp'); hostPort = takeValue(argv, i++, a); break;
      case '--stdio': setKind('stdio'); break;
      case '--header': parseHeader(takeValue(argv, i++, a), headers); break;
      case '--subprotocol': subprotocols.push(takeValue(argv, i++, a)); break;
      case '--framing': {
        const f = takeValue(argv, i++, a);
        if (!isFraming(f)) throw new UsageError(`--framing is one of ${FRAMINGS.join(', ')}, got ${JSON.stringify(f)}`);
        framing = f;
        break;
      }
      case '--cwd': cwd = takeValue(argv, i++, a); break;
      case '--env': {
        const kv = takeValue(argv, i++, a);
        const eq = kv.indexOf('=');
        if (eq <= 0) throw new UsageError(`--env wants K=V, got ${JSON.stringify(kv)}`);
        env[kv.slice(0, eq)] = kv.slice(eq + 1);
        break;
      }
      case '--send': sends.push(takeValue(argv, i++, a)); break;
      case '--timeout': timeoutMs = parseMs(takeValue(argv, i++, a), a); break;
      case '--linger': lingerMs = parseMs(takeValue(argv, i++, a), a); break;
      case '--out': out = takeValue(argv, i++, a); break;
      case '--reply': {
        const rule = takeValue(argv, i++, a);
        const eq = rule.indexOf('=');
        if (eq <= 0) throw new UsageError(`--reply wants METHOD=JSON, got ${JSON.stringify(rule)}`);
        try {
          replies[rule.slice(0, eq)] = JSON.parse(rule.slice(eq + 1));
        } catch {
          throw new UsageError(`--reply ${rule.slice(0, eq)}: the result is not valid JSON`);
        }
        break;
      }
      case '--':
        command = argv.slice(i + 1);
        i = argv.length;
        break;
      default:
        throw new UsageError(`unknown argument ${JSON.stringify(a)}`);
    }
  }

  let target: TargetSpec;
  switch (kind) {
    case 'http':
      target = { kind: 'http', url: url!, headers };
      break;
    case 'websocket':
      target = { kind: 'websocket', url: url!, headers, subprotocols };
      break;
    case 'tcp': {
      const m = /^(.+):(\d+)$/.exec(hostPort ?? '');
      if (!m) throw new UsageError(`--tcp wants HOST:PORT, got ${JSON.stringify(hostPort)}`);
      if (!framing) throw new UsageError('--tcp needs --framing content-length|newline');
      target = { kind: 'tcp', host: m[1], port: Number(m[2]), framing };
      break;
    }
    case 'stdio':
      if (!framing) throw new UsageError('--stdio needs --framing content-length|newline');
      if (command.length === 0) throw new UsageError('--stdio needs a command after --');
      target = { kind: 'stdio', command: command[0], args: command.slice(1), cwd, env, framing };
      break;
    default:
      throw new UsageError('give a target: --http URL, --ws URL, --tcp HOST:PORT or --stdio -- COMMAND');
  }
  if ((target.kind === 'http' || target.kind === 'websocket') && !/^(https?|wss?):\/\//.test(target.url)) {
    throw new UsageError(`not a URL: ${JSON.stringify(target.url)}`);
  }
  return { target, sends, timeoutMs, lingerMs, replies, out };
}

/** Prints events in seq order as soon as they are final (a pending request holds back what follows it). */
class OrderedPrinter {
  private readonly events: TrafficEvent[] = [];
  private readonly bySeq = new Map<number, TrafficEvent>();
  private next = 0;

  constructor(private readonly write: (line: string) => void) {}

  add(events: TrafficEvent[]): void {
    for (const e of events) {
      this.events.push(e);
      this.bySeq.set(e.seq, e);
    }
    this.drain(false);
  }

  patch(patches: EventPatch[]): void {
    for (const p of patches) {
      const e = this.bySeq.get(p.seq);
      if (e) Object.assign(e, p);
    }
    this.drain(false);
  }

  drain(all: boolean): void {
    while (this.next < this.events.length) {
      const e = this.events[this.next];
      if (!all && e.state === 'pending') return;
      this.write(JSON.stringify(e));
      this.next++;
    }
  }

  get all(): TrafficEvent[] {
    return this.events;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runCall(opts: CallOptions, write: (line: string) => void = (l) => process.stdout.write(l + '\n')): Promise<number> {
  const printer = new OrderedPrinter(write);
  const sink: SessionSink = {
    events: (_s, events) => printer.add(events),
    patches: (_s, patches) => printer.patch(patches),
    summary: () => undefined,
  };
  const session = new LiveSession({ target: opts.target, options: { timeoutMs: opts.timeoutMs, autoReplies: opts.replies }, sink });
  let failed = false;
  try {
    await session.start();
    for (const text of opts.sends) {
      await waitForAnswers(session);
      if (!session.isOpen) break;
      await session.send(text).catch(() => {
        failed = true;
      });
    }
    await waitForAnswers(session);
    if (session.isOpen) await sleep(opts.lingerMs);
  } catch {
    failed = true;
  }
  await session.close();
  session.flush();
  printer.drain(true);

  const events = printer.all;
  const unanswered = events.some((e) => e.dir === 'out' && (e.state === 'timed-out' || e.state === 'late' || e.state === 'target-exited' || e.state === 'pending'));
  if (session.summary.status === 'failed') failed = true;
  if (opts.out) {
    const summary = { ...session.summary, target: redactTarget(session.summary.target) };
    writeFileSync(opts.out, serializeSessionFile(buildSessionFile(summary, events)));
  }
  return failed || unanswered ? 1 : 0;
}

/** Until every request we sent is answered, timed out, or the target is gone. */
async function waitForAnswers(session: LiveSession): Promise<void> {
  while (session.isOpen && session.pendingCount('out') > 0) await sleep(5);
}

export async function runCli(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(CLI_USAGE);
    return 0;
  }
  let opts: CallOptions;
  try {
    opts = parseCallArgs(argv);
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`rpcscope call: ${err.message}\n\n${CLI_USAGE}`);
      return 2;
    }
    throw err;
  }
  try {
    return await runCall(opts);
  } catch (err) {
    console.error(`rpcscope call: ${(err as Error).message}`);
    return 1;
  }
}
