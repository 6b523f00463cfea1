/**
 * The export's sequence diagram: the app's model (lib/views: lanes, arrows, joins, the axis that
 * collapses idle gaps) drawn with SVG elements. Peer text goes in through textContent only. It
 * draws the first SVG_MAX_ROWS shown entries (it says so when there are more); the export's
 * timeline stays the way to walk a 100k-entry session.
 */
import type { TrafficEvent } from '../lib/session/types';
import type { SeqLookup, StatusTone } from '../lib/timeline/status';
import { formatSinceStart } from '../lib/timeline/format';
import { arrowOf, gapLabel, joinsOf, laneX, type Lane } from '../lib/views/sequence';
import { SVG_MAX_ROWS } from '../lib/views/sequence-svg';
import { COMPACT_AXIS, layoutAxis } from '../lib/views/time-axis';
import { clear, el } from './dom';

/** SVG's namespace name: an identifier, never fetched. */
const NS = 'http://www.w3.org/2000/svg';
const TONE: Record<StatusTone, string> = { ok: 't-fg', error: 't-error', warn: 't-warn', pending: 't-pending', muted: 't-muted' };
const GUTTER = 76;
const HEADER = 26;

function svgEl<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>, text?: string): SVGElementTagNameMap[K] {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

export interface SequencePanel {
  node: HTMLElement;
  setRows(indexes: readonly number[]): void;
}

export function renderSequence(events: readonly TrafficEvent[], lookup: SeqLookup, lanes: readonly Lane[], onSelect: (ev: TrafficEvent) => void): SequencePanel {
  const node = el('div', 'sequence');
  node.setAttribute('aria-label', 'Sequence diagram');
  const setRows = (indexes: readonly number[]) => {
    clear(node);
    const rows = indexes.slice(0, SVG_MAX_ROWS);
    const axis = layoutAxis(rows.map((i) => events[i].t), COMPACT_AXIS);
    const rowOf = new Map<number, number>();
    rows.forEach((i, r) => rowOf.set(events[i].seq, r));
    const width = Math.max(480, node.clientWidth || 720);
    const x = (lane: number) => GUTTER + laneX(lane, lanes.length, width - GUTTER, 80);
    const mid = (r: number) => HEADER + axis.top[r] + axis.rowPx * 0.6;
    const svg = svgEl('svg', { width, height: HEADER + axis.height + 8, class: 'mono' });
    lanes.forEach((lane, i) => {
      svg.appendChild(svgEl('text', { x: x(i), y: 16, 'text-anchor': 'middle', class: 'lane' }, lane.label));
      svg.appendChild(svgEl('line', { x1: x(i), y1: HEADER - 4, x2: x(i), y2: HEADER + axis.height, class: 'lane-line' }));
    });
    for (const g of axis.gaps) svg.appendChild(svgEl('text', { x: 4, y: HEADER + axis.top[g.row] - 5, class: 't-muted gap' }, gapLabel(g.ms)));
    for (const j of joinsOf(events, rows, (s) => rowOf.get(s), lanes.length, lookup)) {
      svg.appendChild(svgEl('line', { x1: x(j.lane), y1: mid(j.fromRow), x2: x(j.lane), y2: mid(j.toRow), class: `join ${TONE[j.tone]}`, ...(j.dashed ? { 'stroke-dasharray': '4 3' } : {}) }));
    }
    rows.forEach((idx, r) => {
      const ev = events[idx];
      const a = arrowOf(ev, lanes.length, lookup);
      const y = mid(r);
      const g = svgEl('g', { class: `arrow ${TONE[a.tone]}`, 'data-seq': ev.seq });
      g.appendChild(svgEl('title', {}, `#${ev.seq} ${a.title}`));
      g.appendChild(svgEl('rect', { x: 0, y: HEADER + axis.top[r], width, height: axis.rowPx, class: 'hit' }));
      g.appendChild(svgEl('text', { x: 4, y: y + 4, class: 't-muted' }, formatSinceStart(ev.t)));
      if (a.from === a.to) {
        g.appendChild(svgEl('circle', { cx: x(a.from), cy: y, r: 3, fill: 'currentColor' }));
        g.appendChild(svgEl('text', { x: x(a.from) - 8, y: y + 4, 'text-anchor': 'end', fill: 'currentColor' }, a.label.slice(0, 48)));
      } else {
        g.appendChild(svgEl('line', { x1: x(a.from), y1: y, x2: x(a.to), y2: y, stroke: 'currentColor', 'stroke-width': a.batch ? 2.5 : 1.3, ...(a.dashed ? { 'stroke-dasharray': '5 3' } : {}) }));
        // The head drawn as its own path (no marker reference): filled for a call or answer, open for a notification.
        const tip = x(a.to);
        const back = tip + (x(a.to) > x(a.from) ? -8 : 8);
        const d = `M${back},${y - 4}L${tip},${y}L${back},${y + 4}`;
        if (a.head === 'filled') g.appendChild(svgEl('path', { d: `${d}z`, fill: 'currentColor' }));
        else if (a.head === 'open') g.appendChild(svgEl('path', { d, fill: 'none', stroke: 'currentColor', 'stroke-width': 1.5 }));
        g.appendChild(svgEl('text', { x: (x(a.from) + x(a.to)) / 2, y: y - 4, 'text-anchor': 'middle', fill: 'currentColor' }, a.label.slice(0, 70)));
      }
      g.addEventListener('mousedown', () => onSelect(ev));
      svg.appendChild(g);
    });
    node.appendChild(svg);
    if (indexes.length > rows.length) node.appendChild(el('div', 'empty', `The diagram shows the first ${rows.length} of ${indexes.length} entries; filter to see others.`));
  };
  return { node, setRows };
}
