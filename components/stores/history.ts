/**
 * History: every recorded session as the server lists it (newest first), with the search and
 * filters the /api/history route applies. Opening a past session hands it to the sessions store,
 * which loads its events through the bridge like any other session; edits here (rename, tags,
 * delete, import) are pushed into that store too so the sidebar and top bar agree.
 */
import { create } from 'zustand';
import type { SessionStatus, SessionSummary, TargetKind } from '@/lib/session/types';
import { API } from '@/lib/api/routes';
import { api, useSessions } from '@/components/stores/sessions';
import type { HistoryEntry, ImportedSession } from '@/lib/api/bodies';

export type { HistoryEntry };

export type YesNo = '' | '1' | '0';

export interface HistoryQuery {
  search: string;
  status: '' | SessionStatus;
  kind: '' | TargetKind;
  tag: string;
  errors: YesNo;
  findings: YesNo;
  imported: YesNo;
}

export const EMPTY_QUERY: HistoryQuery = { search: '', status: '', kind: '', tag: '', errors: '', findings: '', imported: '' };


const PAGE = 100;

export interface HistoryStore {
  open: boolean;
  query: HistoryQuery;
  entries: HistoryEntry[];
  hasMore: boolean;
  loading: boolean;
  error: string | null;
  tags: { tag: string; count: number }[];
  /** What the last import brought in, shown until dismissed. */
  lastImport: ImportedSession | null;
  setOpen(open: boolean): void;
  setQuery(patch: Partial<HistoryQuery>): void;
  load(more?: boolean): Promise<void>;
  rename(id: string, name: string): Promise<void>;
  setTags(id: string, tags: string[]): Promise<void>;
  remove(id: string): Promise<void>;
  openSession(id: string): void;
  importSession(file: File): Promise<ImportedSession>;
  dismissImport(): void;
}

/** The SessionSummary part of a history entry (the sessions store keeps summaries only). */
export function summaryOf(e: HistoryEntry): SessionSummary {
  const { durationMs: _d, live: _l, shared: _s, ...summary } = e;
  void _d;
  void _l;
  void _s;
  return summary;
}

function queryOf(q: HistoryQuery, offset: number): Record<string, string> {
  const p: Record<string, string> = {};
  for (const [k, v] of Object.entries(q)) if (v) p[k] = String(v).trim();
  p.limit = String(PAGE);
  p.offset = String(offset);
  return p;
}

/** Import limit of the server (100 MiB); checked here too so a huge file fails before the upload. */
const IMPORT_SESSION_MAX_BYTES = 100 * 1024 * 1024;

let loadSerial = 0;

export const useHistory = create<HistoryStore>()((set, get) => {
  const loadTags = async () => {
    try {
      const { tags } = await api.call(API.historyTags);
      set({ tags });
    } catch {
      // the tag filter just offers nothing; the list itself reports errors
    }
  };
  const replace = (entry: HistoryEntry) => {
    set((s) => ({ entries: s.entries.map((e) => (e.id === entry.id ? entry : e)) }));
    if (useSessions.getState().sessions[entry.id]) useSessions.getState().upsertSummary(summaryOf(entry));
  };

  return {
    open: false,
    query: EMPTY_QUERY,
    entries: [],
    hasMore: false,
    loading: false,
    error: null,
    tags: [],
    lastImport: null,

    setOpen(open) {
      set({ open });
      if (open) {
        void get().load();
        void loadTags();
      }
    },

    setQuery(patch) {
      set((s) => ({ query: { ...s.query, ...patch } }));
      void get().load();
    },

    async load(more = false) {
      const serial = ++loadSerial;
      const offset = more ? get().entries.length : 0;
      set({ loading: true });
      try {
        const r = await api.call(API.listHistory, { query: queryOf(get().query, offset) });
        if (serial !== loadSerial) return; // a newer search has started; its answer wins
        set((s) => ({ entries: more ? [...s.entries, ...r.sessions] : r.sessions, hasMore: r.hasMore, loading: false, error: null }));
      } catch (err) {
        if (serial === loadSerial) set({ loading: false, error: (err as Error).message });
      }
    },

    async rename(id, name) {
      const { session } = await api.call(API.updateHistory, { params: { id }, body: { name } });
      replace(session);
    },

    async setTags(id, tags) {
      const { session } = await api.call(API.updateHistory, { params: { id }, body: { tags } });
      replace(session);
      void loadTags();
    },

    async remove(id) {
      // The sessions store deletes it on the server and forgets it locally (closing it first if live).
      if (useSessions.getState().sessions[id]) await useSessions.getState().remove(id);
      else await api.call(API.deleteHistory, { params: { id } });
      set((s) => ({ entries: s.entries.filter((e) => e.id !== id) }));
      void loadTags();
    },

    openSession(id) {
      const sessions = useSessions.getState();
      const entry = get().entries.find((e) => e.id === id);
      if (!sessions.sessions[id] && entry) sessions.upsertSummary(summaryOf(entry));
      sessions.setActive(id);
      set({ open: false });
    },

    async importSession(file) {
      if (file.size > IMPORT_SESSION_MAX_BYTES) throw new Error(`nothing was imported: ${file.name} is larger than 100 MiB`);
      const text = await file.text();
      // The file's own name is kept (the server falls back to "imported <kind> session").
      const r = await api.call(API.importSession, { body: text });
      const sessions = useSessions.getState();
      sessions.upsertSummary(r.session);
      sessions.setActive(r.session.id);
      set({ lastImport: r, open: false });
      return r;
    },

    dismissImport() {
      set({ lastImport: null });
    },
  };
});

export const DURATION = (ms: number | undefined): string => {
  if (ms === undefined) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(s < 10 ? 1 : 0)} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${Math.round(s % 60)} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
};
