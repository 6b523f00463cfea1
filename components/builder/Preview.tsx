'use client';
/** The exact text that will be sent, with its size; peer-free (it is our own text) but still rendered as text. */
import { useState } from 'react';
import { utf8Length } from '@/lib/builder/compose';

export function Preview({ text, label = 'Will send', testId }: { text: string | undefined; label?: string; testId?: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (text === undefined) return;
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 1200);
    } catch {
      // clipboard refused (insecure context): the text is selectable anyway
    }
  };
  return (
    <section aria-label={label} className="min-w-0 rounded-md border border-dashed border-zinc-300 bg-zinc-50/70 dark:border-zinc-700 dark:bg-zinc-900/50">
      <header className="flex items-center gap-2 border-b border-dashed border-zinc-200 px-2 py-1 text-[11px] text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">
        <span className="font-medium uppercase tracking-wide">{label}</span>
        {text !== undefined && <span className="tabular-nums">{utf8Length(text).toLocaleString()} bytes</span>}
        {text !== undefined && text.includes('\n') && <span title="contains line breaks">multi-line</span>}
        <button
          type="button"
          onClick={copy}
          disabled={text === undefined}
          className="ml-auto rounded px-1 hover:text-zinc-900 disabled:opacity-40 dark:hover:text-zinc-100"
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      </header>
      <pre
        data-testid={testId}
        className="max-h-40 overflow-auto whitespace-pre-wrap break-all px-2 py-1.5 font-mono text-xs leading-relaxed text-zinc-800 dark:text-zinc-200"
      >
        {text === undefined ? <span className="italic text-zinc-400 dark:text-zinc-600">nothing to send yet</span> : text === '' ? <span className="italic text-zinc-400">(empty text)</span> : text}
      </pre>
    </section>
  );
}
