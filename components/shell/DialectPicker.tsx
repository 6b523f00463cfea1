'use client';
import { useState } from 'react';
import type { SessionSummary } from '@/lib/session/types';
import { useSessions } from '@/components/stores/sessions';
import { DEFAULT_DIALECT, dialectLabel, listProfiles } from '@/lib/dialects/registry';
import { Select } from '@/components/ui/Field';

/** Which protocol the session speaks (detected or chosen); live sessions can override it. */
export function DialectPicker({ summary }: { summary: SessionSummary }) {
  const setDialect = useSessions((s) => s.setDialect);
  const [problem, setProblem] = useState<string | null>(null);
  const current = summary.dialect?.id ?? DEFAULT_DIALECT;
  const live = summary.status === 'open' || summary.status === 'connecting';
  const how = summary.dialect?.overridden ? 'chosen by you' : summary.dialect?.evidence ? `detected: ${summary.dialect.evidence}` : 'not detected yet';
  if (!live) {
    return <span className="shrink-0 rounded border border-line px-1.5 text-[11.5px] text-muted" title={how}>{dialectLabel(current)}</span>;
  }
  return (
    <span className="flex shrink-0 items-center gap-1">
      <Select
        size="xs"
        aria-label="Protocol dialect"
        title={`Dialect (${how}): decides error names, method completion and lifecycle checks`}
        value={current}
        onChange={(e) => setDialect(summary.id, e.target.value).then(() => setProblem(null), (err: Error) => setProblem(err.message))}
      >
        {listProfiles().map((p) => <option key={p.id} value={p.id}>{p.label}</option>)}
      </Select>
      {problem ? <span role="alert" className="text-[11px] text-err">{problem}</span> : null}
    </span>
  );
}
