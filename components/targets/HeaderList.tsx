'use client';
import { IconClose, IconPlus } from '@/components/ui/icons';
import type { HeaderRow } from './form';
import { fieldLook } from './fields';

/** Any number of request headers, name and value, in order. */
export function HeaderList({ rows, onChange, idPrefix }: { rows: HeaderRow[]; onChange(rows: HeaderRow[]): void; idPrefix: string }) {
  const update = (i: number, patch: Partial<HeaderRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <div className="flex flex-col gap-1">
      {rows.map((r, i) => (
        <div key={i} className="flex items-center gap-1">
          <input
            aria-label={`Header ${i + 1} name`}
            id={`${idPrefix}-h${i}-name`}
            className={`${fieldLook} w-[42%] min-w-0 shrink-0 font-mono`}
            placeholder="Name"
            spellCheck={false}
            value={r.name}
            onChange={(e) => update(i, { name: e.target.value })}
          />
          <input
            aria-label={`Header ${i + 1} value`}
            className={`${fieldLook} w-0 min-w-0 flex-1 font-mono`}
            placeholder="Value"
            spellCheck={false}
            value={r.value}
            onChange={(e) => update(i, { value: e.target.value })}
          />
          <button type="button" aria-label={`Remove header ${i + 1}`} className="rounded p-1 text-faint hover:bg-hover hover:text-fg" onClick={() => onChange(rows.filter((_, j) => j !== i))}>
            <IconClose size={12} />
          </button>
        </div>
      ))}
      <button type="button" className="inline-flex w-fit items-center gap-1 rounded px-1 py-0.5 text-[12px] text-accent hover:bg-hover" onClick={() => onChange([...rows, { name: '', value: '' }])}>
        <IconPlus size={12} /> Add header
      </button>
    </div>
  );
}
