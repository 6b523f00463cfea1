/**
 * The probe report of a partial export: a check whose entries were not all selected keeps its
 * verdict, level and spec, but not what the peer did nor the text of the left-out messages, so
 * an export never quotes an entry it leaves out (nor a secret inside one).
 */
import type { ProbeReport, ProbeResult } from './types';

export const LEFT_OUT = 'not in this export: entries of this check were left out of the selection';

function resultWithin(r: ProbeResult, has: (seq: number) => boolean): ProbeResult {
  const complete = r.exchange.every((x) => has(x.seq)) && r.findings.every((f) => has(f.seq));
  if (complete) return r;
  return { ...r, did: LEFT_OUT, exchange: r.exchange.filter((x) => has(x.seq)), findings: r.findings.filter((f) => has(f.seq)) };
}

/** The report cut to the entries `has` keeps (the same object when it keeps them all). */
export function probeWithin(report: ProbeReport, has: (seq: number) => boolean): ProbeReport {
  const results = report.results.map((r) => resultWithin(r, has));
  return results.every((r, i) => r === report.results[i]) ? report : { ...report, results };
}
