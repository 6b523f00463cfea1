'use client';
/**
 * Import a session file: it opens read-only with an "imported" badge. Nothing connects and nothing
 * is spawned; a launch command the file carries is shown as text, never run.
 */
import { useRef, useState } from 'react';
import { useHistory } from '@/components/stores/history';
import { Button } from '@/components/ui/Button';
import { IconClose } from '@/components/ui/icons';
import { Spinner } from '@/components/collections/ui';
import { messageOf } from '@/components/api/client';
import { IconButton } from '@/components/ui/Button';

export function ImportSessionButton({ compact = false }: { compact?: boolean }) {
  const ref = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const pick = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    setBusy(file.name);
    setProblem(null);
    try {
      await useHistory.getState().importSession(file);
    } catch (err) {
      setProblem(`${file.name}: ${messageOf(err)}`);
    } finally {
      setBusy(null);
    }
  };
  return (
    <span className="flex min-w-0 items-center gap-2">
      {problem ? <span role="alert" className="min-w-0 truncate text-[12px] text-err" title={problem} data-testid="import-session-error">{problem}</span> : null}
      {busy ? <Spinner label={`Importing ${busy}…`} /> : null}
      <Button size={compact ? 'xs' : 'sm'} onClick={() => ref.current?.click()} disabled={!!busy} title="Open a .rpcscope-session.json file read-only (it never connects)">
        Import session file…
      </Button>
      <input ref={ref} type="file" accept=".json,application/json" className="hidden" aria-label="Session file to import" data-testid="import-session-input" onChange={(e) => void pick(e.currentTarget)} />
    </span>
  );
}

/** After an import: what came in, read-only, and the launch command as text only. */
export function ImportNotice() {
  const last = useHistory((s) => s.lastImport);
  const dismiss = useHistory((s) => s.dismissImport);
  if (!last) return null;
  const redactions = last.redactions.filter((r) => r.count > 0);
  return (
    <div role="status" data-testid="import-notice" className="fixed right-4 bottom-4 z-40 w-[440px] max-w-[calc(100vw-2rem)] rounded-md border border-line-strong bg-bg p-3 text-[12px] shadow-xl">
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <div className="font-medium">Imported “{last.session.name}” read-only</div>
          <p className="mt-0.5 text-muted">{last.session.counts.events.toLocaleString()} entries. It never connects and never runs anything.</p>
        </div>
        <IconButton aria-label="Dismiss" onClick={dismiss}><IconClose size={12} /></IconButton>
      </div>
      {last.launchCommand ? (
        <div className="mt-2">
          <div className="text-[11px] text-muted">Launch command recorded in the file (shown only, not run):</div>
          <pre className="mt-0.5 max-h-24 overflow-auto rounded bg-panel-2 px-1.5 py-1 font-mono text-[11.5px] break-all whitespace-pre-wrap" data-testid="launch-command">{last.launchCommand}</pre>
        </div>
      ) : null}
      {redactions.length ? (
        <p className="mt-2 text-[11.5px] text-muted">
          Redacted before it was shared: {redactions.map((r) => `${r.kind} ${r.count}`).join(', ')}.
        </p>
      ) : null}
    </div>
  );
}
