/**
 * Recorded traffic. The recorder appends one batch per transaction (thousands of events per
 * second) and applies pairing patches the same way. Reads return each event exactly as it was
 * appended, with its patches applied.
 *
 * Layout: rows are keyed by (session key, seq), the session's integer `sessions.key` (migration 11);
 * reads join sessions (EVENTS_FROM) and name it by id. The columns the app filters on (dir, kind, method, state, pair …) are copied out of the
 * event; `raw` and `raw_base64` are kept verbatim in their own columns; `body` is the rest of the
 * event as JSON, without the members a column gives back exactly (event-json.ts: the lean body;
 * rows recorded before hold the whole event with `raw`/`rawBase64` blanked, and read the same).
 * SQLite stores TEXT as UTF-8, which cannot hold a lone UTF-16 surrogate: a raw text (or a method)
 * that is not well-formed therefore stays in `body` (JSON escapes it) and the column holds a
 * lossy copy for display. The body is made without copying the event (event-json.ts).
 * The `state` column is authoritative (state-only patches update only it; reads overlay it), but
 * for the requests a target's exit settled all at once: see event-settle.ts.
 */
import { applyPatch, PATCH_FIELDS, type PatchField } from '../../lib/session/patch';
import type { EventPatch, TrafficEvent } from '../../lib/session/types';
import type { Db } from './db';
import { eventBody, STORED_SQL, storedEvent, type ColumnMember, type StoredRow } from './event-json';
import { checkRow, errorCodeOf, errorsOf, findingsOf, ROW, rowOf, type EventRow } from './event-row';
import { EVENTS_FROM, EventSettle } from './event-settle';
import { StoreError } from './errors';
import { RowReader, type PackedRows } from './row-batch';

export interface ListEventsOptions {
  /** Only events with a greater seq (0 = from the start). */
  sinceSeq?: number;
  /** Default 1000, at most 100 000. */
  limit?: number;
}

export interface PatchResult {
  applied: number;
  /** seqs the patches named that this session has not recorded. */
  missing: number[];
}

const MAX_LIST = 100_000;
/** Rows per multi-row INSERT (16 values each: SQLite allows 32766 per statement). */
const INSERT_ROWS = 64;
const INSERT_COLUMNS = 16;

/** Rows of a batch; an event that is not one is refused like a bad row (the whole batch with it). */
function rowsOf(events: readonly TrafficEvent[]): EventRow[] {
  return events.map((ev, i) => {
    if (typeof ev !== 'object' || ev === null) throw new StoreError('invalid', `events[${i}]: not an event object`);
    return rowOf(ev);
  });
}

const toEvent = (row: StoredRow): TrafficEvent => storedEvent(row);

/**
 * The column members a patch may change are the ones the patch's UPDATE writes (a lean body reads
 * the others from their columns): a new one fails to compile here until the UPDATE writes it.
 */
const PATCHED_COLUMNS: Record<Extract<PatchField, ColumnMember>, 'state' | 'pair' | 'latency_ms'> = {
  state: 'state', pair: 'pair', latencyMs: 'latency_ms',
};

/**
 * A patch that only sets `state` (what a target's exit or a timeout produces for every request
 * still waiting): such runs are applied with one set-based UPDATE instead of a read, a parse and
 * a write per event. Of the counts, only the waiting one (count_pending) can change.
 */
function onlyState(p: EventPatch): string | undefined {
  if (typeof p?.state !== 'string' || !Number.isSafeInteger(p.seq)) return undefined;
  for (const k of PATCH_FIELDS) if (k !== 'state' && p[k] !== undefined) return undefined;
  return p.state;
}

interface Tally {
  events: number;
  out: number;
  in: number;
  errors: number;
  findings: number;
  /** Rows whose state became `pending`, less those whose state stopped being it (event-settle.ts). */
  pending: number;
  lastSeq: number;
}

const noTally = (): Tally => ({ events: 0, out: 0, in: 0, errors: 0, findings: 0, pending: 0, lastSeq: 0 });

export class EventsRepo {
  private readonly appendTx: (sessionId: string, rows: readonly EventRow[] | PackedRows) => void;
  private readonly patchTx: (sessionId: string, patches: readonly EventPatch[]) => PatchResult;
  private readonly listStmt;
  private readonly getStmt;

