'use client';
/**
 * The session as a sequence diagram: a lane per side, an arrow per shown entry, each request
 * joined to its answer. Virtualized on the time axis (lib/views/time-axis): only the rows on
 * screen and the joins crossing the screen are in the DOM, so 100k entries scroll like 100.
 * Clicking an arrow selects the entry (the sessions store's selection, shared with the timeline
 * and the inspector).
 */
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { EntryRow } from '@/lib/timeline/row';
import { entryTexts } from '@/components/stores/entry-texts';
import type { SessionView } from '@/components/stores/types';
import { useSessions } from '@/components/stores/sessions';
import { useViews } from '@/components/stores/views';
import type { SeqLookup, StatusTone } from '@/lib/timeline/status';
import { formatSinceStart } from '@/lib/timeline/format';
import { arrowOf, gapLabel, joinsOf, laneX, type Lane } from '@/lib/views/sequence';
import { COMPACT_AXIS, SCALED_AXIS, layoutAxis, rowsIn, type AxisGap } from '@/lib/views/time-axis';
import { joinWindow } from '@/lib/views/join-window';

const TONE: Record<StatusTone, string> = { ok: 'text-fg', error: 'text-err', warn: 'text-warn', pending: 'text-pending', muted: 'text-muted' };
const GUTTER = 76;
const INSET = 90;
/** Pixels drawn beyond each edge of the screen. */
const OVERSCAN_PX = 300;
/** The window moves in steps of this many pixels, so scrolling re-renders every few rows, not every pixel. */
const STEP_PX = 150;

