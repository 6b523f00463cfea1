/**
 * `rpcscope run COLLECTION_FILE [--env ENV_FILE] [--folder NAME] [--junit FILE]`: a collection
 * (or one folder of it) as a regression test. Items run in order, each against its own saved
 * target through the same engine as `rpcscope call` (LiveSession; one session per distinct
 * target, kept open for the run so a login's state carries over); their assertions are judged and
 * their captures fed forward by lib/collections/sequence.ts. Exit 0 when every item passed, 1 when
 * one failed or could not run, 2 on bad usage (unreadable or invalid files, an unknown folder,
 * a secret without its value).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { LiveSession, type SessionSink } from '../session/live-session';
import { waitForAnswers } from '../cli';
import { applyPatch } from '../../lib/session/patch';
import type { TargetSpec, TrafficEvent } from '../../lib/session/types';
import {
  findFolder,
  parseCollectionFile,
  planItems,
  runReportToJunit,
  runSequence,
  type Exchange,
  type ItemOutcome,
  type PlannedItem,
  type RunReport,
} from '../../lib/collections';
import {
  VARIABLE_NAME,
  describeNeedsValue,
  describeUnknown,
  needsValue,
  parseEnvironmentFile,
  referencedNames,
  substituteTarget,
  type VariableLike,
} from '../../lib/variables';
import type { CommandExit } from './index';

export const RUN_USAGE = `usage: rpcscope run COLLECTION_FILE [--env ENV_FILE] [--folder NAME] [--junit FILE] [--var NAME=VALUE]... [--timeout MS]
  COLLECTION_FILE  a collection file (format rpcscope-collection, as the app exports it)
  --env ENV_FILE   an environment file (format rpcscope-environment) for {{variables}}
  --folder NAME    run only this folder (and its subfolders); nested: "Parent/Child"
  --junit FILE     also write the results as JUnit XML for CI
  --var NAME=VALUE set a variable (repeatable; wins over the environment file). Secrets are
                   not in environment files: give them here
  --timeout MS     per-request timeout (default 10000)
Each item runs against its own saved target, in order; what an item captures is a variable for
the items after it. stdout: one line per item, then a summary.
exit: 0 every item passed, 1 an assertion failed or an item could not run, 2 bad usage.`;

export interface RunOptions {
  collectionFile: string;
  envFile?: string;
  folder?: string;
  junit?: string;
  vars: Record<string, string>;
  timeoutMs: number;
}

export class RunUsageError extends Error {}

export function parseRunArgs(argv: string[]): RunOptions {
  const opts: Partial<RunOptions> & { vars: Record<string, string> } = { vars: {}, timeoutMs: 10_000 };
  const value = (i: number, flag: string) => {
    const v = argv[i + 1];
    if (v === undefined) throw new RunUsageError(`${flag} needs a value`);
    return v;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    switch (a) {
      case '--env': opts.envFile = value(i++, a); break;
      case '--folder': opts.folder = value(i++, a); break;
      case '--junit': opts.junit = value(i++, a); break;
      case '--timeout': {
        const n = Number(value(i++, a));
        if (!Number.isFinite(n) || n <= 0) throw new RunUsageError(`--timeout wants a number of milliseconds, got ${JSON.stringify(argv[i])}`);
        opts.timeoutMs = n;
        break;
      }
      case '--var': {
        const kv = value(i++, a);
        const eq = kv.indexOf('=');
        if (eq <= 0 || !VARIABLE_NAME.test(kv.slice(0, eq))) throw new RunUsageError(`--var wants NAME=VALUE, got ${JSON.stringify(kv)}`);
        opts.vars[kv.slice(0, eq)] = kv.slice(eq + 1);
        break;
      }
      default:
        if (a.startsWith('-')) throw new RunUsageError(`unknown argument ${JSON.stringify(a)}`);
        if (opts.collectionFile) throw new RunUsageError(`give one collection file (got ${JSON.stringify(opts.collectionFile)} and ${JSON.stringify(a)})`);
        opts.collectionFile = a;
    }
  }
  if (!opts.collectionFile) throw new RunUsageError('give a collection file');
  return opts as RunOptions;
}

function readText(file: string, what: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    throw new RunUsageError(`cannot read the ${what} ${JSON.stringify(file)}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
}

/** The run's sessions, one per distinct target, each recording into its own event list. */
class Sessions {
  private readonly open = new Map<string, { session: LiveSession; events: Map<number, TrafficEvent> }>();
  constructor(private readonly timeoutMs: number) {}

  private async get(target: TargetSpec) {
    const key = JSON.stringify(target);
    const have = this.open.get(key);
    if (have?.session.isOpen) return have;
    const events = new Map<number, TrafficEvent>();
    const sink: SessionSink = {
      events: (_s, list) => list.forEach((e) => events.set(e.seq, e)),
      patches: (_s, list) => list.forEach((p) => { const e = events.get(p.seq); if (e) applyPatch(e, p); }),
      summary: () => undefined,
    };
    const session = new LiveSession({ target, options: { timeoutMs: this.timeoutMs }, sink });
    const entry = { session, events };
    this.open.set(key, entry);
    await session.start();
    return entry;
  }

