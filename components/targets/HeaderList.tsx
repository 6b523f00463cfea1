'use client';
import { IconClose, IconPlus } from '@/components/ui/icons';
import { Button, IconButton } from '@/components/ui/Button';
import { TextInput } from '@/components/ui/Field';
import type { HeaderRow } from './form';

/** Any number of request headers, name and value, in order. */
export function HeaderList({ rows, onChange, idPrefix }: { rows: HeaderRow[]; onChange(rows: HeaderRow[]): void; idPrefix: string }) {
  const update = (i: number, patch: Partial<HeaderRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <div className="flex flex-col gap-1">
      {rows.map((r, i) => (
        <div key={i} className="flex items-center gap-1">
          <TextInput
            code
            aria-label={`Header ${i + 1} name`}
            id={`${idPrefix}-h${i}-name`}
            className="w-[42%] shrink-0"
            placeholder="Name"
            value={r.name}
            onChange={(e) => update(i, { name: e.target.value })}
          />
          <TextInput
            code
            aria-label={`Header ${i + 1} value`}
            className="w-0 flex-1"
            placeholder="Value"
            value={r.value}
            onChange={(e) => update(i, { value: e.target.value })}
          />
          <IconButton aria-label={`Remove header ${i + 1}`} onClick={() => onChange(rows.filter((_, j) => j !== i))}>
            <IconClose size={12} />
          </IconButton>
        </div>
      ))}
      <Button variant="link" size="xs" className="w-fit" onClick={() => onChange([...rows, { name: '', value: '' }])}>
        <IconPlus size={12} /> Add header
      </Button>
    </div>
  );
}
