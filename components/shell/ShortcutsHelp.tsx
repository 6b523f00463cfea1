'use client';
import { useUi } from '@/components/stores/ui';
import { Kbd } from '@/components/ui/Kbd';
import { Dialog } from '@/components/ui/Dialog';
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
    <Dialog title="Keyboard shortcuts" onClose={() => setOpen(false)}>
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
    </Dialog>
  );
}
