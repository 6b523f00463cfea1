/**
 * One shape for every TrafficEvent the pipeline makes: all members exist from the start (absent
 * ones `undefined`), so V8 gives every event one hidden class and one allocation, and the code that
 * reads events (recorder, bridge, CLI) stays monomorphic. Adding members one by one, as each kind
 * needs them, made a handful of shapes and grew a properties store per event.
 *
 * The order is the order JSON shows them in: the members each kind had before, in the order they
 * were added, so JSON.stringify of an event (which skips `undefined`) writes exactly the same text.
 * `satisfies Record<keyof TrafficEvent, unknown>` makes the compiler reject a member of TrafficEvent
 * missing here (the return type checks the values).
 */
import type { Direction, EventKind, Finding, TrafficEvent } from './types';

export function newEvent(seq: number, t: number, time: number, dir: Direction, raw: string, kind: EventKind, findings: Finding[]): TrafficEvent {
  return {
    seq,
    t,
    time,
    dir,
    raw,
    kind,
    reason: undefined,
    note: undefined,
    findings,
    rawBase64: undefined,
    http: undefined,
    ws: undefined,
    process: undefined,
    id: undefined,
    idText: undefined,
    method: undefined,
    protocol: undefined,
    dap: undefined,
    pair: undefined,
    latencyMs: undefined,
    state: undefined,
    late: undefined,
    error: undefined,
    items: undefined,
    progressOf: undefined,
    progress: undefined,
    masked: undefined,
    injected: undefined,
    intercept: undefined,
  } satisfies Record<keyof TrafficEvent, unknown>;
}

/**
 * Every member of an event, in newEvent's order (the order JSON shows them in). A reader that
 * rebuilds an event member by member (the store's lean body, server/store/event-json.ts) follows
 * it, so the event it gives back writes the same JSON text as the one the pipeline made.
 */
export const EVENT_MEMBERS: readonly (keyof TrafficEvent)[] = Object.keys(newEvent(0, 0, 0, 'in', '', 'noise', [])) as (keyof TrafficEvent)[];
