'use client';
/**
 * The conversation as a virtualized table: only the rows on screen exist in the DOM, so 100k
 * entries scroll like 100. Follows the newest entry while it arrives; scrolling up pauses that
 * and shows "Jump to latest".
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { SessionView } from '@/components/stores/types';
import { useSessions } from '@/components/stores/sessions';
import { followOf, useTimeline } from '@/components/stores/timeline';
import { usePreferences } from '@/components/stores/preferences';
import { entryTexts, useTextsVersion } from '@/components/stores/entry-texts';
import { IconArrowDown } from '@/components/ui/icons';
import type { SeqLookup } from '@/lib/timeline/status';
import { positionOf } from '@/lib/timeline/filter';
import { layoutColumns } from '@/lib/timeline/columns';
import { ROW_HEIGHT } from './columns';
import { TimelineHeader } from './TimelineHeader';
import { TimelineRow } from './TimelineRow';

/** Where each session's timeline was scrolled, so switching away and back lands in the same place. */
const savedScroll = new Map<string, number>();

/** Rows rendered beyond each edge of the screen. */
const OVERSCAN = 8;
/** The window moves in steps of this many rows, so scrolling re-renders every few rows, not every row. */
const WINDOW_STEP = 8;
/** The first row of the step holding `row`: scroll state changes once per step, so React renders once per step. */
const stepOf = (row: number) => Math.floor(row / WINDOW_STEP) * WINDOW_STEP;
/**
 * A jump (the scroll moved by more than a screen: a scrollbar drag) renders the rows on screen
 * only, from the exact row, until the scroll has rested this long: every frame of a drag refills
 * every row, and the step's and the overscan's rows are a third of them (issue 11: frames over
 * 50 ms in a scrollbar sweep at 1M entries).
 */
const JUMP_REST_MS = 150;

