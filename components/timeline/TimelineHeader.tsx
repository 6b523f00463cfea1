'use client';
/**
 * The timeline's column headers. Each column but the last has a drag handle on its right edge
 * (arrow keys move it too); the width goes to the preferences store, so it is remembered.
 */
import { useRef } from 'react';
import { COLUMNS, type ColumnId, type ColumnSpec } from '@/lib/timeline/columns';
import { usePreferences } from '@/components/stores/preferences';
import { ROW_HEIGHT } from './columns';

const ALIGN = { left: '', right: 'text-right', center: 'text-center' } as const;

function ResizeHandle({ id, cellRef }: { id: ColumnId; cellRef: React.RefObject<HTMLSpanElement | null> }) {
  const setWidth = usePreferences((s) => s.setColumnWidth);
  const start = useRef<{ x: number; w: number } | null>(null);
  const name = (COLUMNS[id] as ColumnSpec).name;
  return (
    <span
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize the ${name} column`}
      tabIndex={0}
      onPointerDown={(e) => {
        e.preventDefault();
        e.currentTarget.setPointerCapture(e.pointerId);
        start.current = { x: e.clientX, w: cellRef.current?.getBoundingClientRect().width ?? COLUMNS[id].width };
      }}
      onPointerMove={(e) => { if (start.current) setWidth(id, start.current.w + e.clientX - start.current.x); }}
      onPointerUp={() => { start.current = null; }}
      onPointerCancel={() => { start.current = null; }}
      onKeyDown={(e) => {
        const w = cellRef.current?.getBoundingClientRect().width ?? COLUMNS[id].width;
        const step = e.shiftKey ? 40 : 10;
        if (e.key === 'ArrowRight') setWidth(id, w + step);
        else if (e.key === 'ArrowLeft') setWidth(id, w - step);
      }}
      className="absolute inset-y-0 -right-1 z-10 w-2 cursor-col-resize hover:bg-accent/40 focus:bg-accent/40 focus:outline-none"
    />
  );
}

function HeaderCell({ id, last }: { id: ColumnId; last: boolean }) {
  const ref = useRef<HTMLSpanElement>(null);
  const spec: ColumnSpec = COLUMNS[id];
  return (
    // Named by its label alone: the resize handle inside must not become part of the header's name.
    <span ref={ref} role="columnheader" aria-label={spec.label || spec.name} data-col={id} title={spec.title} className={`relative truncate px-1.5 ${ALIGN[spec.align]}`}>
      {spec.label}
      {last ? null : <ResizeHandle id={id} cellRef={ref} />}
    </span>
  );
}

export function TimelineHeader({ columns, template }: { columns: readonly ColumnId[]; template: string }) {
  return (
    <div role="rowgroup" className="shrink-0 border-b border-line bg-panel text-[11.5px] font-medium text-muted">
      <div role="row" className="grid items-center" style={{ gridTemplateColumns: template, height: ROW_HEIGHT + 2 }}>
        {columns.map((id, i) => <HeaderCell key={id} id={id} last={i === columns.length - 1} />)}
      </div>
    </div>
  );
}
