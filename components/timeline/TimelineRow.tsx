'use client';
import { Fragment, memo } from 'react';
import type { EntryRow, RawOf } from '@/lib/timeline/row';
import { eventStatus, findingsCount, isSecondary, rowLatency, type SeqLookup, type StatusTone } from '@/lib/timeline/status';
import { formatClock, formatLatency, formatSinceStart, idLabel, visibleText } from '@/lib/timeline/format';
import { kindLabel, methodCell, type CellTone } from '@/lib/timeline/cells';
import type { TimeMode } from '@/components/stores/preferences';
import { entrySummary } from '@/lib/timeline/summary';
import type { ColumnId } from '@/lib/timeline/columns';
import { ROW_HEIGHT } from './columns';
import { EntryMarks } from './EntryMarks';

const TONE: Record<StatusTone, string> = {
  ok: 'text-ok',
  error: 'text-err',
  warn: 'text-warn',
  pending: 'text-pending',
  muted: 'text-faint',
};

const DIR_GLYPH = { out: '→', in: '←', meta: '•' } as const;
const DIR_TITLE = { out: 'sent to the target', in: 'from the target', meta: 'about the connection' } as const;
const DIR_COLOR = { out: 'text-out', in: 'text-in', meta: 'text-meta' } as const;

const CELL_TONE: Record<CellTone, string> = { fg: 'text-fg', faint: 'text-faint', muted: 'text-muted' };

function MethodCell({ ev, lookup, rawOf }: { ev: EntryRow; lookup: SeqLookup; rawOf: RawOf }) {
  const cell = methodCell(ev, lookup, rawOf);
  if (!cell) return <EntryMarks ev={ev} lookup={lookup} />;
  return <><EntryMarks ev={ev} lookup={lookup} /><span className={CELL_TONE[cell.tone]}>{cell.prefix ? <><span className="text-faint">{cell.prefix}</span> </> : null}{cell.text}</span></>;
}

export interface RowProps {
  ev: EntryRow;
  lookup: SeqLookup;
  selected: boolean;
  /** This row is the selected entry's pair. */
  paired: boolean;
  timeMode: TimeMode;
  top: number;
  /** Columns shown, left to right, and their grid template (lib/timeline/columns.ts). */
  columns: readonly ColumnId[];
  template: string;
  /** The session's dialect: how the Summary reads known methods. */
  dialect?: string;
  /** The entry texts the Summary and a stderr line show (components/stores/entry-texts.ts)… */
  rawOf: RawOf;
  /** …and their cache's version, so a row re-renders when its text arrives. */
  textsVersion: number;
  onSelect(seq: number): void;
}

interface CellContext {
  ev: EntryRow;
  lookup: SeqLookup;
  timeMode: TimeMode;
  secondary: boolean;
  dialect?: string;
  rawOf: RawOf;
}

/** One renderer per column: the compiler rejects a column without one. */
const CELLS: Record<ColumnId, (c: CellContext) => React.ReactElement> = {
  seq: ({ ev }) => <span role="cell" className="truncate px-2 text-right text-faint tabular-nums">{ev.seq}</span>,
  time: ({ ev, timeMode }) => (
    <span role="cell" className="truncate px-1.5 text-muted tabular-nums" title={new Date(ev.time).toISOString()}>
      {timeMode === 'absolute' ? formatClock(ev.time) : formatSinceStart(ev.t)}
    </span>
  ),
  dir: ({ ev }) => <span role="cell" className={`text-center font-semibold ${DIR_COLOR[ev.dir]}`} title={DIR_TITLE[ev.dir]} aria-label={DIR_TITLE[ev.dir]}>{DIR_GLYPH[ev.dir]}</span>,
  kind: ({ ev, secondary }) => <span role="cell" className={`truncate px-1.5 ${ev.kind === 'error' ? 'text-err' : secondary ? 'text-faint' : 'text-muted'}`}>{kindLabel(ev)}</span>,
  id: ({ ev }) => {
    const text = visibleText(idLabel(ev.idText, ev.id));
    return <span role="cell" className="truncate px-1.5 text-fg" title={text}>{text}</span>;
  },
  method: ({ ev, lookup, secondary, rawOf }) => <span role="cell" data-col="method" className={`truncate px-1.5 ${secondary ? 'italic' : ''}`}><MethodCell ev={ev} lookup={lookup} rawOf={rawOf} /></span>,
  summary: ({ ev, lookup, dialect, rawOf }) => {
    const text = visibleText(entrySummary(ev, lookup, dialect, rawOf));
    return <span role="cell" data-col="summary" className={`truncate px-1.5 ${ev.kind === 'error' ? 'text-err' : 'text-muted'}`} title={text || undefined}>{text}</span>;
  },
  latency: ({ ev, lookup }) => <span role="cell" data-col="latency" className="truncate px-1.5 text-right text-muted tabular-nums">{formatLatency(rowLatency(ev, lookup))}</span>,
  status: ({ ev, lookup }) => {
    const status = eventStatus(ev, lookup);
    return <span role="cell" data-col="status" className={`truncate px-1.5 ${TONE[status.tone]}`} title={status.label}>{status.label}</span>;
  },
  findings: ({ ev }) => {
    const findings = findingsCount(ev);
    const hasErrorFinding = findings > 0 && (ev.findings.some((f) => f.severity === 'error') || !!ev.items?.some((it) => it.findings.some((f) => f.severity === 'error')));
    return (
      <span role="cell" className={`px-1.5 text-center ${findings ? (hasErrorFinding ? 'font-semibold text-err' : 'font-semibold text-warn') : 'text-faint'}`} title={findings ? `${findings} rule finding${findings === 1 ? '' : 's'}` : undefined}>
        {findings || ''}
      </span>
    );
  },
};

export const TimelineRow = memo(function TimelineRow({ ev, lookup, selected, paired, timeMode, top, columns, template, dialect, rawOf, onSelect }: RowProps) {
  const secondary = isSecondary(ev);
  const bg = selected ? 'bg-sel' : paired ? 'bg-pair' : 'hover:bg-hover';
  const ctx: CellContext = { ev, lookup, timeMode, secondary, dialect, rawOf };
  return (
    <div
      role="row"
      aria-selected={selected}
      data-seq={ev.seq}
      data-kind={ev.kind}
      data-dir={ev.dir}
      data-paired={paired || undefined}
      onMouseDown={(e) => { if (e.button === 0) onSelect(ev.seq); }}
      className={`absolute inset-x-0 grid cursor-default items-center border-b border-line/50 font-mono text-[12px] ${bg} ${secondary ? 'opacity-70' : ''}`}
      // Contained: a row's size never depends on its text, so re-filling it lays out only itself.
      style={{ top, height: ROW_HEIGHT, gridTemplateColumns: template, contain: 'strict' }}
    >
      {columns.map((id) => <Fragment key={id}>{CELLS[id](ctx)}</Fragment>)}
    </div>
  );
});
