/** A centered note that teaches the next step instead of showing a blank panel. */
export function EmptyState({ title, children, className = '' }: { title: string; children?: React.ReactNode; className?: string }) {
  return (
    <div className={`flex h-full w-full items-center justify-center p-6 ${className}`}>
      <div className="max-w-md text-center">
        <div className="text-[13.5px] font-medium text-fg">{title}</div>
        {children ? <div className="mt-1.5 text-[12.5px] leading-relaxed text-muted">{children}</div> : null}
      </div>
    </div>
  );
}

/** Inline monospace snippet for commands and wire text inside prose. */
export function Code({ children }: { children: React.ReactNode }) {
  return <code className="rounded bg-panel-2 px-1 py-px font-mono text-[12px] text-fg">{children}</code>;
}
