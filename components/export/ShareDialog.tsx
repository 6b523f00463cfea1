'use client';
/**
 * A read-only share link for one session: its own unguessable id (never the app's token), the
 * default redaction applied each time it is opened, and reachable only where this rpcscope is.
 */
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { CopyButton } from '@/components/ui/CopyButton';
import { Dialog } from '@/components/ui/Dialog';
import { ConfirmDelete, Problem, Spinner } from '@/components/collections/ui';
import { API } from '@/lib/api/routes';
import { api } from '@/components/stores/sessions';
import { messageOf } from '@/components/api/client';
import type { ShareState } from '@/lib/api/bodies';


export function ShareDialog({ sessionId, name, onClose, onChange }: {
  sessionId: string;
  name: string;
  onClose(): void;
  onChange(state: ShareState): void;
}) {
  const [state, setState] = useState<ShareState | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    api.call(API.getShare, { params: { id: sessionId } }).then(
      (s) => { if (!cancelled) setState(s); },
      (err: unknown) => { if (!cancelled) setProblem(messageOf(err)); },
    );
    return () => { cancelled = true; };
  }, [sessionId]);

  const apply = (s: ShareState) => {
    setState(s);
    onChange(s);
  };

  const create = async () => {
    setBusy(true);
    setProblem(null);
    try {
      apply(await api.call(API.share, { params: { id: sessionId } }));
    } catch (err) {
      setProblem(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  const revoke = async () => {
    await api.call(API.unshare, { params: { id: sessionId } });
    apply({ shareId: null, url: null });
  };

  return (
    <Dialog title={<>Share <span className="font-normal text-muted">“{name}”</span></>} onClose={onClose} width={600} testId="share-dialog">
      <div className="flex flex-col gap-3 p-4 text-[12.5px]">
        <p className="leading-relaxed text-muted">
          A share link opens this session read-only in a browser, with the timeline, filters and inspector. It has its own random id, not the app&apos;s
          token, and shows the session redacted with every default rule at the moment it is opened.
        </p>
        <p className="rounded border border-warn/40 bg-warn-bg px-2 py-1.5 leading-relaxed text-warn">
          By default the link works only where this rpcscope runs: it listens on this machine (127.0.0.1) and checks the Host of every request, so a teammate on
          another machine cannot open it. To hand a session to someone else, export it as an HTML page or a session file instead.
        </p>
        {state === null && !problem ? <Spinner label="Checking for a link…" /> : null}
        {state?.url ? (
          <div className="flex flex-col gap-2">
            <div className="flex items-center gap-1 rounded border border-line-strong bg-panel px-2 py-1">
              <code className="min-w-0 flex-1 truncate font-mono text-[12px]" data-testid="share-url" title={state.url}>{state.url}</code>
              <CopyButton text={() => state.url ?? ''} label="Copy link" />
            </div>
            <div className="flex items-center gap-2">
              <a href={state.url} target="_blank" rel="noopener noreferrer" className="text-[12px] text-accent hover:underline">Open it in a new tab</a>
              <span className="ml-auto">
                <ConfirmDelete what="the share link (it stops working for good)" onConfirm={revoke}>
                  <span className="rounded border border-line-strong px-1.5 text-[12px]">Revoke link</span>
                </ConfirmDelete>
              </span>
            </div>
          </div>
        ) : state ? (
          <div>
            <Button variant="primary" onClick={() => void create()} disabled={busy} data-testid="share-create">
              {busy ? 'Creating…' : 'Create a read-only link'}
            </Button>
          </div>
        ) : null}
        <Problem>{problem}</Problem>
      </div>
    </Dialog>
  );
}
