/**
 * Sessions and their traffic, as the page holds them. The bridge client is the only writer of
 * events; components read with selectors (`useSessions((s) => s.sessions[id])`).
 */
import { create } from 'zustand';
import type { EventPatch, SessionSummary, TargetSpec, TrafficEvent } from '@/lib/session/types';
import { API } from '@/lib/api/routes';
import { apiClient } from '@/components/api/client';
import { emptyView, mergeEvents, mergePatches, mergeRows, resumeSeq, withVersion } from './apply';
import { BridgeClient, type BridgeOp } from './bridge-client';
import { entryTexts } from './entry-texts';
import { loadRowPages, pageDeps, ROW_PAGES_FROM } from './row-pages';
import type { EntryRow } from '@/lib/timeline/row';
import type { SessionView, SessionsState } from './types';

const ACTIVE_KEY = 'rpcscope.activeSession';

export interface SessionsStore extends SessionsState {
  /** Set when the server refuses the page (its cookie no longer holds: the server restarted). */
  authError: string | null;
  /** Last problem the bridge reported, in plain words. */
  serverError: string | null;
  /** True once the server's list of sessions arrived. */
  loaded: boolean;
  /** Each session's selection, so switching sessions keeps it. */
  selectedBySession: Record<string, number | null>;
  /** Starts the bridge; call once the page is signed in (components/stores/sign-in.ts). */
  init(): void;
  /** As in SessionsState, plus the per-request timeout the server should use for this session. */
  connect(target: TargetSpec, name?: string, opts?: { timeoutMs?: number; dialect?: string }): Promise<string>;
  /** Override the detected dialect of a live session (an id of lib/dialects/registry). */
  setDialect(sessionId: string, dialect: string): Promise<void>;
  remove(sessionId: string): Promise<void>;
  /** Same target as a new session linked to the ended one; it becomes the active session. */
  reconnect(sessionId: string): Promise<string>;
  applyOps(ops: BridgeOp[]): void;
  /** Rows read by pages (./row-pages.ts), appended in one update. */
  applyRows(sessionId: string, rows: EntryRow[]): void;
  clearServerError(): void;
}

let bridge: BridgeClient | null = null;

function sortOrder(sessions: Record<string, SessionView>): string[] {
  return Object.values(sessions)
    .sort((a, b) => (a.summary.startedAt < b.summary.startedAt ? 1 : a.summary.startedAt > b.summary.startedAt ? -1 : 0))
    .map((v) => v.summary.id);
}

const isLive = (s: SessionSummary) => s.status === 'open' || s.status === 'connecting';

function rememberActive(id: string | null): void {
  try {
    if (id) window.sessionStorage.setItem(ACTIVE_KEY, id);
    else window.sessionStorage.removeItem(ACTIVE_KEY);
  } catch {
    // storage disabled: the active session simply is not remembered
  }
}

function recalledActive(): string | null {
  try {
    return window.sessionStorage.getItem(ACTIVE_KEY);
  } catch {
    return null;
  }
}