/** The first gap at or after `row` (gaps are in row order). */
function firstGapFrom(gaps: readonly AxisGap[], row: number): number {
  let lo = 0;
  let hi = gaps.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (gaps[mid].row < row) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

interface ArrowRowProps {
  ev: EntryRow;
  lookup: SeqLookup;
  lanes: number;
  top: number;
  rowPx: number;
  width: number;
  selected: boolean;
  onSelect(seq: number): void;
  /** The session's version: an answer arriving changes the request's arrow. */
  version: number;
  sessionId: string;
}

const ArrowRow = memo(function ArrowRow({ sessionId, ev, lookup, lanes, top, rowPx, width, selected, onSelect }: ArrowRowProps) {
  // The page's rows hold no text: a stderr line's label comes from the text cache (fetched when missing).
  const a = arrowOf(ev, lanes, lookup, entryTexts.rawOf(sessionId));
  const y = top + rowPx * 0.6;
  const x = (lane: number) => GUTTER + laneX(lane, lanes, width - GUTTER, INSET);
  const x1 = x(a.from);
  const x2 = x(a.to);
  return (
    <g
      data-seq={ev.seq}
      data-kind={ev.kind}
      data-dashed={a.dashed || undefined}
      data-head={a.head}
      data-tone={a.tone}
      aria-selected={selected}
      role="listitem"
      aria-label={`#${ev.seq} ${a.title}`}
      className={`cursor-pointer ${TONE[a.tone]}`}
      onMouseDown={(e) => { if (e.button === 0) onSelect(ev.seq); }}
    >
      <title>{`#${ev.seq} ${a.title}`}</title>
      <rect x={0} y={top} width={width} height={rowPx} className={selected ? 'fill-sel' : 'fill-transparent hover:fill-hover'} />
      <text x={6} y={y + 4} className="fill-faint text-[10.5px] tabular-nums">{formatSinceStart(ev.t)}</text>
      {a.from === a.to ? (
        <>
          <circle cx={x1} cy={y} r={3} fill="currentColor" />
          <text x={x1 - 8} y={y + 4} textAnchor="end" fill="currentColor" className="text-[11px]">{a.label.length > 48 ? `${a.label.slice(0, 47)}…` : a.label}</text>
        </>
      ) : (
        <>
          <line x1={x1} y1={y} x2={x2} y2={y} stroke="currentColor" strokeWidth={a.batch ? 2.5 : 1.3} strokeDasharray={a.dashed ? '5 3' : undefined} markerEnd={a.head === 'none' ? undefined : `url(#seq-${a.head})`} />
          {a.batch ? <line x1={x1} y1={y + 3} x2={x2 + (x2 > x1 ? -8 : 8)} y2={y + 3} stroke="currentColor" strokeWidth={1} /> : null}
          <text x={(x1 + x2) / 2} y={y - 4} textAnchor="middle" fill="currentColor" className="text-[11px]">{a.label.length > 70 ? `${a.label.slice(0, 69)}…` : a.label}</text>
        </>
      )}
    </g>
  );
});

export function SequenceView({ view, indexes, lookup, lanes }: { view: SessionView; indexes: number[]; lookup: SeqLookup; lanes: Lane[] }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ w: 0, h: 0 });
  const [top, setTop] = useState(0);
  const selectedSeq = useSessions((s) => s.selectedSeq);
  const select = useSessions((s) => s.select);
  const scaled = useViews((s) => s.scaled);
  const events = view.events;
  const version = view.version;

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    setSize({ w: el.clientWidth, h: el.clientHeight });
    const ro = new ResizeObserver(() => setSize({ w: el.clientWidth, h: el.clientHeight }));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const axis = useMemo(() => {
    void version; // events are mutated in place; the version says they changed
    const times = new Float64Array(indexes.length);
    for (let r = 0; r < indexes.length; r++) times[r] = events[indexes[r]].t;
    return layoutAxis(times, scaled ? SCALED_AXIS : COMPACT_AXIS);
  }, [events, indexes, scaled, version]);

  const rowOfSeq = useMemo(() => {
    void version;
    const m = new Map<number, number>();
    for (let r = 0; r < indexes.length; r++) m.set(events[indexes[r]].seq, r);
    return m;
  }, [events, indexes, version]);

  // Every join once per layout (typed arrays): the visible ones are a cheap numeric scan per step.
  const joins = useMemo(() => joinsOf(events, indexes, (s) => rowOfSeq.get(s), lanes.length, lookup), [events, indexes, rowOfSeq, lanes.length, lookup]);
  const joinsNear = useMemo(() => joinWindow(joins), [joins]);

  const onScroll = useCallback(() => {
    const el = scrollRef.current;
    if (el) setTop(Math.floor(el.scrollTop / STEP_PX) * STEP_PX);
  }, []);

  // Keep the selected entry on screen when it is chosen elsewhere (the timeline, a pairing jump).
  const selectedRow = selectedSeq === null ? undefined : rowOfSeq.get(selectedSeq);
  useEffect(() => {
    const el = scrollRef.current;
    if (!el || selectedRow === undefined) return;
    const y = axis.top[selectedRow];
    if (y < el.scrollTop || y + axis.rowPx > el.scrollTop + el.clientHeight) el.scrollTop = Math.max(0, y - el.clientHeight / 3);
  }, [selectedRow, axis]);

  const y0 = Math.max(0, top - OVERSCAN_PX);
  const y1 = top + size.h + STEP_PX + OVERSCAN_PX;
  const { start, end } = rowsIn(axis, y0, y1);
  const width = Math.max(320, size.w);
  const x = (lane: number) => GUTTER + laneX(lane, lanes.length, width - GUTTER, INSET);
  const mid = (r: number) => axis.top[r] + axis.rowPx * 0.6;

  const rowsOnScreen = [];
  for (let r = start; r < end; r++) {
    const ev = events[indexes[r]];
    if (!ev) continue;
    // Keyed by row and memoized on absolute positions: a scroll step mounts only the rows that came into view.
    rowsOnScreen.push(
      <ArrowRow key={r} sessionId={view.summary.id} ev={ev} lookup={lookup} lanes={lanes.length} top={axis.top[r]} rowPx={axis.rowPx} width={width} selected={ev.seq === selectedSeq} onSelect={select} version={version} />,
    );
  }

  // Only the joins crossing the drawn rows (a binary search, not a scan of every join per step).
  const joinsOnScreen = [];
  for (const k of joinsNear.crossing(start, end)) {
    const j = joins[k];
    joinsOnScreen.push(
      <line key={k} data-join={`${events[indexes[j.fromRow]].seq}-${events[indexes[j.toRow]].seq}`} x1={x(j.lane)} y1={mid(j.fromRow)} x2={x(j.lane)} y2={mid(j.toRow)}
        stroke="currentColor" strokeWidth={4} strokeOpacity={0.3} strokeDasharray={j.dashed ? '4 3' : undefined} className={TONE[j.tone]} />,
    );
  }

  const gapsOnScreen: AxisGap[] = [];
  for (let k = firstGapFrom(axis.gaps, start); k < axis.gaps.length && axis.gaps[k].row <= end; k++) gapsOnScreen.push(axis.gaps[k]);

  return (
    <div className="relative flex min-h-0 flex-1 flex-col overflow-hidden" data-testid="sequence-view">
      <div className="relative h-7 shrink-0 border-b border-line bg-panel text-[11.5px] font-medium text-muted">
        {lanes.map((l, i) => (
          <span key={i} className="absolute top-1.5 -translate-x-1/2 whitespace-nowrap" style={{ left: x(i) }} title={l.hint} data-lane={l.label}>{l.label}</span>
        ))}
      </div>
      <div ref={scrollRef} onScroll={onScroll} className="relative min-h-0 flex-1 overflow-auto" data-testid="sequence-scroll">
        {indexes.length === 0 ? (
          <div className="flex h-full items-center justify-center p-6 text-[12.5px] text-muted">{events.length === 0 ? 'Nothing has crossed the wire yet.' : 'No entries match the filter.'}</div>
        ) : (
          <div style={{ height: axis.height, position: 'relative' }}>
            {/*
              One SVG as tall as the whole axis, rows at their own y: a scroll step adds and removes rows
              at the edges and moves nothing else, so the browser repaints only those (a band that moved
              with the window repainted every row on every step: the diagram's largest cost per frame).
            */}
            <svg role="list" aria-label="Sequence diagram" width={width} height={axis.height} style={{ position: 'absolute', top: 0, left: 0 }} className="select-none font-mono">
              <defs>
                <marker id="seq-filled" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" fill="context-stroke" /></marker>
                <marker id="seq-open" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0L10,5L0,10" fill="none" stroke="context-stroke" strokeWidth={1.5} /></marker>
              </defs>
              {lanes.map((_, i) => <line key={i} x1={x(i)} y1={0} x2={x(i)} y2={axis.height} className="stroke-line-strong" strokeWidth={1} />)}
              {gapsOnScreen.map((g) => {
                const gy = axis.top[g.row] - 7;
                return (
                  <g key={`gap-${g.row}`} className="text-faint" data-gap-ms={Math.round(g.ms)}>
                    <line x1={GUTTER} y1={gy} x2={width} y2={gy} stroke="currentColor" strokeDasharray="2 4" />
                    <text x={6} y={gy + 4} fill="currentColor" className="text-[10.5px] italic">{gapLabel(g.ms)}</text>
                  </g>
                );
              })}
              {joinsOnScreen}
              {rowsOnScreen}
            </svg>
          </div>
        )}
      </div>
    </div>
  );
}
