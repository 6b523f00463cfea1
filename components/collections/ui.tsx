'use client';
/**
 * Small pieces shared by the collections, environments, history and export views: a modal dialog,
 * an anchored popover, inline rename, a two-step delete, a spinner and a problem line.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { IconClose } from '@/components/ui/icons';
import { messageOf } from './http';

export const fieldClass =
  'h-7 min-w-0 rounded border border-line-strong bg-bg px-2 text-[12.5px] text-fg placeholder:text-faint focus:border-sel-line focus:outline-none disabled:opacity-50';

export const selectClass =
  'h-7 min-w-0 rounded border border-line-strong bg-bg px-1.5 text-[12.5px] text-fg focus:border-sel-line focus:outline-none disabled:opacity-50';

export const iconButtonClass = 'inline-flex items-center justify-center rounded p-1 text-muted hover:bg-hover hover:text-fg disabled:opacity-40';

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
          <button type="button" aria-label="Close" className={iconButtonClass} onClick={onClose}>
            <IconClose />
          </button>
        </div>
        <div className="min-h-0 flex-1 overflow-auto">{children}</div>
        {footer ? <div className="flex shrink-0 items-center gap-2 border-t border-line px-4 py-2">{footer}</div> : null}
      </div>
    </div>
  );
}

/**
 * A panel under its trigger, drawn in a portal with fixed coordinates so a scrolling or clipped
 * parent (the composer) cannot cut it off. Closes on Escape, a click elsewhere, or a resize.
 */
export function Popover({ open, onClose, anchor, children, align = 'right', label, width = 300 }: {
  open: boolean;
  onClose(): void;
  anchor: RefObject<HTMLElement | null>;
  children: ReactNode;
  align?: 'left' | 'right';
  label: string;
  width?: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [pos, setPos] = useState<{ top: number; left: number } | null>(null);
  useLayoutEffect(() => {
    if (!open || !anchor.current) {
      setPos(null);
      return;
    }
    const r = anchor.current.getBoundingClientRect();
    const wanted = align === 'right' ? r.right - width : r.left;
    setPos({ top: r.bottom + 4, left: Math.max(8, Math.min(wanted, window.innerWidth - width - 8)) });
  }, [open, anchor, align, width]);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      const t = e.target as Node;
      if (ref.current?.contains(t) || anchor.current?.contains(t)) return;
      onClose();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        onClose();
      }
    };
    document.addEventListener('mousedown', onDown);
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('resize', onClose);
    return () => {
      document.removeEventListener('mousedown', onDown);
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('resize', onClose);
    };
  }, [open, onClose, anchor]);
  useEffect(() => {
    if (pos) ref.current?.querySelector<HTMLElement>('[data-autofocus], input, select')?.focus();
  }, [pos]);
  if (!open || !pos) return null;
  return createPortal(
    <div
      ref={ref}
      role="dialog"
      aria-label={label}
      className="fixed z-50 overflow-auto rounded-md border border-line-strong bg-bg p-3 text-left shadow-xl"
      style={{ top: pos.top, left: pos.left, width, maxHeight: `calc(100vh - ${pos.top + 8}px)` }}
    >
      {children}
    </div>,
    document.body,
  );
}

/** Text that turns into an input for renaming; Enter saves, Escape cancels. */
export function InlineName({ value, editing, onDone, onSave, label, className = '' }: {
  value: string;
  editing: boolean;
  onDone(): void;
  onSave(name: string): Promise<void>;
  label: string;
  className?: string;
}) {
  const [draft, setDraft] = useState(value);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (editing) {
      setDraft(value);
      setProblem(null);
    }
  }, [editing, value]);
  if (!editing) return <span className={`min-w-0 truncate ${className}`} title={value}>{value}</span>;
  const commit = async () => {
    const name = draft.trim();
    if (!name || name === value) return onDone();
    try {
      await onSave(name);
      onDone();
    } catch (err) {
      setProblem((err as Error).message);
    }
  };
  return (
    <span className="flex min-w-0 flex-1 flex-col">
      <input
        autoFocus
        aria-label={label}
        value={draft}
        maxLength={200}
        onChange={(e) => setDraft(e.target.value)}
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => {
          e.stopPropagation();
          if (e.key === 'Enter') void commit();
          if (e.key === 'Escape') onDone();
        }}
        onBlur={() => void commit()}
        className={`${fieldClass} h-6 w-full`}
      />
      {problem ? <span role="alert" className="text-[11px] text-err">{problem}</span> : null}
    </span>
  );
}

