'use client';
import { useEffect, useRef, useState } from 'react';
import { IconCopy } from './icons';

/** Copies text to the clipboard and says so for a moment. */
export function CopyButton({ text, label = 'Copy', className = '' }: { text: () => string; label?: string; className?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text());
      setState('copied');
    } catch {
      setState('failed');
    }
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), 1200);
  };
  return (
    <button
      type="button"
      onClick={copy}
      title={label}
      className={`inline-flex h-6 items-center gap-1 rounded px-1.5 text-[12px] text-muted hover:bg-hover hover:text-fg ${className}`}
    >
      <IconCopy size={13} />
      <span>{state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : label}</span>
    </button>
  );
}
