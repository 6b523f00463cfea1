/**
 * `rpcscope call`: drive a target from a script or CI with the same engine the app uses, print one
 * JSON line per recorded entry, optionally write the session file. Exit 0 when every request was
 * answered (error responses count), 1 when one timed out, the target failed or a reply was no
 * JSON-RPC answer, 2 on bad usage. Every wait is bounded, so the command always ends.
 */
import { writeFileSync } from 'node:fs';
import { LiveSession, type SessionSink } from './session/live-session';
import { buildSessionFile, serializeSessionFile } from '../lib/session/file-format';
import { redactTarget } from '../lib/session/redact-target';
import { applyPatch } from '../lib/session/patch';
import type { EventPatch, TargetSpec, TrafficEvent } from '../lib/session/types';
import type { CliArgs } from '../lib/targets/kind';
import { CONNECTABLE_KINDS as TARGET_KINDS, CONNECTABLE_KIND_LIST as TARGET_KIND_LIST, connectableKindDef, type ConnectableKind } from '../lib/targets/registry';
import { FRAMINGS, isFraming } from '../lib/framing/registry';

/** One usage line per target kind, from the kind's record (lib/targets). */
const TARGET_USAGE = TARGET_KIND_LIST.map((k) => {
  const { flag, value, usage } = TARGET_KINDS[k].cli;
  return `    ${[flag, value, usage].filter(Boolean).join(' ')}`;
}).join('\n');

const orList = (items: string[]) => `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
const TARGET_FLAGS = orList(TARGET_KIND_LIST.map((k) => TARGET_KINDS[k].cli.flag));
const TARGET_FORMS = orList(TARGET_KIND_LIST.map((k) => [TARGET_KINDS[k].cli.flag, TARGET_KINDS[k].cli.value].filter(Boolean).join(' ')));
const KIND_BY_FLAG = new Map<string, ConnectableKind>(TARGET_KIND_LIST.map((k) => [TARGET_KINDS[k].cli.flag, k]));

export const CLI_USAGE = `usage: rpcscope call TARGET [--send TEXT | --wait-for METHOD]... [--no-wait] [--timeout MS] [--linger MS] [--reply METHOD=JSON]... [--out FILE]
  TARGET is one of:
${TARGET_USAGE}
  --send TEXT   one message sent exactly as given (invalid JSON allowed); repeatable, in order; each
                waits until every request sent before it is answered, failed or timed out
  --no-wait     send each --send at once, without waiting for earlier answers (e.g. a
                $/cancelRequest while its request is pending); the end still waits for them all
  --wait-for METHOD  a step between sends: wait until a message with this method arrives from the
                target (the Nth --wait-for of a method waits for its Nth message), up to --timeout
  --timeout MS  per-request timeout (default 10000)
  --linger MS   after the last answer, keep listening this long (default 300)
  --reply METHOD=JSON  answer requests the target sends for METHOD with this result (repeatable)
  --out FILE    write the session file (format rpcscope-session, version 1)
