'use client';
/** Method name input with completion from the session's methods and any registered method sources. */
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { MethodSuggestion } from '@/components/stores/builder';
import { TextInput } from '@/components/ui/Field';

export interface SuggestionGroup {
  label: string;
  methods: MethodSuggestion[];
}

const MAX_SHOWN = 50;

export function MethodField(props: {
  value: string;
  onChange: (value: string) => void;
  onPick?: (s: MethodSuggestion) => void;
  onSubmit?: () => void;
  groups: SuggestionGroup[];
  disabled?: boolean;
  id?: string;
  'aria-label'?: string;
  className?: string;
  placeholder?: string;
}) {
  const { value, onChange, groups } = props;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  const flat = useMemo(() => {
    const q = value.trim().toLowerCase();
    const seen = new Set<string>();
    const out: { group: string; s: MethodSuggestion; rank: number }[] = [];
    for (const g of groups) {
      for (const s of g.methods) {
        if (seen.has(s.name)) continue;
        const name = s.name.toLowerCase();
        const at = q ? name.indexOf(q) : 0;
        if (at < 0) continue;
        if (q && name === q) continue; // already typed in full
        seen.add(s.name);
        out.push({ group: g.label, s, rank: at === 0 ? 0 : 1 });
      }
    }
    return out.sort((a, b) => a.rank - b.rank).slice(0, MAX_SHOWN);
  }, [value, groups]);

  const show = open && flat.length > 0 && !props.disabled;
  const pick = (i: number) => {
    const item = flat[i];
    if (!item) return;
    onChange(item.s.name);
    props.onPick?.(item.s);
    setOpen(false);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') {
      e.preventDefault();
      setOpen(false);
      props.onSubmit?.();
      return;
    }
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      if (!open) setOpen(true);
      else setActive((a) => Math.min(a + 1, flat.length - 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => Math.max(a - 1, 0));
    } else if (e.key === 'Enter' && show) {
      e.preventDefault();
      pick(active);
    } else if (e.key === 'Escape' && show) {
      e.preventDefault();
      setOpen(false);
    }
  };

  let lastGroup = '';
  return (
    <div className={`relative min-w-0 ${props.className ?? 'flex-1'}`}>
      <TextInput
        ref={inputRef}
        id={props.id}
        role="combobox"
        aria-label={props['aria-label'] ?? 'Method'}
        aria-autocomplete="list"
        aria-expanded={show}
        aria-controls={listId}
        aria-activedescendant={show ? `${listId}-${active}` : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder={props.placeholder ?? 'method, e.g. initialize'}
        disabled={props.disabled}
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
          setActive(0);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        code className="w-full"
      />
      {show && (
        <ul
          id={listId}
          role="listbox"
          aria-label="Method suggestions"
          className="absolute left-0 right-0 top-full z-30 mt-1 max-h-64 overflow-auto rounded-md border border-line bg-bg py-1 text-xs shadow-lg"
        >
          {flat.map((item, i) => {
            const header = item.group !== lastGroup ? item.group : null;
            lastGroup = item.group;
            return (
              <li key={item.s.name} role="presentation">
                {header && <div className="px-2 pb-0.5 pt-1.5 text-[10px] font-medium uppercase tracking-wide text-faint">{header}</div>}
                <div
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={i === active}
                  onMouseDown={(e) => {
                    e.preventDefault();
                    pick(i);
                  }}
                  onMouseEnter={() => setActive(i)}
                  className={`flex cursor-pointer items-baseline gap-2 px-2 py-1 ${i === active ? 'bg-sel ' : ''}`}
                >
                  <span className="truncate font-mono text-fg">{item.s.name}</span>
                  {item.s.detail && <span className="ml-auto shrink-0 text-[11px] text-faint">{item.s.detail}</span>}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
