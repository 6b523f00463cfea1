'use client';
/** "Columns ▾": which timeline columns show, from the one column table; the choice is remembered. */
import { useRef, useState } from 'react';
import { COLUMNS, COLUMN_ORDER, isRequired, type ColumnSpec } from '@/lib/timeline/columns';
import { usePreferences } from '@/components/stores/preferences';
import { Popover } from '@/components/ui/Popover';
import { Button } from '@/components/ui/Button';

export function ColumnChooser() {
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLButtonElement>(null);
  const prefs = usePreferences((s) => s.columns);
  const setShown = usePreferences((s) => s.setColumnShown);
  const reset = usePreferences((s) => s.resetColumns);
  return (
    <>
      <button
        ref={anchor}
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        title="Choose the timeline's columns"
        className="h-6 shrink-0 rounded border border-line px-2 text-[12px] whitespace-nowrap text-muted hover:bg-hover hover:text-fg"
      >
        Columns ▾
      </button>
      <Popover open={open} onClose={() => setOpen(false)} anchor={anchor} label="Timeline columns" width={220}>
        <ul className="flex flex-col gap-0.5">
          {COLUMN_ORDER.map((id) => {
            const required = isRequired(id);
            return (
              <li key={id}>
                <label className={`flex items-center gap-2 rounded px-1 py-0.5 text-[12.5px] ${required ? 'text-faint' : 'cursor-pointer hover:bg-hover'}`} title={required ? 'Always shown' : undefined}>
                  <input type="checkbox" checked={required || !prefs.hidden.includes(id)} disabled={required} onChange={(e) => setShown(id, e.target.checked)} />
                  {(COLUMNS[id] as ColumnSpec).name}
                </label>
              </li>
            );
          })}
        </ul>
        <div className="mt-2 flex justify-end">
          <Button size="xs" variant="link" onClick={reset}>Reset widths and columns</Button>
        </div>
      </Popover>
    </>
  );
}
