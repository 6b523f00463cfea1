'use client';
/**
 * "Move to…": a keyboard-reachable menu of every collection and folder an item can go to (the same
 * destinations drag and drop accepts). Arrow keys move, Enter picks, Escape closes.
 */
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { moveTargets, type MoveTarget } from '@/lib/collections/tree-ops';
import { useCollections, type CollectionItem } from '@/components/stores/collections';
import { messageOf } from '@/components/api/client';
import { Popover } from '@/components/ui/Popover';
import { Button } from '@/components/ui/Button';

export function MoveMenu({ item, onProblem }: { item: CollectionItem; onProblem(message: string | null): void }) {
  const anchor = useRef<HTMLSpanElement>(null);
  const [open, setOpen] = useState(false);
  return (
    <>
      <span ref={anchor} className="inline-flex">
        <Button size="xs" variant="ghost" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          Move to…
        </Button>
      </span>
      <Popover open={open} onClose={() => setOpen(false)} anchor={anchor} label={`Move ${item.name} to`} align="left" width={260}>
        {open ? <MoveList item={item} onDone={(problem) => { setOpen(false); onProblem(problem); anchor.current?.querySelector('button')?.focus(); }} /> : null}
      </Popover>
    </>
  );
}

function MoveList({ item, onDone }: { item: CollectionItem; onDone(problem: string | null): void }) {
  const list = useCollections((s) => s.list);
  const trees = useCollections((s) => s.trees);
  const targets = useMemo(() => moveTargets(list, trees, item), [list, trees, item]);
  const ref = useRef<HTMLUListElement>(null);
  const pick = async (t: MoveTarget) => {
    try {
      await useCollections.getState().moveItem(item.collectionId, item.id, { collectionId: t.collectionId, folderId: t.folderId });
      onDone(null);
    } catch (err) {
      onDone(messageOf(err));
    }
  };
  const onKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const buttons = [...(ref.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]:not(:disabled)') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const step = e.key === 'ArrowDown' ? 1 : e.key === 'ArrowUp' ? -1 : 0;
    if (step && buttons.length) {
      e.preventDefault();
      buttons[(at + step + buttons.length) % buttons.length].focus();
    }
  };
  const firstChoice = targets.findIndex((t) => !t.here);
  if (firstChoice < 0) return <p className="text-[12px] text-faint">There is nowhere else to move it: create a folder or another collection first.</p>;
  return (
    <ul role="menu" aria-label={`Move ${item.name} to`} ref={ref} onKeyDown={onKey} className="flex flex-col">
      {targets.map((t, i) => (
        <li role="none" key={`${t.collectionId}:${t.folderId ?? ''}`}>
          <button
            type="button"
            role="menuitem"
            data-autofocus={i === firstChoice ? true : undefined}
            disabled={t.here}
            aria-disabled={t.here || undefined}
            onClick={() => void pick(t)}
            className="w-full truncate rounded px-1.5 py-0.5 text-left text-[12px] hover:bg-hover focus:bg-sel focus:outline-none disabled:cursor-default disabled:text-faint disabled:hover:bg-transparent"
            style={{ paddingLeft: 6 + t.depth * 10 }}
            title={t.label}
          >
            {t.folderId ? t.label.split(' / ').at(-1) : <b>{t.label}</b>}{t.here ? <span className="text-faint"> (here)</span> : null}
          </button>
        </li>
      ))}
    </ul>
  );
}