stdout: one JSON line per recorded entry; exit: 0 all answered, 1 timeout, target failure or a reply
that is no JSON-RPC answer, 2 bad usage.
The command always ends: when every request is answered, failed or timed out (and after --linger).`;

/** What the command does after connecting, in command-line order. */
export type CallStep = { send: string } | { waitFor: string };

export interface CallOptions {
  target: TargetSpec;
  steps: CallStep[];
  /** Send without waiting for the answers to earlier requests. */
  noWait: boolean;
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
  let kind: ConnectableKind | undefined;
  const args: CliArgs = { headers: {}, subprotocols: [], env: {}, command: [] };
  const steps: CallStep[] = [];
  let noWait = false;
  const replies: Record<string, unknown> = {};
  let timeoutMs = 10_000;
  let lingerMs = 300;
  let out: string | undefined;

  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const targetKind = KIND_BY_FLAG.get(a);
    if (targetKind) {
      if (kind) throw new UsageError(`give exactly one target: ${TARGET_FLAGS}`);
      kind = targetKind;
      if (TARGET_KINDS[targetKind].cli.value) args.value = takeValue(argv, i++, a);
      continue;
    }
    switch (a) {
      case '--header': parseHeader(takeValue(argv, i++, a), args.headers); break;
      case '--subprotocol': args.subprotocols.push(takeValue(argv, i++, a)); break;
      case '--framing': {
        const f = takeValue(argv, i++, a);
        if (!isFraming(f)) throw new UsageError(`--framing is one of ${FRAMINGS.join(', ')}, got ${JSON.stringify(f)}`);
        args.framing = f;
        break;
      }
      case '--cwd': args.cwd = takeValue(argv, i++, a); break;
      case '--env': {
        const kv = takeValue(argv, i++, a);
        const eq = kv.indexOf('=');
        if (eq <= 0) throw new UsageError(`--env wants K=V, got ${JSON.stringify(kv)}`);
        args.env[kv.slice(0, eq)] = kv.slice(eq + 1);
        break;
      }
      case '--send': steps.push({ send: takeValue(argv, i++, a) }); break;
      case '--wait-for': steps.push({ waitFor: takeValue(argv, i++, a) }); break;
      case '--no-wait': noWait = true; break;
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
        args.command = argv.slice(i + 1);
        i = argv.length;
        break;
      default:
        throw new UsageError(`unknown argument ${JSON.stringify(a)}`);
    }
  }

  if (!kind) throw new UsageError(`give a target: ${TARGET_FORMS}`);
  const built = connectableKindDef(kind).cli.build(args);
  if (!built.ok) throw new UsageError(built.error);
  return { target: built.target, steps, noWait, timeoutMs, lingerMs, replies, out };
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
      if (e) applyPatch(e, p);
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

export async function runCall(
  opts: CallOptions,
  write: (line: string) => void = (l) => process.stdout.write(l + '\n'),
  warn: (line: string) => void = (l) => process.stderr.write(l + '\n'),
): Promise<number> {
  const printer = new OrderedPrinter(write);
  const arrivals = new MethodArrivals();
  const sink: SessionSink = {
    events: (_s, events) => {
      arrivals.add(events);
      printer.add(events);
    },
    patches: (_s, patches) => printer.patch(patches),
    summary: () => undefined,
  };
  const session = new LiveSession({ target: opts.target, options: { timeoutMs: opts.timeoutMs, autoReplies: opts.replies }, sink });
  // Every wait is bounded: the correlator times requests out, and this is the backstop.
  const bound = opts.timeoutMs + 1000;
  let failed = false;
  try {
    await session.start();
    for (const step of opts.steps) {
      if (!session.isOpen) break;
      if ('waitFor' in step) {
        if (!(await arrivals.waitFor(step.waitFor, session, opts.timeoutMs))) {
          failed = true;
          warn(`rpcscope call: no "${step.waitFor}" message arrived within ${opts.timeoutMs} ms`);
        }
        continue;
      }
      if (!opts.noWait) await waitForAnswers(session, bound);
      if (!session.isOpen) break;
      await session.send(step.send).catch((err: Error) => {
        failed = true;
        warn(`rpcscope call: ${err.message}`);
      });
    }
    await waitForAnswers(session, bound);
    if (session.isOpen) await sleep(opts.lingerMs);
  } catch {
    failed = true;
  }
  await session.close();
  session.flush();
  printer.drain(true);

  const events = printer.all;
  const bySeq = new Map(events.map((e) => [e.seq, e]));
  // Settled by something that is no JSON-RPC answer (an HTML page, an empty 202) is not answered.
  const ANSWERS = new Set(['response', 'error', 'batch']);
  const asks = (e: TrafficEvent) => e.kind !== 'response' && e.kind !== 'error' && e.dap?.type !== 'response';
  // A DAP response (not JSON-RPC, but paired by request_seq) answers its DAP request.
  const answers = (a: TrafficEvent | undefined) => !a || ANSWERS.has(a.kind) || a.dap?.type === 'response';
  const noAnswer = (e: TrafficEvent) => asks(e) && e.state === 'answered' && e.pair !== undefined && !answers(bySeq.get(e.pair));
  const unanswered = events.some(
    (e) => e.dir === 'out' && (e.state === 'timed-out' || e.state === 'late' || e.state === 'target-exited' || e.state === 'pending' || noAnswer(e)),
  );
  if (session.summary.status === 'failed') failed = true;
  if (opts.out) {
    const summary = { ...session.summary, target: redactTarget(session.summary.target) };
    writeFileSync(opts.out, serializeSessionFile(buildSessionFile(summary, events)));
  }
  return failed || unanswered ? 1 : 0;
}

/** Until every request we sent is answered, failed or timed out, the target is gone, or `boundMs` passed. */
export async function waitForAnswers(session: LiveSession, boundMs: number): Promise<void> {
  const deadline = Date.now() + boundMs;
  while (session.isOpen && session.pendingCount('out') > 0 && Date.now() < deadline) await sleep(5);
}

/** Counts the messages the target sent, by method, for --wait-for. */
class MethodArrivals {
  private readonly seen = new Map<string, number>();
  private readonly waited = new Map<string, number>();

  add(events: TrafficEvent[]): void {
    for (const e of events) {
      if (e.dir === 'in' && e.method !== undefined) this.seen.set(e.method, (this.seen.get(e.method) ?? 0) + 1);
      for (const it of e.dir === 'in' ? (e.items ?? []) : []) {
        if (it.method !== undefined) this.seen.set(it.method, (this.seen.get(it.method) ?? 0) + 1);
      }
    }
  }

  /** The Nth wait for a method returns once its Nth message arrived (even before the wait began). */
  async waitFor(method: string, session: LiveSession, timeoutMs: number): Promise<boolean> {
    const need = (this.waited.get(method) ?? 0) + 1;
    this.waited.set(method, need);
    const deadline = Date.now() + timeoutMs;
    while ((this.seen.get(method) ?? 0) < need) {
      if (!session.isOpen || Date.now() >= deadline) return false;
      await sleep(5);
    }
    return true;
  }
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
