'use client';
/** What the redaction pass would take out: counts per kind, then each place (never the value). */
import type { RedactionKind } from '@/lib/redaction/rules';

export interface RedactionReportLike {
  counts: { kind: RedactionKind; count: number }[];
  total: number;
  hits: { kind: RedactionKind; label: string; where: string; seq?: number; count: number }[];
  hitsTruncated: boolean;
  contentLengthsRewritten: number;
  skipped: { kind: RedactionKind; what: string; reason: string }[];
}

export const KIND_WORDS: Record<RedactionKind, { label: string; hint: string }> = {
  'credential-header': { label: 'Credential headers', hint: 'Authorization, Cookie, *-Key, *-Token, *-Secret …' },
  'mcp-session-id': { label: 'Mcp-Session-Id', hint: 'the MCP session header' },
  'secret-variable': { label: 'Secret variables', hint: 'values of secret environment variables, wherever they appear' },
  'process-env': { label: 'Process env values', hint: 'env values of a spawned target' },
  'credential-arg': { label: 'Credential arguments', hint: '--token X, --api-key=X …' },
  'url-credential': { label: 'URL credentials', hint: 'user:password@, token=, api_key= …' },
  'json-path': { label: 'JSON paths', hint: 'the paths you list below' },
  'token-like': { label: 'Token-like strings', hint: 'JWTs, bearer tokens, sk-… keys, cloud keys, PEM keys, long random strings' },
  'account-secret': { label: 'Account passphrases', hint: 'passphrases and raw keys of personal_unlockAccount, personal_importRawKey, personal_sign …' },
};

export function RedactionReportView({ report, events }: { report: RedactionReportLike | null; events: number }) {
  if (!report) {
    return (
      <p className="rounded border border-warn/40 bg-warn-bg px-2 py-1.5 text-[12px] text-warn" data-testid="redaction-off">
        Redaction is off: the {events.toLocaleString()} entries are exported exactly as recorded, credentials included.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2" data-testid="redaction-report">
      <p className="text-[12.5px]">
        <b data-testid="redaction-total">{report.total.toLocaleString()}</b> replacement{report.total === 1 ? '' : 's'} in {events.toLocaleString()} entr{events === 1 ? 'y' : 'ies'}
        {report.contentLengthsRewritten ? <span className="text-muted"> · {report.contentLengthsRewritten} Content-Length header{report.contentLengthsRewritten === 1 ? '' : 's'} rewritten to stay consistent</span> : null}
      </p>
      {report.counts.length ? (
        <table className="w-full max-w-md border-collapse text-[12px]" aria-label="Replacements per kind">
          <tbody>
            {report.counts.map((c) => (
              <tr key={c.kind} className="border-b border-line" data-kind={c.kind}>
                <td className="py-0.5 pr-3">{KIND_WORDS[c.kind]?.label ?? c.kind}</td>
                <td className="py-0.5 text-right font-medium tabular-nums">{c.count.toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-[12px] text-muted">Nothing matched the chosen kinds.</p>
      )}
      {report.hits.length ? (
        <details open={report.hits.length <= 12}>
          <summary className="cursor-pointer text-[12px] text-muted">Where ({report.hits.length}{report.hitsTruncated ? '+' : ''} place{report.hits.length === 1 && !report.hitsTruncated ? '' : 's'})</summary>
          <ul className="mt-1 max-h-48 overflow-auto rounded border border-line bg-panel text-[11.5px]" aria-label="Places redacted">
            {report.hits.map((h, i) => (
              <li key={i} className="flex gap-2 border-b border-line px-2 py-0.5 last:border-b-0">
                <span className="w-36 shrink-0 truncate text-muted" title={h.kind}>{KIND_WORDS[h.kind]?.label ?? h.kind}</span>
                <span className="min-w-0 flex-1 truncate" title={h.label}>{h.label}</span>
                <span className="min-w-0 flex-1 truncate font-mono text-muted" title={h.where}>{h.where}</span>
                <span className="shrink-0 tabular-nums">×{h.count}</span>
              </li>
            ))}
          </ul>
          {report.hitsTruncated ? <p className="mt-0.5 text-[11px] text-faint">More places than listed; the counts above are complete.</p> : null}
        </details>
      ) : null}
      {report.skipped.length ? (
        <ul className="text-[11.5px] text-warn">
          {report.skipped.map((s, i) => <li key={i}>Not searched: {s.what} ({s.reason})</li>)}
        </ul>
      ) : null}
    </div>
  );
}
