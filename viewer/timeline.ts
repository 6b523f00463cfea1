/**
 * The export's timeline: only the rows in view exist (a session can hold 100k entries), each
 * cell computed by the same lib/timeline functions the app's rows use.
 */
import type { TrafficEvent } from '../lib/session/types';
import { kindLabel, methodCell, type CellTone } from '../lib/timeline/cells';
import { positionOf } from '../lib/timeline/filter';
import { formatLatency, formatSinceStart, idLabel, visibleText } from '../lib/timeline/format';
import { entrySummary } from '../lib/timeline/summary';
import { eventStatus, findingsCount, rowLatency, type SeqLookup, type StatusTone } from '../lib/timeline/status';
import { add, clear, el } from './dom';
import { withMarks } from './marks';

const ROW_H = 22;
const OVERSCAN = 12;
// The app's columns in its order (lib/timeline/columns.ts): Summary last.
const COLUMNS = ['seq', 'time', 'dir', 'kind', 'id', 'method', 'latency', 'status', 'find.', 'summary'] as const;
const DIR_MARK = { out: '→', in: '←', meta: '•' } as const;
const TONE: Record<StatusTone, string> = { ok: 't-ok', error: 't-error', warn: 't-warn', pending: 't-pending', muted: 't-muted' };
const CELL_TONE: Record<CellTone, string> = { fg: '', faint: 't-muted', muted: 't-muted' };

export interface TimelineView {
  node: HTMLElement;
  /** New rows to show (positions into the session's events); keeps the selection if it is still shown. */
  setRows(indexes: readonly number[]): void;
  /** Selects the row at this position of the shown rows and scrolls it into view. */
  selectAt(position: number): void;
  selectSeq(seq: number): boolean;
  focus(): void;
}

export function renderTimeline(events: readonly TrafficEvent[], lookup: SeqLookup, onSelect: (ev: TrafficEvent | undefined) => void): TimelineView {
  const list = el('div', 'list');
  const cols = el('div', 'cols');
  for (const c of COLUMNS) cols.appendChild(el('span', '', c));
  const scroller = el('div', 'scroller');
  scroller.tabIndex = 0;
  scroller.setAttribute('role', 'listbox');
  scroller.setAttribute('aria-label', 'Timeline');
  const spacer = el('div');
  scroller.appendChild(spacer);
  add(list, cols, scroller);

  let rows: readonly number[] = [];
  let selected = -1; // position in rows
  let drawn = '';

  const selectedEvent = () => (selected >= 0 ? events[rows[selected]] : undefined);

  function renderRow(ev: TrafficEvent, position: number, pairSeq: number | undefined): HTMLElement {
    const row = el('div', `row${position === selected ? ' sel' : ev.seq === pairSeq ? ' paired' : ''}`);
    row.style.top = `${position * ROW_H}px`;
    row.setAttribute('role', 'option');
    row.dataset.position = String(position);
    row.dataset.seq = String(ev.seq);
    const status = eventStatus(ev, lookup);
    const findings = findingsCount(ev);
    const method = methodCell(ev, lookup);
    // The app's own summary function (one home), shown as text like every other cell. The session
    // file names no dialect, so every dialect's per-method table is tried (as the app does before detection).
    const summary = el('span', ev.kind === 'error' ? 't-error' : 't-muted', visibleText(entrySummary(ev, lookup)));
    if (summary.textContent) summary.title = summary.textContent;
    add(row,
      el('span', '', ev.seq),
      el('span', '', formatSinceStart(ev.t)),
      el('span', `dir-${ev.dir}`, DIR_MARK[ev.dir] ?? ev.dir),
      el('span', ev.kind === 'error' ? 't-error' : '', kindLabel(ev)),
      el('span', '', idLabel(ev.idText, ev.id)),
      withMarks(el('span', method ? CELL_TONE[method.tone] : '', method ? (method.prefix ? `${method.prefix} ` : '') + method.text : ''), ev, lookup),
      el('span', '', formatLatency(rowLatency(ev, lookup))),
      el('span', TONE[status.tone], status.label),
      el('span', findings ? 't-warn' : 't-muted', findings || ''),
      summary,
    );
    return row;
  }

  function draw(force: boolean): void {
    spacer.style.height = `${rows.length * ROW_H}px`;
    const first = Math.max(0, Math.floor(scroller.scrollTop / ROW_H) - OVERSCAN);
    const last = Math.min(rows.length, Math.ceil((scroller.scrollTop + scroller.clientHeight) / ROW_H) + OVERSCAN);
    const key = `${first}:${last}:${selected}:${rows.length}`;
    if (!force && key === drawn) return;
    drawn = key;
    clear(spacer);
    const pairSeq = selectedEvent()?.pair;
    for (let i = first; i < last; i++) spacer.appendChild(renderRow(events[rows[i]], i, pairSeq));
    if (!rows.length) spacer.appendChild(el('div', 'empty', events.length ? 'No event matches the filters.' : 'This session has no events.'));
  }

  function selectAt(position: number): void {
    if (position < 0 || position >= rows.length) return;
    selected = position;
    const top = position * ROW_H;
    if (top < scroller.scrollTop) scroller.scrollTop = top;
    else if (top + ROW_H > scroller.scrollTop + scroller.clientHeight) scroller.scrollTop = top + ROW_H - scroller.clientHeight;
    draw(true);
    onSelect(selectedEvent());
  }

  scroller.addEventListener('scroll', () => draw(false));
  window.addEventListener('resize', () => draw(true));
  scroller.addEventListener('click', (e) => {
    const row = e.target instanceof Element ? e.target.closest<HTMLElement>('.row') : null;
    if (row) selectAt(Number(row.dataset.position));
  });
  scroller.addEventListener('keydown', (e) => {
    const moves: Record<string, () => number> = {
      ArrowDown: () => selected + 1, j: () => selected + 1, ArrowUp: () => selected - 1, k: () => selected - 1,
      Home: () => 0, End: () => rows.length - 1,
    };
    const move = moves[e.key];
    if (!move || !rows.length) return;
    e.preventDefault();
    selectAt(Math.max(0, Math.min(rows.length - 1, move())));
  });

  return {
    node: list,
    setRows(indexes) {
      const keep = selected >= 0 ? rows[selected] : -1;
      rows = indexes;
      selected = keep >= 0 ? positionOf(rows, keep) : -1;
      draw(true);
    },
    selectAt,
    selectSeq(seq) {
      const i = rows.findIndex((idx) => events[idx].seq === seq);
      if (i < 0) return false;
      selectAt(i);
      return true;
    },
    focus: () => scroller.focus(),
  };
}
