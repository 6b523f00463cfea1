'use client';
/**
 * In the inspector, for an entry a tap's breakpoint held: what became of it (lib/intercept/mark.ts)
 * and, when it was forwarded edited, both texts — as it arrived (the entry's own) and as it was
 * sent. Shown as text only, invisible characters as escapes.
 */
import { describeMark } from '@/lib/intercept/mark';
import type { TrafficEvent } from '@/lib/session/types';
import { visibleText } from '@/lib/timeline/format';

const SHOWN_CHARS = 64 * 1024;
const shown = (t: string) => visibleText(t.length > SHOWN_CHARS ? `${t.slice(0, SHOWN_CHARS)}…` : t);

export function InterceptNote({ ev }: { ev: TrafficEvent }) {
  const m = ev.intercept;
  if (!m) return null;
  const tone = m.state === 'held' ? 'text-warn' : m.state === 'dropped' ? 'text-err' : 'text-muted';
  return (
    <div className="border-b border-line bg-panel px-3 py-1.5 text-[12px]" data-testid="intercept-note" data-state={m.state}>
      <div className={tone}>Intercept: {describeMark(m)}</div>
      {m.state === 'edited' ? (
        <div className="mt-1 grid gap-1">
          <div className="text-[11px] font-semibold text-muted">As it arrived</div>
          <pre className="max-h-32 overflow-auto rounded bg-bg p-1 font-mono text-[11.5px] whitespace-pre-wrap" data-testid="intercept-original">{shown(ev.raw)}</pre>
          <div className="text-[11px] font-semibold text-muted">As it was sent</div>
          <pre className="max-h-32 overflow-auto rounded bg-bg p-1 font-mono text-[11.5px] whitespace-pre-wrap" data-testid="intercept-sent">{shown(m.sent)}</pre>
        </div>
      ) : null}
    </div>
  );
}
