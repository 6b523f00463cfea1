/**
 * The timeline's columns, once: their labels, default widths, which may be hidden, and the order
 * they give way in when the timeline is narrow. The app's header and rows both lay out from
 * `layoutColumns`, so they always line up; what the user chose (hidden columns, widths) comes in
 * as plain data from the preferences store and is sanitised here (localStorage may hold anything).
 */

export type ColumnId = 'seq' | 'time' | 'dir' | 'kind' | 'id' | 'method' | 'summary' | 'latency' | 'status' | 'findings';

export interface ColumnSpec {
  label: string;
  /** The column chooser's name for it, when the header label is too short to say ('#', '!'). */
  name: string;
  title?: string;
  align: 'left' | 'right' | 'center';
  /** Default width, px; for a growing column, its minimum. */
  width: number;
  /** Share of the spare width (CSS fr) while the user has not set a width. */
  grow?: number;
  /** Never hidden, whatever the width or the user's choice: what a row is about. */
  required?: boolean;
  /** When the timeline is too narrow, optional columns give way in this order (lowest first). */
  giveWay: number;
}

export const COLUMNS = {
  // Seven digits wide: a 1M-entry session's last seqs fit.
  seq: { label: '#', name: '# (seq)', align: 'right', width: 68, giveWay: 4 },
  time: { label: 'Time', name: 'Time', align: 'left', width: 76, giveWay: 2 },
  dir: { label: '', name: 'Direction', title: 'Direction: → sent to the target, ← from the target', align: 'center', width: 20, giveWay: 7 },
  kind: { label: 'Kind', name: 'Kind', align: 'left', width: 84, giveWay: 1 },
  id: { label: 'Id', name: 'Id', title: 'The id exactly as written on the wire', align: 'left', width: 56, giveWay: 3 },
  method: { label: 'Method', name: 'Method', align: 'left', width: 140, grow: 1, required: true, giveWay: 99 },
  summary: { label: 'Summary', name: 'Summary', title: 'What the entry says: log text, diagnostics per file, the tool called, the error, or its params', align: 'left', width: 120, grow: 3, giveWay: 5 },
  latency: { label: 'Latency', name: 'Latency', title: 'Time from request to its answer', align: 'right', width: 64, required: true, giveWay: 99 },
  status: { label: 'Status', name: 'Status', align: 'left', width: 88, required: true, giveWay: 99 },
  findings: { label: '!', name: '! (findings)', title: 'Rule findings', align: 'center', width: 28, giveWay: 6 },
} as const satisfies Record<ColumnId, ColumnSpec>;

/**
 * Left to right. Summary is last, like Wireshark's Info column: the one wide free-text column
 * takes whatever width is left, and the short fixed ones keep their places.
 */
export const COLUMN_ORDER: readonly ColumnId[] = ['seq', 'time', 'dir', 'kind', 'id', 'method', 'latency', 'status', 'findings', 'summary'];

export const MIN_COLUMN_PX = 20;
export const MAX_COLUMN_PX = 1200;

export interface ColumnPrefs {
  hidden: ColumnId[];
  widths: Partial<Record<ColumnId, number>>;
}

export const DEFAULT_COLUMN_PREFS: ColumnPrefs = { hidden: [], widths: {} };

const isColumnId = (v: unknown): v is ColumnId => typeof v === 'string' && Object.prototype.hasOwnProperty.call(COLUMNS, v);

/** Preferences as stored (maybe by an older build, maybe edited by hand), made valid. */
export function sanitizeColumnPrefs(saved: unknown): ColumnPrefs {
  if (typeof saved !== 'object' || saved === null) return DEFAULT_COLUMN_PREFS;
  const s = saved as { hidden?: unknown; widths?: unknown };
  const hidden = Array.isArray(s.hidden) ? s.hidden.filter((id): id is ColumnId => isColumnId(id) && !isRequired(id)) : [];
  const widths: Partial<Record<ColumnId, number>> = {};
  if (typeof s.widths === 'object' && s.widths !== null) {
    for (const [id, px] of Object.entries(s.widths)) if (isColumnId(id) && typeof px === 'number' && Number.isFinite(px)) widths[id] = clampWidth(px);
  }
  return { hidden: [...new Set(hidden)], widths };
}

export const clampWidth = (px: number) => Math.min(MAX_COLUMN_PX, Math.max(MIN_COLUMN_PX, Math.round(px)));
export const isRequired = (id: ColumnId) => (COLUMNS[id] as ColumnSpec).required === true;

export interface ColumnLayout {
  /** The columns shown, left to right. */
  ids: ColumnId[];
  /** CSS grid-template-columns for the header and every row. */
  template: string;
  /** Columns the user wants but that gave way to fit the width. */
  squeezed: ColumnId[];
}

/**
 * Which columns fit in `available` px and the grid template for them. Optional columns give way
 * (lowest `giveWay` first) until the rest fit at their widths, so Method, Latency and Status stay
 * on screen at any width; `available` 0 (not measured yet) keeps every wanted column.
 */
export function layoutColumns(prefs: ColumnPrefs, available: number): ColumnLayout {
  const widthOf = (id: ColumnId) => prefs.widths[id] ?? COLUMNS[id].width;
  const wanted = COLUMN_ORDER.filter((id) => isRequired(id) || !prefs.hidden.includes(id));
  const shown = new Set(wanted);
  const squeezed: ColumnId[] = [];
  if (available > 0) {
    let total = wanted.reduce((sum, id) => sum + widthOf(id), 0);
    const byGiveWay = wanted.filter((id) => !isRequired(id)).sort((a, b) => COLUMNS[a].giveWay - COLUMNS[b].giveWay);
    for (const id of byGiveWay) {
      if (total <= available) break;
      shown.delete(id);
      squeezed.push(id);
      total -= widthOf(id);
    }
  }
  const ids = COLUMN_ORDER.filter((id) => shown.has(id));
  const track = (id: ColumnId) => {
    const spec: ColumnSpec = COLUMNS[id];
    // A column the user sized keeps that size; growing columns share what is left.
    return spec.grow && prefs.widths[id] === undefined ? `minmax(${spec.width}px,${spec.grow}fr)` : `${widthOf(id)}px`;
  };
  // With no growing column left, the last one takes the rest, so the rows fill the width.
  const anyGrow = ids.some((id) => track(id).startsWith('minmax'));
  const template = ids.map((id, i) => (!anyGrow && i === ids.length - 1 ? `minmax(${widthOf(id)}px,1fr)` : track(id))).join(' ');
  return { ids, template, squeezed };
}
