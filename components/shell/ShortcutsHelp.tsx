'use client';
import { useUi } from '@/components/stores/ui';
import { Kbd } from '@/components/ui/Kbd';
import { Dialog } from '@/components/ui/Dialog';
import { SHORTCUTS } from '@/components/timeline/useTimelineKeys';
import { QUERY_FIELDS, QUERY_KEYS, type QueryKey } from '@/lib/timeline/query-fields';
import { STATUS_NAMES } from '@/lib/timeline/status';
import { EVENT_KINDS } from '@/lib/timeline/filter';

/** Value names the sheet spells out, from the same tables the parser checks against. */
const STATUS_LIST = Object.keys(STATUS_NAMES).join(', ');
const VALUE_NAMES: Partial<Record<QueryKey, string>> = { status: STATUS_LIST, kind: EVENT_KINDS.join(', ') };

const QUERY_RULES: [string, string][] = [
  ['-kind:stderr', 'a leading minus excludes'],
  ['kind:request,notification', 'commas give alternatives'],
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
          <table className="w-full text-left text-[12px]" aria-label="Filter fields">
            <tbody>
              {QUERY_KEYS.map((k) => {
                const f = QUERY_FIELDS[k];
                return (
                  <tr key={k} className="align-top">
                    <th scope="row" className="py-0.5 pr-2 font-mono font-normal whitespace-nowrap text-accent">
                      {k}:{f.aliases.length ? <span className="text-faint"> ({f.aliases.map((a) => `${a}:`).join(' ')})</span> : null}
                    </th>
                    <td className="py-0.5">
                      <div className="text-fg">{f.help} — <code className="font-mono text-[11.5px]">{f.example}</code></div>
                      <div className="text-[11.5px] text-muted">{VALUE_NAMES[k] ?? f.syntax}</div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <ul className="mt-2 flex flex-col gap-1">
            {QUERY_RULES.map(([q, what]) => (
              <li key={q} className="text-[12px]">
                <code className="font-mono text-[12px] text-accent">{q}</code> <span className="text-[11.5px] text-muted">{what}</span>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </Dialog>
  );
}
