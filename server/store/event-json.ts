/**
 * The store's `body` of an event (see events.ts), and the event read back from a row.
 *
 * A body is lean: the event as JSON without the members that have a column of their own
 * (COLUMN_MEMBERS: seq, t, time, dir, raw, kind, rawBase64, method, pair, latencyMs, state), each
 * left out only where its column gives it back exactly; a read takes them from the columns and
 * puts every member at its place in EVENT_MEMBERS' order (lib/session/event-shape.ts), so the
 * event read writes the same JSON text as the event recorded. That needs the event's members in
 * that order to begin with (every event the pipeline makes): one in another order (an imported
 * file's, say) gets the full body, as every row recorded before had — the event as JSON with
 * `raw` (when well-formed) and `rawBase64` blanked to "" in place. A full body always holds
 * `seq` and a lean one never does: that tells them apart, row by row, with no migration.
 *
 * The members are left out on the event itself for the one JSON.stringify and put back at once:
 * the copy of every event the recorder used to make was a third of its serialising time and most
 * of its garbage.
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
import { EVENT_MEMBERS } from '../../lib/session/event-shape';
import type { TrafficEvent } from '../../lib/session/types';
import { STATE_SQL } from './event-settle';

const isWellFormed = (s: string): boolean => (s as unknown as { isWellFormed(): boolean }).isWellFormed();

// The mark's one home is lib (the page puts the sentences back from it too).
export { SPEC_BY_RULE };

/** One home for the marking (the bridge marks its batches the same way). */
const reference = markSpecRefs;

type ColumnType<V> = NonNullable<V> extends number ? 'number' : NonNullable<V> extends string ? 'string' : never;

/**
 * The members with a column of their own (what rowInto in event-row.ts writes there), each as what
 * a read selects for it and what the column holds. `state` reads through STATE_SQL (event-settle.ts)
 * and is the truth where set: state-only patches write only the column.
 */
export const COLUMN_MEMBERS = {
  seq: ['e.seq', 'number'],
  t: ['e.t', 'number'],
  time: ['e.time', 'number'],
  dir: ['e.dir', 'string'],
  raw: ['e.raw', 'string'],
  kind: ['e.kind', 'string'],
  rawBase64: ['e.raw_base64', 'string'],
  method: ['e.method', 'string'],
  pair: ['e.pair', 'number'],
  latencyMs: ['e.latency_ms', 'number'],
  state: [STATE_SQL, 'string'],
} as const satisfies { readonly [K in keyof TrafficEvent]?: readonly [sql: string, type: ColumnType<TrafficEvent[K]>] };

export type ColumnMember = keyof typeof COLUMN_MEMBERS;
const COLUMN_KEYS = Object.keys(COLUMN_MEMBERS) as ColumnMember[];

/**
 * A stored row as a read selects it (STORED_SQL), as an array (better-sqlite3's raw mode: an object
 * of twelve named columns cost ~3 µs a row more to make): the body, then each column member's
 * column at SLOT.
 */
export type StoredRow = readonly [body: string, ...columns: (string | number | null)[]];
const SLOT = Object.fromEntries(COLUMN_KEYS.map((k, i) => [k, i + 1])) as Record<ColumnMember, number>;
/** Per member of EVENT_MEMBERS, its column's slot, or 0 when it has none. */
const MEMBER_SLOT = EVENT_MEMBERS.map((k) => (Object.hasOwn(COLUMN_MEMBERS, k) ? SLOT[k as ColumnMember] : 0));
/** Each member's place in EVENT_MEMBERS, and the column members in that order: their places, names and slots. */
const PLACE = new Map<string, number>(EVENT_MEMBERS.map((k, i) => [k, i]));
const COLUMN_PLACES = EVENT_MEMBERS.flatMap((k, i) => (MEMBER_SLOT[i] === 0 ? [] : [i]));
const COLUMN_NAMES = COLUMN_PLACES.map((i) => EVENT_MEMBERS[i]);
const COLUMN_SLOTS = COLUMN_PLACES.map((i) => MEMBER_SLOT[i]);

/** The select list of a StoredRow, over EVENTS_FROM (event-settle.ts); the statement runs in raw mode. */
export const STORED_SQL = ['e.body', ...COLUMN_KEYS.map((k) => COLUMN_MEMBERS[k][0])].join(', ');

/**
 * Whether a column gives `v` back exactly: NULL reads as no member, SQLite keeps text as UTF-8
 * (no lone surrogates), and a number that is not finite would have been JSON's null.
 */
const keepsNumber = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v);
const keepsText = (v: unknown): boolean => typeof v === 'string' && isWellFormed(v);

/** Whether the event's members are EVENT_MEMBERS, in that order, some perhaps missing. */
function inMemberOrder(ev: object): boolean {
  let i = 0;
  for (const k in ev) {
    while (i < EVENT_MEMBERS.length && EVENT_MEMBERS[i] !== k) i++;
    if (i++ === EVENT_MEMBERS.length) return false;
  }
  return true;
}

/**
 * The lean body: each column member left out (set undefined, which JSON.stringify skips) where its
 * column keeps it, and put back. Named one by one: a loop over the names cost about 1 µs an event
 * more in keyed loads and stores (bench/README.md). `held` names every column member and no other
 * (the compiler checks it against COLUMN_MEMBERS; the lean-body test, that each is left out).
 */