export function Timeline({ sessionId, view, indexes, lookup, emptyHint }: {
  sessionId: string;
  view: SessionView;
  indexes: number[];
  lookup: SeqLookup;
  emptyHint: React.ReactNode;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const lastTop = useRef(0);
  /** The row at the top after the last scroll event (what a jump is measured from). */
  const lastRow = useRef(0);
  const selectedSeq = useSessions((s) => s.selectedSeq);
  const select = useSessions((s) => s.select);
  const follow = useTimeline((s) => followOf(s, sessionId));
  const setFollow = useTimeline((s) => s.setFollow);
  const timeMode = usePreferences((s) => s.timeMode);
  const columnPrefs = usePreferences((s) => s.columns);
  const events = view.events;
  const dialect = view.summary.dialect?.id;
  // Rows hold no wire text: the Summary and stderr lines read it from the cache, fetched when missing.
  const textsVersion = useTextsVersion();
  const rawOf = useMemo(() => entryTexts.rawOf(sessionId), [sessionId]);

  // Rows have one fixed height, so the visible window is arithmetic: no per-row measurement, no
  // position table rebuilt when the count changes, and the bottom is known before layout.
  const [viewportH, setViewportH] = useState(0);
  const [viewportW, setViewportW] = useState(0);
  // Which columns fit is decided by the width: Method, Latency and Status never leave the screen.
  const layout = useMemo(() => layoutColumns(columnPrefs, viewportW), [columnPrefs, viewportW]);
  const [scrollRow, setScrollRow] = useState(0);
  /** Jumping: the last scroll moved by more than a screen, and has not rested for JUMP_REST_MS. */
  const [jumping, setJumping] = useState(false);
  const rest = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => { if (rest.current) clearTimeout(rest.current); }, []);
  /** The scroll state for a top row: its step's first row, or while jumping the row itself (a jump renders no margin). */
  const rowState = (row: number) => (rest.current ? row : stepOf(row));
  const count = indexes.length;
  // What onScroll needs to know without reading layout (kept current by the effect below).
  const extent = useRef({ count: 0, height: 0 });
  const bottomTop = Math.max(0, count * ROW_HEIGHT - viewportH);
  // While following, render the bottom rows in this same pass instead of waiting for the scroll event.
  const topRow = follow ? Math.floor(bottomTop / ROW_HEIGHT) : Math.min(scrollRow, Math.max(0, count - 1));
  const jump = jumping && !follow;
  const firstRow = jump ? topRow : stepOf(topRow);
  const visibleRows = Math.ceil(viewportH / ROW_HEIGHT) + 1;
  const windowStart = Math.max(0, firstRow - (jump ? 0 : OVERSCAN));
  const windowEnd = Math.min(count, firstRow + visibleRows + (jump ? 0 : WINDOW_STEP + OVERSCAN));
  /**
   * The most rows the window holds: rows are keyed by position modulo this, so no two in the
   * window share a key, a row that stays in view keeps its element, and a jump (a scrollbar drag,
   * a new filter) refills every element in place instead of removing them and making new ones
   * (keyed modulo a larger number, a jump at 1M re-made each row: frames of 50–80 ms).
   */
  const slotCount = visibleRows + WINDOW_STEP + 2 * OVERSCAN;

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    setViewportH(el.clientHeight);
    setViewportW(el.clientWidth);
    const ro = new ResizeObserver((entries) => {
      setViewportH(entries[0]?.contentRect.height ?? el.clientHeight);
      setViewportW(entries[0]?.contentRect.width ?? el.clientWidth);
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  // Whether the newest row is on screen: "Jump to latest" only makes sense when it is not.
  const [atBottom, setAtBottom] = useState(true);
  const measureBottom = useCallback((top: number) => {
    const { count: n, height } = extent.current;
    const bottom = n * ROW_HEIGHT - top - height < ROW_HEIGHT * 1.5;
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
    extent.current = { count, height: viewportH };
    // An empty list shows a placeholder, and the browser puts scrollTop back to 0.
    let top = count ? lastTop.current : 0;
    if (follow && count) top = bottomTop;
    else if (restoreFor.current === sessionId && count) {
      const saved = savedScroll.get(sessionId);
      if (saved !== undefined) top = saved;
    }
    // Writing scrollTop only when it moves: the write is what costs a layout.
    if (follow && count) {
      if (Math.abs(lastTop.current - top) >= 1 || restoreFor.current === sessionId) el.scrollTop = top;
    } else if (restoreFor.current === sessionId && count) {
      el.scrollTop = top;
      setScrollRow(rowState(Math.floor(top / ROW_HEIGHT)));
    }
    if (count) restoreFor.current = null;
    lastTop.current = top;
    measureBottom(top);
  }, [sessionId, follow, count, bottomTop, viewportH, view.version, measureBottom]);

  // Following renders the bottom without scrollRow; when it stops, start from where the view is.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!follow && el) setScrollRow(rowState(Math.floor(el.scrollTop / ROW_HEIGHT)));
  }, [follow]);

  const onScroll = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    const top = el.scrollTop;
    const bottom = measureBottom(top);
    savedScroll.set(sessionId, top);
    // Only a move upward by the user pauses following; content growing below never does.
    if (bottom) setFollow(sessionId, true);
    else if (top < lastTop.current - 1) setFollow(sessionId, false);
    lastTop.current = top;
    // While following, the render already shows the bottom: no second render for our own scroll.
    if (bottom && followOf(useTimeline.getState(), sessionId)) return;
    const row = Math.floor(top / ROW_HEIGHT);
    if (Math.abs(row - lastRow.current) > extent.current.height / ROW_HEIGHT || rest.current) {
      // A jump, or a scroll soon after one: the exact row, no margins, until the scroll rests.
      setJumping(true);
      setScrollRow(row);
      if (rest.current) clearTimeout(rest.current);
      rest.current = setTimeout(() => {
        rest.current = null;
        setJumping(false);
      }, JUMP_REST_MS);
    } else setScrollRow(stepOf(row));
    lastRow.current = row;
  }, [sessionId, setFollow, measureBottom]);

  // Keep the selected entry on screen when it changes by keyboard or a pairing jump.
  const selectedPos = selectedSeq === null ? -1 : positionOf(indexes, view.indexBySeq.get(selectedSeq) ?? -1);
  useEffect(() => {
    if (selectedPos < 0) return;
    const el = scrollRef.current;
    if (!el) return;
    const top = selectedPos * ROW_HEIGHT;
    if (top < el.scrollTop) el.scrollTop = top;
    else if (top + ROW_HEIGHT > el.scrollTop + el.clientHeight) el.scrollTop = top + ROW_HEIGHT - el.clientHeight;
  }, [selectedPos]);

  const selected = selectedSeq !== null ? lookup(selectedSeq) : undefined;
  const pairSeqs = new Set<number>();
  if (selected) {
    if (selected.pair !== undefined) pairSeqs.add(selected.pair);
    for (const it of selected.items ?? []) if (it.pair !== undefined) pairSeqs.add(it.pair);
  }

  const onSelect = useCallback((seq: number) => select(seq), [select]);
  const slots: number[] = [];
  for (let i = windowStart; i < windowEnd; i++) slots.push(i);
  const hidden = events.length - indexes.length;

  return (
    <div className="relative flex min-h-0 flex-1 flex-col overflow-hidden" role="table" aria-label="Timeline" aria-rowcount={indexes.length}>
      <TimelineHeader columns={layout.ids} template={layout.template} />
      <div ref={scrollRef} onScroll={onScroll} className="relative min-h-0 flex-1 overflow-y-auto overflow-x-hidden" data-testid="timeline-scroll" data-squeezed={layout.squeezed.join(' ') || undefined}>
        {indexes.length === 0 ? (
          <div className="flex h-full items-center justify-center p-6 text-center text-[12.5px] text-muted">
            {events.length === 0 ? emptyHint : `No entries match the filter (${hidden.toLocaleString()} hidden).`}
          </div>
        ) : (
          // Contained (its height is set, its rows are too): a flood's growing list lays out nothing outside it.
          <div role="rowgroup" style={{ height: count * ROW_HEIGHT, position: 'relative', contain: 'strict' }}>
            {slots.map((pos) => {
              const ev = events[indexes[pos]];
              if (!ev) return null;
              return (
                <TimelineRow
                  // Keyed by slot, not by entry: while scrolling, React refills the same row
                  // elements with new text instead of creating and removing DOM nodes.
                  key={pos % slotCount}
                  ev={ev}
                  lookup={lookup}
                  selected={ev.seq === selectedSeq}
                  paired={pairSeqs.has(ev.seq)}
                  timeMode={timeMode}
                  top={pos * ROW_HEIGHT}
                  columns={layout.ids}
                  template={layout.template}
                  dialect={dialect}
                  rawOf={rawOf}
                  textsVersion={textsVersion}
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
