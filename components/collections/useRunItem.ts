'use client';
/**
 * Running a saved item: in the active session when it is live, or against the item's own target
 * (the server opens a new session, which becomes the active one). The active environment fills
 * the `{{variables}}` on the server; an unknown one comes back as the server's plain sentence.
 */
import { useCallback, useState } from 'react';
import { itemMessageText } from '@/lib/collections/run';
import { describeUnknown, substituteMessage, substituteTarget, type UnknownVariable } from '@/lib/variables/target';
import { useCollections, type CollectionItem } from '@/components/stores/collections';
import { useEnvironments } from '@/components/stores/environments';
import { useSessions } from '@/components/stores/sessions';
import { messageOf } from '@/components/api/client';
import { autoIdsOf } from '@/lib/collections/auto-ids';
import { nextAutoIdNow } from '@/components/builder/session-index';
import { useIdCounters } from '@/components/stores/builder-ids';

/** The session's next auto id, for a saved batch's "auto" entries (the server numbers them from it). */
export function firstAutoIdIn(sessionId: string): number {
  return nextAutoIdNow(sessionId, useIdCounters.getState().counters[sessionId]);
}

export type RunWhere = 'session' | 'target';

export type RunState =
  | { state: 'idle' }
  | { state: 'running' }
  | { state: 'done'; seq: number; sessionName: string; newSession: boolean }
  | { state: 'failed'; error: string };

function liveActiveSession(): { id: string; name: string } | null {
  const s = useSessions.getState();
  const view = s.activeId ? s.sessions[s.activeId] : undefined;
  if (!view) return null;
  const live = view.summary.status === 'open' || view.summary.status === 'connecting';
  return live ? { id: view.summary.id, name: view.summary.name } : null;
}

/** Where a plain "Run" goes: the live session first, else the item's own target. */
export function defaultWhere(item: CollectionItem, hasLiveSession: boolean): RunWhere | null {
  if (hasLiveSession) return 'session';
  return item.target ? 'target' : null;
}

export function useRunItem(item: CollectionItem) {
  const [status, setStatus] = useState<RunState>({ state: 'idle' });
  const run = useCallback(async (where: RunWhere) => {
    const session = liveActiveSession();
    if (where === 'session' && !session) {
      setStatus({ state: 'failed', error: 'No live session is open: connect to a target first, or run the item on its own target.' });
      return;
    }
    if (where === 'target' && !item.target) {
      setStatus({ state: 'failed', error: 'This item has no target of its own: run it in a live session.' });
      return;
    }
    const envs = useEnvironments.getState();
    const environmentId = envs.activeId ?? undefined;
    // The page knows every variable's name (secret values come masked), so a missing one is
    // reported at once in the server's words; the server checks again when it fills them in.
    const vars = envs.list.find((e) => e.id === environmentId)?.variables ?? [];
    const unknown: UnknownVariable[] = [...substituteMessage(itemMessageText(item.payload), vars, 'payload').unknown];
    if (where === 'target' && item.target) unknown.push(...substituteTarget(item.target, vars).unknown);
    if (unknown.length) {
      setStatus({ state: 'failed', error: describeUnknown(unknown) });
      return;
    }
    setStatus({ state: 'running' });
    try {
      const inSession = where === 'session' ? session!.id : undefined;
      const first = inSession ? firstAutoIdIn(inSession) : undefined;
      const r = await useCollections.getState().run(item.collectionId, item.id, { sessionId: inSession, environmentId, firstAutoId: first });
      // The builder and batch editor go on after the ids this run took.
      if (inSession && first !== undefined && item.kind === 'batch') useIdCounters.getState().consume(inSession, first, autoIdsOf(item.payload).length);
      if (r.session) {
        const sessions = useSessions.getState();
        sessions.upsertSummary(r.session);
        sessions.setActive(r.session.id);
      }
      setStatus({ state: 'done', seq: r.seq, sessionName: r.session?.name ?? session?.name ?? '', newSession: !!r.session });
    } catch (err) {
      setStatus({ state: 'failed', error: messageOf(err) });
    }
  }, [item]);
  return { status, run, clear: () => setStatus({ state: 'idle' }) };
}
