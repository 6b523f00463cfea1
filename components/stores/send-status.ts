/**
 * Each composer's last send, per session and panel (request, batch, reply): switching sessions
 * must not show one session's "Sent #3 · answered in 21 ms" under another's composer. Only seqs
 * and short error text live here; the events themselves stay in the sessions store.
 */
import { create } from 'zustand';

import type { InjectTo } from '@/lib/inject/inject';

/** `to`: a tap session's send, injected towards that side. */
export type SendState = { state: 'idle' } | { state: 'sending' } | { state: 'sent'; seq: number; to?: InjectTo } | { state: 'failed'; error: string };
/** A reply's status belongs to the request it answers. */
export type SendPanel = 'request' | 'batch' | `reply:${number}`;

const IDLE: SendState = { state: 'idle' };

interface SendStatusStore {
  byKey: Record<string, SendState>;
  set(sessionId: string, panel: SendPanel, state: SendState): void;
}

export const sendKey = (sessionId: string, panel: SendPanel) => `${panel}:${sessionId}`;

export const useSendStatusStore = create<SendStatusStore>()((set) => ({
  byKey: {},
  set: (sessionId, panel, state) => set((s) => ({ byKey: { ...s.byKey, [sendKey(sessionId, panel)]: state } })),
}));

export function sendStateOf(s: SendStatusStore, sessionId: string | null, panel: SendPanel): SendState {
  return sessionId ? s.byKey[sendKey(sessionId, panel)] ?? IDLE : IDLE;
}
