'use client';
/**
 * "Stop tap…" (issue 12): a tap session's top bar offers this instead of Disconnect — the app does
 * not own a tapped conversation (the client started it), so the only thing the button can do is
 * end it, and that costs a real client its server. The dialog says whose server goes and how,
 * before anything happens; the tap forwards what breakpoints hold first (server/routes/tap-stop.ts).
 */
import { useState } from 'react';
import type { TapTarget } from '@/lib/targets/tap';
import { serverSide } from '@/lib/targets/tap';
import { API } from '@/lib/api/routes';
import { api } from '@/components/stores/sessions';
import { Dialog } from '@/components/ui/Dialog';
import { Button } from '@/components/ui/Button';

export const STOP_TAP_TITLE = 'End this tapped conversation: the client loses its server';

/** What stopping does, in the user's words: stdio closes the server's stdin, a proxy stops listening. */
export function stopTapWords(t: TapTarget): string {
  const client = t.client ?? 'The client';
  if (t.to === undefined) {
    return `${client} will lose its server: the tap closes the stdin of ${serverSide(t)}, as ${t.client ?? 'the client'} quitting would, and ends it with SIGTERM if it is still running 5 s later.`;
  }
  return `The tap stops listening on ${t.listen ?? 'its address'}: clients connected through it lose ${t.to} — open WebSockets close and requests in progress are cut off.`;
}

export function StopTapDialog({ sessionId, target, onClose }: { sessionId: string; target: TapTarget; onClose(): void }) {
  const [state, setState] = useState<{ busy: boolean; error?: string }>({ busy: false });
  const stop = async () => {
    setState({ busy: true });
    try {
      await api.call(API.stopTap, { params: { id: sessionId }, body: {} });
      onClose();
    } catch (err) {
      setState({ busy: false, error: err instanceof Error ? err.message : String(err) });
    }
  };
  return (
    <Dialog
      title="Stop the tap?"
      width={520}
      onClose={onClose}
      testId="stop-tap-dialog"
      footer={
        <>
          {state.error ? <span className="min-w-0 flex-1 text-[12px] text-err" role="alert">{state.error}</span> : <span className="flex-1" />}
          <Button size="sm" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button size="sm" variant="danger" disabled={state.busy} onClick={() => void stop()}>
            {state.busy ? 'Stopping…' : 'Stop tap'}
          </Button>
        </>
      }
    >
      <div className="space-y-2 px-4 py-3 text-[13px]">
        <p>{stopTapWords(target)}</p>
        <p className="text-muted">Messages held by breakpoints are forwarded first. The session keeps everything recorded up to the end.</p>
      </div>
    </Dialog>
  );
}