  constructor(private readonly db: Db) {
    // Rows name their session by its integer key (migration 11), looked up once per transaction.
    const keyStmt = db.prepare<[string], { key: number }>('SELECT key FROM sessions WHERE id = ?');
    // One INSERT of INSERT_ROWS rows per statement run: a run per row cost as much as the row's own
    // write (bindings, step and reset each time); the rest of a batch goes one row at a time.
    const insertOf = (rows: number) =>
      db.prepare(
        `INSERT INTO events (session_key, seq, t, time, dir, kind, id_text, method, state, pair, latency_ms,
           error_code, findings_count, raw, raw_base64, body)
         VALUES ${new Array(rows).fill(`(${new Array(INSERT_COLUMNS).fill('?').join(', ')})`).join(', ')}`,
      );
    const insertOne = insertOf(1);
    const insertMany = insertOf(INSERT_ROWS);
    const args: unknown[] = new Array(INSERT_ROWS * INSERT_COLUMNS);
    const conflict = (seq: number) => new StoreError('conflict', `event seq ${seq} is already recorded in this session`);
    const isConflict = (e: unknown) => (e as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
    /** Rows held in `args` so far (at most INSERT_ROWS), with their seqs for a conflict's message. */
    let held = 0;
    const heldSeqs: number[] = new Array(INSERT_ROWS);
    const hold = (sessionKey: number, r: EventRow) => {
      let a = held * INSERT_COLUMNS;
      args[a++] = sessionKey;
      for (let c = 0; c < 15; c++) args[a++] = r[c];
      heldSeqs[held++] = r[ROW.seq];
    };
    const insertRow = (from: number) => {
      try {
        insertOne.run(args.slice(from * INSERT_COLUMNS, (from + 1) * INSERT_COLUMNS));
      } catch (e) {
        throw isConflict(e) ? conflict(heldSeqs[from]) : e;
      }
    };
    /** Writes the held rows: one statement when they fill it, else one by one. */
    const flushHeld = () => {
      if (held === INSERT_ROWS) {
        try {
          insertMany.run(args);
        } catch (e) {
          if (!isConflict(e)) throw e;
          // The statement wrote nothing: row by row names the seq that is already there.
          for (let i = 0; i < held; i++) insertRow(i);
        }
      } else for (let i = 0; i < held; i++) insertRow(i);
      held = 0;
    };
    const bump = db.prepare(
      `UPDATE sessions SET last_seq = MAX(last_seq, ?), count_events = count_events + ?, count_out = count_out + ?,
         count_in = count_in + ?, count_errors = count_errors + ?, count_findings = count_findings + ?,
         count_pending = count_pending + ?
       WHERE id = ?`,
    );
    const bumpTally = (sessionId: string, t: Tally) =>
      bump.run(t.lastSeq, t.events, t.out, t.in, t.errors, t.findings, t.pending, sessionId);
    const keyOf = (sessionId: string): number => {
      const row = keyStmt.get(sessionId);
      if (!row) throw new StoreError('not-found', `no session with id ${JSON.stringify(sessionId).slice(0, 120)}`);
      return row.key;
    };

    // Rows are made by the caller (event-row.ts), here from events, or come packed from the
    // recorder's thread (row-batch.ts, read into one reused row): one transaction either way.
    this.appendTx = db.transaction((sessionId: string, rows: readonly EventRow[] | PackedRows) => {
      const key = keyOf(sessionId);
      held = 0; // a batch refused half-way left its rows held: they went with its rollback
      const tally = noTally();
      const packed = Array.isArray(rows) ? undefined : new RowReader(rows as PackedRows);
      const count = packed ? packed.count : (rows as readonly EventRow[]).length;
      for (let i = 0; i < count; i++) {
        const r = packed ? packed.next() : (rows as readonly EventRow[])[i];
        checkRow(r, i);
        hold(key, r);
        if (held === INSERT_ROWS) flushHeld();
        tally.events++;
        if (r[ROW.dir] === 'out') tally.out++;
        else if (r[ROW.dir] === 'in') tally.in++;
        tally.errors += r[ROW.errors];
        tally.findings += r[ROW.findings];
        if (r[ROW.state] === 'pending') tally.pending++;
        if (r[ROW.seq] > tally.lastSeq) tally.lastSeq = r[ROW.seq];
      }
      flushHeld();
      bumpTally(sessionId, tally);
    });

    const getRow = db.prepare<[string, number], StoredRow>(`SELECT ${STORED_SQL} FROM ${EVENTS_FROM} WHERE s.id = ? AND e.seq = ?`).raw(true);
    const settle = new EventSettle(db);
    const update = db.prepare(
      `UPDATE events SET body = ?, ${PATCHED_COLUMNS.state} = ?, ${PATCHED_COLUMNS.pair} = ?, ${PATCHED_COLUMNS.latencyMs} = ?, error_code = ?, findings_count = ?
       WHERE session_key = ? AND seq = ?`,
    );
    // Only the column: rewriting 25k bodies with json_set was most of a flood's close (reads overlay it).
    const setState = db.prepare(
      `UPDATE events SET state = ? WHERE session_key = ? AND seq IN (SELECT value FROM json_each(?))`,
    );
    const absent = db.prepare<[string, number], { seq: number }>(
      `SELECT value AS seq FROM json_each(?) WHERE value NOT IN (SELECT seq FROM events WHERE session_key = ?)`,
    );
    const applyStateRun = (sessionId: string, key: number, state: string, seqs: number[], result: PatchResult, tally: Tally) => {
      const unique = [...new Set(seqs)];
      const list = JSON.stringify(unique);
      const inRun = settle.pendingIn(sessionId, list);
      // The counts so far go first: the settle compares the stored waiting count.
      bumpTally(sessionId, tally);
      Object.assign(tally, noTally());
      if (state === 'pending') settle.unsettle(sessionId);
      else if (settle.trySettleAll(sessionId, state, unique.length, inRun)) {
        result.applied += seqs.length;
        return;
      }
      const changed = setState.run(state, key, list).changes;
      tally.pending += (state === 'pending' ? changed : 0) - inRun.n;
      const missing = changed < unique.length ? new Set(absent.all(list, key).map((r) => r.seq)) : undefined;
      for (const seq of seqs) {
        if (missing?.has(seq)) result.missing.push(seq);
        else result.applied++;
      }
    };
    this.patchTx = db.transaction((sessionId: string, patches: readonly EventPatch[]) => {
      const key = keyOf(sessionId);
      const result: PatchResult = { applied: 0, missing: [] };
      const tally = noTally();
      // Consecutive state-only patches with the same state go as one statement; order is kept.
      let runState: string | undefined;
      let run: number[] = [];
      const endRun = () => {
        if (runState !== undefined && run.length) applyStateRun(sessionId, key, runState, run, result, tally);
        runState = undefined;
        run = [];
      };
      for (const p of patches) {
        const state = onlyState(p);
        if (state !== undefined) {
          if (state !== runState) endRun();
          runState = state;
          run.push(p.seq);
          continue;
        }
        endRun();
        const row = typeof p?.seq === 'number' ? getRow.get(sessionId, p.seq) : undefined;
        if (!row) {
          result.missing.push(p?.seq);
          continue;
        }
        // Every member at its place, so the patched event's body is lean again (event-json.ts).
        const ev = storedEvent(row, true);
        const wasPending = ev.state === 'pending';
        const errorsBefore = errorsOf(ev);
        const findingsBefore = findingsOf(ev);
        applyPatch(ev, p);
        const findings = findingsOf(ev);
        tally.errors += errorsOf(ev) - errorsBefore;
        tally.findings += findings - findingsBefore;
        tally.pending += (ev.state === 'pending' ? 1 : 0) - (wasPending ? 1 : 0);
        if (ev.state === 'pending') settle.unsettle(sessionId);
        update.run(
          eventBody(ev), ev.state ?? null, ev.pair ?? null, ev.latencyMs ?? null, errorCodeOf(ev), findings,
          key, p.seq,
        );
        result.applied++;
      }
      endRun();
      bumpTally(sessionId, tally);
      return result;
    });

    this.listStmt = db.prepare<[string, number, number], StoredRow>(
      `SELECT ${STORED_SQL} FROM ${EVENTS_FROM} WHERE s.id = ? AND e.seq > ? ORDER BY e.seq LIMIT ?`,
    ).raw(true);
    this.getStmt = getRow;
  }

  /** Append one batch atomically: all of it is recorded, or (on a bad or repeated event) none. */
  appendMany(sessionId: string, events: readonly TrafficEvent[]): void {
    if (events.length === 0) return;
    this.appendRows(sessionId, rowsOf(events));
  }

  append(sessionId: string, event: TrafficEvent): void {
    this.appendMany(sessionId, [event]);
  }

  /** The same, for rows already made from events (rowOf), or packed (row-batch.ts). */
  appendRows(sessionId: string, rows: readonly EventRow[] | PackedRows): void {
    if ((Array.isArray(rows) ? rows.length : (rows as PackedRows).count) === 0) return;
    this.appendTx(sessionId, rows);
  }

  /** Apply later changes (pairing, state, latency, items, findings, error) to recorded events. */
  applyPatches(sessionId: string, patches: readonly EventPatch[]): PatchResult {
    if (patches.length === 0) return { applied: 0, missing: [] };
    return this.patchTx(sessionId, patches);
  }

  /** Events in seq order, after `sinceSeq`. */
  listEvents(sessionId: string, opts: ListEventsOptions = {}): TrafficEvent[] {
    const since = Math.max(0, Math.floor(opts.sinceSeq ?? 0));
    const limit = Math.min(Math.max(1, Math.floor(opts.limit ?? 1000)), MAX_LIST);
    return this.listStmt.all(sessionId, since, limit).map(toEvent);
  }

  /**
   * Every event after `sinceSeq`, streamed from disk (for exports of big sessions). Do not write
   * to the store while iterating: the connection is busy until the iterator finishes.
   */
  *iterateEvents(sessionId: string, opts: { sinceSeq?: number } = {}): Generator<TrafficEvent> {
    const since = Math.max(0, Math.floor(opts.sinceSeq ?? 0));
    for (const row of this.listStmt.iterate(sessionId, since, Number.MAX_SAFE_INTEGER)) yield toEvent(row);
  }

  getEvent(sessionId: string, seq: number): TrafficEvent | undefined {
    const row = this.getStmt.get(sessionId, seq);
    return row ? toEvent(row) : undefined;
  }

  countEvents(sessionId: string): number {
    return (this.db.prepare(`SELECT COUNT(*) AS n FROM ${EVENTS_FROM} WHERE s.id = ?`).get(sessionId) as { n: number }).n;
  }
}
