'use client';
/** Auto-reply rules go to the server (it answers the target's requests while the user explores). */
import { checkJson } from '@/lib/builder/json-text';
import { useBuilder } from '@/components/stores/builder';
import { api, useSessions } from '@/components/stores/sessions';
import { API } from '@/lib/api/routes';
import { isConnectableKind } from '@/lib/targets/registry';

/** Save the whole rule set of a session locally and on the server; resolves with the server's error, if any. */
export async function saveAutoReplies(sessionId: string, rules: Record<string, string>): Promise<string | null> {
  const store = useBuilder.getState();
  store.setAutoReplies(sessionId, rules);
  const payload: Record<string, unknown> = {};
  for (const [method, text] of Object.entries(rules)) {
    const check = checkJson(text);
    if (check.ok) payload[method] = check.value;
  }
  store.setAutoReplySync(sessionId, { state: 'saving' });
  try {
    await api.call(API.setAutoReplies, { params: { id: sessionId }, body: { rules: payload } });
    store.setAutoReplySync(sessionId, { state: 'saved' });
    return null;
  } catch (e) {
    const error = e instanceof Error ? e.message : String(e);
    store.setAutoReplySync(sessionId, { state: 'failed', error });
    return error;
  }
}

const loaded = new Set<string>();

/**
 * Once per session and page load: take the server's rules as the truth (another tab or the CLI may
 * have set them). Local text is kept where it means the same value, so formatting survives.
 */
export async function loadAutoReplies(sessionId: string): Promise<void> {
  if (loaded.has(sessionId)) return;
  // The page is signed in before any session shows (AppShell), so the call carries its cookie.
  const { sessions } = useSessions.getState();
  // Only a live session has rules on the server; asking a past one is a 409 the console would show.
  const summary = sessions[sessionId]?.summary;
  if (summary?.status !== 'open') return;
  // A tap's session is recorded, not connected to (lib/targets): the server holds no rules for it.
  if (!isConnectableKind(summary.target.kind)) return;
  loaded.add(sessionId);
  let server: Record<string, unknown>;
  try {
    ({ rules: server } = await api.call(API.getAutoReplies, { params: { id: sessionId } }));
  } catch {
    return; // a closed session has no live rules: keep what this browser remembers
  }
  if (!server || typeof server !== 'object') return;
  // This page saved rules while the answer was on its way (a one-step start sets its routine
  // answers right after connecting): those are newer than what the server said before them.
  if (useBuilder.getState().autoReplySync[sessionId]) return;
  const local = useBuilder.getState().autoReplies[sessionId] ?? {};
  const merged: Record<string, string> = {};
  for (const [method, value] of Object.entries(server)) {
    const mine = local[method];
    const same = mine !== undefined && checkJson(mine).ok && JSON.stringify(JSON.parse(mine)) === JSON.stringify(value);
    merged[method] = same ? mine : JSON.stringify(value);
  }
  useBuilder.getState().setAutoReplies(sessionId, merged);
}
