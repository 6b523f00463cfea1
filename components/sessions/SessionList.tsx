'use client';
import { memo, useEffect, useState } from 'react';
import { isIdle, pastRows } from '@/lib/session/tidy';
import { isConnectableKind } from '@/lib/targets/registry';
import { useUi } from '@/components/stores/ui';
import type { SessionView } from '@/components/stores/types';
import type { SessionSummary } from '@/lib/session/types';
import { useSessions } from '@/components/stores/sessions';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { IconStop, IconTrash } from '@/components/ui/icons';
import { describeTarget, targetKindLabel } from '@/lib/targets/registry';
import { RecordingNotice } from './RecordingNotice';

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

function startedLabel(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const today = new Date();
  const sameDay = d.toDateString() === today.toDateString();
  const time = d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  return sameDay ? time : `${d.toLocaleDateString()} ${time}`;
}

const SessionItem = memo(function SessionItem({ summary, behind, active, idle, attempts }: {
  summary: SessionSummary;
  behind?: number;
  active: boolean;
  /** An open HTTP session nobody used for a while (lib/session/tidy.ts). */
  idle?: boolean;
  /** Failed attempts at this target folded into this row (1 = just this one). */
  attempts?: number;
}) {
  const setActive = useSessions((s) => s.setActive);
  const close = useSessions((s) => s.close);
  const remove = useSessions((s) => s.remove);
  const reconnect = useSessions((s) => s.reconnect);
  const duplicate = useUi((s) => s.duplicateTarget);
  const linkedName = useSessions((s) => (summary.reconnectOf ? s.sessions[summary.reconnectOf]?.summary.name ?? 'an earlier session' : null));
  const canReconnect = !live(summary) && !summary.imported && isConnectableKind(summary.target.kind);
  const [problem, setProblem] = useState<string | null>(null);
  const isLive = live(summary);
  const act = (fn: () => Promise<void>) => (e: React.MouseEvent) => {
    e.stopPropagation();
    fn().then(() => setProblem(null), (err: Error) => setProblem(err.message));
  };
  return (
    <li>
      <div
        role="button"
        tabIndex={0}
        aria-current={active ? 'true' : undefined}
        aria-label={`${summary.name}, ${summary.status === 'open' ? 'live' : summary.status}, ${targetKindLabel(summary.target.kind)} ${describeTarget(summary.target)}`}
        data-session-id={summary.id}
        onClick={() => setActive(summary.id)}
        onKeyDown={(e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); setActive(summary.id); } }}
        className={`group relative cursor-pointer border-l-2 px-3 py-1.5 ${active ? 'border-accent bg-sel' : 'border-transparent hover:bg-hover'}`}
      >
        <div className="flex items-center gap-2">
          <span className="min-w-0 flex-1 truncate text-[12.5px] font-medium" title={summary.name}>{summary.name}</span>
          {attempts && attempts > 1 ? <span className="shrink-0 text-[11px] text-err" title={`${attempts} failed attempts at this target`}>×{attempts}</span> : null}
          {idle ? <span className="shrink-0 rounded bg-panel-2 px-1 text-[10.5px] text-faint" title="Nothing sent or received for a while">idle</span> : null}
          <StatusBadge status={summary.status} />
        </div>
        <div className="mt-0.5 flex items-center gap-1.5 text-[11.5px] text-muted">
          <span className="shrink-0 rounded bg-panel-2 px-1 text-[10.5px] font-medium tracking-wide uppercase">{targetKindLabel(summary.target.kind)}</span>
          <span className="truncate font-mono" title={describeTarget(summary.target)}>{describeTarget(summary.target)}</span>
        </div>
        <div className="mt-0.5 flex items-center gap-2 text-[11px] text-faint">
          <span>{startedLabel(summary.startedAt)}</span>
          <span>{plural(summary.counts.events, 'entry', 'entries')}</span>
          {summary.counts.errors ? <span className="text-err">{plural(summary.counts.errors, 'error')}</span> : null}
          {summary.counts.findings ? <span className="text-warn">{plural(summary.counts.findings, 'finding')}</span> : null}
        </div>
        {summary.status === 'failed' && summary.failure ? (
          <div className="mt-1 line-clamp-3 font-mono text-[11px] leading-snug whitespace-pre-wrap text-err" title={summary.failure}>{summary.failure}</div>
        ) : null}
        {linkedName ? <div className="mt-0.5 truncate text-[11px] text-faint">reconnected from {linkedName}</div> : null}
        <RecordingNotice summary={summary} behind={behind} compact />
        {problem ? <div role="alert" className="mt-1 text-[11px] text-err">{problem}</div> : null}
        <div className="absolute top-1 right-1 hidden gap-0.5 rounded bg-panel group-hover:flex group-focus-within:flex">
          {canReconnect ? (
            <>
              <button type="button" title="Reconnect: the same target as a new session" aria-label={`Reconnect ${summary.name}`} onClick={act(() => reconnect(summary.id).then(() => undefined))} className="rounded px-1 text-[11px] text-accent hover:bg-hover">
                Reconnect
              </button>
              <button type="button" title="Duplicate as new target: the connect form, filled in" aria-label={`Duplicate ${summary.name} as new target`} onClick={(e) => { e.stopPropagation(); duplicate(summary); }} className="rounded px-1 text-[11px] text-muted hover:bg-hover hover:text-fg">
                Duplicate
              </button>
            </>
          ) : null}
          {isLive ? (
            <button type="button" title="Disconnect (ends the process or connection; the recording stays)" aria-label={`Disconnect ${summary.name}`} onClick={act(() => close(summary.id))} className="rounded p-1 text-muted hover:bg-hover hover:text-err">
              <IconStop size={12} />
            </button>
          ) : (
            <button type="button" title="Delete this recording" aria-label={`Delete ${summary.name}`} onClick={act(() => remove(summary.id))} className="rounded p-1 text-muted hover:bg-hover hover:text-err">
              <IconTrash size={12} />
            </button>
          )}
        </div>
      </div>
    </li>
  );
});

