'use client';
/**
 * The filter's text box, with what the parser did not understand underlined in place: a copy of
 * the text sits behind the (transparent-backed) input in the same font, its problem spans drawn
 * with a wavy underline, and scrolled with the input. The messages are listed under the bar.
 */
import { forwardRef, useRef } from 'react';
import type { QueryDiagnostic } from '@/lib/timeline/query';

/** The query cut into plain and underlined runs (diagnostics may overlap: the first one wins). */
function runs(text: string, diagnostics: readonly QueryDiagnostic[]): { text: string; message?: string }[] {
  const sorted = [...diagnostics].sort((a, b) => a.start - b.start);
  const out: { text: string; message?: string }[] = [];
  let at = 0;
  for (const d of sorted) {
    if (d.start < at) continue;
    if (d.start > at) out.push({ text: text.slice(at, d.start) });
    out.push({ text: text.slice(d.start, d.end), message: d.message });
    at = d.end;
  }
  if (at < text.length) out.push({ text: text.slice(at) });
  return out;
}

const BOX = 'h-6 w-full rounded border pr-6 pl-7 font-mono text-[12px]';

export const QueryInput = forwardRef<HTMLInputElement, {
  value: string;
  diagnostics: readonly QueryDiagnostic[];
  describedBy: string;
  title: string;
  placeholder: string;
  onChange(value: string): void;
  onEscape(): boolean;
}>(function QueryInput({ value, diagnostics, describedBy, title, placeholder, onChange, onEscape }, ref) {
  const mirror = useRef<HTMLDivElement>(null);
  const bad = diagnostics.length > 0;
  return (
    <>
      <div
        ref={mirror}
        aria-hidden
        data-testid="filter-underlines"
        className={`${BOX} pointer-events-none absolute inset-0 overflow-hidden border-transparent bg-bg leading-[22px] whitespace-pre text-transparent`}
      >
        {runs(value, diagnostics).map((r, i) =>
          r.message ? <span key={i} data-problem={r.message} className="underline decoration-warn decoration-wavy underline-offset-2">{r.text}</span> : <span key={i}>{r.text}</span>,
        )}
      </div>
      <input
        ref={ref}
        aria-label="Filter the timeline"
        aria-invalid={bad || undefined}
        aria-describedby={bad ? describedBy : undefined}
        title={title}
        spellCheck={false}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onScroll={(e) => { if (mirror.current) mirror.current.scrollLeft = e.currentTarget.scrollLeft; }}
        onKeyDown={(e) => { if (e.key === 'Escape' && onEscape()) e.preventDefault(); }}
        placeholder={placeholder}
        className={`${BOX} relative bg-transparent placeholder:font-sans placeholder:text-faint focus:outline-none ${bad ? 'border-warn' : 'border-line-strong focus:border-accent'}`}
      />
    </>
  );
});
