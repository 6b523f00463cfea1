/** What the user chose once and expects to find again: theme, time column mode, panel sizes. Persisted. */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

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
      }),
    },
  ),
);
