'use client';
/**
 * "Probe this target" for the top bar: runs the conformance probe on the active session's target
 * in a new session (server/routes/probe.ts) and opens it; "Probe report" shows the card of a
 * session a probe drove. A session rpcscope does not connect to (a tap, an import) has neither.
 */
import { useEffect } from 'react';
import type { SessionSummary } from '@/lib/session/types';
import { isConnectableKind } from '@/lib/targets/registry';
import { Button } from '@/components/ui/Button';
import { useProbe } from '@/components/stores/probe';
import { ProbeReportPanel } from './ProbeReportPanel';

export const PROBE_TITLE = 'Run the JSON-RPC conformance probe against this target, in a new session';

/** Whether a session's target can be probed: rpcscope connects to it itself (no tap, no import). */
export const canProbe = (summary: SessionSummary) => isConnectableKind(summary.target.kind) && !summary.imported;

/** `buttons: false`: the top bar's "⋯" menu holds Probe this target and Probe report (a narrow window). */
export function ProbeButton({ summary, buttons = true }: { summary: SessionSummary; buttons?: boolean }) {
  const runningFrom = useProbe((s) => s.runningFrom);
  const problem = useProbe((s) => s.problem);
  const report = useProbe((s) => s.reports[summary.id]);
  const panelOpen = useProbe((s) => s.panelOpen);
  const { probe, load, setPanelOpen } = useProbe.getState();

  useEffect(() => load(summary.id), [summary.id, load]);

  const probeable = buttons && canProbe(summary);
  return (
    <>
      {probeable ? (
        <Button
          size="xs"
          disabled={runningFrom !== null}
          onClick={() => void probe(summary.id)}
          title={PROBE_TITLE}
        >
          {runningFrom === summary.id ? 'Probing…' : 'Probe this target'}
        </Button>
      ) : null}
      {problem && runningFrom === null ? <span className="max-w-[240px] truncate text-[11.5px] text-err" role="alert" title={problem}>probe: {problem}</span> : null}
      {report && buttons ? (
        <Button size="xs" variant={panelOpen ? 'primary' : 'secondary'} onClick={() => setPanelOpen(!panelOpen)} title="The conformance probe's report card for this session">
          Probe report
        </Button>
      ) : null}
      {/* Hidden rather than unmounted when closed, so it reopens where the user was reading. */}
      {report ? <ProbeReportPanel report={report} open={panelOpen} onClose={() => setPanelOpen(false)} /> : null}
    </>
  );
}
