/** What the user chose once and expects to find again: theme, time column mode, panel sizes, timeline columns. Persisted. */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { DEFAULT_COLUMN_PREFS, clampWidth, isRequired, sanitizeColumnPrefs, type ColumnId, type ColumnPrefs } from '@/lib/timeline/columns';

export type ThemeChoice = 'system' | 'light' | 'dark';
export type TimeMode = 'absolute' | 'relative';

export interface PreferencesState {
  theme: ThemeChoice;
  timeMode: TimeMode;
  /** Width of the inspector, px. */
  inspectorWidth: number;
  /** Height of the Request/Batch composer, px; 0 when folded. */
  composerHeight: number;
  composerOpen: boolean;
  statsOpen: boolean;
  /** The sidebar (connect form, sessions, collections) folded to a thin rail. */
  sidebarCollapsed: boolean;
  /** Timeline columns the user hid and widths they dragged (lib/timeline/columns.ts). */
  columns: ColumnPrefs;
  setSidebarCollapsed(collapsed: boolean): void;
  setColumnShown(id: ColumnId, shown: boolean): void;
  setColumnWidth(id: ColumnId, px: number): void;
  resetColumns(): void;
  setTheme(t: ThemeChoice): void;
  cycleTheme(): void;
  setTimeMode(m: TimeMode): void;
  setInspectorWidth(px: number): void;
  setComposerHeight(px: number): void;
  setComposerOpen(open: boolean): void;
  setStatsOpen(open: boolean): void;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, Math.round(v)));

export const usePreferences = create<PreferencesState>()(
  persist(
    (set, get) => ({
      theme: 'system',
      timeMode: 'relative',
      inspectorWidth: 460,
      composerHeight: 300,
      composerOpen: true,
      statsOpen: false,
      sidebarCollapsed: false,
      columns: DEFAULT_COLUMN_PREFS,
      setSidebarCollapsed: (sidebarCollapsed) => set({ sidebarCollapsed }),
      setColumnShown: (id, shown) => {
        if (isRequired(id)) return;
        const hidden = get().columns.hidden.filter((h) => h !== id);
        set({ columns: { ...get().columns, hidden: shown ? hidden : [...hidden, id] } });
      },
      setColumnWidth: (id, px) => set({ columns: { ...get().columns, widths: { ...get().columns.widths, [id]: clampWidth(px) } } }),
      resetColumns: () => set({ columns: DEFAULT_COLUMN_PREFS }),
      setTheme: (theme) => set({ theme }),
      cycleTheme: () => set({ theme: get().theme === 'system' ? 'dark' : get().theme === 'dark' ? 'light' : 'system' }),
      setTimeMode: (timeMode) => set({ timeMode }),
      setInspectorWidth: (px) => set({ inspectorWidth: clamp(px, 280, 1200) }),
      setComposerHeight: (px) => set({ composerHeight: clamp(px, 140, 900) }),
      setComposerOpen: (composerOpen) => set({ composerOpen }),
      setStatsOpen: (statsOpen) => set({ statsOpen }),
    }),
    {
      name: 'rpcscope.preferences',
      version: 1,
      partialize: (s) => ({
        theme: s.theme, timeMode: s.timeMode, inspectorWidth: s.inspectorWidth,
        composerHeight: s.composerHeight, composerOpen: s.composerOpen, statsOpen: s.statsOpen,
        sidebarCollapsed: s.sidebarCollapsed, columns: s.columns,
      }),
      // Whatever localStorage holds is read through the columns' own check, never trusted as is.
      merge: (saved, current) => {
        const s = (typeof saved === 'object' && saved !== null ? saved : {}) as Partial<PreferencesState>;
        return { ...current, ...s, sidebarCollapsed: s.sidebarCollapsed === true, columns: sanitizeColumnPrefs(s.columns) };
      },
    },
  ),
);
