'use client';
/** Small, dense form primitives shared by the builder, reply composer and batch editor. */
import type { ButtonHTMLAttributes, ReactNode } from 'react';

export function Segmented<T extends string>(props: {
  value: T;
  options: { value: T; label: string; title?: string }[];
  onChange: (value: T) => void;
  label: string;
  disabled?: boolean;
  size?: 'sm' | 'xs';
}) {
  const pad = props.size === 'xs' ? 'px-1.5 py-0.5 text-[11px]' : 'px-2 py-1 text-xs';
  return (
    <div role="radiogroup" aria-label={props.label} className="inline-flex shrink-0 rounded-md border border-zinc-200 bg-zinc-50 p-0.5 dark:border-zinc-800 dark:bg-zinc-900">
      {props.options.map((o) => {
        const on = o.value === props.value;
        return (
          <button
            key={o.value}
            type="button"
            role="radio"
            aria-checked={on}
            title={o.title}
            disabled={props.disabled}
            onClick={() => props.onChange(o.value)}
            className={`${pad} whitespace-nowrap rounded transition-colors disabled:opacity-50 ${
              on
                ? 'bg-white font-medium text-zinc-900 shadow-sm ring-1 ring-zinc-200 dark:bg-zinc-700 dark:text-zinc-50 dark:ring-zinc-600'
                : 'text-zinc-500 hover:text-zinc-800 dark:text-zinc-400 dark:hover:text-zinc-100'
            }`}
          >
            {o.label}
          </button>
        );
      })}
    </div>
  );
}

type Variant = 'primary' | 'default' | 'ghost' | 'danger';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-sky-600 text-white hover:bg-sky-500 disabled:bg-zinc-300 disabled:text-zinc-500 dark:bg-sky-600 dark:hover:bg-sky-500 dark:disabled:bg-zinc-800 dark:disabled:text-zinc-500',
  default:
    'border border-zinc-200 bg-white text-zinc-700 hover:bg-zinc-50 hover:text-zinc-900 disabled:opacity-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-zinc-100',
  ghost: 'text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 disabled:opacity-40 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100',
  danger: 'text-zinc-500 hover:bg-red-50 hover:text-red-700 disabled:opacity-40 dark:text-zinc-400 dark:hover:bg-red-950 dark:hover:text-red-300',
};

export function Button({ variant = 'default', className = '', ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return (
    <button
      type="button"
      {...rest}
      className={`inline-flex shrink-0 items-center gap-1 rounded-md px-2 py-1 text-xs font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500/50 disabled:cursor-not-allowed ${VARIANTS[variant]} ${className}`}
    />
  );
}

export function FieldLabel({ children, htmlFor }: { children: ReactNode; htmlFor?: string }) {
  return (
    <label htmlFor={htmlFor} className="shrink-0 text-[11px] font-medium uppercase tracking-wide text-zinc-500 dark:text-zinc-400">
      {children}
    </label>
  );
}

export const inputClass =
  'min-w-0 rounded-md border border-zinc-200 bg-white px-2 py-1 font-mono text-xs text-zinc-900 placeholder:text-zinc-400 focus:border-sky-400 focus:outline-none focus:ring-1 focus:ring-sky-400/40 disabled:opacity-50 dark:border-zinc-800 dark:bg-zinc-950 dark:text-zinc-100 dark:placeholder:text-zinc-600 dark:focus:border-sky-500';

export const selectClass =
  'rounded-md border border-zinc-200 bg-white px-1.5 py-1 text-xs text-zinc-800 focus:border-sky-400 focus:outline-none focus:ring-1 focus:ring-sky-400/40 disabled:opacity-50 dark:border-zinc-800 dark:bg-zinc-950 dark:text-zinc-200 dark:focus:border-sky-500';

/** A one-line message under a field: error (blocks sending), warning (sent anyway) or info. */
export function Note({ tone, children, testId }: { tone: 'error' | 'warning' | 'info'; children: ReactNode; testId?: string }) {
  const color =
    tone === 'error'
      ? 'text-red-700 dark:text-red-400'
      : tone === 'warning'
        ? 'text-amber-700 dark:text-amber-400'
        : 'text-zinc-500 dark:text-zinc-400';
  const mark = tone === 'error' ? '✕' : tone === 'warning' ? '!' : 'i';
  return (
    <p data-testid={testId} role={tone === 'error' ? 'alert' : undefined} className={`flex items-start gap-1.5 text-xs ${color}`}>
      <span aria-hidden className="mt-px inline-flex h-3.5 w-3.5 shrink-0 items-center justify-center rounded-full border border-current text-[9px] font-bold leading-none">
        {mark}
      </span>
      <span className="min-w-0 break-words">{children}</span>
    </p>
  );
}

export function Kbd({ children }: { children: ReactNode }) {
  return (
    <kbd className="rounded border border-zinc-300 bg-zinc-50 px-1 font-sans text-[10px] text-zinc-500 dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-400">
      {children}
    </kbd>
  );
}

/** "Ctrl" or "⌘" as the platform says. */
export function modKey(): string {
  if (typeof navigator === 'undefined') return 'Ctrl';
  return /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent) ? '⌘' : 'Ctrl';
}
