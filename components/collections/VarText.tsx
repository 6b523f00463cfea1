'use client';
/**
 * Text with its `{{variables}}` marked: defined in the active environment (accent; a secret in italics,
 * its value never shown), or unknown (red, with the reason on hover). Rendered as React text
 * nodes only: saved and imported content is never HTML.
 */
import { memo, type ReactNode } from 'react';
import type { Variable } from '@/components/stores/environments';

const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_.-]*)\s*\}\}/g;
/** Longer texts are shown cut: a preview, not an editor. */
const MAX_PREVIEW = 4000;

export const VarText = memo(function VarText({ text, vars, className = '' }: { text: string; vars: readonly Variable[] | null; className?: string }) {
  const shown = text.length > MAX_PREVIEW ? `${text.slice(0, MAX_PREVIEW)}…` : text;
  const parts: ReactNode[] = [];
  let last = 0;
  for (const m of shown.matchAll(PLACEHOLDER)) {
    const at = m.index ?? 0;
    if (at > last) parts.push(shown.slice(last, at));
    const name = m[1];
    const v = vars?.find((x) => x.name === name);
    if (v) {
      parts.push(
        <mark key={at} data-var={name} data-known="true" title={v.secret ? `${name}: secret (masked)` : `${name} = ${v.value}`} className={`rounded-sm bg-sel px-0.5 text-accent ${v.secret ? 'italic' : ''}`}>
          {m[0]}
        </mark>,
      );
    } else {
      parts.push(
        <mark key={at} data-var={name} data-known="false" title={vars ? `${name} is not defined in the active environment: a run is refused` : 'No environment is active: a run is refused'} className="rounded-sm bg-err-bg px-0.5 text-err underline decoration-dotted">
          {m[0]}
        </mark>,
      );
    }
    last = at + m[0].length;
  }
  if (last < shown.length) parts.push(shown.slice(last));
  return <span className={`font-mono break-all whitespace-pre-wrap ${className}`}>{parts}</span>;
});

/** Names used in a text that the environment does not define. */
export function unknownVariables(text: string, vars: readonly Variable[] | null): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(PLACEHOLDER)) if (!vars?.some((v) => v.name === m[1]) && !out.includes(m[1])) out.push(m[1]);
  return out;
}