function leanText(ev: TrafficEvent): string {
  const held = {
    seq: ev.seq, t: ev.t, time: ev.time, dir: ev.dir, raw: ev.raw, kind: ev.kind, rawBase64: ev.rawBase64,
    method: ev.method, pair: ev.pair, latencyMs: ev.latencyMs, state: ev.state,
  } satisfies { [K in ColumnMember]: TrafficEvent[K] };
  const e = ev as { [K in ColumnMember]: TrafficEvent[K] | undefined };
  if (keepsNumber(held.seq)) e.seq = undefined;
  if (keepsNumber(held.t)) e.t = undefined;
  if (keepsNumber(held.time)) e.time = undefined;
  if (keepsText(held.dir)) e.dir = undefined;
  if (keepsText(held.raw)) e.raw = undefined;
  if (keepsText(held.kind)) e.kind = undefined;
  if (held.rawBase64 !== undefined && keepsText(held.rawBase64)) e.rawBase64 = undefined;
  if (held.method !== undefined && keepsText(held.method)) e.method = undefined;
  if (held.pair !== undefined && keepsNumber(held.pair)) e.pair = undefined;
  if (held.latencyMs !== undefined && keepsNumber(held.latencyMs)) e.latencyMs = undefined;
  if (held.state !== undefined && keepsText(held.state)) e.state = undefined;
  try {
    return JSON.stringify(ev);
  } finally {
    // Only what was left out (a member the event did not have is not added).
    if (held.seq !== undefined) e.seq = held.seq;
    if (held.t !== undefined) e.t = held.t;
    if (held.time !== undefined) e.time = held.time;
    if (held.dir !== undefined) e.dir = held.dir;
    if (held.raw !== undefined) e.raw = held.raw;
    if (held.kind !== undefined) e.kind = held.kind;
    if (held.rawBase64 !== undefined) e.rawBase64 = held.rawBase64;
    if (held.method !== undefined) e.method = held.method;
    if (held.pair !== undefined) e.pair = held.pair;
    if (held.latencyMs !== undefined) e.latencyMs = held.latencyMs;
    if (held.state !== undefined) e.state = held.state;
  }
}

/** The body rows had before lean ones (and events in another order still get). */
function fullText(ev: TrafficEvent): string {
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

export function eventBody(ev: TrafficEvent): string {
  let marked = reference(ev.findings);
  if (ev.items) for (const it of ev.items) marked += reference(it.findings);
  try {
    return inMemberOrder(ev) ? leanText(ev) : fullText(ev);
  } finally {
    if (marked) restoreSpecs(ev);
  }
}

/** A parsed body's findings get their sentences back (reads; see SPEC_BY_RULE). */
export function restoreSpecs(ev: TrafficEvent): void {
  restoreSpecRefs(ev.findings);
  if (ev.items) for (const it of ev.items) restoreSpecRefs(it.findings);
}

/** Whether a parsed body is a full one (rows recorded before lean bodies, events in another order). */
const isFullBody = (body: object): boolean => (body as { seq?: unknown }).seq !== undefined;

/**
 * The `state` column is the truth: a run of state-only patches (every request still waiting when
 * a target exits) updates only the column, so a full body may hold an older state. Assigning an
 * existing key keeps its position; a new one goes last, as applyPatch would put it.
 */
function overlayState(ev: TrafficEvent, state: unknown): void {
  if (typeof state === 'string' && ev.state !== state) ev.state = state as TrafficEvent['state'];
}

/**
 * The event a row holds, exactly as it was recorded (with its patches). `everyMember`: the
 * event has every member, absent ones undefined, as the pipeline makes them, so a patch applied
 * to it keeps each member at its place (the patch transaction; a full body is read as it is).
 */
export function storedEvent(row: StoredRow, everyMember = false): TrafficEvent {
  const body = JSON.parse(row[0]) as TrafficEvent;
  restoreSpecs(body);
  if (isFullBody(body)) {
    if (body.raw === '') body.raw = row[SLOT.raw] as string;
    const b64 = row[SLOT.rawBase64];
    if (b64 !== null) body.rawBase64 = b64 as string;
    overlayState(body, row[SLOT.state]);
    return body;
  }
  return everyMember ? everyMemberOf(body, row) : leanEvent(body, row);
}

/**
 * A lean body's event: its members (in EVENT_MEMBERS' order, as written) with the column members
 * merged in at their places. The body holds a column member only where its column could not keep
 * it; the state column is the truth.
 */
function leanEvent(body: TrafficEvent, row: StoredRow): TrafficEvent {
  const b = body as unknown as Record<string, unknown>;
  const ev: Record<string, unknown> = {};
  let c = 0;
  for (const k in b) {
    const place = PLACE.get(k) ?? EVENT_MEMBERS.length;
    for (; c < COLUMN_PLACES.length && COLUMN_PLACES[c] < place; c++) {
      const v = row[COLUMN_SLOTS[c]];
      if (v !== null) ev[COLUMN_NAMES[c]] = v;
    }
    if (c < COLUMN_PLACES.length && COLUMN_PLACES[c] === place) {
      const v = row[COLUMN_SLOTS[c++]];
      ev[k] = v !== null && k === 'state' ? v : b[k];
    } else ev[k] = b[k];
  }
  for (; c < COLUMN_PLACES.length; c++) {
    const v = row[COLUMN_SLOTS[c]];
    if (v !== null) ev[COLUMN_NAMES[c]] = v;
  }
  return ev as unknown as TrafficEvent;
}

/** The same, with every member (absent ones undefined), as the pipeline makes events. */
function everyMemberOf(body: TrafficEvent, row: StoredRow): TrafficEvent {
  const b = body as unknown as Record<string, unknown>;
  const ev: Record<string, unknown> = {};
  for (let i = 0; i < EVENT_MEMBERS.length; i++) {
    const k = EVENT_MEMBERS[i];
    let v = b[k];
    const slot = MEMBER_SLOT[i];
    if (slot !== 0) {
      const c = row[slot];
      if (c !== null && (v === undefined || slot === SLOT.state)) v = c;
    }
    ev[k] = v;
  }
  return ev as unknown as TrafficEvent;
}