/** A delete button that asks once more in place ("Delete? Yes / No") instead of a browser dialog. */
export function ConfirmDelete({ what, onConfirm, children, className = '' }: {
  what: string;
  onConfirm(): Promise<void> | void;
  children: ReactNode;
  className?: string;
}) {
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (!asking) {
    return (
      <button type="button" title={`Delete ${what}`} aria-label={`Delete ${what}`} className={`${iconButtonClass} hover:text-err ${className}`} onClick={(e) => { e.stopPropagation(); setAsking(true); }}>
        {children}
      </button>
    );
  }
  return (
    <span className="inline-flex items-center gap-1 text-[11.5px]" onClick={(e) => e.stopPropagation()}>
      <span className="text-err">Delete?</span>
      <button
        type="button"
        autoFocus
        aria-label={`Yes, delete ${what}`}
        className="rounded border border-err px-1.5 text-err hover:bg-err-bg"
        onClick={async () => {
          try {
            await onConfirm();
            setAsking(false);
          } catch (err) {
            setProblem((err as Error).message);
          }
        }}
      >
        Yes
      </button>
      <button type="button" className="rounded border border-line-strong px-1.5 text-muted hover:bg-hover" onClick={() => { setAsking(false); setProblem(null); }}>
        No
      </button>
      {problem ? <span role="alert" className="text-err">{problem}</span> : null}
    </span>
  );
}

export function Spinner({ label }: { label?: string }) {
  return (
    <span className="inline-flex items-center gap-1.5 text-[12px] text-muted" role="status">
      <span className="size-3 animate-spin rounded-full border-2 border-line-strong border-t-accent" aria-hidden />
      {label}
    </span>
  );
}

export function Problem({ children, testId }: { children: ReactNode; testId?: string }) {
  if (!children) return null;
  return (
    <div role="alert" data-testid={testId} className="rounded border border-err/40 bg-err-bg px-2 py-1 text-[12px] leading-snug break-words whitespace-pre-wrap text-err">
      {children}
    </div>
  );
}

/** A small uppercase chip: live, imported, shared, a tag. */
export function Badge({ tone = 'muted', children, title, testId }: { tone?: 'muted' | 'ok' | 'accent' | 'warn' | 'in'; children: ReactNode; title?: string; testId?: string }) {
  const look = {
    muted: 'bg-panel-2 text-muted',
    ok: 'bg-ok/15 text-ok',
    accent: 'bg-sel text-accent',
    warn: 'bg-warn-bg text-warn',
    in: 'bg-in/15 text-in',
  }[tone];
  return <span title={title} data-testid={testId} className={`inline-flex shrink-0 items-center rounded px-1 text-[10.5px] leading-4 font-medium tracking-wide uppercase ${look}`}>{children}</span>;
}


/** A pencil, for rename buttons. */
export function IconPencil({ size = 12 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth={1.6} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M10.8 2.7l2.5 2.5-7.6 7.6-3.2.7.7-3.2z M9.3 4.2l2.5 2.5" />
    </svg>
  );
}

/**
 * A one-shot name field for something new (a collection, a folder): Enter creates, Escape or
 * leaving it empty cancels, and the server's refusal is shown under it.
 */
export function NewNameField({ label, placeholder, create, onDone }: {
  label: string;
  placeholder: string;
  create(name: string): Promise<unknown>;
  onDone(): void;
}) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const commit = async () => {
    if (!name.trim()) return onDone();
    try {
      await create(name.trim());
      onDone();
    } catch (err) {
      setProblem(messageOf(err));
    }
  };
  return (
    <>
      <input
        autoFocus
        aria-label={label}
        placeholder={placeholder}
        maxLength={200}
        value={name}
        onChange={(e) => setName(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') void commit();
          if (e.key === 'Escape') onDone();
        }}
        onBlur={() => { if (!name.trim()) onDone(); }}
        className={`${fieldClass} h-6 w-full`}
      />
      <Problem>{problem}</Problem>
    </>
  );
}
