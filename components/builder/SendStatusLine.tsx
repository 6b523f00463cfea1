'use client';
import { useSessions } from '@/components/stores/sessions';
import { describeOutcome, type SendState } from './useSendStatus';
import type { EntryRow } from '@/lib/timeline/row';

const TONE = {
  ok: 'text-ok',
  error: 'text-err',
  wait: 'text-warn',
  muted: 'text-muted',
};

function SeqLink({ seq }: { seq: number }) {
  return (
    <button
      type="button"
      title="Select in the timeline"
      onClick={() => useSessions.getState().select(seq)}
      className="font-mono tabular-nums text-accent underline-offset-2 hover:underline"
    >
      #{seq}
    </button>
  );
}

/** One line after a send: what happened to it, live. */
export function SendStatusLine({ status, event, reply }: { status: SendState; event?: EntryRow; reply?: EntryRow }) {
  if (status.state === 'idle') return null;
  if (status.state === 'sending') return <p className="text-xs text-muted" data-testid="send-status">Sending…</p>;
  if (status.state === 'failed')
    return (
      <p role="alert" data-testid="send-status" className="text-xs text-err">
        Not sent: {status.error}
      </p>
    );
  const outcome = describeOutcome(event, reply);
  return (
    <p data-testid="send-status" className="flex flex-wrap items-center gap-x-1.5 text-xs text-muted">
      <span>{status.to ? `Injected to ${status.to}` : 'Sent'}</span>
      <SeqLink seq={status.seq} />
      <span className="text-faint">·</span>
      <span className={TONE[outcome.tone]}>{outcome.text}</span>
      {reply && (
        <>
          <span className="text-faint">·</span>
          <span>reply</span>
          <SeqLink seq={reply.seq} />
        </>
      )}
    </p>
  );
}
