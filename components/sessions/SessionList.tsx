'use client';
import { memo, useState } from 'react';
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

const SessionItem = memo(function SessionItem({ summary, behind, active }: { summary: SessionSummary; behind?: number; active: boolean }) {
  const setActive = useSessions((s) => s.setActive);
  const close = useSessions((s) => s.close);
  const remove = useSessions((s) => s.remove);
  const [problem, setProblem] = useState<string | null>(null);
  const live = summary.status === 'open' || summary.status === 'connecting';
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
        <RecordingNotice summary={summary} behind={behind} compact />
        {problem ? <div role="alert" className="mt-1 text-[11px] text-err">{problem}</div> : null}
        <div className="absolute top-1 right-1 hidden gap-0.5 rounded bg-panel group-hover:flex group-focus-within:flex">
          {live ? (
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

/** Live sessions first, then past recordings; clicking one switches to it with everything it had. */
export function SessionList() {
  const order = useSessions((s) => s.order);
  const sessions = useSessions((s) => s.sessions);
  const activeId = useSessions((s) => s.activeId);
  const live = order.filter((id) => ['open', 'connecting'].includes(sessions[id]?.summary.status));
  const past = order.filter((id) => !['open', 'connecting'].includes(sessions[id]?.summary.status));
  const section = (title: string, ids: string[]) =>
    ids.length ? (
      <section aria-label={`${title} sessions`}>
        <h3 className="px-3 pt-3 pb-1 text-[10.5px] font-semibold tracking-wider text-faint uppercase">{title} · {ids.length}</h3>
        <ul>{ids.map((id) => <SessionItem key={id} summary={sessions[id].summary} behind={sessions[id].behind} active={id === activeId} />)}</ul>
      </section>
    ) : null;
  if (order.length === 0) return <p className="px-3 py-3 text-[12px] text-faint">No sessions yet. Each connection you open is recorded here, live and past.</p>;
  return (
    <div>
      {section('Live', live)}
      {section('Past', past)}
    </div>
  );
}
