'use client';
/**
 * The probe's report card beside the timeline: one line per check with its verdict, MUST or
 * SHOULD, what the peer did, the exchange as seq links (a click selects the entry in the
 * timeline) and, on a failure, the spec sentence. Everything from the peer is rendered as text.
 */
import type { ProbeReport, ProbeResult } from '@/lib/probe/types';
import { verdictOf } from '@/lib/probe/report';
import { useSessions } from '@/components/stores/sessions';
import { IconButton } from '@/components/ui/Button';

const VERDICT_TONE: Record<ProbeResult['outcome'], string> = {
  pass: 'text-ok',
  fail: 'text-err',
  'n/a': 'text-faint',
  skipped: 'text-muted',
};

function CheckLine({ r, onPick }: { r: ProbeResult; onPick: () => void }) {
  const select = useSessions((s) => s.select);
  const verdict = verdictOf(r);
  return (
    <li className="border-b border-line px-3 py-2" data-testid="probe-check" data-check={r.id} data-outcome={r.outcome}>
      <div className="flex items-baseline gap-2">
        <span className={`w-[92px] shrink-0 font-mono text-[11.5px] font-semibold ${VERDICT_TONE[r.outcome]}`}>{verdict}</span>
        <span className="w-[46px] shrink-0 text-[10.5px] font-medium tracking-wide text-muted">{r.level}</span>
        <span className="min-w-0 text-[12px]">
          <span className="font-mono text-faint">{r.id}</span> — {r.title}
        </span>
      </div>
      <div className="mt-0.5 pl-[146px] text-[12px] text-muted">{r.did}</div>
      {r.exchange.length ? (
        <div className="mt-1 flex flex-wrap gap-1 pl-[146px]">
          {r.exchange.map((x) => (
            <button
              key={`${x.seq}-${x.dir}`}
              type="button"
              onClick={() => {
                select(x.seq);
                onPick();
              }}
              title={x.text}
              className="rounded bg-panel-2 px-1 font-mono text-[11px] text-accent hover:underline"
            >
              #{x.seq} {x.dir === 'out' ? '→' : '←'}
            </button>
          ))}
        </div>
      ) : null}
      {r.outcome === 'fail' ? <blockquote className="mt-1 ml-[146px] border-l-2 border-line-strong pl-2 text-[11.5px] text-faint">{r.spec}</blockquote> : null}
    </li>
  );
}

/** A seq link selects its entry and folds the panel away, so the inspector (which it covers) shows the entry. */
export function ProbeReportPanel({ report, open, onClose }: { report: ProbeReport; open: boolean; onClose: () => void }) {
  const c = report.counts;
  return (
    <aside
      aria-label="Probe report"
      data-testid="probe-report"
      className={`fixed top-10 right-0 bottom-0 z-30 ${open ? 'flex' : 'hidden'} w-[min(560px,100vw)] flex-col border-l border-line bg-panel shadow-lg`}
    >
      <header className="flex items-start gap-2 border-b border-line px-3 py-2">
        <div className="min-w-0 flex-1">
          <div className="text-[13px] font-semibold">Probe report</div>
          <div className="truncate font-mono text-[11.5px] text-muted" title={report.target}>{report.target}</div>
          <div className="text-[11.5px] text-muted">
            dialect {report.dialect} ({report.dialectEvidence}); {report.results.length} checks in {Math.round(report.durationMs)} ms
          </div>
          <div className="mt-0.5 text-[12px]" data-testid="probe-counts">
            <span className="text-ok">{c.passed} passed</span>, <span className={c.mustBroken ? 'text-err font-semibold' : ''}>{c.mustBroken} MUST broken</span>,{' '}
            <span className={c.shouldBroken ? 'text-err' : ''}>{c.shouldBroken} SHOULD broken</span>, {c.notApplicable} not applicable, {c.skipped} skipped
          </div>
          {report.endedEarly ? <div className="text-[12px] text-err">the target ended before every check ran: {report.endedEarly}</div> : null}
        </div>
        <IconButton onClick={onClose} aria-label="Close the probe report" title="Close">×</IconButton>
      </header>
      <ol className="min-h-0 flex-1 overflow-auto">
        {report.results.map((r) => <CheckLine key={r.id} r={r} onPick={onClose} />)}
      </ol>
    </aside>
  );
}
