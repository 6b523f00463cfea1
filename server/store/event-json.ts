/**
 * The store's `body` of an event (see events.ts): the event as JSON with `raw` (when well-formed)
 * and `rawBase64` blanked to "" in place, so a read puts them back at the same key position.
 * Blanked on the event itself for the one JSON.stringify and put back at once: the copy of every
 * event the recorder used to make was a third of its serialising time and most of its garbage.
 *
 * The text is not cached for the bridge: a per-event cache (WeakMap or a symbol member) cost more
 * in the garbage collector than the second stringify it saved (100k-event A/B, bench/README.md).
 */
import type { TrafficEvent } from '../../lib/session/types';

const isWellFormed = (s: string): boolean => (s as unknown as { isWellFormed(): boolean }).isWellFormed();

export function eventBody(ev: TrafficEvent): string {
  const raw = ev.raw;
  const b64 = ev.rawBase64;
  const blankRaw = typeof raw === 'string' && raw !== '' && isWellFormed(raw);
  if (!blankRaw && b64 === undefined) return JSON.stringify(ev);
  if (blankRaw) ev.raw = '';
  if (b64 !== undefined) ev.rawBase64 = '';
  try {
    return JSON.stringify(ev);
  } finally {
    ev.raw = raw;
    if (b64 !== undefined) ev.rawBase64 = b64;
  }
}
