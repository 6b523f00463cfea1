'use client';
/**
 * Tracks one panel's last send in one session: in flight, refused, or recorded as #seq — then
 * follows that event's pairing live. Kept per session and panel (components/stores/send-status.ts).
 */
import { useCallback } from 'react';
import type { EntryRow } from '@/lib/timeline/row';
import { useSessions } from '@/components/stores/sessions';
import { sendStateOf, useSendStatusStore, type SendPanel, type SendState } from '@/components/stores/send-status';
import { aimedConnOf, injectToOf, useInjectTo } from '@/components/stores/inject-to';
import type { InjectTo } from '@/lib/inject/inject';

export type { SendState };

export function useSendStatus(sessionId: string | null, panel: SendPanel) {
  const status = useSendStatusStore((s) => sendStateOf(s, sessionId, panel));
  const setFor = useSendStatusStore((s) => s.set);
  // A tap session's sends go into its conversation, towards the side chosen above the composer
  // (the inspector offers no reply form there: the real client answers the server).
  const tap = useSessions((s) => (sessionId ? s.sessions[sessionId]?.summary.target.kind === 'tap' : false));
  const chosen = useInjectTo((s) => injectToOf(s, sessionId));
  const to: InjectTo | undefined = tap ? chosen : undefined;
  const sentSeq = status.state === 'sent' ? status.seq : null;
  const event = useSessions((s) => {
    if (!sessionId || sentSeq === null) return undefined;
    const v = s.sessions[sessionId];
    const i = v?.indexBySeq.get(sentSeq);
    return i === undefined ? undefined : v.events[i];
  });
  const reply = useSessions((s) => {
    if (!sessionId || event?.pair === undefined) return undefined;
    const v = s.sessions[sessionId];
    const i = v?.indexBySeq.get(event.pair);
    return i === undefined ? undefined : v.events[i];
  });

  const send = useCallback(
    async (text: string, environmentId?: string): Promise<number | null> => {
      if (!sessionId) return null;
      // The status belongs to the session the send went to, even if the user switches meanwhile.
      setFor(sessionId, panel, { state: 'sending' });
      try {
        // The WebSocket shown above the composer, read at the moment of sending.
        const conn = to ? aimedConnOf(useInjectTo.getState(), sessionId) : undefined;
        const seq = await useSessions.getState().send(sessionId, text, environmentId, to, conn);
        setFor(sessionId, panel, { state: 'sent', seq, ...(to ? { to } : {}) });
        return seq;
      } catch (e) {
        setFor(sessionId, panel, { state: 'failed', error: e instanceof Error ? e.message : String(e) });
        return null;
      }
    },
    [sessionId, panel, setFor, to],
  );

  return { status, event, reply, send, reset: () => { if (sessionId) setFor(sessionId, panel, { state: 'idle' }); } };
}

export function describeOutcome(event: EntryRow | undefined, reply: EntryRow | undefined): { tone: 'ok' | 'error' | 'wait' | 'muted'; text: string } {
  if (!event) return { tone: 'muted', text: 'recorded' };
  if (event.kind === 'notification') return { tone: 'muted', text: 'notification: no reply expected' };
  // A batch's replies are matched entry by entry in the batch result view, not here.
  if (event.kind === 'batch') return { tone: 'muted', text: 'batch recorded: see Result for each entry' };
  const latency = reply?.latencyMs ?? event.latencyMs;
  const ms = latency !== undefined ? ` in ${latency < 10 ? latency.toFixed(1) : Math.round(latency)} ms` : '';
  switch (event.state) {
    case 'pending':
      return { tone: 'wait', text: 'waiting for the reply…' };
    case 'answered':
    case 'late': {
      const late = event.state === 'late' ? ' (late, after the timeout)' : '';
      if (reply?.kind === 'error' || reply?.error) return { tone: 'error', text: `error ${reply?.error?.code ?? ''} ${reply?.error?.name ?? ''}${ms}${late}`.replace(/\s+/g, ' ') };
      return { tone: 'ok', text: `answered${ms}${late}` };
    }
    case 'timed-out':
      return { tone: 'error', text: 'timed out: no reply yet' };
    case 'target-exited':
      return { tone: 'error', text: 'the target exited before answering' };
    case 'cancelled':
      return { tone: 'muted', text: 'cancelled' };
    default:
      if (event.kind === 'invalid' || event.kind === 'parse-error' || event.kind === 'not-jsonrpc') return { tone: 'muted', text: `sent as ${event.kind}` };
      return { tone: 'muted', text: event.state ?? 'recorded' };
  }
}
