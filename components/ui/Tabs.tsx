export interface TabItem<T extends string> {
  id: T;
  label: React.ReactNode;
  /** A count or mark after the label. */
  badge?: React.ReactNode;
  disabled?: boolean;
}

/** A flat devtools-style tab strip: the active tab has an accent underline. */
export function Tabs<T extends string>({ items, value, onChange, className = '', label }: {
  items: TabItem<T>[];
  value: T;
  onChange(id: T): void;
  className?: string;
  label: string;
}) {
  return (
    <div role="tablist" aria-label={label} className={`flex items-stretch gap-0.5 ${className}`}>
      {items.map((t) => (
        <button
          key={t.id}
          type="button"
          role="tab"
          aria-selected={t.id === value}
          disabled={t.disabled}
          onClick={() => onChange(t.id)}
          className={`relative flex items-center gap-1.5 px-2.5 text-[12.5px] whitespace-nowrap transition-colors disabled:opacity-40 ${
            t.id === value ? 'text-fg after:absolute after:inset-x-1 after:bottom-0 after:h-0.5 after:rounded-full after:bg-accent' : 'text-muted hover:text-fg'
          }`}
        >
          {t.label}
          {t.badge !== undefined && t.badge !== null && t.badge !== false && t.badge !== 0 ? (
            <span className="rounded-full bg-panel-2 px-1.5 text-[11px] leading-4 text-muted">{t.badge}</span>
          ) : null}
        </button>
      ))}
    </div>
  );
}
