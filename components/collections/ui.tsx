'use client';
/**
 * Small pieces shared by the collections, environments and history views: inline rename, a
 * two-step delete, a spinner, a problem line and a badge. Dialogs, popovers, fields and buttons
 * are the app-wide kit in components/ui/.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { messageOf } from '@/components/api/client';
import { TextInput } from '@/components/ui/Field';
import { Button, IconButton } from '@/components/ui/Button';

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
      <TextInput
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
        size="xs"
        className="w-full"
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
      <IconButton title={`Delete ${what}`} aria-label={`Delete ${what}`} className={`hover:text-err ${className}`} onClick={(e) => { e.stopPropagation(); setAsking(true); }}>
        {children}
      </IconButton>
    );
  }
  return (
    <span className="inline-flex items-center gap-1 text-[11.5px]" onClick={(e) => e.stopPropagation()}>
      <span className="text-err">Delete?</span>
      <Button
        autoFocus
        variant="danger"
        size="xs"
        aria-label={`Yes, delete ${what}`}
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
      </Button>
      <Button size="xs" onClick={() => { setAsking(false); setProblem(null); }}>
        No
      </Button>
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
      <TextInput
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
        size="xs"
        className="w-full"
      />
      <Problem>{problem}</Problem>
    </>
  );
}
