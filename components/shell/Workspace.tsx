'use client';
import { useDeferredValue, useMemo } from 'react';
/** Everything about the active session: composer, filters, statistics, timeline and inspector. */
import { useSessions } from '@/components/stores/sessions';
import { filterOf, useTimeline } from '@/components/stores/timeline';
import { usePreferences } from '@/components/stores/preferences';
import { FilterBar } from '@/components/timeline/FilterBar';
import { MethodStats } from '@/components/timeline/MethodStats';
import { Timeline } from '@/components/timeline/Timeline';
import { useFilteredIndexes } from '@/components/timeline/useFilteredIndexes';
import { useTimelineKeys } from '@/components/timeline/useTimelineKeys';
import { Inspector } from '@/components/inspector/Inspector';
import { Code } from '@/components/ui/EmptyState';
import { RecordingNotice } from '@/components/sessions/RecordingNotice';
import { McpPanel } from '@/components/mcp/McpPanel';
import { InterceptPanel } from '@/components/intercept/InterceptPanel';
import { FramingRetry } from '@/components/targets/FramingRetry';
import { ViewArea } from '@/components/views/ViewArea';
import { EndedBar } from '@/components/sessions/EndedBar';
import { Composer } from './Composer';
import { useElementWidth } from './useElementWidth';
import { Splitter } from './Splitter';

/**
 * The width the timeline keeps before the inspector gives way: every column at its default
 * width (lib/timeline/columns.ts adds up to 736 px) plus a scrollbar. Below that the timeline's
 * optional columns give way too, never Method, Latency or Status.
 */
const TIMELINE_MIN_PX = 772;

export function Workspace({ sessionId }: { sessionId: string }) {
  const view = useSessions((s) => s.sessions[sessionId]);
  const selectedSeq = useSessions((s) => s.selectedSeq);
  // Deferred: a keystroke in the filter box paints at once; the 100k-entry pass follows. Never
  // across a session switch, though: another session's filter must not show for a moment.
  const current = useTimeline((s) => filterOf(s, sessionId));
  const deferred = useDeferredValue(useMemo(() => ({ sessionId, filter: current }), [sessionId, current]));
  const filter = deferred.sessionId === sessionId ? deferred.filter : current;
  const statsOpen = usePreferences((s) => s.statsOpen);
  const inspectorWidth = usePreferences((s) => s.inspectorWidth);
  const setInspectorWidth = usePreferences((s) => s.setInspectorWidth);
  // On a narrow window the inspector gives way so the timeline keeps room for its key columns.
  const [rootRef, rootWidth] = useElementWidth<HTMLDivElement>();
  const shownInspector = rootWidth ? Math.max(240, Math.min(inspectorWidth, rootWidth - TIMELINE_MIN_PX)) : inspectorWidth;
  const { indexes, lookup, diagnostics, lastScanMs, scanning } = useFilteredIndexes(view, filter);
  useTimelineKeys(sessionId, view, indexes);

  if (!view) return null;
  const live = view.summary.status === 'open' || view.summary.status === 'connecting';
  const selected = selectedSeq !== null ? lookup(selectedSeq) : undefined;
  const emptyHint = live ? (
    <span>Connected. Nothing has crossed the wire yet: compose a request above and press <Code>Ctrl+Enter</Code>, or wait for the target to speak.</span>
  ) : view.summary.status === 'failed' ? (
    <span className="text-err">This session failed before any message: {view.summary.failure ?? 'see the session list for the reason'}.</span>
  ) : (
    <span>This recording has no entries.</span>
  );

  return (
    <div ref={rootRef} className="flex h-full min-h-0 min-w-0 flex-1">
      <div className="flex min-h-0 min-w-0 flex-1 flex-col">
        {/* Read-only (ended, imported) sessions get no composer: nothing can be sent there. */}
        {live ? <Composer sessionId={sessionId} /> : <EndedBar summary={view.summary} />}
        {/* A live MCP session has its panes as the composer's MCP tab; an ended one shows them here. */}
        {live ? null : <McpPanel sessionId={sessionId} live={false} />}
        <InterceptPanel sessionId={sessionId} live={live} />
        <FramingRetry sessionId={sessionId} />
        <RecordingNotice summary={view.summary} behind={view.behind} />
        <FilterBar sessionId={sessionId} shown={indexes.length} total={view.events.length} diagnostics={diagnostics} scanMs={lastScanMs} scanning={scanning}
          loading={view.filling ? Math.min(1, view.events.length / Math.max(1, view.summary.counts.events)) : null} />
        {statsOpen ? <MethodStats sessionId={sessionId} view={view} lookup={lookup} /> : null}
        <ViewArea sessionId={sessionId} view={view} indexes={indexes} lookup={lookup}>
        <Timeline sessionId={sessionId} view={view} indexes={indexes} lookup={lookup} emptyHint={emptyHint} />
        </ViewArea>
      </div>
      <Splitter axis="x" size={shownInspector} onResize={setInspectorWidth} invert label="Resize the inspector" />
      <aside className="flex min-h-0 shrink-0 flex-col bg-bg" style={{ width: shownInspector }} aria-label="Inspector">
        {/* Keyed by entry: a revealed secret (and any other per-entry state) ends with the selection. */}
        <Inspector key={selected ? `${sessionId}:${selected.seq}` : 'none'} sessionId={sessionId} ev={selected} lookup={lookup} />
      </aside>
    </div>
  );
}
