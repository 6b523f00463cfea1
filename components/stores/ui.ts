/** Transient shell state: which panels and tabs are showing. Not persisted. */
import { create } from 'zustand';

export type ComposerTab = 'request' | 'batch';
export type InspectorTab = 'pretty' | 'raw' | 'findings' | 'http';

export interface UiState {
  helpOpen: boolean;
  /** The connect form shows in the sidebar when true (or when there are no sessions yet). */
  connectOpen: boolean;
  composerTab: ComposerTab;
  inspectorTab: InspectorTab;
  setHelpOpen(open: boolean): void;
  setConnectOpen(open: boolean): void;
  setComposerTab(tab: ComposerTab): void;
  setInspectorTab(tab: InspectorTab): void;
}

export const useUi = create<UiState>()((set) => ({
  helpOpen: false,
  connectOpen: false,
  composerTab: 'request',
  inspectorTab: 'pretty',
  setHelpOpen: (helpOpen) => set({ helpOpen }),
  setConnectOpen: (connectOpen) => set({ connectOpen }),
  setComposerTab: (composerTab) => set({ composerTab }),
  setInspectorTab: (inspectorTab) => set({ inspectorTab }),
}));
