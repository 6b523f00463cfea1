/** Which view of a session shows in the workspace (timeline, sequence diagram, plots), per session. Not persisted. */
import { create } from 'zustand';

export const VIEW_MODES = ['timeline', 'sequence', 'plots'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];

export interface ViewsState {
  modes: Record<string, ViewMode>;
  /** The sequence diagram spaces rows by time (gaps in proportion) or evenly. */
  scaled: boolean;
  setMode(sessionId: string, mode: ViewMode): void;
  setScaled(scaled: boolean): void;
}

export const useViews = create<ViewsState>()((set) => ({
  modes: {},
  scaled: false,
  setMode: (id, mode) => set((s) => ({ modes: { ...s.modes, [id]: mode } })),
  setScaled: (scaled) => set({ scaled }),
}));

export const modeOf = (s: ViewsState, id: string): ViewMode => s.modes[id] ?? 'timeline';
