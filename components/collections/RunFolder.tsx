'use client';
/**
 * "Run folder": runs a folder's items in order — in the active live session, or each against its
 * own saved target — with the active environment, and shows the pass/fail report: each item,
 * each assertion with what it saw, what was captured (names only). The judge is the server's
 * (lib/collections/sequence.ts), the same as `rpcscope run`.
 */
import { useState } from 'react';
import type { ItemOutcome, RunReport } from '@/lib/collections/sequence';
import { firstAutoIdIn } from './useRunItem';
import { useCollections } from '@/components/stores/collections';
import { useEnvironments } from '@/components/stores/environments';
import { useSessions } from '@/components/stores/sessions';
import { messageOf } from '@/components/api/client';
import { Dialog } from '@/components/ui/Dialog';
import { Button } from '@/components/ui/Button';
import { Problem, Spinner } from './ui';

type State = { state: 'idle' } | { state: 'running' } | { state: 'done'; report: RunReport } | { state: 'failed'; error: string };

const TONE: Record<ItemOutcome['status'], string> = { passed: 'text-ok', failed: 'text-err', error: 'text-warn' };
const WORD: Record<ItemOutcome['status'], string> = { passed: 'PASS', failed: 'FAIL', error: 'ERROR' };

function Outcome({ o }: { o: ItemOutcome }) {
  return (
    <li className="border-b border-line py-1.5" data-testid="run-item" data-status={o.status}>
      <div className="flex items-baseline gap-2 text-[12.5px]">
        <span className={`w-12 shrink-0 font-semibold ${TONE[o.status]}`}>{WORD[o.status]}</span>
        <span className="min-w-0 flex-1 truncate">{[...o.folder, o.name].join(' › ')}</span>
        {o.latencyMs !== undefined ? <span className="shrink-0 tabular-nums text-faint">{Math.round(o.latencyMs)} ms</span> : null}
      </div>
      <ul className="ml-14 text-[11.5px] leading-snug">
        {o.assertions.map((a, i) => (
          <li key={i} className={a.pass ? 'text-muted' : 'text-err'}>
            {a.pass ? '✓' : '✗'} {a.label}: <span className="break-all font-mono">{a.detail}</span>
          </li>
        ))}
        {o.problems.map((p, i) => <li key={`p${i}`} className="text-err">✗ {p}</li>)}
        {o.captured.length ? <li className="text-muted">captured {o.captured.map((c) => `{{${c}}}`).join(', ')}</li> : null}
      </ul>
    </li>
  );
}

/** The row's button; the dialog is rendered beside the row (the row's buttons hide when not hovered). */
export function RunFolderButton({ name, onOpen }: { name: string; onOpen(): void }) {
  return (
    <Button size="xs" variant="ghost" aria-label={`Run folder ${name}`} title="Run the folder's items in order and check their answers" onClick={(e) => { e.stopPropagation(); onOpen(); }}>
      Run
    </Button>
  );
}

export function RunFolderDialog({ collectionId, folderId, name, onClose }: { collectionId: string; folderId: string; name: string; onClose(): void }) {
  const [state, setState] = useState<State>({ state: 'idle' });
  const session = useSessions((s) => (s.activeId ? s.sessions[s.activeId]?.summary : undefined));
  const live = session && (session.status === 'open' || session.status === 'connecting') ? session : undefined;
  const run = async (inSession: boolean) => {
    setState({ state: 'running' });
    try {
      const environmentId = useEnvironments.getState().activeId ?? undefined;
      const sessionId = inSession ? live?.id : undefined;
      const { report } = await useCollections.getState().runFolder(collectionId, folderId, { sessionId, environmentId, firstAutoId: sessionId ? firstAutoIdIn(sessionId) : undefined });
      setState({ state: 'done', report });
    } catch (err) {
      setState({ state: 'failed', error: messageOf(err) });
    }
  };
  return (
    <Dialog title={`Run folder ${name}`} onClose={onClose} width={640} testId="run-folder-dialog">
          <div className="flex flex-col gap-2 p-3">
            <div className="flex flex-wrap items-center gap-2">
              <Button variant="primary" size="xs" disabled={state.state === 'running' || !live} onClick={() => void run(true)} title={live ? `In ${live.name}` : 'Connect a session first'}>
                Run in this session
              </Button>
              <Button size="xs" disabled={state.state === 'running'} onClick={() => void run(false)}>Run against saved targets</Button>
              {state.state === 'running' ? <Spinner /> : null}
            </div>
            {state.state === 'failed' ? <Problem>{state.error}</Problem> : null}
            {state.state === 'done' ? (
              <section aria-label="Run report" data-testid="run-report">
                <p className="text-[12.5px] font-medium" data-testid="run-summary">
                  {state.report.passed} passed, {state.report.failed} failed, {state.report.errors} could not run
                </p>
                <ul className="mt-1">{state.report.items.map((o, i) => <Outcome key={i} o={o} />)}</ul>
              </section>
            ) : null}
          </div>
    </Dialog>
  );
}
