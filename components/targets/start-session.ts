'use client';
/**
 * Runs a dialect's one-step start on a session that just opened: sets its routine answers as
 * auto-reply rules (so they show, and can be removed, in Auto-replies), then sends the handshake
 * through the normal send path — every message is in the timeline — each request waiting for its
 * answer. Its progress is kept per session in `useStarts`, for the panes that wait on it.
 */
import { create } from 'zustand';
import type { StartPlan } from '@/lib/dialects/start';
import { getProfile } from '@/lib/dialects/registry';
import type { TrafficEvent } from '@/lib/session/types';
import { useSessions } from '@/components/stores/sessions';
import { loadFullEntry } from '@/components/stores/entry-texts';
import { saveAutoReplies } from '@/components/builder/auto-replies-sync';

export type StartState =
  | { state: 'starting'; step: string }
  | { state: 'started'; replySeq: number | null }
  | { state: 'failed'; error: string };

export const useStarts = create<{ starts: Record<string, StartState>; set(id: string, s: StartState): void }>()((set) => ({
  starts: {},
  set: (id, s) => set((st) => ({ starts: { ...st.starts, [id]: s } })),
}));

/** How long a handshake request may wait (a cold `npx` server can take a while to answer). */
const ANSWER_MS = 60_000;

/** The answer to the request recorded as `seq`, once it is in; rejects on a timeout, an exit or a closed session. */
export function waitForAnswer(sessionId: string, seq: number, timeoutMs = ANSWER_MS): Promise<TrafficEvent> {
  return new Promise((resolve, reject) => {
    const check = (): boolean => {
      const v = useSessions.getState().sessions[sessionId];
      if (!v) return fail('the session is gone');
      const i = v.indexBySeq.get(seq);
      const ev = i === undefined ? undefined : v.events[i];
      if (ev?.pair !== undefined) {
        const j = v.indexBySeq.get(ev.pair);
        // The answer in full (its text is kept by the page, or fetched).
        if (j !== undefined) return done(() => void loadFullEntry(sessionId, v.events[j]).then((full) => (full ? resolve(full) : reject(new Error('the answer could not be read')))));
      }
      if (ev && ev.state && ev.state !== 'pending' && ev.state !== 'answered' && ev.state !== 'late') return fail(`no answer (${ev.state})`);
      if (v.summary.status === 'closed' || v.summary.status === 'failed') return fail(`the session ${v.summary.status}`);
      return false;
    };
    const timer = setTimeout(() => fail(`no answer within ${timeoutMs / 1000} s`), timeoutMs);
    let unsubscribe = () => {};
    const done = (then: () => void) => {
      clearTimeout(timer);
      unsubscribe();
      then();
      return true;
    };
    const fail = (why: string) => done(() => reject(new Error(why)));
    if (check()) return;
    unsubscribe = useSessions.subscribe(() => void check());
  });
}

let startIds = 0;

export async function startSession(sessionId: string, dialect: string, plan: StartPlan): Promise<void> {
  const report = useStarts.getState().set;
  const profile = getProfile(dialect);
  const send = useSessions.getState().send;
  try {
    report(sessionId, { state: 'starting', step: 'auto-replies' });
    const rules = Object.fromEntries(Object.entries(plan.rules).map(([m, v]) => [m, JSON.stringify(v)]));
    const refused = await saveAutoReplies(sessionId, rules);
    if (refused) throw new Error(`the server did not take the automatic answers: ${refused}`);
    let replySeq: number | null = null;
    for (const step of plan.handshake) {
      report(sessionId, { state: 'starting', step: step.method });
      // String ids never collide with the builder's numeric auto-ids.
      const text = JSON.stringify(JSON.parse(profile.render(step, { id: `start-${++startIds}` })));
      const seq = await send(sessionId, text);
      if (step.kind !== 'request') continue;
      const reply = await waitForAnswer(sessionId, seq);
      if (reply.kind === 'error') throw new Error(`${step.method} was answered with error ${reply.error?.code ?? ''} ${reply.error?.message ?? ''}`.trim());
      replySeq = reply.seq;
    }
    report(sessionId, { state: 'started', replySeq });
    // The first useful view: the server's answer to the handshake (its capabilities) in the inspector.
    if (replySeq !== null && useSessions.getState().activeId === sessionId) useSessions.getState().select(replySeq);
  } catch (e) {
    report(sessionId, { state: 'failed', error: e instanceof Error ? e.message : String(e) });
  }
}
