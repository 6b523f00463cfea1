/**
 * Where a tap session's composer sends (issue 12 item 4): to the server, as if from the client
 * (the default), or to the client, as if from the server. Per session, not persisted: a tap
 * session lives as long as its conversation.
 */
import { create } from 'zustand';
import type { InjectTo } from '@/lib/inject/inject';

interface InjectToStore {
  bySession: Record<string, InjectTo>;
  set(sessionId: string, to: InjectTo): void;
}

export const DEFAULT_INJECT_TO: InjectTo = 'server';

export const useInjectTo = create<InjectToStore>()((set) => ({
  bySession: {},
  set: (sessionId, to) => set((s) => ({ bySession: { ...s.bySession, [sessionId]: to } })),
}));

export function injectToOf(s: InjectToStore, sessionId: string | null): InjectTo {
  return (sessionId && s.bySession[sessionId]) || DEFAULT_INJECT_TO;
}