  async exchange(target: TargetSpec, text: string): Promise<Exchange> {
    let entry;
    try {
      entry = await this.get(target);
    } catch (err) {
      return { error: `could not connect: ${(err as Error).message}` };
    }
    let seq: number;
    try {
      seq = await entry.session.send(text);
    } catch (err) {
      return { error: `could not send: ${(err as Error).message}` };
    }
    // Bounded: the correlator times the request out, and this is the backstop.
    await waitForAnswers(entry.session, this.timeoutMs + 1000);
    entry.session.flush();
    const request = entry.events.get(seq);
    return { request, answer: request?.pair !== undefined ? entry.events.get(request.pair) : undefined };
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.open.values()].map((e) => e.session.close().catch(() => undefined)));
  }
}

const MARK: Record<ItemOutcome['status'], string> = { passed: 'PASS', failed: 'FAIL', error: 'ERROR' };

function printOutcome(o: ItemOutcome, write: (l: string) => void): void {
  const where = [...o.folder, o.name].join(' › ');
  const latency = o.latencyMs !== undefined ? ` (${Math.round(o.latencyMs)} ms)` : '';
  write(`${MARK[o.status]}  ${where}${latency}`);
  for (const a of o.assertions) if (!a.pass) write(`      ✗ ${a.label}: ${a.detail}`);
  for (const p of o.problems) write(`      ✗ ${p}`);
}

export async function runCollection(opts: RunOptions, write: (l: string) => void = (l) => process.stdout.write(l + '\n')): Promise<RunReport & { collection: string }> {
  const parsed = parseCollectionFile(readText(opts.collectionFile, 'collection file'));
  if (!parsed.ok) throw new RunUsageError(`${opts.collectionFile}: ${parsed.error}${parsed.errors.slice(1).map((e) => `\n  ${e.entry}: ${e.message}`).join('')}`);
  const file = parsed.value;
  let root: { items: typeof file.items; folders: typeof file.folders } = file;
  let base: string[] = [];
  if (opts.folder !== undefined) {
    const whole = findFolder(file.folders, [opts.folder]);
    base = whole ? [opts.folder] : opts.folder.split('/').map((s) => s.trim());
    const found = whole ?? findFolder(file.folders, base);
    if (!found) throw new RunUsageError(`no folder ${JSON.stringify(opts.folder)} in ${JSON.stringify(file.name)} (folders: ${file.folders.map((f) => f.name).join(', ') || 'none'})`);
    root = { items: found.items, folders: found.folders };
    base = base.map((n, i) => (i === base.length - 1 ? found.name : n));
  }
  const items = planItems(root, base);
  if (items.length === 0) throw new RunUsageError(`nothing to run: ${opts.folder ? `folder ${JSON.stringify(opts.folder)}` : 'the collection'} has no items`);

  let env: VariableLike[] = [];
  if (opts.envFile) {
    const e = parseEnvironmentFile(readText(opts.envFile, 'environment file'));
    if (!e.ok) throw new RunUsageError(`${opts.envFile}: ${e.error}`);
    env = e.variables;
  }
  env = [...env.filter((v) => !(v.name in opts.vars)), ...Object.entries(opts.vars).map(([name, value]) => ({ name, value, secret: env.some((v) => v.name === name && v.secret) }))];
  // A secret the file names without its value is asked for before anything is sent.
  const used = new Set(items.flatMap((i) => referencedNames(JSON.stringify([i.payload, i.target ?? null]))));
  const missing = needsValue(env, [...used]);
  if (missing.length) throw new RunUsageError(`${describeNeedsValue(missing).replace(/type (it|them) in Environments first/, 'give $1 with --var NAME=VALUE')}`);

  const sessions = new Sessions(opts.timeoutMs);
  const send = async (item: PlannedItem, text: string): Promise<Exchange> => {
    if (!item.target) return { error: 'this item has no target of its own: save it with its target in the app' };
    const target = substituteTarget(item.target, env);
    if (target.unknown.length) return { error: describeUnknown(target.unknown) };
    return sessions.exchange(target.target, text);
  };
  let report: RunReport;
  try {
    report = await runSequence(items, env, send);
  } finally {
    await sessions.closeAll();
  }
  for (const o of report.items) printOutcome(o, write);
  write(`${report.passed} passed, ${report.failed} failed, ${report.errors} could not run (${items.length} items, ${Math.round(report.durationMs)} ms)`);
  if (opts.junit) writeFileSync(opts.junit, runReportToJunit(report, file.name));
  return { ...report, collection: file.name };
}

export async function runRunCli(argv: string[]): Promise<CommandExit> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(RUN_USAGE);
    return { code: 0 };
  }
  try {
    const report = await runCollection(parseRunArgs(argv));
    return { code: report.failed + report.errors > 0 ? 1 : 0 };
  } catch (err) {
    if (err instanceof RunUsageError) {
      console.error(`rpcscope run: ${err.message}${argv.length === 0 ? `\n\n${RUN_USAGE}` : ''}`);
      return { code: 2 };
    }
    console.error(`rpcscope run: ${(err as Error).message}`);
    return { code: 1 };
  }
}
