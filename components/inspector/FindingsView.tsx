import type { Finding, TrafficEvent } from '@/lib/session/types';

function FindingCard({ f, where }: { f: Finding; where?: string }) {
  const tone = f.severity === 'error' ? 'border-err/50 text-err' : f.severity === 'warning' ? 'border-warn/50 text-warn' : 'border-line text-muted';
  return (
    <li className={`rounded border-l-2 bg-panel px-2.5 py-1.5 ${tone.split(' ')[0]}`} data-rule={f.rule}>
      <div className="flex flex-wrap items-center gap-2">
        <span className={`text-[11px] font-semibold uppercase ${tone.split(' ').slice(1).join(' ')}`}>{f.severity}</span>
        <span className="font-mono text-[11.5px] text-muted">{f.rule}</span>
        {where ? <span className="text-[11.5px] text-faint">{where}</span> : null}
        {f.path ? <span className="font-mono text-[11.5px] text-faint">at {f.path}</span> : null}
      </div>
      <div className="mt-0.5 text-[12.5px] text-fg">{f.message}</div>
      {f.spec ? (
        <blockquote className="mt-1 border-l-2 border-line-strong pl-2 text-[12px] text-muted italic">{f.spec}</blockquote>
      ) : null}
    </li>
  );
}

/** Rule findings with the spec sentence each one enforces; batch entries' findings follow, labelled. */
export function FindingsView({ ev }: { ev: TrafficEvent }) {
  const itemFindings = (ev.items ?? []).flatMap((it) => it.findings.map((f) => ({ f, where: `batch entry ${it.index}` })));
  if (ev.findings.length === 0 && itemFindings.length === 0) {
    return <p className="text-[12.5px] text-muted">No rule findings: this entry follows every rule rpcscope checks.</p>;
  }
  return (
    <ul className="flex flex-col gap-1.5">
      {ev.findings.map((f, i) => <FindingCard key={`e${i}`} f={f} />)}
      {itemFindings.map(({ f, where }, i) => <FindingCard key={`i${i}`} f={f} where={where} />)}
    </ul>
  );
}
