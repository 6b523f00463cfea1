'use client';
/** A JSON diff as lines: path, the value before and after. Values are peer data: shown as text only. */
import type { JsonChange } from '@/lib/views/json-diff';
import { visibleText } from '@/lib/timeline/format';

const show = (v: unknown) => {
  const s = v === undefined ? '—' : JSON.stringify(v) ?? String(v);
  return visibleText(s.length > 300 ? `${s.slice(0, 299)}…` : s);
};

export function ChangeList({ changes, more }: { changes: JsonChange[]; more: boolean }) {
  if (changes.length === 0) return <p className="text-[12px] text-muted">No difference.</p>;
  return (
    <ul className="space-y-0.5 font-mono text-[11.5px]" aria-label="Differences">
      {changes.map((c, i) => (
        <li key={i} data-change={c.kind} className="flex min-w-0 gap-2">
          <span className="shrink-0 text-muted">{visibleText(c.path)}</span>
          {c.kind !== 'added' ? <span className="min-w-0 truncate text-err line-through decoration-err/50" title={show(c.before)}>{show(c.before)}</span> : null}
          {c.kind !== 'removed' ? <span className="min-w-0 truncate text-ok" title={show(c.after)}>{show(c.after)}</span> : null}
          {c.kind === 'added' ? <span className="shrink-0 text-faint">added</span> : c.kind === 'removed' ? <span className="shrink-0 text-faint">removed</span> : null}
        </li>
      ))}
      {more ? <li className="text-faint">… and more</li> : null}
    </ul>
  );
}
