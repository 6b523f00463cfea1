'use client';
/** One batch entry: request, notification or raw JSON value, with its own controls. */
import type { KeyboardEvent } from 'react';
import type { EntryComposed } from '@/lib/builder/batch-compose';
import { PARAMS_MODES } from '@/lib/builder/compose';
import { JsonEditor } from '@/components/editor/JsonEditor';
import { useBatch, type BatchEntry } from '@/components/stores/batch';
import { Button, Note, Segmented } from '@/components/builder/ui';
import { IconArrowDown, IconClose, IconCopy } from '@/components/ui/icons';
import { MethodField, type SuggestionGroup } from '@/components/builder/MethodField';
import { Select, TextInput } from '@/components/ui/Field';

const KIND_STYLE = {
  request: 'bg-sel text-accent',
  notification: 'bg-panel-2 text-pending',
  raw: 'bg-line text-fg',
};

export function EntryRow(props: {
  entry: BatchEntry;
  index: number;
  count: number;
  composed: EntryComposed | undefined;
  duplicateId: boolean;
  onSubmit: () => void;
  groups: SuggestionGroup[];
}) {
  const { entry, index, count, composed } = props;
  const { update, remove, duplicate, move, toggleKind } = useBatch.getState();
  const label = `Entry ${index + 1}`;

  // Keyboard reorder on the row's handle: Alt+↑/↓ move, Alt+D duplicate, Alt+Backspace remove.
  const onKey = (e: KeyboardEvent<HTMLElement>) => {
    if (!e.altKey) return;
    const focusHandle = (key: string) => requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-entry-handle="${key}"]`)?.focus());
    if (e.key === 'ArrowUp') move(entry.key, -1);
    else if (e.key === 'ArrowDown') move(entry.key, 1);
    else if (e.key === 'd' || e.key === 'D') duplicate(entry.key);
    else if (e.key === 'Backspace' || e.key === 'Delete') remove(entry.key);
    else return;
    e.preventDefault();
    focusHandle(entry.key);
  };

  return (
    <li
      aria-label={label}
      data-testid="batch-entry"
      className="group/entry rounded-md border border-line bg-bg"
    >
      <div className="flex flex-wrap items-center gap-1.5 border-b border-line px-2 py-1">
        <button
          type="button"
          data-entry-handle={entry.key}
          onKeyDown={onKey}
          title="Alt+↑/↓ move · Alt+D duplicate · Alt+Backspace remove"
          aria-label={`${label} (${entry.kind}); Alt+Arrow keys move it`}
          className="w-6 shrink-0 cursor-grab rounded text-center font-mono text-[11px] tabular-nums text-faint hover:bg-panel-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sel-line/40"
        >
          {index + 1}
        </button>
        {entry.kind === 'raw' ? (
          <span className={`rounded px-1.5 py-px text-[11px] font-medium ${KIND_STYLE.raw}`}>raw</span>
        ) : (
          <button
            type="button"
            onClick={() => toggleKind(entry.key)}
            title="Toggle request ↔ notification"
            aria-label={`${label}: ${entry.kind}, click to make it a ${entry.kind === 'request' ? 'notification' : 'request'}`}
            className={`rounded px-1.5 py-px text-[11px] font-medium ${KIND_STYLE[entry.kind]} hover:ring-1 hover:ring-current`}
          >
            {entry.kind}
          </button>
        )}
        {entry.kind !== 'raw' && (
          <MethodField
            aria-label={`${label} method`}
            value={entry.method}
            placeholder="method"
            onChange={(method) => update(entry.key, { method })}
            onSubmit={props.onSubmit}
            groups={props.groups}
            className="w-44 flex-1"
          />
        )}
        {entry.kind === 'request' && (
          <span className="flex items-center gap-1">
            <Select aria-label={`${label} id policy`} value={entry.idPolicy} onChange={(e) => update(entry.key, { idPolicy: e.target.value as 'auto' | 'custom' })}>
              <option value="auto">id auto</option>
              <option value="custom">id custom</option>
            </Select>
            {entry.idPolicy === 'custom' ? (
              <TextInput aria-label={`${label} id`} value={entry.customId} placeholder='0 or"a"' spellCheck={false} onChange={(e) => update(entry.key, { customId: e.target.value })} code className="w-20" />
            ) : (
              <span className={`min-w-6 font-mono text-xs ${props.duplicateId ? 'text-warn ' : 'text-muted '}`}>{composed?.idText}</span>
            )}
          </span>
        )}
        {entry.kind !== 'raw' && (
          <Segmented size="xs" label={`${label} params shape`} value={entry.paramsMode} options={PARAMS_MODES.map((m) => ({ ...m, label: m.value === 'array' ? '[ ]' : m.value === 'object' ? '{ }' : 'none' }))} onChange={(paramsMode) => update(entry.key, { paramsMode, paramsText: paramsMode === 'array' && entry.paramsText.trim() === '{}' ? '[]' : paramsMode === 'object' && entry.paramsText.trim() === '[]' ? '{}' : entry.paramsText })} />
        )}
        <span className="ml-auto flex items-center gap-0.5 opacity-60 transition-opacity group-focus-within/entry:opacity-100 group-hover/entry:opacity-100">
          <Button size="xs" variant="ghost" onClick={() => move(entry.key, -1)} disabled={index === 0} aria-label={`Move ${label} up`} title="Move up (Alt+↑)">
            <IconArrowDown size={12} className="rotate-180" />
          </Button>
          <Button size="xs" variant="ghost" onClick={() => move(entry.key, 1)} disabled={index === count - 1} aria-label={`Move ${label} down`} title="Move down (Alt+↓)">
            <IconArrowDown size={12} />
          </Button>
          <Button size="xs" variant="ghost" onClick={() => duplicate(entry.key)} aria-label={`Duplicate ${label}`} title="Duplicate (Alt+D)">
            <IconCopy size={12} />
          </Button>
          <Button size="xs" variant="ghost" className="hover:text-err" onClick={() => remove(entry.key)} aria-label={`Remove ${label}`} title="Remove (Alt+Backspace)">
            <IconClose size={12} />
          </Button>
        </span>
      </div>
      <div className="p-1.5">
        {entry.kind === 'raw' ? (
          <JsonEditor aria-label={`${label} raw JSON`} value={entry.rawText} onChange={(rawText) => update(entry.key, { rawText })} onSubmit={props.onSubmit} gutters={false} className="max-h-40 min-h-10" />
        ) : entry.paramsMode === 'omit' ? (
          <p className="px-1 text-[11px] text-faint">no params</p>
        ) : (
          <JsonEditor aria-label={`${label} params`} value={entry.paramsText} onChange={(paramsText) => update(entry.key, { paramsText })} onSubmit={props.onSubmit} gutters={false} className="max-h-40 min-h-10" />
        )}
        {composed && !composed.ok && <div className="px-1 pt-1"><Note tone="error">{composed.error}</Note></div>}
        {composed?.ok && composed.warnings.length > 0 && <div className="px-1 pt-1">{composed.warnings.map((w) => <Note key={w} tone="warning">{w}</Note>)}</div>}
        {props.duplicateId && <div className="px-1 pt-1"><Note tone="warning">Another entry uses the same id: replies cannot be told apart.</Note></div>}
      </div>
    </li>
  );
}
