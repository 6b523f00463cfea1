/**
 * "Retry with the other framing": a stream target (stdio, TCP, a Unix socket) spoken to in
 * Content-Length or newline framing, whose request waits unanswered while the peer says nothing
 * it could parse — no message at all, only noise — most likely expects the other framing (an MCP
 * server sent Content-Length waits for a newline forever). Only when no dialect was chosen: a
 * chosen dialect already set its framing.
 */
import type { SessionSummary } from '../session/types';
import type { EntryRow } from '../timeline/row';

export type FixedFraming = 'content-length' | 'newline';

/** How long a request waits before the hint shows. */
export const RETRY_AFTER_MS = 3000;

/** Message kinds that prove the peer's bytes were understood. */
const UNDERSTOOD = new Set<EntryRow['kind']>(['request', 'notification', 'response', 'error', 'batch', 'invalid', 'parse-error', 'not-jsonrpc']);

export function otherFraming(f: FixedFraming): FixedFraming {
  return f === 'content-length' ? 'newline' : 'content-length';
}

/** The framing to retry with, or null when nothing suggests it. `now` is wall-clock ms. */
export function framingRetry(summary: SessionSummary, events: readonly EntryRow[], now: number): FixedFraming | null {
  const t = summary.target as { framing?: unknown };
  if (t.framing !== 'content-length' && t.framing !== 'newline') return null;
  if (summary.dialect?.overridden) return null;
  let waiting = false;
  // Bounded: the hint is about a conversation's first exchanges, not a long recording.
  for (let i = 0; i < events.length && i < 2000; i++) {
    const e = events[i];
    if (e.dir === 'in' && UNDERSTOOD.has(e.kind)) return null;
    if (e.dir === 'out' && e.kind === 'request' && (e.state === 'timed-out' || (e.state === 'pending' && now - e.time >= RETRY_AFTER_MS))) waiting = true;
  }
  return waiting ? otherFraming(t.framing) : null;
}
