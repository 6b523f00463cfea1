/**
 * Later changes to an event already emitted (a request gets answered, times out, turns late …).
 * The members that may change are listed here once; the patch type, its schema
 * (lib/session/schemas.ts) and every place that applies a patch — the store, the page and the CLI —
 * are derived from this list, so a new pairing member cannot be recorded but lost on the screen.
 */
import type { TrafficEvent } from './types';

/** The members of a TrafficEvent a patch may replace. */
export const PATCH_FIELDS = ['pair', 'latencyMs', 'state', 'late', 'items', 'findings', 'error', 'progress', 'intercept'] as const satisfies readonly (keyof TrafficEvent)[];

export type PatchField = (typeof PATCH_FIELDS)[number];

/** Which event (`seq`) and the new values of the members that changed; absent members stay as they are. */
export type EventPatch = Pick<TrafficEvent, 'seq'> & Partial<Pick<TrafficEvent, PatchField>>;

/**
 * Writes the members the patch carries into `event`, in place (callers that keep the old object
 * for change detection copy it first). A patch's `items`, when present, is the complete new list.
 */
export function applyPatch(event: Pick<TrafficEvent, PatchField>, patch: EventPatch): void {
  for (const k of PATCH_FIELDS) copyMember(event, patch, k);
}

function copyMember<K extends PatchField>(event: Pick<TrafficEvent, K>, patch: Partial<Pick<TrafficEvent, K>>, k: K): void {
  const v = patch[k];
  if (v !== undefined) event[k] = v as TrafficEvent[K];
}
