/**
 * Timeline rows of recorded entries, a page at a time, in columns (lib/timeline/row-page.ts;
 * issue 11: a 1M-entry session opens in seconds, not minutes). One prepared range SELECT reads
 * only the columns a row needs, and SQLite's own `json_group_array` turns each column of the page
 * into JSON text, so no value of the page becomes a JavaScript value here: the answer is those
 * texts joined. No wire text is read.
 *
 * A row's other members (an error, findings, a note, HTTP facts …) are in the stored body. Most
 * bodies have none: a regular expression over the body text finds the ones that might (a member
 * name as a key, or a non-empty findings list), and only those are parsed; the rest cost one
 * string. Rows with the same extras share one entry of the page's extras table.
 */
import { EXTRA_MEMBERS, MAX_ROWS_PER_PAGE, ROW_MEMBERS, type RowExtras } from '../../lib/timeline/row-page';
import type { Statement } from 'better-sqlite3';
import type { Db } from './db';
import { EVENTS_FROM, STATE_SQL } from './event-settle';

/**
 * A key of a member kept in extras, at any depth (false hits only cost a parse). Inside a JSON
 * string every quote is escaped, so `"note":` cannot come from a string's content.
 */
const MAYBE_EXTRA = new RegExp(`"(?:${EXTRA_MEMBERS.filter((k) => k !== 'findings').join('|')})":|"findings":\\[\\{`);

/** What a stored body has that its columns do not (or the wire text, which a row never holds). */
const NOT_EXTRA = new Set<string>([...Object.keys(ROW_MEMBERS).filter((k) => ROW_MEMBERS[k as keyof typeof ROW_MEMBERS] === 'column'), 'raw', 'rawBase64']);

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

interface Aggregated {
  n: number;
  last: number | null;
  seq: string;
  t: string;
  time: string;
  dir: string;
  kind: string;
  idText: string;
  method: string;
  state: string;
  pair: string;
  latencyMs: string;
  extras: string;
}

export class EventRowsRepo {
  private stmt: Statement<[string, number, number], Aggregated> | null = null;
  private lastSeqStmt: Statement<[string], { last_seq: number }> | null = null;
  private table: ExtrasTable | null = null;

  constructor(private readonly db: Db) {}

  /**
   * Rows with a seq after `sinceSeq`, at most `limit` (≤ MAX_ROWS_PER_PAGE), as the JSON text of a
   * RowPage. Synchronous, so no write lands between the page and its `lastSeq`.
   */
  pageText(sessionId: string, sinceSeq: number, limit: number): string {
    const n = Math.max(1, Math.min(MAX_ROWS_PER_PAGE, Math.floor(limit)));
    const { stmt, lastSeqStmt } = this.prepared();
    const table = new ExtrasTable();
    this.table = table;
    let a: Aggregated;
    try {
      a = stmt.get(sessionId, Math.max(0, Math.floor(sinceSeq)), n) as Aggregated;
    } finally {
      this.table = null;
    }
    const lastSeq = lastSeqStmt.get(sessionId)?.last_seq ?? 0;
    const done = a.n < n || (a.last ?? 0) >= lastSeq;
    return `{"seq":${a.seq},"t":${a.t},"time":${a.time},"dir":${a.dir},"kind":${a.kind},"idText":${a.idText},"method":${a.method},` +
      `"state":${a.state},"pair":${a.pair},"latencyMs":${a.latencyMs},"extras":${a.extras},"extraTable":[${table.texts.join(',')}],` +
      `"lastSeq":${lastSeq},"done":${done}}`;
  }

  private prepared() {
    if (!this.stmt || !this.lastSeqStmt) {
      // Registered on first use: the recorder's own connection never reads rows.
      this.db.function('rpcscope_row_extras', { deterministic: false }, (body: unknown) =>
        typeof body === 'string' && this.table ? this.table.of(body) : null);
      // The inner SELECT is ordered and feeds the aggregates in that order (a co-routine); an
      // ORDER BY inside each aggregate would sort every column again (3× the CPU). The page
      // checks the seqs are increasing (lib/timeline/row-page.ts rowPageProblem).
      const col = (c: string, as: string) => `json_group_array(${c}) AS ${as}`;
      this.stmt = this.db.prepare<[string, number, number], Aggregated>(
        `SELECT count(*) AS n, max(seq) AS last, ${col('seq', 'seq')}, ${col('t', 't')}, ${col('time', 'time')}, ${col('dir', 'dir')},
           ${col('kind', 'kind')}, ${col('id_text', 'idText')}, ${col('method', 'method')}, ${col('state', 'state')},
           ${col('pair', 'pair')}, ${col('latency_ms', 'latencyMs')}, ${col('rpcscope_row_extras(body)', 'extras')}
         FROM (SELECT e.seq, e.t, e.time, e.dir, e.kind, e.id_text, e.method, ${STATE_SQL} AS state, e.pair, e.latency_ms, e.body
               FROM ${EVENTS_FROM} WHERE s.id = ? AND e.seq > ? ORDER BY e.seq LIMIT ?)`,
      );
      this.lastSeqStmt = this.db.prepare<[string], { last_seq: number }>('SELECT last_seq FROM sessions WHERE id = ?');
    }
    return { stmt: this.stmt, lastSeqStmt: this.lastSeqStmt };
  }
}

export type { RowExtras };
