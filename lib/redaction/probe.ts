/**
 * The probe report through the same redaction pass as the entries. The report quotes messages
 * cut short (`{"jsonrpc":"2.0","error":{… "data":"sk-12…`), and a secret cut in half is no longer
 * a value the text pass can find. So each quote of an entry is first swapped for the same quote of
 * that entry as redacted (the entry's own spans, literals and rules applied once, in redact.ts),
 * then every text of the report gets the text pass (known secrets, URL credentials, token shapes)
 * and secret-named members inside quoted JSON (`"password":"…`) lose their values even when cut.
 */
import { QUOTE_LENGTHS, bodyOfRaw, short } from '../probe/judge';
import type { ProbeReport, ProbeResult } from '../probe/types';
import type { TrafficEvent } from '../session/types';
import { REDACTED, isSecretMember } from './rules';

export interface ProbePass {
  /** The text pass of redact.ts, reporting hits at `where`. */
  text(s: string, where: string): string;
  /** Secret-named members are redacted (the `token-like` kind is on). */
  members: boolean;
  /** A member value taken out at `where`. */
  memberHit(where: string, name: string): void;
}

/** `"name": "value` in JSON text, the value possibly cut off by a quote's end (`…` or the end of the text). */
const MEMBER_IN_TEXT = /"((?:[^"\\]|\\.){1,120})"\s*:\s*"((?:[^"\\\u2026]|\\.)*)/g;

function maskMembers(s: string, where: string, pass: ProbePass): string {
  if (!pass.members || !s.includes('"')) return s;
  return s.replace(MEMBER_IN_TEXT, (m: string, name: string, value: string) => {
    if (!value || value === REDACTED || !isSecretMember(name)) return m;
    pass.memberHit(where, name);
    return m.slice(0, m.length - value.length) + REDACTED;
  });
}

/** Quotes of each referenced entry whose redacted text differs: before → after, longest first. */
function quoteSwaps(report: ProbeReport, before: readonly TrafficEvent[], after: readonly TrafficEvent[]): [string, string][] {
  const seqs = new Set<number>();
  for (const r of report.results) for (const x of r.exchange) seqs.add(x.seq);
  const redacted = new Map<number, TrafficEvent>();
  for (const e of after) if (seqs.has(e.seq)) redacted.set(e.seq, e);
  const swaps: [string, string][] = [];
  for (const e of before) {
    const a = redacted.get(e.seq);
    if (!a || typeof e.raw !== 'string' || e.raw === a.raw) continue;
    const from = bodyOfRaw(e.raw);
    const to = bodyOfRaw(typeof a.raw === 'string' ? a.raw : '');
    for (const n of QUOTE_LENGTHS) {
      const q = short(from, n);
      if (q && q !== short(to, n)) swaps.push([q, short(to, n)]);
    }
  }
  return swaps.sort((x, y) => y[0].length - x[0].length);
}

export function redactProbe(report: ProbeReport, before: readonly TrafficEvent[], after: readonly TrafficEvent[], pass: ProbePass): ProbeReport {
  const swaps = quoteSwaps(report, before, after);
  const fix = (s: string, where: string): string => {
    let out = s;
    for (const [from, to] of swaps) if (out.includes(from)) out = out.split(from).join(to);
    return maskMembers(pass.text(out, where), where, pass);
  };
  const result = (r: ProbeResult, i: number): ProbeResult => {
    const at = `probe.results[${i}]`;
    return {
      ...r,
      did: fix(r.did, `${at}.did`),
      exchange: r.exchange.map((x) => ({ ...x, text: fix(x.text, `${at}.exchange[seq ${x.seq}]`) })),
      findings: r.findings.map((f) => ({ ...f, message: fix(f.message, `${at}.findings[seq ${f.seq}]`) })),
    };
  };
  return {
    ...report,
    target: fix(report.target, 'probe.target'),
    dialectEvidence: fix(report.dialectEvidence, 'probe.dialectEvidence'),
    ...(report.endedEarly === undefined ? {} : { endedEarly: fix(report.endedEarly, 'probe.endedEarly') }),
    results: report.results.map(result),
  };
}
