/**
 * The routine answers of every dialect's one-step start, by method: the server's auto-reply reads
 * here how a rule's value becomes the result for one request (server/session/auto-reply.ts).
 * Method names of routine requests belong to one dialect each, so one table serves them all.
 */
import { listProfiles } from './registry';
import type { RoutineAnswer } from './start';

const BY_METHOD: ReadonlyMap<string, RoutineAnswer> = new Map(
  listProfiles().flatMap((p) => (p.start?.answers ?? []).map((a) => [a.method, a] as const)),
);

/** The result an auto-reply rule gives one request: shaped by the routine answer for that method, if any. */
export function autoReplyResult(method: string, value: unknown, params: unknown): unknown {
  const shape = BY_METHOD.get(method)?.shape;
  return shape ? shape(value, params) : value;
}
