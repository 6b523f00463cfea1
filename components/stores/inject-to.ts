/**
 * Where a tap session's composer sends (issue 12 item 4): to the server, as if from the client
 * (the default), or to the client, as if from the server — and, for a proxy tap relaying
 * WebSockets, into which one (`conn`: the user's pick, else the newest open one; the tap's list
 * is polled by components/builder/useTapConnections.ts). Per session, not persisted: a tap
 * session lives as long as its conversation.
 */
import { create } from 'zustand';
import type { InjectTo } from '@/lib/inject/inject';
import { aimedConnection, type TapConnection } from '@/lib/session/tap-connections';

interface InjectToStore {
  bySession: Record<string, InjectTo>;
  /** The WebSocket the user picked per session (absent: follow the newest open one). */
  connBySession: Record<string, number | undefined>;
  /** The tap's open WebSockets per session, as last read. */
  conns: Record<string, TapConnection[]>;
  set(sessionId: string, to: InjectTo): void;
  pickConn(sessionId: string, conn: number | undefined): void;
  setConns(sessionId: string, conns: TapConnection[]): void;
}

export const DEFAULT_INJECT_TO: InjectTo = 'server';
const NONE: TapConnection[] = [];

export const useInjectTo = create<InjectToStore>()((set) => ({
  bySession: {},
  connBySession: {},
  conns: {},
  set: (sessionId, to) => set((s) => ({ bySession: { ...s.bySession, [sessionId]: to } })),
  pickConn: (sessionId, conn) => set((s) => ({ connBySession: { ...s.connBySession, [sessionId]: conn } })),
  setConns: (sessionId, conns) => set((s) => ({ conns: { ...s.conns, [sessionId]: conns } })),
}));

export function injectToOf(s: InjectToStore, sessionId: string | null): InjectTo {
  return (sessionId && s.bySession[sessionId]) || DEFAULT_INJECT_TO;
}

export function connsOf(s: InjectToStore, sessionId: string | null): TapConnection[] {
  return (sessionId && s.conns[sessionId]) || NONE;
}

/** The connection a send goes into now (undefined: none relayed — the tap uses HTTP). */
export function aimedConnOf(s: InjectToStore, sessionId: string | null): number | undefined {
  if (!sessionId) return undefined;
  return aimedConnection(connsOf(s, sessionId), s.connBySession[sessionId]).conn;
}
