/**
 * The report card: one result per check, the counts, the exit code (1 when a MUST is broken), and
 * the three ways it is written — text for a terminal, JSON, and JUnit XML for CI.
 */
import { short } from './judge';
import type { Judgement, ProbeCheck, ProbeExchange, ProbeReport, ProbeResult } from './types';

/** A check's result from its judgement and the exchange it judged. */
export function resultOf(check: ProbeCheck, ex: ProbeExchange | undefined, j: Judgement | { outcome: 'skipped'; did: string }): ProbeResult {
  const exchange: ProbeResult['exchange'] = ex
    ? [
        ...ex.sent.map((s) => ({ seq: s.seq, dir: 'out' as const, text: short(s.text) })),
        ...ex.replies.map((r) => ({ seq: r.seq, dir: 'in' as const, text: r.kind === 'no-body' ? `HTTP ${r.status ?? '?'}, no body` : short(r.body) })),
      ].sort((a, b) => a.seq - b.seq)
    : [];
  const findings = ex ? ex.replies.flatMap((r) => r.findings.map((f) => ({ seq: r.seq, rule: f.rule, severity: f.severity, message: f.message }))) : [];
  const broke = j.outcome === 'fail' ? (('broke' in j && j.broke) || check.level) : undefined;
  return { id: check.id, title: check.title, level: check.level, spec: check.spec, outcome: j.outcome, ...(broke ? { broke } : {}), did: j.did, exchange, findings };
}

export function countResults(results: readonly ProbeResult[]): ProbeReport['counts'] {
  const c = { passed: 0, mustBroken: 0, shouldBroken: 0, notApplicable: 0, skipped: 0 };
  for (const r of results) {
    if (r.outcome === 'pass') c.passed++;
    else if (r.outcome === 'n/a') c.notApplicable++;
    else if (r.outcome === 'skipped') c.skipped++;
    else if (r.broke === 'MUST') c.mustBroken++;
    else c.shouldBroken++;
  }
  return c;
}

/** 0 when no MUST is broken and every check could run, 1 otherwise (2, bad usage, is the command's). */
export function probeExitCode(report: ProbeReport): 0 | 1 {
  return report.counts.mustBroken > 0 || report.endedEarly !== undefined ? 1 : 0;
}

const VERDICT: Record<ProbeResult['outcome'], string> = { pass: 'pass', fail: 'FAIL', 'n/a': 'n/a', skipped: 'skip' };

/** The verdict word of a line: pass, FAIL, FAIL (SHOULD part), n/a or skip (the card and the page both use it). */
export function verdictOf(r: ProbeResult): string {
  return r.outcome === 'fail' && r.broke === 'SHOULD' && r.level === 'MUST' ? 'FAIL (SHOULD part)' : VERDICT[r.outcome];
}

/** The report card for a terminal: each check, its level, its verdict, what the peer did, the exchange. */
export function reportText(report: ProbeReport): string {
  const lines = [
    `rpcscope probe — ${report.target}`,
    `dialect: ${report.dialect} (${report.dialectEvidence}); ${report.results.length} checks in ${Math.round(report.durationMs)} ms${report.sessionId ? `; session ${report.sessionId}` : ''}`,
    '',
  ];
  for (const r of report.results) {
    lines.push(`${verdictOf(r).padEnd(4)}  ${r.level.padEnd(6)}  ${r.id} — ${r.title}`);
    lines.push(`      ${r.did}`);
    for (const x of r.exchange) lines.push(`      #${x.seq} ${x.dir === 'out' ? '→' : '←'} ${x.text}`);
    for (const f of r.findings) lines.push(`      #${f.seq} finding ${f.rule}: ${f.message}`);
    if (r.outcome === 'fail') lines.push(`      spec: ${r.spec}`);
  }
  const c = report.counts;
  lines.push('');
  if (report.endedEarly) lines.push(`the target ended before every check ran: ${report.endedEarly}`);
  lines.push(`${c.passed} passed, ${c.mustBroken} MUST broken, ${c.shouldBroken} SHOULD broken, ${c.notApplicable} not applicable, ${c.skipped} skipped`);
  return lines.join('\n') + '\n';
}

export function reportJson(report: ProbeReport): string {
  return JSON.stringify(report, null, 2) + '\n';
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
// XML 1.0 cannot carry most control characters even escaped: peer text loses them here.
const xml = (s: string) => s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);

/** JUnit XML: a broken MUST is a failure; a broken SHOULD is written out but is no failure (the exit code agrees). */
export function reportJunit(report: ProbeReport): string {
  const c = report.counts;
  const cases = report.results.map((r) => {
    const name = `${r.level} ${r.id}: ${r.title}`;
    const detail = [r.did, ...r.exchange.map((x) => `#${x.seq} ${x.dir === 'out' ? '->' : '<-'} ${x.text}`), `spec: ${r.spec}`].join('\n');
    let body = '';
    if (r.outcome === 'fail' && r.broke === 'MUST') body = `<failure type="MUST" message="${xml(r.did)}">${xml(detail)}</failure>`;
    else if (r.outcome === 'fail') body = `<system-out>SHOULD not met\n${xml(detail)}</system-out>`;
    else if (r.outcome === 'n/a' || r.outcome === 'skipped') body = `<skipped message="${xml(r.did)}"/>`;
    return `    <testcase classname="rpcscope.probe.${xml(report.dialect)}" name="${xml(name)}">${body}</testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="rpcscope probe" tests="${report.results.length}" failures="${c.mustBroken}">`,
    `  <testsuite name="${xml(report.target)}" tests="${report.results.length}" failures="${c.mustBroken}" skipped="${c.notApplicable + c.skipped}" time="${(report.durationMs / 1000).toFixed(3)}" timestamp="${xml(report.startedAt)}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
