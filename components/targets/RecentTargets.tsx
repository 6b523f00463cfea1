'use client';
/**
 * Targets connected to before (from the sessions the server lists, newest first, one row per
 * target): a click fills the connect form. Only the kind and what describeTarget shows (URL,
 * command line, host:port) are displayed; header values and environment values are counted,
 * never shown, so a token in a header does not sit in the sidebar.
 */
import { useMemo, useState } from 'react';
import type { SessionSummary, TargetSpec } from '@/lib/session/types';
import { describeTarget, isConnectableKind, targetKindLabel } from '@/lib/targets/registry';
import { useSessions } from '@/components/stores/sessions';

const MAX_RECENT = 8;

/** What the list shows beside the target: how many headers / env values it carries, not their values. */
function hiddenParts(t: TargetSpec): string {
  const parts: string[] = [];
  const headers = 'headers' in t && t.headers ? Object.keys(t.headers).length : 0;
  if (headers) parts.push(`${headers} header${headers === 1 ? '' : 's'}`);
  const env = 'env' in t && t.env ? Object.keys(t.env).length : 0;
  if (env) parts.push(`${env} env`);
  return parts.join(', ');
}

export function recentTargets(order: readonly string[], sessions: Record<string, { summary: SessionSummary }>): SessionSummary[] {
  const seen = new Set<string>();
  const out: SessionSummary[] = [];
  for (const id of order) {
    const s = sessions[id]?.summary;
    if (!s || s.imported || !isConnectableKind(s.target.kind)) continue;
    const key = JSON.stringify(s.target);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(s);
    if (out.length >= MAX_RECENT) break;
  }
  return out;
}

export function RecentTargets({ onPick }: { onPick(summary: SessionSummary): void }) {
  const order = useSessions((s) => s.order);
  const sessions = useSessions((s) => s.sessions);
  const [open, setOpen] = useState(false);
  const recent = useMemo(() => recentTargets(order, sessions), [order, sessions]);
  if (recent.length === 0) return null;
  return (
    <div className="text-[12px]">
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)} className="text-accent hover:underline">
        {open ? '▾' : '▸'} Recent targets ({recent.length})
      </button>
      {open ? (
        <ul aria-label="Recent targets" className="mt-1 flex flex-col rounded border border-line">
          {recent.map((s) => {
            const extra = hiddenParts(s.target);
            return (
              <li key={s.id}>
                <button
                  type="button"
                  onClick={() => onPick(s)}
                  title={`Fill the form with this target${extra ? ` (${extra}, values kept but not shown)` : ''}`}
                  className="flex w-full items-center gap-1.5 px-2 py-1 text-left hover:bg-hover"
                >
                  <span className="shrink-0 rounded bg-panel-2 px-1 text-[10.5px] font-medium uppercase">{targetKindLabel(s.target.kind)}</span>
                  <span className="min-w-0 flex-1 truncate font-mono text-[11.5px]">{describeTarget(s.target)}</span>
                  {extra ? <span className="shrink-0 text-[10.5px] text-faint">{extra}</span> : null}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
