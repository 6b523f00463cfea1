'use client';
/** Small, dense form primitives shared by the builder, reply composer and batch editor. */
import type { ReactNode } from 'react';

/** The app's own button and key-cap, so the builder looks like the rest of the workbench. */
export { Button } from '@/components/ui/Button';
export { Kbd } from '@/components/ui/Kbd';
export { Segmented } from '@/components/ui/Segmented';

/** Shortcut hint inside a (primary) button: plain text, readable on the accent colour. */
export function ShortcutHint({ children }: { children: ReactNode }) {
  return <span className="font-mono text-[11px] font-normal opacity-75">{children}</span>;
}

export function FieldLabel({ children, htmlFor }: { children: ReactNode; htmlFor?: string }) {
  return (
    <label htmlFor={htmlFor} className="shrink-0 text-[11px] font-medium uppercase tracking-wide text-muted">
      {children}
    </label>
  );
}

/** A one-line message under a field: error (blocks sending), warning (sent anyway) or info. */
export function Note({ tone, children, testId }: { tone: 'error' | 'warning' | 'info'; children: ReactNode; testId?: string }) {
  const color = tone === 'error' ? 'text-err' : tone === 'warning' ? 'text-warn' : 'text-muted';
  const mark = tone === 'error' ? '✕' : tone === 'warning' ? '!' : 'i';
  return (
    <p data-testid={testId} role={tone === 'error' ? 'alert' : undefined} className={`flex items-start gap-1.5 text-[12px] ${color}`}>
      <span aria-hidden className="mt-px inline-flex h-3.5 w-3.5 shrink-0 items-center justify-center rounded-full border border-current text-[9px] font-bold leading-none">
        {mark}
      </span>
      <span className="min-w-0 break-words">{children}</span>
    </p>
  );
}

/** "Ctrl" or "⌘" as the platform says. */
export function modKey(): string {
  if (typeof navigator === 'undefined') return 'Ctrl';
  return /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent) ? '⌘' : 'Ctrl';
}
