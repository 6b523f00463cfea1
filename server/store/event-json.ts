/**
 * Each live event is serialised once: the store's `body` (raw blanked to "" in place, see
 * events.ts) and the bridge's wire text (the whole event) come from one JSON.stringify, cached per
 * event object. Before this, the recorder copied and stringified every event and the bridge
 * stringified it again in its batch.
 *
 * The cache is keyed by the object: an event is not changed after it was handed on (later changes
 * travel as patches), so the text made for the first user is right for the second.
 */
import type { TrafficEvent } from '../../lib/session/types';

export interface EventJson {
  /** The event as the store keeps it: `raw` (when well-formed) and `rawBase64` blanked to "". */
  body: string;
  /** The whole event, as JSON.stringify would give it. */
  wire: string;
}

const cache = new WeakMap<TrafficEvent, EventJson>();

const isWellFormed = (s: string): boolean => (s as unknown as { isWellFormed(): boolean }).isWellFormed();

/** The marker the blanked raw leaves in the body. */
const BLANK_RAW = '"raw":""';

/**
 * Whether `json[at]` is a key of the outermost object: the text before it is scanned for
 * nesting, strings and escapes. Only the few keys before `raw` are scanned (seq, t, time, dir).
 */
function atTopLevel(json: string, at: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < at; i++) {
    const c = json.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) depth++;
    else if (c === 0x7d || c === 0x5d) depth--;
  }
  return depth === 1 && !inString;
}

function serialise(ev: TrafficEvent): EventJson {
  const raw = ev.raw;
  const b64 = ev.rawBase64;
  const blankRaw = typeof raw === 'string' && raw !== '' && isWellFormed(raw);
  if (!blankRaw && b64 === undefined) {
    const whole = JSON.stringify(ev);
    return { body: whole, wire: whole };
  }
  // Blanked in place for the one stringify (no copy of the event), put back at once.
  if (blankRaw) ev.raw = '';
  if (b64 !== undefined) ev.rawBase64 = '';
  let body: string;
  try {
    body = JSON.stringify(ev);
  } finally {
    ev.raw = raw;
    if (b64 !== undefined) ev.rawBase64 = b64;
  }
  if (b64 !== undefined) return { body, wire: JSON.stringify(ev) };
  const at = body.indexOf(BLANK_RAW);
  const wire =
    at > 0 && atTopLevel(body, at)
      ? body.slice(0, at + 6) + JSON.stringify(raw) + body.slice(at + BLANK_RAW.length)
      : JSON.stringify(ev);
  return { body, wire };
}

/** Both texts of a live event, made on first use. */
export function eventJson(ev: TrafficEvent): EventJson {
  let j = cache.get(ev);
  if (!j) cache.set(ev, (j = serialise(ev)));
  return j;
}

/** The wire text of an event, from the cache when a live path already made it (replays are not cached). */
export function wireJson(ev: TrafficEvent): string {
  return cache.get(ev)?.wire ?? JSON.stringify(ev);
}
