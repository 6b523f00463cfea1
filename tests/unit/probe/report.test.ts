/** The report card's three forms: counts and exit code, the text card, and JUnit XML that peer text cannot break. */
import { describe, expect, it } from 'vitest';
import { countResults, probeExitCode, reportJunit, reportText, resultOf } from '@/lib/probe/report';
import { BASE_CHECKS } from '@/lib/probe/base-checks';
import type { ProbeReport } from '@/lib/probe/types';

const check = BASE_CHECKS.find((c) => c.id === 'notification/unknown')!;
const zero = BASE_CHECKS.find((c) => c.id === 'id/zero')!;
const hostile = '</failure><script>"&\u0001';

function report(): ProbeReport {
  const results = [
    resultOf(check, { sent: [{ seq: 3, text: '{"jsonrpc":"2.0","method":"x"}' }], replies: [{ seq: 4, kind: 'error', body: `{"error":"${hostile}"}`, findings: [] }], timedOut: false }, { outcome: 'fail', did: `answered ${hostile}` }),
    resultOf(zero, undefined, { outcome: 'fail', did: 'code -32603', broke: 'SHOULD' }),
    resultOf(zero, undefined, { outcome: 'skipped', did: 'not run' }),
  ];
  return { format: 'rpcscope-probe', version: 1, target: 'node peer.mjs', dialect: 'base', dialectEvidence: 'chosen', startedAt: '2026-01-01T00:00:00.000Z', durationMs: 12, results, counts: countResults(results) };
}

describe('probe report', () => {
  it('counts a broken MUST apart from a broken SHOULD, and only a MUST makes exit 1', () => {
    const r = report();
    expect(r.counts).toEqual({ passed: 0, mustBroken: 1, shouldBroken: 1, notApplicable: 0, skipped: 1 });
    expect(probeExitCode(r)).toBe(1);
    expect(probeExitCode({ ...r, counts: { ...r.counts, mustBroken: 0 } })).toBe(0);
  });

  it('prints each check with its level, the exchange by seq and, when failed, the spec sentence', () => {
    const text = reportText(report());
    expect(text).toContain('FAIL  MUST    notification/unknown — a notification of an unknown method is not answered, not even with an error');
    expect(text).toContain('      #3 → {"jsonrpc":"2.0","method":"x"}');
    expect(text).toContain('      spec: The Server MUST NOT reply to a Notification');
    expect(text).toContain('FAIL (SHOULD part)  MUST    id/zero');
    expect(text.trimEnd().split('\n').at(-1)).toBe('0 passed, 1 MUST broken, 1 SHOULD broken, 0 not applicable, 1 skipped');
  });

  it('JUnit: a broken MUST is a failure, a broken SHOULD is not, and peer text is escaped (control characters dropped)', () => {
    const xml = reportJunit(report());
    expect(xml).toContain('<testsuites name="rpcscope probe" tests="3" failures="1">');
    expect(xml.match(/<failure /g)).toHaveLength(1);
    expect(xml).toContain('SHOULD not met');
    expect(xml).not.toContain('<script>');
    expect(xml).not.toContain('\u0001');
    expect(xml).toContain('&lt;/failure&gt;&lt;script&gt;&quot;&amp;');
  });
});
