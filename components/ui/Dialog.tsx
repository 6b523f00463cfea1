'use client';
/** The app's one modal dialog: a title bar with Close, a scrolling body and an optional footer. */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { IconClose } from './icons';
import { IconButton } from './Button';

/** Escape closes, a click outside closes; focus moves into the dialog when it opens. */
export function Dialog({ title, onClose, children, width = 720, height, footer, testId }: {
  title: ReactNode;
  onClose(): void;
  children: ReactNode;
  width?: number;
  /** A fixed height (capped by the window), so a list that filters down does not make it jump. */
  height?: number;
  footer?: ReactNode;
  testId?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  // Callers pass inline closures; keep the latest without re-running the effects below.
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  }, [onClose]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        closeRef.current();
      }
    };
    // Bubble phase: a field that handles Escape itself (inline rename) stops it before it gets here.
    window.addEventListener('keydown', onKey);
    // Focus moves in once, when the dialog opens, never again while the user types.
    const first = ref.current?.querySelector<HTMLElement>('[data-autofocus], input, select, textarea, button:not([aria-label=Close])');
    first?.focus();
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/30 p-6" onMouseDown={onClose}>
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
        className="flex max-h-full max-w-full flex-col rounded-md border border-line-strong bg-bg shadow-2xl"
        style={{ width, height }}
        onMouseDown={(e) => e.stopPropagation()}
      >
        <div className="flex shrink-0 items-center gap-2 border-b border-line px-4 py-2">
          <h2 id={titleId} className="min-w-0 flex-1 truncate text-[14px] font-semibold">{title}</h2>
          <IconButton aria-label="Close" onClick={onClose}>
            <IconClose />
          </IconButton>
        </div>
        <div className="min-h-0 flex-1 overflow-auto">{children}</div>
        {footer ? <div className="flex shrink-0 items-center gap-2 border-t border-line px-4 py-2">{footer}</div> : null}
      </div>
    </div>
  );
}
