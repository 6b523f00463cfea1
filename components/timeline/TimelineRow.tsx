'use client';
import { memo } from 'react';
import type { TrafficEvent } from '@/lib/session/types';
import { eventStatus, findingsCount, isSecondary, rowLatency, type SeqLookup, type StatusTone } from '@/lib/timeline/status';
import { formatClock, formatLatency, formatSinceStart, idLabel, visibleText } from '@/lib/timeline/format';
import { kindLabel, methodCell, type CellTone } from '@/lib/timeline/cells';
import type { TimeMode } from '@/components/stores/preferences';
import { GRID_COLUMNS, ROW_HEIGHT } from './columns';

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

function MethodCell({ ev, lookup }: { ev: TrafficEvent; lookup: SeqLookup }) {
  const cell = methodCell(ev, lookup);
  if (!cell) return null;
  return <span className={CELL_TONE[cell.tone]}>{cell.prefix ? <><span className="text-faint">{cell.prefix}</span> </> : null}{cell.text}</span>;
}

export interface RowProps {
  ev: TrafficEvent;
  lookup: SeqLookup;
  selected: boolean;
  /** This row is the selected entry's pair. */
  paired: boolean;
  timeMode: TimeMode;
  top: number;
  onSelect(seq: number): void;
}

export const TimelineRow = memo(function TimelineRow({ ev, lookup, selected, paired, timeMode, top, onSelect }: RowProps) {
  const status = eventStatus(ev, lookup);
  const findings = findingsCount(ev);
  const hasErrorFinding = findings > 0 && (ev.findings.some((f) => f.severity === 'error') || !!ev.items?.some((it) => it.findings.some((f) => f.severity === 'error')));
  const secondary = isSecondary(ev);
  const latency = rowLatency(ev, lookup);
  const bg = selected ? 'bg-sel' : paired ? 'bg-pair' : 'hover:bg-hover';
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
      style={{ top, height: ROW_HEIGHT, gridTemplateColumns: GRID_COLUMNS }}
    >
      <span role="cell" className="truncate px-2 text-right text-faint tabular-nums">{ev.seq}</span>
      <span role="cell" className="truncate px-1.5 text-muted tabular-nums" title={new Date(ev.time).toISOString()}>
        {timeMode === 'absolute' ? formatClock(ev.time) : formatSinceStart(ev.t)}
      </span>
      <span role="cell" className={`text-center font-semibold ${DIR_COLOR[ev.dir]}`} title={DIR_TITLE[ev.dir]} aria-label={DIR_TITLE[ev.dir]}>{DIR_GLYPH[ev.dir]}</span>
      <span role="cell" className={`truncate px-1.5 ${ev.kind === 'error' ? 'text-err' : secondary ? 'text-faint' : 'text-muted'}`}>{kindLabel(ev)}</span>
      <span role="cell" className="truncate px-1.5 text-fg" title={visibleText(idLabel(ev.idText, ev.id))}>{visibleText(idLabel(ev.idText, ev.id))}</span>
      <span role="cell" className={`truncate px-1.5 ${secondary ? 'italic' : ''}`}><MethodCell ev={ev} lookup={lookup} /></span>
      <span role="cell" className="truncate px-1.5 text-right text-muted tabular-nums">{formatLatency(latency)}</span>
      <span role="cell" className={`truncate px-1.5 ${TONE[status.tone]}`} title={status.label}>{status.label}</span>
      <span role="cell" className={`px-1.5 text-center ${findings ? (hasErrorFinding ? 'font-semibold text-err' : 'font-semibold text-warn') : 'text-faint'}`} title={findings ? `${findings} rule finding${findings === 1 ? '' : 's'}` : undefined}>
        {findings || ''}
      </span>
    </div>
  );
});
