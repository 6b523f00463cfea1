/** Transient shell state: which panels and tabs are showing. Not persisted. */
import { create } from 'zustand';
import type { SessionSummary } from '@/lib/session/types';

/** `panes`: an MCP session's panes (tools, resources, prompts …), beside Request and Batch. */
export type ComposerTab = 'request' | 'batch' | 'panes';
/** `facts`: what the transport said about the entry (HTTP status and headers, close code, pid). */
export type InspectorTab = 'pretty' | 'raw' | 'findings' | 'facts';

export interface UiState {
  helpOpen: boolean;
  /** The connect form shows in the sidebar when true (or when there are no sessions yet). */
  connectOpen: boolean;
  composerTab: ComposerTab;
  inspectorTab: InspectorTab;
  /** "Duplicate as new target": the session whose target the connect form should open with. */
  connectPrefill: { from: SessionSummary; nonce: number } | null;
  /** Opens the connect form filled in from a session's target, name and dialect. */
  duplicateTarget(from: SessionSummary): void;
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
  connectPrefill: null,
  duplicateTarget: (from) => set((s) => ({ connectOpen: true, connectPrefill: { from, nonce: (s.connectPrefill?.nonce ?? 0) + 1 } })),
  setHelpOpen: (helpOpen) => set({ helpOpen }),
  setConnectOpen: (connectOpen) => set({ connectOpen }),
  setComposerTab: (composerTab) => set({ composerTab }),
  setInspectorTab: (inspectorTab) => set({ inspectorTab }),
}));
