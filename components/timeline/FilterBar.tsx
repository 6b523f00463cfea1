'use client';
import { useEffect, useId, useRef } from 'react';
import type { QueryDiagnostic } from '@/lib/timeline/query';
import { QUERY_FIELDS, QUERY_KEYS } from '@/lib/timeline/query-fields';
import type { Direction, EventKind } from '@/lib/session/types';
import { EVENT_KINDS, isEmptyFilter } from '@/lib/timeline/filter';
import { filterOf, useTimeline } from '@/components/stores/timeline';
import { usePreferences } from '@/components/stores/preferences';
import { Toggle } from '@/components/ui/Button';
import { IconClose, IconSearch, IconStats } from '@/components/ui/icons';
import { QueryInput } from './QueryInput';
import { ColumnChooser } from './ColumnChooser';

const QUERY_HELP = `Filter: free text searches the raw wire text. Fields: ${QUERY_KEYS.map((k) => QUERY_FIELDS[k].example).join(' ')}. Prefix - to exclude, commas for alternatives. Press ? for every field.`;

export function FilterBar({ sessionId, shown, total, diagnostics, scanMs, scanning = null, loading = null }: {
  sessionId: string;
  shown: number;
  total: number;
  diagnostics: QueryDiagnostic[];
  scanMs: number;
  /** A filter pass going on over frames: the share tested so far (the result so far is shown). */
  scanning?: number | null;
  /** The session's entries still being read into the page: the share read so far (the count is not the session's yet). */
  loading?: number | null;
}) {
  const problemsId = useId();
  const filter = useTimeline((s) => filterOf(s, sessionId));
  const setFilter = useTimeline((s) => s.setFilter);
  const resetFilter = useTimeline((s) => s.resetFilter);
  const focusTick = useTimeline((s) => s.focusFilterTick);
  const timeMode = usePreferences((s) => s.timeMode);
  const setTimeMode = usePreferences((s) => s.setTimeMode);
  const statsOpen = usePreferences((s) => s.statsOpen);
  const setStatsOpen = usePreferences((s) => s.setStatsOpen);
  const inputRef = useRef<HTMLInputElement>(null);
  const kindMenu = useRef<HTMLDetailsElement>(null);

  // The Kind menu closes on a click anywhere else, like a select would.
  useEffect(() => {
    const onDown = (e: MouseEvent) => {
      const el = kindMenu.current;
      if (el?.open && !el.contains(e.target as Node)) el.open = false;
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, []);

  useEffect(() => {
    if (focusTick) inputRef.current?.focus();
  }, [focusTick]);

  const set = (patch: Parameters<typeof setFilter>[1]) => setFilter(sessionId, patch);
  const toggleDir = (d: Direction) => set({ dirs: filter.dirs.includes(d) ? filter.dirs.filter((x) => x !== d) : [...filter.dirs, d] });
  const toggleKind = (k: EventKind) => set({ kinds: filter.kinds.includes(k) ? filter.kinds.filter((x) => x !== k) : [...filter.kinds, k] });

  return (
    <div className="shrink-0 border-b border-line bg-panel">
      <div className="flex items-center gap-2 px-2 pt-1.5">
        <div className="relative flex min-w-0 flex-1 items-center">
          <IconSearch size={13} className="pointer-events-none absolute left-2 z-10 text-faint" />
          <QueryInput
            ref={inputRef}
            value={filter.query}
            diagnostics={diagnostics}
            describedBy={problemsId}
            title={QUERY_HELP}
            onChange={(query) => set({ query })}
            onEscape={() => { if (!filter.query) return false; set({ query: '' }); return true; }}
            placeholder="Filter  method:textDocument/*  status:error  latency:>500  or any text"
          />
          {filter.query ? (
            <button type="button" aria-label="Clear the filter text" onClick={() => set({ query: '' })} className="absolute right-1 rounded p-0.5 text-faint hover:text-fg">
              <IconClose size={12} />
            </button>
          ) : null}
        </div>
        <span className="pl-1 text-[11.5px] whitespace-nowrap text-faint tabular-nums" title={`Last full filter pass: ${scanMs.toFixed(1)} ms`} data-testid="timeline-count">
          {shown === total ? `${total.toLocaleString()} ${total === 1 ? 'entry' : 'entries'}` : `${shown.toLocaleString()} of ${total.toLocaleString()}`}
        </span>
        {loading !== null ? <span className="text-[11.5px] whitespace-nowrap text-faint tabular-nums" data-testid="timeline-loading" role="status">loading {Math.floor(loading * 100)} %</span> : null}
        {scanning !== null ? <span className="text-[11.5px] whitespace-nowrap text-faint tabular-nums" data-testid="timeline-scanning" role="status">filtering {Math.floor(scanning * 100)} %</span> : null}
        {!isEmptyFilter(filter) ? (
          <button type="button" onClick={() => resetFilter(sessionId)} className="text-[11.5px] text-accent hover:underline">Reset</button>
        ) : null}
        <ColumnChooser />
        <Toggle on={statsOpen} onChange={setStatsOpen} title="Per-method statistics"><span className="inline-flex items-center gap-1"><IconStats size={12} /> Stats</span></Toggle>
        <Toggle on={timeMode === 'absolute'} onChange={(v) => setTimeMode(v ? 'absolute' : 'relative')} title="Time column: wall clock or time since the session started (t)">
          {timeMode === 'absolute' ? 'Clock' : 'Since start'}
        </Toggle>
      </div>
      <div className="flex flex-wrap items-center gap-1 px-2 py-1.5">
        <Toggle on={filter.dirs.includes('out')} onChange={() => toggleDir('out')} title="Only what was sent to the target"><span className="text-out">→</span> Sent</Toggle>
        <Toggle on={filter.dirs.includes('in')} onChange={() => toggleDir('in')} title="Only what came from the target"><span className="text-in">←</span> Received</Toggle>
        <Toggle on={filter.errorsOnly} onChange={(v) => set({ errorsOnly: v })} tone="err" title="Error responses and the requests they answer, invalid messages, timeouts, orphans">Errors</Toggle>
        <Toggle on={filter.findingsOnly} onChange={(v) => set({ findingsOnly: v })} tone="warn" title="Entries with rule findings">Findings</Toggle>
        <Toggle on={filter.pendingOnly} onChange={(v) => set({ pendingOnly: v })} tone="pending" title="Requests still waiting for an answer">Pending</Toggle>
        <details ref={kindMenu} className="relative">
          <summary className={`flex h-6 cursor-pointer list-none items-center rounded border px-2 text-[12px] ${filter.kinds.length ? 'border-sel-line bg-sel text-accent' : 'border-line text-muted hover:bg-hover hover:text-fg'}`}>
            Kind{filter.kinds.length ? ` · ${filter.kinds.length}` : ''} ▾
          </summary>
          <div className="absolute top-7 right-0 z-20 w-48 rounded border border-line-strong bg-bg p-1 shadow-lg">
            {EVENT_KINDS.map((k) => (
              <label key={k} className="flex cursor-pointer items-center gap-2 rounded px-2 py-0.5 font-mono text-[12px] hover:bg-hover">
                <input type="checkbox" checked={filter.kinds.includes(k)} onChange={() => toggleKind(k)} />
                {k}
              </label>
            ))}
          </div>
        </details>
        <Toggle on={filter.hideSecondary} onChange={(v) => set({ hideSecondary: v })} title="Hide stderr, connection and exit entries">Hide stderr/meta</Toggle>
      </div>
      {diagnostics.length ? (
        <ul id={problemsId} role="status" aria-label="What the filter did not understand" className="px-2 pb-1 text-[11.5px] text-warn">
          {diagnostics.map((d, i) => <li key={i}><code className="font-mono">{filter.query.slice(d.start, d.end)}</code> — {d.message}</li>)}
        </ul>
      ) : null}
    </div>
  );
}
