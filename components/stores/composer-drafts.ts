/**
 * One composer per session: what was typed in the request builder and the batch editor stays
 * with the session it was typed for. The builder and batch stores hold the active session's
 * draft (the editors read them as before); on a session switch the outgoing session's draft is
 * put aside here and the incoming one's brought back. A session seen for the first time starts
 * from what was being composed, so "reconnect" or a second server of the same kind carries on.
 * Kept in memory; the active draft also survives reloads through builder-persist.ts.
 */
import type { BatchEntryDraft } from '@/lib/builder/batch-compose';
import { useBatch } from './batch';
import { useBuilder, type BuilderDraft } from './builder';
import { useSessions } from './sessions';

interface Stashed {
  draft: BuilderDraft;
  entries: BatchEntryDraft[];
}

/** Sessions whose drafts are kept; the oldest is dropped past this (a draft can be megabytes). */
const MAX_STASHED = 50;
const stash = new Map<string, Stashed>();

export function switchComposer(from: string | null, to: string | null): void {
  if (from === to) return;
  if (from) {
    stash.delete(from);
    stash.set(from, { draft: useBuilder.getState().draft, entries: useBatch.getState().entries.map(({ key: _key, ...e }) => e) });
    if (stash.size > MAX_STASHED) stash.delete(stash.keys().next().value as string);
  }
  const saved = to ? stash.get(to) : undefined;
  if (!saved) return;
  useBuilder.setState({ draft: saved.draft });
  useBatch.getState().setEntries(saved.entries);
}

let following = false;

/** Starts swapping drafts as the active session changes; safe to call more than once. */
export function followActiveSession(): void {
  if (following) return;
  following = true;
  useSessions.subscribe((s, prev) => {
    if (s.activeId !== prev.activeId) switchComposer(prev.activeId, s.activeId);
  });
}
