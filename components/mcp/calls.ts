'use client';
/**
 * The MCP panes' requests: each goes through the normal send path (so it is recorded and shows in
 * the timeline like anything typed by hand) with a string id of its own, and its answer is read from
 * the session's events as the bridge delivers them.
 */
import { splitWire } from '@/lib/timeline/wire';
import type { TrafficEvent } from '@/lib/session/types';
import { API } from '@/lib/api/routes';
import { api, useSessions } from '@/components/stores/sessions';
import { waitForAnswer } from '@/components/targets/start-session';

let ids = 0;
/** String ids never collide with the builder's numeric auto-ids. */
export const nextMcpId = () => `mcp-${++ids}`;

/** The JSON body of an event, or undefined when it is not JSON. */
export function bodyOf(ev: TrafficEvent | undefined): unknown {
  if (!ev) return undefined;
  try {
    return JSON.parse(splitWire(ev.raw).body) as unknown;
  } catch {
    return undefined;
  }
}

export type Answer = { ok: true; result: unknown; seq: number } | { ok: false; error: string };

/** What an answer event says: its result, or its error in words. */
export function answerOf(reply: TrafficEvent): Answer {
  const body = bodyOf(reply) as { result?: unknown; error?: { code?: unknown; message?: unknown } } | undefined;
  if (reply.kind === 'error' || body?.error) {
    const e = reply.error;
    return { ok: false, error: `error ${e?.code ?? body?.error?.code ?? ''} ${e?.name ? `${e.name}: ` : ''}${e?.message ?? String(body?.error?.message ?? '')}`.trim() };
  }
  return { ok: true, result: body?.result, seq: reply.seq };
}

/** Sends a request; resolves with its seq at once (for progress and Cancel) and its answer later. */
export async function sendRequest(sessionId: string, method: string, params: unknown): Promise<{ seq: number; answer: Promise<Answer> }> {
  const text = JSON.stringify({ jsonrpc: '2.0', id: nextMcpId(), method, ...(params !== undefined ? { params } : {}) });
  const seq = await useSessions.getState().send(sessionId, text);
  const answer = waitForAnswer(sessionId, seq, 10 * 60_000).then(answerOf, (e: unknown) => ({ ok: false as const, error: e instanceof Error ? e.message : String(e) }));
  return { seq, answer };
}

export async function request(sessionId: string, method: string, params?: unknown): Promise<Answer> {
  try {
    return await (await sendRequest(sessionId, method, params)).answer;
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}

/** Cancels a pending request the dialect's way (MCP: notifications/cancelled). */
export async function cancelRequest(sessionId: string, seq: number): Promise<void> {
  await api.call(API.cancel, { params: { id: sessionId }, body: { seq, reason: 'Cancelled from the MCP pane' } });
}

/** Answers a request the server sent, echoing its id exactly as it was written. */
export async function reply(sessionId: string, request: TrafficEvent, result: unknown): Promise<void> {
  const idText = request.idText ?? JSON.stringify(request.id ?? null);
  await useSessions.getState().send(sessionId, `{"jsonrpc":"2.0","id":${idText},"result":${JSON.stringify(result)}}`);
}
