'use client';
import { useUi } from '@/components/stores/ui';
import { Kbd } from '@/components/ui/Kbd';
import { IconClose } from '@/components/ui/icons';
import { SHORTCUTS } from '@/components/timeline/useTimelineKeys';

const QUERY_EXAMPLES: [string, string][] = [
  ['method:textDocument/*', 'methods by glob (* and ?)'],
  ['status:error', 'ok, error, pending, timeout, late, orphan, duplicate, invalid'],
  ['latency:>500', 'answers slower than 500 ms (also <, <=, 1s, 100..500)'],
  ['dir:in  kind:request', 'what the target asked us'],
  ['id:3   id:"3"', 'number 3 and string "3" are different ids'],
  ['has:findings  rule:jsonrpc-*', 'entries that break a rule'],
  ['-kind:stderr', 'a leading minus excludes'],
  ['"some text"', 'anything else searches the raw wire text'],
];

export function ShortcutsHelp() {
  const open = useUi((s) => s.helpOpen);
  const setOpen = useUi((s) => s.setHelpOpen);
  if (!open) return null;
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/30 p-6" onMouseDown={() => setOpen(false)}>
      <div
        role="dialog"
        aria-modal="true"
        aria-label="Keyboard shortcuts"
        className="max-h-full w-[720px] max-w-full overflow-auto rounded-md border border-line-strong bg-bg shadow-2xl"
        onMouseDown={(e) => e.stopPropagation()}
      >
        <div className="flex items-center border-b border-line px-4 py-2.5">
          <h2 className="text-[14px] font-semibold">Keyboard shortcuts</h2>
          <button type="button" aria-label="Close" className="ml-auto rounded p-1 text-muted hover:bg-hover hover:text-fg" onClick={() => setOpen(false)}>
            <IconClose />
          </button>
        </div>
        <div className="grid gap-6 p-4 md:grid-cols-2">
          <section>
            <h3 className="mb-2 text-[11px] font-semibold tracking-wider text-faint uppercase">Timeline</h3>
            <ul className="flex flex-col gap-1.5">
              {SHORTCUTS.map(([keys, what]) => (
                <li key={what} className="flex items-center gap-2 text-[12.5px]">
                  <span className="flex w-28 shrink-0 gap-1">{keys.map((k) => <Kbd key={k}>{k}</Kbd>)}</span>
                  <span className="text-fg">{what}</span>
                </li>
              ))}
            </ul>
          </section>
          <section>
            <h3 className="mb-2 text-[11px] font-semibold tracking-wider text-faint uppercase">Filter queries</h3>
            <ul className="flex flex-col gap-1.5">
              {QUERY_EXAMPLES.map(([q, what]) => (
                <li key={q} className="text-[12.5px]">
                  <code className="font-mono text-[12px] text-accent">{q}</code>
                  <div className="text-[11.5px] text-muted">{what}</div>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </div>
  );
}
