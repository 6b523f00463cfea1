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
    <section aria-label={label} className="min-w-0 rounded-md border border-dashed border-line-strong bg-panel">
      <header className="flex items-center gap-2 border-b border-dashed border-line px-2 py-1 text-[11px] text-muted">
        <span className="font-medium uppercase tracking-wide">{label}</span>
        {text !== undefined && <span className="tabular-nums">{utf8Length(text).toLocaleString()} bytes</span>}
        {text !== undefined && text.includes('\n') && <span title="contains line breaks">multi-line</span>}
        <button
          type="button"
          onClick={copy}
          disabled={text === undefined}
          className="ml-auto rounded px-1 hover:text-fg disabled:opacity-40"
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      </header>
      <pre
        data-testid={testId}
        className="max-h-40 overflow-auto whitespace-pre-wrap break-all px-2 py-1.5 font-mono text-xs leading-relaxed text-fg"
      >
        {text === undefined ? <span className="italic text-faint">nothing to send yet</span> : text === '' ? <span className="italic text-faint">(empty text)</span> : text}
      </pre>
    </section>
  );
}
