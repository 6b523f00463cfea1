'use client';
import type { BatchItem, TrafficEvent } from '@/lib/session/types';
import { formatLatency, visibleText } from '@/lib/timeline/format';
import { useSessions } from '@/components/stores/sessions';
import type { SeqLookup } from '@/lib/timeline/status';

/** A reply item has no method of its own: it answers the request item it is paired with. */
function methodOf(it: BatchItem, lookup: SeqLookup): { name: string; own: boolean } | undefined {
  if (it.method !== undefined) return { name: visibleText(it.method), own: true };
  if (it.pair === undefined) return undefined;
  const other = lookup(it.pair);
  const name = it.pairIndex !== undefined ? other?.items?.[it.pairIndex]?.method : other?.method;
  return name !== undefined ? { name: visibleText(name), own: false } : undefined;
}

/** A batch's entries, each with its pair (click jumps to it), state, decoded error and findings. */
export function BatchItems({ ev, lookup }: { ev: TrafficEvent; lookup: SeqLookup }) {
  const select = useSessions((s) => s.select);
  const items = ev.items ?? [];
  if (items.length === 0) {
    return <p className="text-[12.5px] text-muted">An empty batch. The spec expects a single Invalid Request object in reply, not an array.</p>;
  }
  return (
    <table className="w-full border-collapse text-[12px]" aria-label="Batch entries">
      <thead className="text-[11.5px] text-muted">
        <tr className="text-left">
          <th className="py-0.5 pr-2 font-medium">#</th>
          <th className="pr-2 font-medium">Kind</th>
          <th className="pr-2 font-medium">Id</th>
          <th className="pr-2 font-medium">Method</th>
          <th className="pr-2 font-medium">Pair</th>
          <th className="pr-2 font-medium">State</th>
          <th className="pr-2 text-right font-medium">Latency</th>
        </tr>
      </thead>
      <tbody className="font-mono">
        {items.map((it) => {
          const method = methodOf(it, lookup);
          return (
          <tr key={it.index} className="border-t border-line/60 align-top">
            <td className="py-0.5 pr-2 text-faint">{it.index}</td>
            <td className={`pr-2 ${it.kind === 'error' ? 'text-err' : 'text-muted'}`}>{it.kind}</td>
            <td className="pr-2">{it.idText ?? (it.id === undefined ? '' : JSON.stringify(it.id))}</td>
            <td className={`max-w-[14rem] truncate pr-2 ${method?.own === false ? 'text-faint' : ''}`}>{method ? (method.own ? method.name : `↳ ${method.name}`) : ''}</td>
            <td className="pr-2">
              {it.pair !== undefined ? (
                <button type="button" onClick={() => select(it.pair!)} className="text-accent hover:underline" title="Select the matching entry">
                  #{it.pair}{it.pairIndex !== undefined ? `[${it.pairIndex}]` : ''}
                </button>
              ) : <span className="text-faint">—</span>}
            </td>
            <td className={`pr-2 ${it.error ? 'text-err' : it.state === 'pending' ? 'text-pending' : 'text-muted'}`}>
              {it.error ? it.error.name : it.state ?? ''}
              {it.findings.length ? <span className="ml-1 text-warn">· {it.findings.length} finding{it.findings.length === 1 ? '' : 's'}</span> : null}
            </td>
            <td className="pr-2 text-right text-muted">{formatLatency(it.latencyMs)}</td>
          </tr>
          );
        })}
      </tbody>
    </table>
  );
}
