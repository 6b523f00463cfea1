/**
 * Keeps what the user is composing across reloads: the builder draft, the batch entries and the
 * last batch sent per session (so its result view comes back). Local to this browser; capped so
 * a huge paste cannot fill the storage quota.
 */
import type { BatchEntryDraft } from '@/lib/builder/batch-compose';
import { useBatch, type SentBatchRef } from './batch';
import { EMPTY_DRAFT, useBuilder, type BuilderDraft } from './builder';

const KEY = 'rpcscope.composer.v1';
const MAX_SAVED = 2 * 1024 * 1024;

interface Saved {
  draft?: Partial<BuilderDraft>;
  entries?: BatchEntryDraft[];
  lastSent?: Record<string, SentBatchRef>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function restore(): void {
  let saved: unknown;
  try {
    const text = window.localStorage.getItem(KEY);
    if (!text) return;
    saved = JSON.parse(text);
  } catch {
    return;
  }
  if (!isObject(saved)) return;
  const s = saved as Saved;
  if (isObject(s.draft) && isObject(s.draft.paramsText)) {
    const d = { ...EMPTY_DRAFT, ...s.draft } as BuilderDraft;
    if (typeof d.method === 'string' && typeof d.rawText === 'string' && typeof d.customId === 'string') useBuilder.setState({ draft: d });
  }
  if (Array.isArray(s.entries) && s.entries.every((e) => isObject(e) && typeof e.kind === 'string')) useBatch.getState().setEntries(s.entries);
  if (isObject(s.lastSent)) {
    const lastSent: Record<string, SentBatchRef> = {};
    for (const [id, ref] of Object.entries(s.lastSent)) if (isObject(ref) && typeof ref.seq === 'number' && typeof ref.text === 'string') lastSent[id] = ref;
    useBatch.setState({ lastSent });
  }
}

function write(): void {
  const { draft } = useBuilder.getState();
  const { entries, lastSent } = useBatch.getState();
  const saved: Saved = { draft, entries: entries.map(({ key: _key, ...e }) => e), lastSent };
  const text = JSON.stringify(saved);
  if (text.length > MAX_SAVED) return;
  try {
    window.localStorage.setItem(KEY, text);
  } catch {
    // quota or disabled storage: composing still works, it just is not kept
  }
}

let started = false;

/** Idempotent: the first composer component to mount restores, then every change is saved (debounced). */
export function startComposerPersistence(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  restore();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    clearTimeout(timer);
    timer = setTimeout(write, 400);
  };
  useBuilder.subscribe((s, prev) => {
    if (s.draft !== prev.draft) save();
  });
  useBatch.subscribe((s, prev) => {
    if (s.entries !== prev.entries || s.lastSent !== prev.lastSent) save();
  });
  window.addEventListener('pagehide', write);
}
