/**
 * The sequence diagram as a standalone SVG document (the "Export SVG" download). Built as text
 * from the same model the app draws (./sequence, ./time-axis); every piece of peer text is
 * XML-escaped, and the file holds no script and no external reference, so it opens anywhere.
 */
import type { EntryRow } from '../timeline/row';
import type { SeqLookup, StatusTone } from '../timeline/status';
import { formatSinceStart } from '../timeline/format';
import { arrowOf, gapLabel, joinsOf, laneX, type Lane } from './sequence';
import { COMPACT_AXIS, layoutAxis, type AxisOptions } from './time-axis';

/** Rows beyond this are left out of the file (it says so at its foot): an SVG of 100k arrows opens in no viewer. */
export const SVG_MAX_ROWS = 5000;

const COLORS: Record<StatusTone, string> = { ok: '#1f2937', error: '#dc2626', warn: '#b45309', pending: '#2563eb', muted: '#6b7280' };
const WIDTH = 760;
const GUTTER = 70;
const HEADER = 30;

const esc = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** Keeps a label on its arrow: long peer text is cut, never wrapped. */
const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

export function sequenceSvg(
  events: readonly EntryRow[],
  rows: readonly number[],
  lookup: SeqLookup,
  lanes: readonly Lane[],
  axisOptions: AxisOptions = COMPACT_AXIS,
): string {
  const shown = rows.slice(0, SVG_MAX_ROWS);
  const axis = layoutAxis(shown.map((i) => events[i].t), axisOptions);
  const rowOfSeq = new Map<number, number>();
  shown.forEach((i, r) => rowOfSeq.set(events[i].seq, r));
  const n = lanes.length;
  const x = (lane: number) => GUTTER + laneX(lane, n, WIDTH - GUTTER, 80);
  const cut = rows.length > shown.length ? 24 : 0;
  const height = HEADER + axis.height + 10 + cut;
  const mid = (r: number) => HEADER + axis.top[r] + axis.rowPx * 0.65;
  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="ui-monospace, Menlo, monospace" font-size="11">`);
  parts.push('<defs><marker id="filled" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" fill="context-stroke"/></marker>'
    + '<marker id="open" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0L10,5L0,10" fill="none" stroke="context-stroke" stroke-width="1.5"/></marker></defs>');
  parts.push(`<rect width="${WIDTH}" height="${height}" fill="#ffffff"/>`);
  lanes.forEach((lane, i) => {
    parts.push(`<text x="${x(i)}" y="18" text-anchor="middle" font-weight="600" fill="#111827">${esc(lane.label)}</text>`);
    parts.push(`<line x1="${x(i)}" y1="${HEADER - 4}" x2="${x(i)}" y2="${HEADER + axis.height}" stroke="#d1d5db"/>`);
  });
  for (const g of axis.gaps) {
    const y = HEADER + axis.top[g.row] - 6;
    parts.push(`<text x="4" y="${y}" fill="#9ca3af" font-style="italic">${esc(gapLabel(g.ms))}</text>`);
    parts.push(`<line x1="${GUTTER}" y1="${y - 3}" x2="${WIDTH - 4}" y2="${y - 3}" stroke="#e5e7eb" stroke-dasharray="2 3"/>`);
  }
  for (const j of joinsOf(events, shown, (s) => rowOfSeq.get(s), n, lookup)) {
    parts.push(`<line x1="${x(j.lane)}" y1="${mid(j.fromRow)}" x2="${x(j.lane)}" y2="${mid(j.toRow)}" stroke="${COLORS[j.tone]}" stroke-width="3" stroke-opacity="0.35"${j.dashed ? ' stroke-dasharray="4 3"' : ''}/>`);
  }
  shown.forEach((idx, r) => {
    const ev = events[idx];
    const a = arrowOf(ev, n, lookup);
    const y = mid(r);
    const color = COLORS[a.tone];
    parts.push(`<g data-seq="${ev.seq}"><title>${esc(`#${ev.seq} ${a.title}`)}</title>`);
    parts.push(`<text x="4" y="${y + 3}" fill="#9ca3af">${esc(formatSinceStart(ev.t))}</text>`);
    if (a.from === a.to) {
      parts.push(`<circle cx="${x(a.from)}" cy="${y}" r="3" fill="${color}"/><text x="${x(a.from) - 8}" y="${y + 3}" text-anchor="end" fill="${color}">${esc(clip(a.label, 40))}</text>`);
    } else {
      const x1 = x(a.from);
      const x2 = x(a.to);
      const dash = a.dashed ? ' stroke-dasharray="5 3"' : '';
      const marker = a.head === 'none' ? '' : ` marker-end="url(#${a.head})"`;
      parts.push(`<line x1="${x1}" y1="${y}" x2="${x2}" y2="${y}" stroke="${color}" stroke-width="${a.batch ? 2.5 : 1.2}"${dash}${marker}/>`);
      parts.push(`<text x="${(x1 + x2) / 2}" y="${y - 3}" text-anchor="middle" fill="${color}">${esc(clip(a.label, 60))}</text>`);
    }
    parts.push('</g>');
  });
  if (cut) parts.push(`<text x="4" y="${height - 8}" fill="#6b7280">${esc(`… and ${(rows.length - shown.length).toLocaleString('en-US')} more entries (the file keeps the first ${SVG_MAX_ROWS.toLocaleString('en-US')})`)}</text>`);
  parts.push('</svg>');
  return parts.join('\n');
}
