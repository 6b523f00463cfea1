'use client';
import { useSessions } from '@/components/stores/sessions';
import { describeOutcome, type SendState } from './useSendStatus';
import type { TrafficEvent } from '@/lib/session/types';

const TONE = {
  ok: 'text-emerald-700 dark:text-emerald-400',
  error: 'text-red-700 dark:text-red-400',
  wait: 'text-amber-700 dark:text-amber-400',
  muted: 'text-zinc-500 dark:text-zinc-400',
};

function SeqLink({ seq }: { seq: number }) {
  return (
    <button
      type="button"
      title="Select in the timeline"
      onClick={() => useSessions.getState().select(seq)}
      className="font-mono tabular-nums text-sky-700 underline-offset-2 hover:underline dark:text-sky-400"
    >
      #{seq}
    </button>
  );
}

/** One line after a send: what happened to it, live. */
export function SendStatusLine({ status, event, reply }: { status: SendState; event?: TrafficEvent; reply?: TrafficEvent }) {
  if (status.state === 'idle') return null;
  if (status.state === 'sending') return <p className="text-xs text-zinc-500 dark:text-zinc-400" data-testid="send-status">Sending…</p>;
  if (status.state === 'failed')
    return (
      <p role="alert" data-testid="send-status" className="text-xs text-red-700 dark:text-red-400">
        Not sent: {status.error}
      </p>
    );
  const outcome = describeOutcome(event, reply);
  return (
    <p data-testid="send-status" className="flex flex-wrap items-center gap-x-1.5 text-xs text-zinc-600 dark:text-zinc-300">
      <span>Sent</span>
      <SeqLink seq={status.seq} />
      <span className="text-zinc-300 dark:text-zinc-600">·</span>
      <span className={TONE[outcome.tone]}>{outcome.text}</span>
      {reply && (
        <>
          <span className="text-zinc-300 dark:text-zinc-600">·</span>
          <span>reply</span>
          <SeqLink seq={reply.seq} />
        </>
      )}
    </p>
  );
}
