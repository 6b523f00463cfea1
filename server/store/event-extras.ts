/**
 * A row's extras as stored (migration 12, issue 11: a recorded 1M-entry session opens in
 * seconds): what an event has beyond its timeline columns and its wire text (findings, an error,
 * a note, HTTP facts …: lib/timeline/row-columns.ts ROW_PLACE), as JSON text, or null when it has
 * none (most events). Written with the row where the event is at hand, so the rows page reads one
 * column instead of parsing every body again on every open (that parse, a JavaScript call per
 * row inside the page's SELECT, was ~45 % of the server's CPU for a page).
 *
 * Made from the event the body is made from (findings' spec sentences already by reference,
 * server/store/event-json.ts), member for member in the event's own order, so it is the text
 * the body-based reading (event-rows.ts `extrasOf`, for sessions recorded before migration 12)
 * gives for the same event.
 */
import { ROW_PLACE } from '../../lib/timeline/row-columns';
import type { TrafficEvent } from '../../lib/session/types';

const PLACE: Readonly<Record<string, string>> = ROW_PLACE;

/** Whether a member of a stored event travels as an extra (anything the columns and the text do not hold). */
export const isExtraMember = (k: string, v: unknown): boolean =>
  PLACE[k] === undefined || PLACE[k] === 'extra' ? !(k === 'findings' && Array.isArray(v) && v.length === 0) : false;

export function eventExtras(ev: TrafficEvent): string | null {
  const src = ev as unknown as Record<string, unknown>;
  let out: Record<string, unknown> | null = null;
  for (const k in src) {
    const v = src[k];
    // JSON.stringify leaves undefined members out of the body: they are no extra either.
    if (v === undefined || !isExtraMember(k, v)) continue;
    (out ??= {})[k] = v;
  }
  return out === null ? null : JSON.stringify(out);
}
