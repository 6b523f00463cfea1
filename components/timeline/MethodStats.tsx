'use client';
import { useDeferredValue, useMemo, useRef } from 'react';
import type { SessionView } from '@/components/stores/types';
import { IncrementalStats } from '@/lib/timeline/incremental-stats';
import { formatLatency, visibleText } from '@/lib/timeline/format';
import { setQueryTerm } from '@/lib/timeline/query';
import type { SeqLookup } from '@/lib/timeline/status';
import { filterOf, useTimeline } from '@/components/stores/timeline';

/** Per-method table: calls, errors, p50/p95/max latency. Clicking a row filters the timeline to it. */
export function MethodStats({ sessionId, view, lookup }: { sessionId: string; view: SessionView; lookup: SeqLookup }) {
  const version = useDeferredValue(view.version);
  const { events, changes, indexBySeq } = view;
  // Kept across renders: each update counts only what was appended or changed since the last.
  const kept = useRef<IncrementalStats | null>(null);
  const stats = useMemo(() => {
    void version; // events are appended in place; the version says when
    kept.current ??= new IncrementalStats();
    return kept.current.update(events, changes, lookup, indexBySeq);
  }, [events, changes, indexBySeq, lookup, version]);
  const query = useTimeline((s) => filterOf(s, sessionId).query);
  const setFilter = useTimeline((s) => s.setFilter);
  const activeMethod = /(?:^|\s)method:(\S+)/.exec(query)?.[1];

  if (stats.length === 0) {
    return <div className="border-b border-line px-3 py-2 text-[12px] text-faint">No requests or notifications yet: statistics appear as methods are called.</div>;
  }
  const th = 'px-2 py-1 text-left font-medium';
  return (
    <div className="max-h-[40%] shrink-0 overflow-auto border-b border-line bg-bg" aria-label="Per-method statistics">
      <table className="w-full table-fixed border-collapse text-[12px]">
        <colgroup>
          <col />
          <col className="w-[76px]" />
          <col className="w-[56px]" />
          <col className="w-[72px]" />
          <col className="w-[64px]" />
          <col className="w-[64px]" />
          <col className="w-[64px]" />
        </colgroup>
        <thead className="sticky top-0 bg-panel text-[11.5px] text-muted">
          <tr>
            <th className={th}>Method</th>
            <th className={`${th} text-right`}>Calls</th>
            <th className={`${th} text-right`}>Errors</th>
            <th className={`${th} text-right`} title="Requests with no answer (pending, timed out, target exited)">No answer</th>
            <th className={`${th} text-right`}>p50</th>
            <th className={`${th} text-right`}>p95</th>
            <th className={`${th} text-right`}>max</th>
          </tr>
        </thead>
        <tbody className="font-mono">
          {stats.map((s) => {
            const active = activeMethod === s.method;
            return (
              <tr
                key={s.method}
                onClick={() => setFilter(sessionId, { query: setQueryTerm(query, 'method', active ? null : s.method) })}
                className={`cursor-pointer border-t border-line/60 ${active ? 'bg-sel' : 'hover:bg-hover'}`}
                title={active ? 'Click to show all methods again' : `Show only ${s.method}`}
              >
                <td className="truncate px-2 py-0.5" title={visibleText(s.method)}>
                  <span className="mr-1.5 text-[11px]">{s.dirs.map((d) => (d === 'out' ? <span key={d} className="text-out">→</span> : <span key={d} className="text-in">←</span>))}</span>
                  {visibleText(s.method)}
                  {s.notifications ? <span className="ml-1.5 font-sans text-[11px] text-faint">{s.requests ? `${s.notifications} notif.` : 'notification'}</span> : null}
                </td>
                <td className="px-2 text-right tabular-nums" title={s.notifications ? `${s.requests} requests, ${s.notifications} notifications` : undefined}>
                  {s.count}
                </td>
                <td className={`px-2 text-right tabular-nums ${s.errors ? 'text-err' : 'text-faint'}`}>{s.errors}</td>
                <td className={`px-2 text-right tabular-nums ${s.unanswered ? 'text-pending' : 'text-faint'}`}>{s.unanswered}</td>
                <td className="px-2 text-right text-muted tabular-nums">{formatLatency(s.p50)}</td>
                <td className="px-2 text-right text-muted tabular-nums">{formatLatency(s.p95)}</td>
                <td className="px-2 text-right text-muted tabular-nums">{formatLatency(s.max)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
