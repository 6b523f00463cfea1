'use client';
/**
 * What an ended (or imported) session shows where a live one has its composer: one line saying
 * so, and the two ways to carry on — Reconnect (same target, a new linked session) and Duplicate
 * as new target (the connect form, filled in, to change something first).
 */
import { useState } from 'react';
import type { SessionSummary } from '@/lib/session/types';
import { isConnectableKind } from '@/lib/targets/registry';
import { useSessions } from '@/components/stores/sessions';
import { useUi } from '@/components/stores/ui';
import { Button } from '@/components/ui/Button';

export function EndedBar({ summary }: { summary: SessionSummary }) {
  const reconnect = useSessions((s) => s.reconnect);
  const duplicate = useUi((s) => s.duplicateTarget);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const connectable = isConnectableKind(summary.target.kind);
  const what = summary.imported ? 'An imported recording (read-only).' : summary.status === 'failed' ? 'This session failed.' : 'This session has ended.';
  return (
    <div className="flex shrink-0 flex-wrap items-center gap-2 border-b border-line bg-panel px-3 py-1.5 text-[12px]" data-testid="ended-bar">
      <span className="text-muted">{what}</span>
      {connectable && !summary.imported ? (
        <Button size="xs" variant="primary" disabled={busy} onClick={() => {
          setBusy(true);
          reconnect(summary.id).then(() => setProblem(null), (e: Error) => setProblem(e.message)).finally(() => setBusy(false));
        }}>
          {busy ? 'Reconnecting…' : 'Reconnect'}
        </Button>
      ) : null}
      {connectable ? <Button size="xs" onClick={() => duplicate(summary)}>Duplicate as new target</Button> : null}
      {problem ? <span role="alert" className="min-w-0 truncate font-mono text-err" title={problem}>{problem}</span> : null}
    </div>
  );
}
