/**
 * A row's extras as stored (migration 12, issue 11: a recorded 1M-entry session opens in
 * seconds): what an event has beyond its timeline columns and its wire text (findings, an error,
 * a note, HTTP facts …: lib/timeline/row-columns.ts ROW_PLACE), as JSON text, or null when it has
 * none (most events). Written with the row where the event is at hand, so the rows page reads one
 * column instead of parsing every body again on every open (that parse, a JavaScript call per
 * row inside the page's SELECT, was ~45 % of the server's CPU for a page).
 *
 * Made from the event the body is made from (findings' spec sentences already by reference,
 * server/store/event-json.ts), so it holds what the body-based reading (event-rows.ts `extrasOf`,
 * for sessions recorded before migration 12) finds in the body, members in ROW_PLACE's order.
 */
import { EXTRA_MEMBERS } from '../../lib/timeline/row-columns';
import type { TrafficEvent } from '../../lib/session/types';

/**
 * The members placed `extra`, in ROW_PLACE's order, as the bridge's batches list them
 * (lib/session/bridge-rows.ts): a loop over a fixed list of names, not over the event's keys
 * (which cost ~1 µs an event on the recorder's path).
 */
/**
 * Whether the event may have any extra: named loads, which the engine caches per call site (a
 * loop of 17 loads by computed name cost ~0.5 µs an event, most of which have none). Every
 * member of EXTRA_MEMBERS is here (tests/integration/store/event-extras.test.ts sets each one alone).
 */
const mayHaveExtras = (ev: TrafficEvent): boolean =>
  (ev.findings !== undefined && !(Array.isArray(ev.findings) && ev.findings.length === 0)) ||
  ev.error !== undefined || ev.items !== undefined || ev.reason !== undefined || ev.protocol !== undefined ||
  ev.dap !== undefined || ev.http !== undefined || ev.ws !== undefined || ev.process !== undefined ||
  ev.note !== undefined || ev.late !== undefined || ev.progressOf !== undefined || ev.progress !== undefined ||
  ev.masked !== undefined || ev.injected !== undefined || ev.intercept !== undefined;

export function eventExtras(ev: TrafficEvent): string | null {
  if (!mayHaveExtras(ev)) return null;
  const src = ev as unknown as Record<string, unknown>;
  let out: Record<string, unknown> | null = null;
  for (let k = 0; k < EXTRA_MEMBERS.length; k++) {
    const key = EXTRA_MEMBERS[k];
    const v = src[key];
    // JSON.stringify leaves undefined members out of the body: they are no extra either.
    if (v === undefined || (key === 'findings' && Array.isArray(v) && v.length === 0)) continue;
    (out ??= {})[key] = v;
  }
  return out === null ? null : JSON.stringify(out);
}