const live = (s: SessionSummary) => s.status === 'open' || s.status === 'connecting';

/** The newest entry's time, else when it started: what "idle" is measured from. */
function lastActivity(view: SessionView | undefined): number | undefined {
  const last = view?.events[view.events.length - 1];
  return last?.time;
}

/** Re-renders every 30 s, so "idle" appears without anything else changing. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(t);
  }, []);
  return now;
}

function SectionHeader({ title, count, action }: { title: string; count: number; action?: React.ReactNode }) {
  return (
    <div className="flex items-center px-3 pt-3 pb-1">
      <h3 className="text-[10.5px] font-semibold tracking-wider text-faint uppercase">{title} · {count}</h3>
      {action ? <span className="ml-auto">{action}</span> : null}
    </div>
  );
}

const actionClass = 'rounded px-1 text-[11px] text-accent hover:bg-hover hover:underline';

/**
 * Live sessions first, then past recordings; clicking one switches to it with everything it had.
 * Failed attempts at one target fold into one row; "Clear failed" and "Close idle" tidy in one click.
 */
export function SessionList() {
  const order = useSessions((s) => s.order);
  const sessions = useSessions((s) => s.sessions);
  const activeId = useSessions((s) => s.activeId);
  const close = useSessions((s) => s.close);
  const remove = useSessions((s) => s.remove);
  const now = useNow();
  const [problem, setProblem] = useState<string | null>(null);
  if (order.length === 0) return <p className="px-3 py-3 text-[12px] text-faint">No sessions yet. Each connection you open is recorded here, live and past.</p>;
  const liveIds = order.filter((id) => sessions[id] && live(sessions[id].summary));
  const pastIds = order.filter((id) => sessions[id] && !live(sessions[id].summary));
  const idle = new Set(liveIds.filter((id) => isIdle(sessions[id].summary, lastActivity(sessions[id]), now)));
  const failed = pastIds.filter((id) => sessions[id].summary.status === 'failed');
  const rows = pastRows(pastIds, (id) => sessions[id]?.summary);
  // One action over many sessions: each call is its own; the first refusal is shown.
  const all = (ids: string[], fn: (id: string) => Promise<void>) => () => {
    Promise.all(ids.map((id) => fn(id))).then(() => setProblem(null), (e: Error) => setProblem(e.message));
  };
  return (
    <div>
      {problem ? <div role="alert" className="px-3 pt-2 text-[11px] text-err">{problem}</div> : null}
      {liveIds.length ? (
        <section aria-label="Live sessions">
          <SectionHeader title="Live" count={liveIds.length} action={idle.size ? <button type="button" className={actionClass} onClick={all([...idle], async (id) => { await close(id); })}>Close idle ({idle.size})</button> : null} />
          <ul>{liveIds.map((id) => <SessionItem key={id} summary={sessions[id].summary} behind={sessions[id].behind} active={id === activeId} idle={idle.has(id)} />)}</ul>
        </section>
      ) : null}
      {pastIds.length ? (
        <section aria-label="Past sessions">
          <SectionHeader title="Past" count={pastIds.length} action={failed.length ? <button type="button" className={actionClass} onClick={all(failed, remove)}>Clear failed ({failed.length})</button> : null} />
          <ul>
            {rows.map((r) =>
              r.kind === 'session'
                ? <SessionItem key={r.summary.id} summary={r.summary} behind={sessions[r.summary.id].behind} active={r.summary.id === activeId} />
                : <SessionItem key={r.latest.id} summary={r.latest} active={r.attempts.some((a) => a.id === activeId)} attempts={r.attempts.length} />,
            )}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
