/**
 * One event as the `events` table's row, made once where the event is (the conversation's
 * thread) and written where the writes are (the recorder's worker, server/session/recorder-host.ts):
 * a tuple of primitives and strings, which a worker hand-over copies cheaply (no object graph for
 * the structured clone to walk, and the worker has nothing left to serialise).
 *
 * Making a row never throws for a malformed event; `checkRow` (inside the append transaction)
 * refuses it, so a bad batch is refused whole, as before.
 */
import type { TrafficEvent } from '../../lib/session/types';
import { eventBody } from './event-json';
import { StoreError } from './errors';

/**
 * The INSERT's values after the session id, in column order, then what the event adds to its
 * session's error count (not a column). `findings` is -1 when the event's findings are not a list.
 */
export type EventRow = [
  seq: number,
  t: number,
  time: number,
  dir: string,
  kind: string,
  idText: string | null,
  method: string | null,
  state: string | null,
  pair: number | null,
  latencyMs: number | null,
  errorCode: number | null,
  findings: number,
  raw: string,
  rawBase64: string | null,
  body: string,
  errors: number,
];

/** Where the row keeps the values the tally and the loss accounting read. */
export const ROW = { seq: 0, t: 1, time: 2, dir: 3, kind: 4, state: 7, findings: 11, raw: 12, rawBase64: 13, body: 14, errors: 15 } as const;

/** What one event adds to its session's counts. */
export function errorsOf(ev: TrafficEvent): number {
  let n = ev.kind === 'error' || ev.error ? 1 : 0;
  if (ev.items) for (const it of ev.items) if (it.kind === 'error' || it.error) n++;
  return n;
}

export function findingsOf(ev: TrafficEvent): number {
  let n = Array.isArray(ev.findings) ? ev.findings.length : 0;
  if (ev.items) for (const it of ev.items) n += Array.isArray(it.findings) ? it.findings.length : 0;
  return n;
}

export const idTextOf = (ev: TrafficEvent): string | null =>
  ev.idText ?? (ev.id === undefined ? null : JSON.stringify(ev.id));

export const errorCodeOf = (ev: TrafficEvent): number | null =>
  typeof ev.error?.code === 'number' ? ev.error.code : null;

export function rowOf(ev: TrafficEvent): EventRow {
  return rowInto(ev, new Array(16) as EventRow);
}

/**
 * The row of `ev`, written into `r` (the one home of what goes in which slot). The hand-over to
 * the recorder's worker packs each row as it is made (row-batch.ts) and reuses one `r` for a
 * whole batch: 100k short-lived arrays were a good part of the conversation thread's garbage.
 */
export function rowInto(ev: TrafficEvent, r: EventRow): EventRow {
  r[0] = ev.seq;
  r[1] = ev.t;
  r[2] = ev.time;
  r[3] = ev.dir;
  r[4] = ev.kind;
  r[5] = idTextOf(ev);
  r[6] = ev.method ?? null;
  r[7] = ev.state ?? null;
  r[8] = ev.pair ?? null;
  r[9] = ev.latencyMs ?? null;
  r[10] = errorCodeOf(ev);
  r[11] = Array.isArray(ev.findings) ? findingsOf(ev) : -1;
  r[12] = ev.raw;
  r[13] = ev.rawBase64 ?? null;
  r[14] = eventBody(ev);
  r[15] = errorsOf(ev);
  return r;
}

// A module function, not a closure made per row: under tsx each closure gets its name defined.
const badRow = (i: number, what: string) => new StoreError('invalid', `events[${i}]: ${what}`);

/** Cheap shape checks: the recorder is trusted code, but a bad row must not reach the file. */
export function checkRow(r: EventRow, i: number): void {
  if (!Array.isArray(r) || r.length !== 16) throw badRow(i, 'not an event row');
  if (!Number.isSafeInteger(r[ROW.seq]) || r[ROW.seq] < 0) throw badRow(i, 'seq must be a non-negative integer');
  if (!Number.isFinite(r[ROW.t]) || !Number.isFinite(r[ROW.time])) throw badRow(i, 't and time must be numbers');
  if (typeof r[ROW.raw] !== 'string') throw badRow(i, 'raw must be text');
  if (r[ROW.rawBase64] !== null && typeof r[ROW.rawBase64] !== 'string') throw badRow(i, 'rawBase64 must be text');
  if (typeof r[ROW.dir] !== 'string' || typeof r[ROW.kind] !== 'string') throw badRow(i, 'dir and kind must be text');
  if (r[ROW.findings] < 0) throw badRow(i, 'findings must be a list');
}
