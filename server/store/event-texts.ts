/**
 * The searchable text of recorded entries, read without parsing their bodies: the wire text from
 * its own column and a meta entry's note pulled out by SQLite. The free-text search of the
 * timeline runs over these on the server (word-search.ts, in threads of its own), because the page
 * does not hold every entry's wire text (issue 11: page memory per entry): plain words in SQLite
 * itself (`seqsHolding`), the rest with the timeline's matcher over `iterate`.
 */
import type { Statement } from 'better-sqlite3';
import type { Db } from './db';

export interface EntryTextRow {
  seq: number;
  /** The wire text (a lossy copy when it was not well-formed UTF-16, as the page shows it). */
  raw: string;
  note: string | null;
}

/** A word SQLite can look for as the timeline's `textMatcher` would: printable ASCII (its LIKE folds ASCII case only). */
export const isSqlSearchable = (text: string): boolean => /^[\x20-\x7e]+$/.test(text);

const FROM_SESSION = 'FROM events e JOIN sessions s ON s.key = e.session_key WHERE s.id = ? AND e.seq > ?';
const FROM_NAMED = 'FROM events e JOIN sessions s ON s.key = e.session_key WHERE s.id = @session AND e.seq > @since AND e.seq <= @through';
/** Rows whose wire text or note passes a test of one column (only a body that names a note is parsed for it). */
const holding = (test: (column: string) => string): string =>
  `(${test('e.raw')} OR (instr(e.body, '"note":') > 0 AND ${test("json_extract(e.body, '$.note')")}))`;

export class EventTextsRepo {
  private last: Statement<[string, number], { last: number | null }> | null = null;
  /** One statement per shape of words (which are matched exactly, which ignoring ASCII case). */
  private readonly byShape = new Map<string, Statement<[Record<string, string | number>], number>>();

  constructor(private readonly db: Db) {}

  /** The last seq after `sinceSeq` (what a search up to now covers), or `sinceSeq` when there is none. */
  lastSeq(sessionId: string, sinceSeq: number): number {
    this.last ??= this.db.prepare<[string, number], { last: number | null }>(`SELECT max(e.seq) AS last ${FROM_SESSION}`);
    return this.last.get(sessionId, Math.max(0, Math.floor(sinceSeq)))?.last ?? sinceSeq;
  }

  /**
   * The seqs after `sinceSeq` up to `through` whose wire text or note holds every one of `words`,
   * found by SQLite's own scan (issue 11: a new word over a 1M-entry session took 1.6 s in
   * JavaScript, ~0.2–0.35 s so). The timeline's smart case: a word with a capital letter is matched
   * exactly (LIKE, then instr), one without ignoring ASCII case (LIKE, its wildcards escaped). Only
   * for `isSqlSearchable` words, and without secrets to mask (the match must be over the text the
   * page shows).
   */
  seqsHolding(sessionId: string, sinceSeq: number, through: number, words: readonly string[]): number[] {
    const exact = words.map((w) => /[A-Z]/.test(w));
    const shape = exact.map((e) => (e ? 'E' : 'F')).join('');
    let stmt = this.byShape.get(shape);
    if (!stmt) {
      // One named parameter per word: @w0 its LIKE pattern, @x0 its exact text (used for the wire text and the note).
      const tests = exact.map((e, i) => holding((c) => (e ? `(${c} LIKE @w${i} ESCAPE '\\' AND instr(${c}, @x${i}) > 0)` : `${c} LIKE @w${i} ESCAPE '\\'`)));
      stmt = this.db.prepare<[Record<string, string | number>], number>(
        `SELECT e.seq ${FROM_NAMED} AND ${tests.join(' AND ')} ORDER BY e.seq`,
      ).pluck();
      if (this.byShape.size < 64) this.byShape.set(shape, stmt);
    }
    const params: Record<string, string | number> = { session: sessionId, since: Math.max(0, Math.floor(sinceSeq)), through };
    words.forEach((w, i) => {
      params[`w${i}`] = `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      if (exact[i]) params[`x${i}`] = w;
    });
    return stmt.all(params);
  }

  /** Every entry after `sinceSeq` (up to `through`, if given), in seq order, streamed. Do not write to the store while iterating. */
  *iterate(sessionId: string, sinceSeq: number, through = Number.MAX_SAFE_INTEGER): Generator<EntryTextRow> {
    const stmt = this.db.prepare<[string, number, number], EntryTextRow>(
      `SELECT e.seq, e.raw, json_extract(e.body, '$.note') AS note ${FROM_SESSION} AND e.seq <= ? ORDER BY e.seq`,
    );
    yield* stmt.iterate(sessionId, Math.max(0, Math.floor(sinceSeq)), through);
  }
}
