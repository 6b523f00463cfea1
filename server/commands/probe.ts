/**
 * `rpcscope probe TARGET [--dialect …] [--allow METHOD]… [--timeout MS] [--json FILE] [--junit FILE]`:
 * the conformance probe from the command line. The target flags are `rpcscope call`'s own (its
 * parser reads them); the session is a real LiveSession, so the rules report what they find.
 * Exit 0 when no MUST is broken, 1 when one is (or the target cannot be reached), 2 on bad usage.
 */
import { writeFileSync } from 'node:fs';
import { parseCallArgs, UsageError } from '../cli';
import { LiveSession } from '../session/live-session';
import { PROBE_DIALECTS, isProbeDialect } from '../../lib/probe/plans';
import { probeExitCode, reportJson, reportJunit, reportText } from '../../lib/probe/report';
import type { ProbeDialectId } from '../../lib/probe/types';
import type { TargetSpec } from '../../lib/session/types';
import { CONNECTABLE_KINDS, CONNECTABLE_KIND_LIST } from '../../lib/targets/registry';
import { EventLog } from '../probe/event-log';
import { probeSession } from '../probe/run-probe';

const TARGETS = CONNECTABLE_KIND_LIST.map((k) => `    ${[CONNECTABLE_KINDS[k].cli.flag, CONNECTABLE_KINDS[k].cli.value, CONNECTABLE_KINDS[k].cli.usage].filter(Boolean).join(' ')}`).join('\n');

export const PROBE_USAGE = `usage: rpcscope probe TARGET [--dialect auto|${PROBE_DIALECTS.join('|')}] [--allow METHOD]... [--timeout MS] [--json FILE] [--junit FILE]
  TARGET is one of (the same flags as rpcscope call):
${TARGETS}
  --dialect D     which checks to add to JSON-RPC 2.0's (default auto: ping and eth_chainId decide)
  --allow METHOD  let the probe send a method that changes the peer's state (e.g. update); repeatable.
                  LSP shutdown/exit are sent without asking only to a process the probe started.
  --timeout MS    how long one check waits for the peer (default 3000)
  --json FILE     write the report as JSON;  --junit FILE  write it as JUnit XML
stdout: the report card; exit: 0 no MUST broken, 1 a MUST broken or the target failed, 2 bad usage.`;

export interface ProbeCliOptions {
  target: TargetSpec;
  dialect: ProbeDialectId | 'auto';
  allow: string[];
  timeoutMs: number;
  json?: string;
  junit?: string;
}

/** Flags that take a value in front of `--` (the target's included), so a value is never read as a probe flag. */
function valueTaking(flag: string): boolean {
  const boolean = new Set(['--no-wait', ...CONNECTABLE_KIND_LIST.filter((k) => !CONNECTABLE_KINDS[k].cli.value).map((k) => CONNECTABLE_KINDS[k].cli.flag)]);
  return flag.startsWith('--') && !boolean.has(flag);
}

export function parseProbeArgs(argv: string[]): ProbeCliOptions {
  let dialect: ProbeDialectId | 'auto' = 'auto';
  const allow: string[] = [];
  let timeoutMs = 3000;
  let json: string | undefined;
  let junit: string | undefined;
  const rest: string[] = [];
  const value = (i: number, flag: string) => {
    const v = argv[i + 1];
    if (v === undefined) throw new UsageError(`${flag} needs a value`);
    return v;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') {
      rest.push(...argv.slice(i));
      break;
    }
    switch (a) {
      case '--dialect': {
        const d = value(i++, a);
        if (d !== 'auto' && !isProbeDialect(d)) throw new UsageError(`--dialect is auto or one of ${PROBE_DIALECTS.join(', ')}, got ${JSON.stringify(d)}`);
        dialect = d;
        break;
      }
      case '--allow': allow.push(value(i++, a)); break;
      case '--json': json = value(i++, a); break;
      case '--junit': junit = value(i++, a); break;
      case '--timeout': {
        const n = Number(value(i++, a));
        if (!Number.isFinite(n) || n <= 0 || n > 600_000) throw new UsageError(`--timeout wants milliseconds (1 to 600000), got ${JSON.stringify(argv[i])}`);
        timeoutMs = n;
        break;
      }
      case '--send': case '--wait-for': case '--no-wait': case '--reply': case '--out': case '--linger':
        throw new UsageError(`${a} is rpcscope call's; the probe decides what it sends`);
      default:
        rest.push(a);
        if (valueTaking(a) && i + 1 < argv.length) rest.push(argv[++i]);
    }
  }
  const { target } = parseCallArgs(rest);
  return { target, dialect, allow, timeoutMs, ...(json ? { json } : {}), ...(junit ? { junit } : {}) };
}

/** Probe, print the report card, write the files; the exit code. */
export async function runProbeCli(argv: string[], write: (text: string) => void = (t) => process.stdout.write(t)): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    write(PROBE_USAGE + '\n');
    return 0;
  }
  let opts: ProbeCliOptions;
  try {
    opts = parseProbeArgs(argv);
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`rpcscope probe: ${err.message}\n\n${PROBE_USAGE}\n`);
      return 2;
    }
    throw err;
  }
  const log = new EventLog();
  const session = new LiveSession({
    target: opts.target,
    options: { timeoutMs: opts.timeoutMs, ...(opts.dialect !== 'auto' ? { dialect: opts.dialect } : {}) },
    sink: { events: (_s, events) => log.add(events), patches: (_s, patches) => log.patch(patches), summary: () => undefined },
  });
  try {
    await session.start();
  } catch (err) {
    process.stderr.write(`rpcscope probe: ${(err as Error).message}\n`);
    return 1;
  }
  try {
    const report = await probeSession(session, log, opts);
    write(reportText(report));
    if (opts.json) writeFileSync(opts.json, reportJson(report));
    if (opts.junit) writeFileSync(opts.junit, reportJunit(report));
    return probeExitCode(report);
  } finally {
    await session.close();
  }
}
