/**
 * Runs a probe plan (lib/probe) on a started LiveSession: each check's messages go out through
 * `session.send` like any send, so the pipeline records, pairs and checks them; the check's window
 * closes when the peer is seen to be done (its HTTP exchanges ended, or a later harmless request
 * — the sentinel — was answered), and the judge reads what came back in it.
 */
import { performance } from 'node:perf_hooks';
import { classify } from '../../lib/jsonrpc/classify';
import { entriesOf } from '../../lib/dialects/messages';
import { DETECTION_STEPS, detectProbeDialect } from '../../lib/probe/detect';
import { requestText } from '../../lib/probe/messages';
import { PROBE_PLANS, isProbeDialect, planChecks } from '../../lib/probe/plans';
import { countResults, resultOf } from '../../lib/probe/report';
import { PROBE_TRANSPORTS } from '../../lib/probe/transports';
import type { ProbeCheck, ProbeContext, ProbeDialectId, ProbeExchange, ProbeReply, ProbeReport, ProbeResult } from '../../lib/probe/types';
import { describeTarget, isConnectableKind, targetKindDef } from '../../lib/targets/registry';
import { bodyOfRaw } from '../../lib/probe/judge';
import type { TrafficEvent } from '../../lib/session/types';
import type { LiveSession } from '../session/live-session';
import type { EventLog } from './event-log';

export interface ProbeRunOptions {
  dialect: ProbeDialectId | 'auto';
  /** State-changing methods the user allows (`--allow METHOD`). */
  allow: readonly string[];
  /** How long one check waits for the peer. */
  timeoutMs: number;
}

/** What the peer sends back that answers something (not requests or notifications it starts, not stderr). */
const ANSWER_KINDS = new Set<TrafficEvent['kind']>(['response', 'error', 'batch', 'invalid', 'parse-error', 'not-jsonrpc', 'noise', 'no-body']);
/** After the sentinel's answer, how long requests of the check that are still pending get (a peer may answer out of order). */
const GRACE_MS = 300;
/**
 * After the sentinel's answer, how long an answer to the check itself may still follow it. A peer
 * that handles messages concurrently can answer the sentinel first when both arrive in one read
 * (a batch of notifications it wrongly answers, then the sentinel's quick ping).
 */
const STRAGGLER_MS = 120;

