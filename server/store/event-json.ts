/**
 * The store's `body` of an event (see events.ts): the event as JSON with `raw` (when well-formed)
 * and `rawBase64` blanked to "" in place, so a read puts them back at the same key position.
 * Blanked on the event itself for the one JSON.stringify and put back at once: the copy of every
 * event the recorder used to make was a third of its serialising time and most of its garbage.
 *
 * A finding's spec sentence is stored by reference: when it is the sentence the rule table
 * (lib/jsonrpc/rules/table.ts) gives for its rule, or one of a dialect's named sentences, the body
 * holds a mark in its place (lib/jsonrpc/rules/spec-ref.ts) and a read puts the sentence back, at
 * the same key position. Other sentences are kept as they are.
 *
 * The text is not cached for the bridge: a per-event cache (WeakMap or a symbol member) cost more
 * in the garbage collector than the second stringify it saved (100k-event A/B, bench/README.md).
 */
import { markSpecRefs, restoreSpecRefs, SPEC_BY_RULE } from '../../lib/jsonrpc/rules/spec-ref';
import type { TrafficEvent } from '../../lib/session/types';

const isWellFormed = (s: string): boolean => (s as unknown as { isWellFormed(): boolean }).isWellFormed();

// The mark's one home is lib (the page puts the sentences back from it too).
export { SPEC_BY_RULE };

/** One home for the marking (the bridge marks its batches the same way). */
const reference = markSpecRefs;

export function eventBody(ev: TrafficEvent): string {
  const raw = ev.raw;
  const b64 = ev.rawBase64;
  const blankRaw = typeof raw === 'string' && raw !== '' && isWellFormed(raw);
  let marked = reference(ev.findings);
  if (ev.items) for (const it of ev.items) marked += reference(it.findings);
  if (!blankRaw && b64 === undefined && marked === 0) return JSON.stringify(ev);
  if (blankRaw) ev.raw = '';
  if (b64 !== undefined) ev.rawBase64 = '';
  try {
    return JSON.stringify(ev);
  } finally {
    ev.raw = raw;
    if (b64 !== undefined) ev.rawBase64 = b64;
    if (marked) restoreSpecs(ev);
  }
}

/** A parsed body's findings get their sentences back (reads; see SPEC_BY_RULE). */
export function restoreSpecs(ev: TrafficEvent): void {
  restoreSpecRefs(ev.findings);
  if (ev.items) for (const it of ev.items) restoreSpecRefs(it.findings);
}
