export function Kbd({ children }: { children: React.ReactNode }) {
  return (
    <kbd className="inline-flex h-[18px] min-w-[18px] items-center justify-center rounded border border-line-strong border-b-2 bg-panel px-1 font-mono text-[11px] leading-none text-muted">
      {children}
    </kbd>
  );
}
