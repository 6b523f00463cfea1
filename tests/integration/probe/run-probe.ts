/** Runs the conformance probe in this process on a real target, the way `rpcscope probe` does. */
import { LiveSession } from '@/server/session/live-session';
import { EventLog } from '@/server/probe/event-log';
import { probeSession, type ProbeRunOptions } from '@/server/probe/run-probe';
import type { ProbeReport, ProbeResult } from '@/lib/probe/types';
import type { TargetSpec } from '@/lib/session/types';

export async function probe(target: TargetSpec, opts: Partial<ProbeRunOptions> = {}): Promise<ProbeReport> {
  const log = new EventLog();
  const session = new LiveSession({
    target,
    options: { timeoutMs: 3000, ...(opts.dialect && opts.dialect !== 'auto' ? { dialect: opts.dialect } : {}) },
    sink: { events: (_s, e) => log.add(e), patches: (_s, p) => log.patch(p), summary: () => undefined },
  });
  await session.start();
  try {
    return await probeSession(session, log, { dialect: 'auto', allow: [], timeoutMs: 3000, ...opts });
  } finally {
    await session.close();
  }
}

/** Each check's verdict as the report card prints it: `pass`, `n/a`, `skipped`, `fail MUST`, `fail SHOULD`. */
export function verdicts(report: ProbeReport): Record<string, string> {
  const v = (r: ProbeResult) => (r.outcome === 'fail' ? `fail ${r.broke}` : r.outcome);
  return Object.fromEntries(report.results.map((r) => [r.id, v(r)]));
}
