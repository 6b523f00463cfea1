/**
 * Timeline rows of recorded entries, a page at a time, in columns (lib/timeline/row-columns.ts,
 * the shape the bridge's batches have too; lib/timeline/row-page.ts;
 * issue 11: a 1M-entry session opens in seconds, not minutes). One prepared range SELECT reads
 * only the columns a row needs, and SQLite's own `json_group_array` turns each column of the page
 * into JSON text, so no value of the page becomes a JavaScript value here: the answer is those
 * texts joined. No wire text is read.
 *
 * A row's other members (an error, findings, a note, HTTP facts …) are in the stored body. Most
 * bodies have none: SQL sets aside the plainest (NO_EXTRAS_SQL) without a call into JavaScript, a
 * regular expression over the rest finds the ones that might (a member name as a key, or a
 * non-empty findings list), and only those are parsed. Rows with the same extras share one entry
 * of the page's extras table.
 */
import { COLUMNS, EXTRA_MEMBERS, ROW_PLACE, type ColumnMember } from '../../lib/timeline/row-columns';
import { MAX_ROWS_PER_PAGE } from '../../lib/timeline/row-page';
import type { Statement } from 'better-sqlite3';
import type { Direction, EventKind, PairState } from '../../lib/session/types';
import type { Db } from './db';
import { EVENTS_FROM, STATE_SQL } from './event-settle';

/**
 * A key of a member kept in extras, at any depth (false hits only cost a parse). Inside a JSON
 * string every quote is escaped, so `"note":` cannot come from a string's content.
 */
const MAYBE_EXTRA = new RegExp(`"(?:${EXTRA_MEMBERS.filter((k) => k !== 'findings').join('|')})":|"findings":\\[\\{`);

/** What a stored body has that its columns do not (or the wire text, which a row never holds). */
const NOT_EXTRA = new Set<string>(Object.keys(ROW_PLACE).filter((k) => ROW_PLACE[k as keyof typeof ROW_PLACE] !== 'extra'));

/**
 * An id text that is a non-negative integer in its one spelling (no sign, no leading zero) and a
 * safe integer (exact as the page's number): what nearly every id is, tested before the other cases.
 */
const PLAIN_INTEGER_ID = `((length(id_text) BETWEEN 1 AND 15 OR (length(id_text) = 16 AND id_text <= '${Number.MAX_SAFE_INTEGER}'))
  AND id_text NOT GLOB '*[^0-9]*' AND id_text NOT GLOB '0?*')`;

/**
 * Bodies that cannot hold an extra, told in SQL so the JavaScript function is not called for them
 * (~1 µs a row, most of a page): no findings and no member beside them but an id whose text has no
 * quote (every member name has two). Any other body goes to the function, which decides.
 */
const NO_EXTRAS_SQL = `(body = '{"findings":[]}' OR (body GLOB '{"findings":[[]],"id":*' AND instr(substr(body, 21), '"') = 0))`;

/**
 * The words of the direction, kind and state columns, sent once a page as its string table `s`:
 * the cells name them by index (a digit or two instead of up to 15 characters, and the page takes
 * the table's string instead of looking every cell up in its interner). A word not here (none is
 * written today) goes as the string itself, which the page reads as well. Each column's words
 * are tested in the order below, the commonest first: a CASE tests them one by one.
 */
const DIRS = Object.keys({ out: 0, in: 0, meta: 0 } satisfies Record<Direction, 0>);
const KINDS = Object.keys({
  request: 0, response: 0, notification: 0, error: 0, batch: 0, invalid: 0, 'parse-error': 0, 'not-jsonrpc': 0, noise: 0, stderr: 0, exit: 0, connection: 0, 'no-body': 0,
} satisfies Record<EventKind, 0>);
const STATES = Object.keys({
  answered: 0, pending: 0, 'timed-out': 0, late: 0, orphan: 0, duplicate: 0, cancelled: 0, 'target-exited': 0, unexpected: 0,
} satisfies Record<PairState, 0>);
const WORDS = [...DIRS, ...KINDS, ...STATES];
const WORDS_JSON = JSON.stringify(WORDS);
const sqlText = (s: string) => `'${s.replaceAll("'", "''")}'`;
/** A column of words as the index of its word in WORDS, or the text itself. */
const wordCell = (col: string, words: readonly string[]) =>
  `CASE ${col} ${words.map((w) => `WHEN ${sqlText(w)} THEN ${WORDS.indexOf(w)}`).join(' ')} ELSE ${col} END`;

/**
 * Each column's value from the ordered inner SELECT below (its `e.` columns), as json_group_array
 * takes it. The id is stored as its JSON text: json() embeds it as the JSON value it is, false
 * where there is none (a text that is not JSON, which the recorder never writes, goes as a string).
 */
