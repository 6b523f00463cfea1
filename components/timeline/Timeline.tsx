'use client';
/**
 * The conversation as a virtualized table: only the rows on screen exist in the DOM, so 100k
 * entries scroll like 100. Follows the newest entry while it arrives; scrolling up pauses that
 * and shows "Jump to latest".
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { SessionView } from '@/components/stores/types';
import { useSessions } from '@/components/stores/sessions';
import { followOf, useTimeline } from '@/components/stores/timeline';
import { usePreferences } from '@/components/stores/preferences';
import { IconArrowDown } from '@/components/ui/icons';
import type { SeqLookup } from '@/lib/timeline/status';
import { positionOf } from '@/lib/timeline/filter';
import { GRID_COLUMNS, ROW_HEIGHT } from './columns';
import { TimelineRow } from './TimelineRow';

/** Where each session's timeline was scrolled, so switching away and back lands in the same place. */
const savedScroll = new Map<string, number>();

/** More than the rows ever on screen plus overscan, so the visible slots never collide. */
const ROW_SLOTS = 512;

const HEADERS: [string, string, string?][] = [
  ['#', 'text-right'],
  ['Time', ''],
  ['', '', 'Direction: → sent to the target, ← from the target'],
  ['Kind', ''],
  ['Id', '', 'The id exactly as written on the wire'],
  ['Method', ''],
  ['Latency', 'text-right', 'Time from request to its answer'],
  ['Status', ''],
  ['!', 'text-center', 'Rule findings'],
];

export function Timeline({ sessionId, view, indexes, lookup, emptyHint }: {
  sessionId: string;
  view: SessionView;
  indexes: number[];
  lookup: SeqLookup;
  emptyHint: React.ReactNode;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const lastTop = useRef(0);
  const selectedSeq = useSessions((s) => s.selectedSeq);
  const select = useSessions((s) => s.select);
  const follow = useTimeline((s) => followOf(s, sessionId));
  const setFollow = useTimeline((s) => s.setFollow);
  const timeMode = usePreferences((s) => s.timeMode);
  const events = view.events;

  const virtualizer = useVirtualizer({
    count: indexes.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });

  // Whether the newest row is on screen: "Jump to latest" only makes sense when it is not.
  const [atBottom, setAtBottom] = useState(true);
  const measureBottom = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return true;
    const bottom = el.scrollHeight - el.scrollTop - el.clientHeight < ROW_HEIGHT * 1.5;
    setAtBottom(bottom);
    return bottom;
  }, []);

  // Switching sessions: put this one back where the user left it, once its rows are there
  // (a following session goes to the end instead).
  const restoreFor = useRef<string | null>(null);
  useLayoutEffect(() => {
    restoreFor.current = sessionId;
  }, [sessionId]);

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    if (follow && indexes.length) el.scrollTop = el.scrollHeight;
    else if (restoreFor.current === sessionId && indexes.length) {
      const saved = savedScroll.get(sessionId);
      if (saved !== undefined) el.scrollTop = saved;
    }
    if (indexes.length) restoreFor.current = null;
    lastTop.current = el.scrollTop;
    measureBottom();
  }, [sessionId, follow, indexes.length, view.version, measureBottom]);

  const onScroll = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    const bottom = measureBottom();
    savedScroll.set(sessionId, el.scrollTop);
    // Only a move upward by the user pauses following; content growing below never does.
    if (bottom) setFollow(sessionId, true);
    else if (el.scrollTop < lastTop.current - 1) setFollow(sessionId, false);
    lastTop.current = el.scrollTop;
  }, [sessionId, setFollow, measureBottom]);

  // Keep the selected entry on screen when it changes by keyboard or a pairing jump.
  const selectedPos = selectedSeq === null ? -1 : positionOf(indexes, view.indexBySeq.get(selectedSeq) ?? -1);
  useEffect(() => {
    if (selectedPos < 0) return;
    const el = scrollRef.current;
    if (!el) return;
    const top = selectedPos * ROW_HEIGHT;
    const headerPad = ROW_HEIGHT;
    if (top < el.scrollTop + headerPad || top + ROW_HEIGHT > el.scrollTop + el.clientHeight) {
      virtualizer.scrollToIndex(selectedPos, { align: 'auto' });
    }
  }, [selectedPos, virtualizer]);

  const selected = selectedSeq !== null ? lookup(selectedSeq) : undefined;
  const pairSeqs = new Set<number>();
  if (selected) {
    if (selected.pair !== undefined) pairSeqs.add(selected.pair);
    for (const it of selected.items ?? []) if (it.pair !== undefined) pairSeqs.add(it.pair);
  }

  const onSelect = useCallback((seq: number) => select(seq), [select]);
  const items = virtualizer.getVirtualItems();
  const hidden = events.length - indexes.length;

  return (
    <div className="relative flex min-h-0 flex-1 flex-col overflow-hidden" role="table" aria-label="Timeline" aria-rowcount={indexes.length}>
      <div role="rowgroup" className="grid shrink-0 items-center border-b border-line bg-panel text-[11.5px] font-medium text-muted" style={{ gridTemplateColumns: GRID_COLUMNS, height: ROW_HEIGHT + 2 }}>
        {HEADERS.map(([label, align, title], i) => (
          <span key={i} role="columnheader" title={title} className={`truncate px-1.5 ${align}`}>{label}</span>
        ))}
      </div>
      <div ref={scrollRef} onScroll={onScroll} className="relative min-h-0 flex-1 overflow-auto" data-testid="timeline-scroll">
        {indexes.length === 0 ? (
          <div className="flex h-full items-center justify-center p-6 text-center text-[12.5px] text-muted">
            {events.length === 0 ? emptyHint : `No entries match the filter (${hidden.toLocaleString()} hidden).`}
          </div>
        ) : (
          <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {items.map((vi) => {
              const ev = events[indexes[vi.index]];
              if (!ev) return null;
              return (
                <TimelineRow
                  // Keyed by slot, not by entry: while scrolling, React refills the same row
                  // elements with new text instead of creating and removing DOM nodes.
                  key={vi.index % ROW_SLOTS}
                  ev={ev}
                  lookup={lookup}
                  selected={ev.seq === selectedSeq}
                  paired={pairSeqs.has(ev.seq)}
                  timeMode={timeMode}
                  top={vi.start}
                  onSelect={onSelect}
                />
              );
            })}
          </div>
        )}
      </div>
      {!follow && !atBottom && indexes.length > 0 ? (
        <button
          type="button"
          onClick={() => setFollow(sessionId, true)}
          className="absolute right-4 bottom-3 inline-flex items-center gap-1.5 rounded-full border border-line-strong bg-bg px-3 py-1 text-[12px] font-medium text-fg shadow-md hover:bg-hover"
        >
          <IconArrowDown size={13} /> Jump to latest
        </button>
      ) : null}
    </div>
  );
}