export async function probeSession(session: LiveSession, log: EventLog, opts: ProbeRunOptions): Promise<ProbeReport> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const kind = session.target.kind;
  if (!isConnectableKind(kind)) throw new Error(`a ${kind} session cannot be probed: rpcscope does not connect to it`);
  const facts = { ...PROBE_TRANSPORTS[kind], perRequestExchanges: targetKindDef(kind).perRequestExchanges };
  let sentinels = 0;
  const ctxFor = (dialect: ProbeDialectId): ProbeContext => ({
    dialect,
    targetKind: kind,
    harmless: PROBE_PLANS[dialect].harmless,
    knownNotification: PROBE_PLANS[dialect].knownNotification,
    ownProcess: facts.ownProcess,
    perRequestExchanges: facts.perRequestExchanges,
  });
  let ctx = ctxFor(opts.dialect === 'auto' ? 'base' : opts.dialect);

  // Why the target is gone, in the session's own words (the exit note names the code or signal).
  const ended = (): string | undefined => {
    if (session.isOpen) return undefined;
    const exit = [...log.events].reverse().find((e) => e.kind === 'exit' && e.note);
    return session.summary.failure ?? exit?.note ?? `session ${session.summary.status}`;
  };

  async function exchange(texts: readonly string[]): Promise<ProbeExchange> {
    session.flush();
    const from = session.summary.lastSeq;
    const sent: ProbeExchange['sent'] = [];
    for (const text of texts) {
      if (!session.isOpen) break;
      try {
        sent.push({ seq: await session.send(text), text });
      } catch {
        break;
      }
    }
    let sentinelSeq: number | undefined;
    let timedOut = false;
    const pendingOf = () => sent.some((s) => log.get(s.seq)?.state === 'pending');
    if (facts.perRequestExchanges) {
      const done = () => sent.every((s) => log.since(s.seq).some((e) => e.http?.requestSeq === s.seq) && log.get(s.seq)?.state !== 'pending');
      timedOut = !(await log.until(() => !session.isOpen || done(), opts.timeoutMs));
    } else if (sent.length > 0 && session.isOpen) {
      const id = `probe-sentinel-${++sentinels}`;
      try {
        sentinelSeq = await session.send(requestText(ctx.harmless.method, JSON.stringify(id), ctx.harmless.params));
      } catch {
        sentinelSeq = undefined;
      }
      const answered = () => log.since(from).some((e) => e.dir === 'in' && e.id === id);
      timedOut = !(await log.until(() => !session.isOpen || answered(), opts.timeoutMs));
      if (!timedOut && pendingOf()) await log.until(() => !session.isOpen || !pendingOf(), GRACE_MS);
      else if (!timedOut) {
        const sentinelAnswer = log.since(from).find((e) => e.dir === 'in' && e.id === id)?.seq ?? from;
        const straggler = () => log.since(sentinelAnswer).some((e) => e.dir === 'in' && ANSWER_KINDS.has(e.kind) && e.id !== id);
        await log.until(() => !session.isOpen || straggler(), STRAGGLER_MS);
      }
    }
    session.flush();
    const sentSeqs = new Set(sent.map((s) => s.seq));
    const replies: ProbeReply[] = [];
    let exitCode: number | null | undefined;
    for (const e of log.since(from)) {
      if (e.kind === 'exit') exitCode = e.process?.exitCode ?? null;
      if (e.dir !== 'in' || !ANSWER_KINDS.has(e.kind)) continue;
      if (sentinelSeq !== undefined && (e.pair === sentinelSeq || e.id === `probe-sentinel-${sentinels}`)) continue;
      if (facts.perRequestExchanges && (e.http?.requestSeq === undefined || !sentSeqs.has(e.http.requestSeq))) continue;
      replies.push({
        seq: e.seq,
        kind: e.kind,
        body: bodyOfRaw(e.raw),
        ...(e.http?.status !== undefined ? { status: e.http.status } : {}),
        findings: e.findings,
        ...(e.note ? { note: e.note } : {}),
      });
    }
    const why = ended();
    return { sent, replies, timedOut, ...(why ? { ended: why } : {}), ...(exitCode !== undefined ? { exitCode } : {}) };
  }

  let dialect: ProbeDialectId;
  let evidence: string;
  if (opts.dialect === 'auto') {
    // What the peer said before the questions (a server that speaks first); the questions' own
    // methods (eth_chainId) would otherwise make the pipeline's detection decide from what we sent.
    const spoken = session.summary.dialect;
    const answers = [];
    for (const step of DETECTION_STEPS) {
      const ex = await exchange([step.text]);
      const reply = ex.replies.find((r) => r.kind !== 'no-body');
      const answer = reply ? entriesOf(classify(reply.body, { fromPeer: true }))[0] : undefined;
      answers.push(answer);
      if (step.decide(answer) || ex.ended) break;
    }
    const d = detectProbeDialect(answers);
    if (d.dialect === 'base' && spoken && isProbeDialect(spoken.id) && spoken.id !== 'base') {
      dialect = spoken.id;
      evidence = `auto: detected from what the peer sent first${spoken.evidence ? ` (${spoken.evidence})` : ''}`;
    } else ({ dialect, evidence } = d);
    // Errors from here on decode in the probed dialect, whatever the questions made detection think.
    if (session.isOpen && session.summary.dialect?.id !== dialect) session.setDialect(dialect);
  } else {
    dialect = opts.dialect;
    evidence = 'chosen with --dialect';
  }
  ctx = ctxFor(dialect);
  const plan = PROBE_PLANS[dialect];
  session.setAutoReplies({ ...plan.autoReplies, ...session.getAutoReplies() });

  const results: ProbeResult[] = [];
  /** The target went away while checks were still to run: the probe is incomplete, which fails it. */
  let endedEarly: string | undefined;
  const exchanges = new Map<string, ProbeExchange>();
  for (const check of planChecks(dialect)) {
    results.push(await runCheck(check));
  }

  async function runCheck(check: ProbeCheck): Promise<ProbeResult> {
    const notPart = plan.notPartOf[check.group];
    if (notPart) return resultOf(check, undefined, { outcome: 'n/a', did: notPart });
    if (check.judgesExchangeOf) {
      const ex = exchanges.get(check.judgesExchangeOf);
      return ex ? resultOf(check, ex, check.judge(ex, ctx)) : resultOf(check, undefined, { outcome: 'skipped', did: `${check.judgesExchangeOf} did not run` });
    }
    const why = ended();
    if (why) {
      endedEarly ??= why;
      return resultOf(check, undefined, { outcome: 'skipped', did: `not run: the target ended (${why})` });
    }
    const refused = (check.changesState ?? []).filter((m) => !opts.allow.includes(m));
    if (refused.length && !(check.endsPeer && ctx.ownProcess)) {
      return resultOf(check, undefined, { outcome: 'skipped', did: `not run: it sends ${refused.join(', ')}, which change the peer's state (allow with ${refused.map((m) => `--allow ${m}`).join(' ')})` });
    }
    const ex = await exchange(check.sends(ctx));
    exchanges.set(check.id, ex);
    return resultOf(check, ex, check.judge(ex, ctx));
  }

  return {
    format: 'rpcscope-probe',
    version: 1,
    target: describeTarget(session.target),
    dialect,
    dialectEvidence: evidence,
    startedAt,
    durationMs: Math.round(performance.now() - started),
    results,
    counts: countResults(results),
    ...(endedEarly ? { endedEarly } : {}),
  };
}
