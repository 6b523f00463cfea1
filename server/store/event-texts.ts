/**
 * The searchable text of recorded entries, read without parsing their bodies: the wire text from
 * its own column and a meta entry's note pulled out by SQLite. The free-text search of the
 * timeline runs over these on the server (server/routes/entries.ts), because the page does not
 * hold every entry's wire text (issue 11: page memory per entry).
 */
import type { Db } from './db';

export interface EntryTextRow {
  seq: number;
  /** The wire text (a lossy copy when it was not well-formed UTF-16, as the page shows it). */
  raw: string;
  note: string | null;
}

export class EventTextsRepo {
  constructor(private readonly db: Db) {}

  /** Every entry after `sinceSeq`, in seq order, streamed. Do not write to the store while iterating. */
  *iterate(sessionId: string, sinceSeq: number): Generator<EntryTextRow> {
    const stmt = this.db.prepare<[string, number], EntryTextRow>(
      "SELECT e.seq, e.raw, json_extract(e.body, '$.note') AS note FROM events e JOIN sessions s ON s.key = e.session_key WHERE s.id = ? AND e.seq > ? ORDER BY e.seq",
    );
    yield* stmt.iterate(sessionId, Math.max(0, Math.floor(sinceSeq)));
  }
}
