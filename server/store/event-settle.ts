/**
 * The close-time settle: when a target exits, every request still waiting gets one state
 * (`target-exited`). Writing that state into each row rewrote nearly every page of a flood's
 * session (a 700-byte row shares its page with four others, and a quarter of them were waiting):
 * about 0.3 s and a WAL as big as the session per 25k waiting requests. Instead, when a state-only
 * run names exactly the requests the store holds as waiting, the session keeps the state once
 * (`sessions.settled_state`, up to `settled_through`) and every read of a row's state goes through
 * STATE_SQL, which reads a `pending` row at or below that seq as the settled state. Anything else
 * (a timeout of some requests, a second settle) is written into the rows as before.
 *
 * "Exactly" is checked without reading the session: `sessions.count_pending` counts the rows whose
 * state reads as `pending` (kept by the append and patch transactions, events.ts), and the run's
 * own rows are looked up. Reads of `events` that need the state select STATE_SQL over EVENTS_FROM
 * (aliases `e` and `s`), and name their session as `s.id = ?` (rows are keyed by `sessions.key`).
 */
import type { Db } from './db';

/** The tables a read of rows with their state selects from. */
export const EVENTS_FROM = 'events e JOIN sessions s ON s.key = e.session_key';

/** A row's state as the user sees it (the settled state overlays a row stored as still pending). */
export const STATE_SQL = "CASE WHEN e.state = 'pending' AND e.seq <= s.settled_through THEN s.settled_state ELSE e.state END";

/** How many of a run's rows read as pending now, and the greatest seq among them. */
export interface PendingInRun {
  n: number;
  through: number | null;
}

export class EventSettle {
  private readonly sessionOf;
  private readonly pendingInRun;
  private readonly mark;
  private readonly materialise;

  constructor(db: Db) {
    this.sessionOf = db.prepare<[string], { count_pending: number | null; settled_state: string | null; settled_through: number | null }>(
      'SELECT count_pending, settled_state, settled_through FROM sessions WHERE id = ?',
    );
    this.pendingInRun = db.prepare<[string, string], PendingInRun>(
      `SELECT COUNT(*) AS n, MAX(e.seq) AS through FROM ${EVENTS_FROM}
       WHERE s.id = ? AND e.seq IN (SELECT value FROM json_each(?)) AND ${STATE_SQL} = 'pending'`,
    );
    this.mark = db.prepare('UPDATE sessions SET settled_state = ?, settled_through = ?, count_pending = ? WHERE id = ?');
    this.materialise = db.prepare(
      `UPDATE events SET state = ? WHERE session_key = (SELECT key FROM sessions WHERE id = ?) AND state = 'pending' AND seq <= ?`,
    );
  }

  /** `list`: the run's distinct seqs as JSON. */
  pendingIn(sessionId: string, list: string): PendingInRun {
    return this.pendingInRun.get(sessionId, list) ?? { n: 0, through: null };
  }

  /**
   * Settles the run at once when its `distinct` seqs are exactly the session's waiting requests
   * (`inRun` of them read as pending, and no others do) and it was not settled before; false when
   * the rows must be written instead. Call inside the patch transaction, after the counts of its
   * earlier patches are stored.
   */
  trySettleAll(sessionId: string, state: string, distinct: number, inRun: PendingInRun): boolean {
    if (state === 'pending' || inRun.through === null || inRun.n !== distinct) return false;
    const session = this.sessionOf.get(sessionId);
    if (!session || session.settled_through !== null || session.count_pending !== distinct) return false;
    this.mark.run(state, inRun.through, 0, sessionId);
    return true;
  }

  /**
   * Writes the settled state into the rows it stands for and forgets it: needed before a row at
   * or below the settled seq is stored as `pending` again, which the overlay would misread.
   */
  unsettle(sessionId: string): void {
    const session = this.sessionOf.get(sessionId);
    if (!session || session.settled_through === null) return;
    this.materialise.run(session.settled_state, sessionId, session.settled_through);
    this.mark.run(null, null, session.count_pending, sessionId);
  }
}
