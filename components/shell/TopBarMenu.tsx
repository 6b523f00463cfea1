'use client';
/**
 * The top bar's "⋯" menu: on a narrow window (below `COMPACT_BAR_PX`) the session's secondary
 * actions — Export, Share, Probe this target, Probe report, Disconnect — move here so the bar's
 * controls never overlap. A menu button (Enter / Space / ArrowDown open it), arrow keys move,
 * Enter picks, Escape closes and gives focus back to the button.
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import { Popover } from '@/components/ui/Popover';
import { Button } from '@/components/ui/Button';

/** Below this header width the secondary actions go into the menu (1024×700 must fit). */
export const COMPACT_BAR_PX = 1200;

export interface MenuAction {
  id: string;
  label: string;
  title?: string;
  disabled?: boolean;
  danger?: boolean;
  run(): void;
}

export function TopBarMenu({ actions }: { actions: MenuAction[] }) {
  const anchor = useRef<HTMLSpanElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const [open, setOpen] = useState(false);
  const close = () => {
    setOpen(false);
    anchor.current?.querySelector('button')?.focus();
  };
  const onKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const items = [...(list.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]:not(:disabled)') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    const next = e.key === 'ArrowDown' ? at + 1 : e.key === 'ArrowUp' ? at - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? items.length - 1 : null;
    if (next === null || !items.length) return;
    e.preventDefault();
    items[(next + items.length) % items.length].focus();
  };
  if (actions.length === 0) return null;
  return (
    <span ref={anchor} className="inline-flex shrink-0">
      <Button
        size="xs"
        aria-label="More session actions"
        title="More: export, share, probe, disconnect"
        aria-haspopup="menu"
        aria-expanded={open}
        data-testid="top-bar-more"
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        <span aria-hidden="true">⋯</span>
      </Button>
      <Popover open={open} onClose={() => setOpen(false)} anchor={anchor} label="More session actions" width={200}>
        <ul role="menu" aria-label="More session actions" ref={list} onKeyDown={onKey} className="-m-1.5 flex flex-col">
          {actions.map((a, i) => (
            <li role="none" key={a.id}>
              <button
                type="button"
                role="menuitem"
                disabled={a.disabled}
                title={a.title}
                data-autofocus={i === actions.findIndex((x) => !x.disabled) ? true : undefined}
                onClick={() => {
                  close();
                  a.run();
                }}
                className={`w-full rounded px-2 py-1 text-left text-[12.5px] hover:bg-hover focus:bg-sel focus:outline-none disabled:cursor-default disabled:text-faint ${a.danger ? 'hover:text-err' : ''}`}
              >
                {a.label}
              </button>
            </li>
          ))}
        </ul>
      </Popover>
    </span>
  );
}
