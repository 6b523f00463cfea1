'use client';
import type { TrafficEvent } from '@/lib/session/types';
import { formatLatency } from '@/lib/timeline/format';
import { useSessions } from '@/components/stores/sessions';

/** A batch's entries, each with its pair (click jumps to it), state, decoded error and findings. */
export function BatchItems({ ev }: { ev: TrafficEvent }) {
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
        {items.map((it) => (
          <tr key={it.index} className="border-t border-line/60 align-top">
            <td className="py-0.5 pr-2 text-faint">{it.index}</td>
            <td className={`pr-2 ${it.kind === 'error' ? 'text-err' : 'text-muted'}`}>{it.kind}</td>
            <td className="pr-2">{it.idText ?? (it.id === undefined ? '' : JSON.stringify(it.id))}</td>
            <td className="max-w-[14rem] truncate pr-2">{it.method ?? ''}</td>
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
        ))}
      </tbody>
    </table>
  );
}