const COLUMN_SQL = {
  seq: 'seq', t: 't', time: 'time', dir: wordCell('dir', DIRS), kind: wordCell('kind', KINDS), method: 'method', state: wordCell('state', STATES), pair: 'pair',
  latencyMs: 'latency_ms',
  // Most ids are plain integers: read as one without json_valid and json() (a fifth of a page's CPU).
  id: `CASE WHEN id_text IS NULL THEN json('false') WHEN ${PLAIN_INTEGER_ID} THEN CAST(id_text AS INTEGER)
    WHEN json_valid(id_text) THEN json(id_text) ELSE id_text END`,
  // Null where the text is what the page would write for the id (lib/timeline/row-columns.ts
  // plainIdText): null, a string without escapes, a short integer in its one spelling.
  idText: `CASE WHEN id_text IS NULL OR ${PLAIN_INTEGER_ID} OR id_text = 'null' OR (id_text GLOB '"*' AND instr(id_text, '\\') = 0)
    OR (length(id_text) <= 15 AND id_text NOT GLOB '*[^0-9-]*' AND id_text NOT GLOB '?*-*' AND id_text NOT GLOB '0[0-9]*'
        AND id_text NOT GLOB '-0*' AND id_text NOT IN ('', '-')) THEN NULL ELSE id_text END`,
} as const satisfies Record<ColumnMember, string>;

/** The extras of one body as JSON text, or null when it has none. */
export function extrasOf(body: string): string | null {
  if (!MAYBE_EXTRA.test(body)) return null;
  let ev: Record<string, unknown>;
  try {
    ev = JSON.parse(body) as Record<string, unknown>;
  } catch {
    return null;
  }
  const out: Record<string, unknown> = {};
  let any = false;
  for (const k in ev) {
    if (NOT_EXTRA.has(k)) continue;
    if (k === 'findings' && Array.isArray(ev[k]) && (ev[k] as unknown[]).length === 0) continue;
    out[k] = ev[k];
    any = true;
  }
  return any ? JSON.stringify(out) : null;
}

/** The extras table of the page being read (the SQL function below fills it, one statement at a time). */
class ExtrasTable {
  private readonly index = new Map<string, number>();
  readonly texts: string[] = [];

  of(body: string): number | null {
    const text = extrasOf(body);
    if (text === null) return null;
    let at = this.index.get(text);
    if (at === undefined) {
      at = this.texts.length;
      this.index.set(text, at);
      this.texts.push(text);
    }
    return at;
  }
}

type Aggregated = { n: number; last: number | null; x: string } & Record<ColumnMember, string>;

export class EventRowsRepo {
  private stmt: Statement<[string, number, number, number], Aggregated> | null = null;
  private lastSeqStmt: Statement<[string], { last_seq: number }> | null = null;
  private table: ExtrasTable | null = null;

  constructor(private readonly db: Db) {}

  /**
   * Rows with a seq after `sinceSeq` and at most `untilSeq` (none: to the end), at most `limit`
   * (≤ MAX_ROWS_PER_PAGE) of them, as the JSON text of a RowPage. A range of seqs does not hang on
   * the page before it, so the page can ask for the next while this one is read. Synchronous, so
   * no write lands between the page and its `lastSeq`.
   */
  pageText(sessionId: string, sinceSeq: number, limit: number, untilSeq = Number.MAX_SAFE_INTEGER): string {
    const n = Math.max(1, Math.min(MAX_ROWS_PER_PAGE, Math.floor(limit)));
    const { stmt, lastSeqStmt } = this.prepared();
    const table = new ExtrasTable();
    this.table = table;
    let a: Aggregated;
    try {
      a = stmt.get(sessionId, Math.max(0, Math.floor(sinceSeq)), Math.floor(untilSeq), n) as Aggregated;
    } finally {
      this.table = null;
    }
    const lastSeq = lastSeqStmt.get(sessionId)?.last_seq ?? 0;
    // Nothing recorded after this page: it stopped short of its limit at the end, or holds the last seq.
    const done = (a.n < n && untilSeq >= lastSeq) || (a.last ?? 0) >= lastSeq;
    let text = `{"s":${WORDS_JSON}`;
    for (const c of COLUMNS) text += `,"${c}":${a[c]}`;
    return `${text},"x":${a.x},"X":[${table.texts.join(',')}],"lastSeq":${lastSeq},"done":${done}}`;
  }

  private prepared() {
    if (!this.stmt || !this.lastSeqStmt) {
      // Registered on first use: the recorder's own connection never reads rows.
      this.db.function('rpcscope_row_extras', { deterministic: false }, (body: unknown) =>
        typeof body === 'string' && this.table ? this.table.of(body) : null);
      // The inner SELECT is ordered and feeds the aggregates in that order (a co-routine); an
      // ORDER BY inside each aggregate would sort every column again (3× the CPU). The page
      // checks the seqs are increasing (lib/timeline/row-page.ts rowPageProblem).
      const columns = COLUMNS.map((c) => `json_group_array(${COLUMN_SQL[c]}) AS ${c}`).join(', ');
      this.stmt = this.db.prepare<[string, number, number, number], Aggregated>(
        `SELECT count(*) AS n, max(seq) AS last, ${columns}, json_group_array(CASE WHEN ${NO_EXTRAS_SQL} THEN NULL ELSE rpcscope_row_extras(body) END) AS x
         FROM (SELECT e.seq, e.t, e.time, e.dir, e.kind, e.id_text, e.method, ${STATE_SQL} AS state, e.pair, e.latency_ms, e.body
               FROM ${EVENTS_FROM} WHERE s.id = ? AND e.seq > ? AND e.seq <= ? ORDER BY e.seq LIMIT ?)`,
      );
      this.lastSeqStmt = this.db.prepare<[string], { last_seq: number }>('SELECT last_seq FROM sessions WHERE id = ?');
    }
    return { stmt: this.stmt, lastSeqStmt: this.lastSeqStmt };
  }
}
