'use client';
/** The entry's marks (lib/timeline/marks.ts) as small labelled badges: the word shown, the meaning in the tooltip. */
import type { EntryRow } from '@/lib/timeline/row';
import { entryMarks, type MarkId } from '@/lib/timeline/marks';
import type { SeqLookup } from '@/lib/timeline/status';

const LOOK: Record<MarkId, string> = {
  injected: 'border-accent/60 text-accent',
  consumed: 'border-line-strong text-muted',
  edited: 'border-warn/60 text-warn',
};

export function EntryMarks({ ev, lookup }: { ev: EntryRow; lookup: SeqLookup }) {
  const marks = entryMarks(ev, lookup);
  if (!marks.length) return null;
  return (
    <>
      {marks.map((m) => (
        <span
          key={m.id}
          title={m.title}
          data-mark={m.id}
          className={`mr-1 inline-block rounded border px-1 align-[1px] font-sans text-[10px] leading-[14px] font-medium ${LOOK[m.id]}`}
        >
          {m.label}
        </span>
      ))}
    </>
  );
}
