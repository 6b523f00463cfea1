/**
 * "Probe this target" in the page: which session a probe is running from, the reports the page
 * has fetched (by the probe session's id) and whether the report panel is showing. The probe
 * runs on the server (server/routes/probe.ts); its session is an ordinary one the page follows.
 */
import { create } from 'zustand';
import { API } from '@/lib/api/routes';
import type { ProbeReport } from '@/lib/probe/types';
import { api, useSessions } from './sessions';

interface ProbeState {
  /** The session a probe was started from, while the server runs it. */
  runningFrom: string | null;
  problem: string | null;
  /** Reports by the probed session's id; null: that session has none. */
  reports: Record<string, ProbeReport | null>;
  panelOpen: boolean;
  probe(sessionId: string): Promise<void>;
  /** Fetches the kept report of a session once (the panel shows it when there is one). */
  load(sessionId: string): void;
  setPanelOpen(open: boolean): void;
}

export const useProbe = create<ProbeState>()((set, get) => ({
  runningFrom: null,
  problem: null,
  reports: {},
  panelOpen: false,
  async probe(sessionId) {
    if (get().runningFrom) return;
    set({ runningFrom: sessionId, problem: null });
    try {
      const { session, report } = await api.call(API.probeTarget, { params: { id: sessionId }, body: {} });
      set((s) => ({ reports: { ...s.reports, [session.id]: report }, panelOpen: true }));
      const sessions = useSessions.getState();
      sessions.upsertSummary(session);
      sessions.setActive(session.id);
    } catch (err) {
      set({ problem: err instanceof Error ? err.message : String(err) });
    } finally {
      set({ runningFrom: null });
    }
  },
  load(sessionId) {
    if (sessionId in get().reports) return;
    set((s) => ({ reports: { ...s.reports, [sessionId]: null } }));
    api.call(API.getProbe, { params: { id: sessionId } }).then(
      ({ report }) => set((s) => ({ reports: { ...s.reports, [sessionId]: report } })),
      () => undefined, // no report to show; the session itself reports its own problems
    );
  },
  setPanelOpen: (panelOpen) => set({ panelOpen }),
}));
