/**
 * Request builder state: one draft (kept while switching sessions), method sources for completion,
 * auto-reply rules per session, and `loadIntoBuilder` for edit-and-resend from the timeline.
 */
import { create } from 'zustand';
import type { ParamsMode } from '@/lib/builder/compose';
import { decomposeBatch, decomposeRequest } from '@/lib/builder/decompose';
import type { IdPolicy } from '@/lib/builder/ids';
import { bodyOf } from '@/lib/builder/json-text';
import type { TrafficEvent } from '@/lib/session/types';
import { useBatch } from './batch';

export type BuilderMode = 'compose' | 'raw';

export interface BuilderDraft {
  mode: BuilderMode;
  method: string;
  paramsMode: ParamsMode;
  /** One buffer per shape, so switching By position ↔ By name loses nothing typed. */
  paramsText: { array: string; object: string };
  idPolicy: IdPolicy;
  customId: string;
  rawText: string;
  /** Set by edit-and-resend: which event the draft came from, and why it opened raw. */
  loadedFrom?: { seq: number; rawReason?: string };
}

export interface MethodSuggestion {
  name: string;
  detail?: string;
  /** Params skeleton to offer when the method is picked (JSON text). */
  paramsTemplate?: string;
}

/** A list of methods offered by the method field (profiles and OpenRPC documents add theirs here). */
export interface MethodSource {
  id: string;
  label: string;
  methods: MethodSuggestion[];
}

export type BuilderPanel = 'builder' | 'batch';

export interface BuilderStore {
  draft: BuilderDraft;
  methodSources: MethodSource[];
  /** sessionId → method → result JSON text. */
  autoReplies: Record<string, Record<string, string>>;
  autoReplySync: Record<string, { state: 'saving' | 'saved' | 'failed'; error?: string }>;
  /** Bumped when something asks the shell to show a panel (edit-and-resend). */
  panelRequest: { panel: BuilderPanel; nonce: number } | null;
  setDraft(patch: Partial<BuilderDraft>): void;
  setParamsText(mode: 'array' | 'object', text: string): void;
  resetDraft(): void;
  loadIntoBuilder(event: TrafficEvent): void;
  setMethodSource(source: MethodSource): void;
  removeMethodSource(id: string): void;
  setAutoReplies(sessionId: string, rules: Record<string, string>): void;
  setAutoReplySync(sessionId: string, sync: { state: 'saving' | 'saved' | 'failed'; error?: string }): void;
}

export const EMPTY_DRAFT: BuilderDraft = {
  mode: 'compose',
  method: '',
  paramsMode: 'object',
  paramsText: { array: '[]', object: '{}' },
  idPolicy: 'auto',
  customId: '',
  rawText: '',
};

const AUTO_REPLY_KEY = 'rpcscope.autoReplies';

function recallAutoReplies(): Record<string, Record<string, string>> {
  try {
    const text = typeof window === 'undefined' ? null : window.localStorage.getItem(AUTO_REPLY_KEY);
    const value: unknown = text ? JSON.parse(text) : {};
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, Record<string, string>>) : {};
  } catch {
    return {};
  }
}

function rememberAutoReplies(all: Record<string, Record<string, string>>): void {
  try {
    window.localStorage.setItem(AUTO_REPLY_KEY, JSON.stringify(all));
  } catch {
    // storage full or disabled: the rules still live on the server for this run
  }
}

export const useBuilder = create<BuilderStore>()((set, get) => ({
  draft: EMPTY_DRAFT,
  methodSources: [],
  autoReplies: recallAutoReplies(),
  autoReplySync: {},
  panelRequest: null,

  setDraft(patch) {
    set((s) => ({ draft: { ...s.draft, ...patch } }));
  },

  setParamsText(mode, text) {
    set((s) => ({ draft: { ...s.draft, paramsText: { ...s.draft.paramsText, [mode]: text } } }));
  },

  resetDraft() {
    set({ draft: EMPTY_DRAFT });
  },

  loadIntoBuilder(event) {
    const nonce = (get().panelRequest?.nonce ?? 0) + 1;
    if (event.kind === 'batch') {
      const entries = decomposeBatch(event.raw);
      if (entries) {
        useBatch.getState().loadEntries(entries, event.seq);
        set({ panelRequest: { panel: 'batch', nonce } });
        return;
      }
    }
    const d = decomposeRequest(event.raw);
    const draft = get().draft;
    if (d.mode === 'raw') {
      set({ draft: { ...draft, mode: 'raw', rawText: d.text || bodyOf(event.raw), loadedFrom: { seq: event.seq, rawReason: d.reason } }, panelRequest: { panel: 'builder', nonce } });
      return;
    }
    const paramsText = { ...draft.paramsText };
    if (d.paramsMode !== 'omit') paramsText[d.paramsMode] = d.paramsText;
    set({
      draft: {
        ...draft,
        mode: 'compose',
        method: d.method,
        paramsMode: d.paramsMode,
        paramsText,
        idPolicy: d.idText === undefined ? 'none' : 'custom',
        customId: d.idText ?? draft.customId,
        loadedFrom: { seq: event.seq },
      },
      panelRequest: { panel: 'builder', nonce },
    });
  },

  setMethodSource(source) {
    set((s) => ({ methodSources: [...s.methodSources.filter((m) => m.id !== source.id), source] }));
  },

  removeMethodSource(id) {
    set((s) => ({ methodSources: s.methodSources.filter((m) => m.id !== id) }));
  },

  setAutoReplies(sessionId, rules) {
    const all = { ...get().autoReplies, [sessionId]: rules };
    if (Object.keys(rules).length === 0) delete all[sessionId];
    set({ autoReplies: all });
    rememberAutoReplies(all);
  },

  setAutoReplySync(sessionId, sync) {
    set((s) => ({ autoReplySync: { ...s.autoReplySync, [sessionId]: sync } }));
  },
}));

/** Edit-and-resend: fill the builder (or the batch editor) from a recorded request. */
export function loadIntoBuilder(event: TrafficEvent): void {
  useBuilder.getState().loadIntoBuilder(event);
}