export const useSessions = create<SessionsStore>()((set, get) => {
  // A big session with nothing shown yet reads its rows by pages first; the bridge takes over where they stop.
  const loading = new Set<string>();
  const setFilling = (id: string, filling: boolean) =>
    set((s) => {
      const view = s.sessions[id];
      if (!view || !!view.filling === filling) return {};
      return { sessions: { ...s.sessions, [id]: withVersion({ ...view, filling: filling || undefined }) } };
    });
  const ensureSubscribed = (id: string) => {
    if (!bridge || bridge.isSubscribed(id) || loading.has(id)) return;
    const view = get().sessions[id];
    if (!view || view.events.length > 0 || view.summary.lastSeq < ROW_PAGES_FROM) {
      bridge.subscribe(id);
      return;
    }
    loading.add(id);
    setFilling(id, true);
    const deps = pageDeps((sid, rows) => get().applyRows(sid, rows), (sid) => !!get().sessions[sid]);
    void loadRowPages(id, deps)
      .catch(() => undefined) // what came stays; the bridge's replay brings the rest
      .finally(() => {
        loading.delete(id);
        setFilling(id, false);
        if (get().sessions[id]) bridge?.subscribe(id);
      });
  };

  const clearBehind = () =>
    set((s) => {
      const lagging = Object.values(s.sessions).filter((v) => v.behind);
      if (lagging.length === 0) return {};
      const sessions = { ...s.sessions };
      for (const v of lagging) sessions[v.summary.id] = withVersion({ ...v, behind: undefined });
      return { sessions };
    });

  // The bridge cannot tell a refused cookie from a server that is down; an API call can.
  let lastProbe = 0;
  const probeToken = () => {
    if (Date.now() - lastProbe < 3000) return;
    lastProbe = Date.now();
    api.call(API.listSessions).catch((err: { status?: number; message: string }) => {
      if (err.status === 401 || err.status === 403) {
        set({ authError: err.message });
        bridge?.stop();
      }
    });
  };

  return {
    bridge: 'closed',
    sessions: {},
    order: [],
    activeId: null,
    selectedSeq: null,
    selectedBySession: {},
    authError: null,
    serverError: null,
    loaded: false,

    init() {
      if (bridge) return;
      bridge = new BridgeClient({
        onHello: (sessions) => {
          set((s) => {
            const next = { ...s.sessions };
            for (const summary of sessions) next[summary.id] = next[summary.id] ? withVersion(next[summary.id], summary) : emptyView(summary);
            return { sessions: next, order: sortOrder(next), loaded: true };
          });
          const state = get();
          for (const summary of sessions) if (isLive(summary)) ensureSubscribed(summary.id);
          if (!state.activeId) {
            const recalled = recalledActive();
            const pick = recalled && state.sessions[recalled] ? recalled : state.order.find((id) => isLive(state.sessions[id].summary)) ?? null;
            if (pick) state.setActive(pick);
          } else ensureSubscribed(state.activeId);
        },
        onOps: (ops) => get().applyOps(ops),
        onStatus: (status) => {
          set({ bridge: status });
          // A new connection resubscribes from scratch: any "behind" belonged to the old one.
          if (status === 'open') clearBehind();
          // A server restarted with a new token refuses this page's cookie forever: find out and say so.
          if (status === 'closed') probeToken();
        },
        onServerError: (message) => set({ serverError: message }),
        resumeFrom: (id) => resumeSeq(get().sessions[id]),
      });
      bridge.start();
      probeToken();
    },

    setActive(id) {
      const s = get();
      if (id === s.activeId) return;
      const selectedBySession = { ...s.selectedBySession };
      if (s.activeId) selectedBySession[s.activeId] = s.selectedSeq;
      set({ activeId: id, selectedSeq: id ? selectedBySession[id] ?? null : null, selectedBySession });
      rememberActive(id);
      if (id) ensureSubscribed(id);
    },

    select(seq) {
      const id = get().activeId;
      set((s) => ({ selectedSeq: seq, selectedBySession: id ? { ...s.selectedBySession, [id]: seq } : s.selectedBySession }));
    },

    async connect(target: TargetSpec, name?: string, opts?: { timeoutMs?: number; dialect?: string }) {
      const body: { target: TargetSpec; name?: string; timeoutMs?: number; dialect?: string } = { target };
      if (opts?.dialect) body.dialect = opts.dialect;
      if (name && name.trim()) body.name = name.trim();
      if (opts?.timeoutMs !== undefined) body.timeoutMs = opts.timeoutMs;
      const { session } = await api.call(API.openSession, { body });
      get().upsertSummary(session);
      get().setActive(session.id);
      ensureSubscribed(session.id);
      return session.id;
    },

    async send(sessionId, text, environmentId, to, conn) {
      const aim = { ...(to ? { to } : {}), ...(conn !== undefined ? { conn } : {}) };
      const { seq } = environmentId
        ? await api.call(API.sendWithEnvironment, { params: { id: sessionId }, body: { text, environmentId, ...aim } })
        : await api.call(API.send, { params: { id: sessionId }, body: { text, ...aim } });
      return seq;
    },

    async setDialect(sessionId, dialect) {
      await api.call(API.setDialect, { params: { id: sessionId }, body: { dialect } });
    },

    async close(sessionId) {
      const { session } = await api.call(API.closeSession, { params: { id: sessionId }, body: {} });
      get().upsertSummary(session);
    },

    async reconnect(sessionId) {
      const { session } = await api.call(API.reconnectSession, { params: { id: sessionId }, body: {} });
      get().upsertSummary(session);
      get().setActive(session.id);
      ensureSubscribed(session.id);
      return session.id;
    },

    async remove(sessionId) {
      await api.call(API.deleteSession, { params: { id: sessionId } });
      bridge?.unsubscribe(sessionId);
      entryTexts.forget(sessionId);
      set((s) => {
        const sessions = { ...s.sessions };
        delete sessions[sessionId];
        const order = s.order.filter((id) => id !== sessionId);
        return { sessions, order };
      });
      if (get().activeId === sessionId) get().setActive(get().order[0] ?? null);
    },

    applyEvents(sessionId: string, events: TrafficEvent[]) {
      get().applyOps([{ type: 'events', session: sessionId, events }]);
    },

    applyPatches(sessionId: string, patches: EventPatch[]) {
      get().applyOps([{ type: 'patches', session: sessionId, patches }]);
    },

    upsertSummary(summary) {
      get().applyOps([{ type: 'session', summary }]);
    },

    applyOps(ops) {
      const prev = get().sessions;
      const next: Record<string, SessionView> = { ...prev };
      const touched = new Set<string>();
      let newSession = false;
      for (const op of ops) {
        if (op.type === 'session') {
          const id = op.summary.id;
          if (!next[id]) newSession = true;
          next[id] = next[id] ? { ...next[id], summary: op.summary } : emptyView(op.summary);
          touched.add(id);
          continue;
        }
        const view = next[op.session];
        if (!view) continue; // not a session we know: its summary comes first, always
        if (op.type === 'behind') {
          next[op.session] = { ...view, behind: op.behind || undefined };
          touched.add(op.session);
          continue;
        }
        const changed = op.type === 'rows' ? mergeRows(view, op.rows) : op.type === 'events' ? mergeEvents(view, op.events) : mergePatches(view, op.patches);
        if (changed) touched.add(op.session);
      }
      if (touched.size === 0) return;
      for (const id of touched) next[id] = withVersion(next[id]);
      set(newSession ? { sessions: next, order: sortOrder(next) } : { sessions: next });
      for (const op of ops) if (op.type === 'session' && isLive(op.summary)) ensureSubscribed(op.summary.id);
    },

    applyRows(sessionId, rows) {
      const view = get().sessions[sessionId];
      if (!view || !mergeRows(view, rows)) return;
      set((s) => ({ sessions: { ...s.sessions, [sessionId]: withVersion(view) } }));
    },

    clearServerError() {
      set({ serverError: null });
    },
  };
});

/** The page's API client: every /api call goes through it, authenticated by the page's httpOnly cookie. */
export const api = apiClient();
