/** Batch editor state: the ordered entries and, per session, the last batch sent from it. */
import { create } from 'zustand';
import type { BatchEntryDraft, BatchEntryKind } from '@/lib/builder/batch-compose';
import type { DecomposedEntry } from '@/lib/builder/decompose';

export interface BatchEntry extends BatchEntryDraft {
  /** Stable React key; survives reorder. */
  key: string;
}

export interface SentBatchRef {
  seq: number;
  text: string;
}

export interface BatchStore {
  entries: BatchEntry[];
  /** The batch event the entries were loaded from (edit-and-resend). */
  loadedFrom: number | null;
  /** The saved batch (its name) the entries were loaded from. */
  loadedItem: string | null;
  lastSent: Record<string, SentBatchRef>;
  add(kind: BatchEntryKind, after?: number): void;
  remove(key: string): void;
  duplicate(key: string): void;
  move(key: string, delta: number): void;
  toggleKind(key: string): void;
  update(key: string, patch: Partial<BatchEntryDraft>): void;
  setEntries(entries: BatchEntryDraft[]): void;
  loadEntries(entries: DecomposedEntry[], seq: number): void;
  /** A saved batch: entries at `autoIds` get an "auto" id again, the others keep theirs. */
  loadSaved(entries: DecomposedEntry[], autoIds: readonly number[], name: string): void;
  markSent(sessionId: string, ref: SentBatchRef): void;
}

let keySeq = 0;
const newKey = () => `e${++keySeq}`;

export function blankEntry(kind: BatchEntryKind): BatchEntryDraft {
  return {
    kind,
    method: '',
    paramsMode: 'omit',
    paramsText: kind === 'raw' ? '' : '{}',
    idPolicy: 'auto',
    customId: '',
    rawText: kind === 'raw' ? '{"foo": "boo"}' : '',
  };
}

function fromDecomposed(d: DecomposedEntry, auto = false): BatchEntryDraft {
  if (d.kind === 'raw') return { ...blankEntry('raw'), rawText: d.text };
  const base = { ...blankEntry(d.kind), method: d.method, paramsMode: d.paramsMode, paramsText: d.paramsText || '{}' };
  if (d.kind !== 'request') return base;
  return auto ? { ...base, idPolicy: 'auto', customId: '' } : { ...base, idPolicy: 'custom', customId: d.idText };
}

export const useBatch = create<BatchStore>()((set) => ({
  entries: [
    { key: newKey(), ...blankEntry('request') },
    { key: newKey(), ...blankEntry('request') },
  ],
  loadedFrom: null,
  loadedItem: null,
  lastSent: {},

  add(kind, after) {
    set((s) => {
      const at = after === undefined ? s.entries.length : after + 1;
      const entries = [...s.entries];
      entries.splice(at, 0, { key: newKey(), ...blankEntry(kind) });
      return { entries };
    });
  },

  remove(key) {
    set((s) => ({ entries: s.entries.filter((e) => e.key !== key) }));
  },

  duplicate(key) {
    set((s) => {
      const i = s.entries.findIndex((e) => e.key === key);
      if (i < 0) return s;
      const entries = [...s.entries];
      entries.splice(i + 1, 0, { ...s.entries[i], key: newKey() });
      return { entries };
    });
  },

  move(key, delta) {
    set((s) => {
      const i = s.entries.findIndex((e) => e.key === key);
      const j = i + delta;
      if (i < 0 || j < 0 || j >= s.entries.length) return s;
      const entries = [...s.entries];
      const [it] = entries.splice(i, 1);
      entries.splice(j, 0, it);
      return { entries };
    });
  },

  toggleKind(key) {
    set((s) => ({
      entries: s.entries.map((e) => (e.key !== key || e.kind === 'raw' ? e : { ...e, kind: e.kind === 'request' ? 'notification' : 'request' })),
    }));
  },

  update(key, patch) {
    set((s) => ({ entries: s.entries.map((e) => (e.key === key ? { ...e, ...patch } : e)) }));
  },

  setEntries(entries) {
    set({ entries: entries.map((e) => ({ key: newKey(), ...e })), loadedFrom: null, loadedItem: null });
  },

  loadEntries(entries, seq) {
    set({ entries: entries.map((d) => ({ key: newKey(), ...fromDecomposed(d) })), loadedFrom: seq, loadedItem: null });
  },

  loadSaved(entries, autoIds, name) {
    const auto = new Set(autoIds);
    set({ entries: entries.map((d, i) => ({ key: newKey(), ...fromDecomposed(d, auto.has(i)) })), loadedFrom: null, loadedItem: name });
  },

  markSent(sessionId, ref) {
    set((s) => ({ lastSent: { ...s.lastSent, [sessionId]: ref } }));
  },
}));
