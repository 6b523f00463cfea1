/**
 * The one columnar shape of timeline rows (issue 11), for both ways rows reach the page: the
 * bridge's live batches (built from events: lib/session/bridge-rows.ts) and the recorded rows
 * pages (built by SQL: server/store/event-rows.ts, wrapped in lib/timeline/row-page.ts). Both
 * producers and the page's one reader (`columnsReader`) use what this module says.
 *
 * ROW_PLACE places every member of an entry once (the compiler rejects a new member until it is
 * placed): a `column` (one array per member, a value per row), `text` (the wire text travels
 * apart: server/bridge-frames.ts, components/stores/entry-texts.ts), or `extra`: what most rows do
 * not have (findings, an error, a note, HTTP facts …), sent as one object per distinct set in the
 * batch's table `X`, a row naming its entry by index in `x`. Rows with the same extras share one
 * object on the page (rows are read-only there: a patch replaces a row, never edits it).
 *
 * A string column's cell is an index into the batch's string table `s` (the bridge interns each
 * distinct string once a batch, which keeps its wire small), or the string itself (SQL hands out
 * strings; no table to build per value), or null when the row has none. A finding's spec sentence
 * in `X` goes by reference (lib/jsonrpc/rules/spec-ref.ts specRefOf) and is put back once a batch.
 */
import { restoreSpecRefs, specOfRef } from '../jsonrpc/rules/spec-ref';
import type { DecodedError, Finding, JsonRpcId, TrafficEvent } from '../session/types';
import { NO_FINDINGS } from './compact-row';
import type { EntryRow } from './row';

type Place = 'column' | 'text' | 'extra';

export const ROW_PLACE = {
  seq: 'column', t: 'column', time: 'column', dir: 'column', kind: 'column', id: 'column', method: 'column',
  state: 'column', pair: 'column', latencyMs: 'column', idText: 'column',
  raw: 'text', rawBase64: 'text',
  findings: 'extra', error: 'extra', items: 'extra', reason: 'extra', protocol: 'extra', dap: 'extra',
  http: 'extra', ws: 'extra', process: 'extra', note: 'extra', late: 'extra', progressOf: 'extra', progress: 'extra',
  masked: 'extra', injected: 'extra', intercept: 'extra',
} as const satisfies Record<keyof TrafficEvent, Place>;

type Member = keyof typeof ROW_PLACE;
type MembersAt<P extends Place> = { [K in Member]: (typeof ROW_PLACE)[K] extends P ? K : never }[Member];
export type ColumnMember = MembersAt<'column'>;
export type ExtraMember = MembersAt<'extra'>;

export const EXTRA_MEMBERS = (Object.keys(ROW_PLACE) as Member[]).filter((k): k is ExtraMember => ROW_PLACE[k] === 'extra');

/** The members a row has beyond its columns: one entry of a batch's `X`. */
export type RowExtras = Partial<Pick<TrafficEvent, ExtraMember>>;

/** A string column's cell: an index into `s`, the string itself, or null (absent). */
export type StringCell = number | string | null;

/** What each column holds per row; `id` is false when the row has none (null is a real id). */
interface Cells {
  seq: number;
  t: number;
  time: number;
  dir: StringCell;
  kind: StringCell;
  id: JsonRpcId | false;
  method: StringCell;
  state: StringCell;
  pair: number | null;
  latencyMs: number | null;
  /** The id as written, where it says more than the id (see plainIdText); else null. */
  idText: string | null;
}
// Both ways: a column member without a cell type, or a cell type of no column member, fails here.
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const CELLS_ARE_COLUMNS: Exact<keyof Cells, ColumnMember> = true;
void CELLS_ARE_COLUMNS;

/**
 * Whether an id's text as written is what the page would write for the id anyway (most are): then
 * it is not sent (every id's own text was most of the bridge's extras), and the page shows the id.
 * What is left is what the id cannot say: an integer past 2^53, `1.0`, an escaped string.
 */
export function plainIdText(id: JsonRpcId | undefined, text: string): boolean {
  if (typeof id === 'number') return text === String(id);
  if (typeof id === 'string') return text.length === id.length + 2 && text.charCodeAt(0) === 34 && text.indexOf('\\') < 0;
  return id === null && text === 'null';
}

/**
 * Columns a producer may leave out when no row of the batch has a value there (most batches have
 * no latencies, pairs or odd id texts in flight): the reader takes every row's as null.
 */
const NULLABLE = ['method', 'state', 'pair', 'latencyMs', 'idText'] as const satisfies readonly ColumnMember[];
type Nullable = (typeof NULLABLE)[number];

/** The columns in the order producers write them (the order does not matter to the reader). */
export const COLUMNS = ['seq', 't', 'time', 'dir', 'kind', 'id', 'method', 'state', 'pair', 'latencyMs', 'idText'] as const satisfies readonly ColumnMember[];
const COLUMNS_ARE_ALL: Exact<(typeof COLUMNS)[number], ColumnMember> = true;
void COLUMNS_ARE_ALL;

/**
 * An entry of `X` that is findings and a decoded error and nothing else (most extras on the
 * bridge), packed in one flat list of numbers: how many findings, then 5 per finding (rule,
 * severity, message, spec, path), then, when there is an error, 5 more (code, message, name,
 * meaning, source). Strings are indexes into `s`, -1 where there is none; the code is a number or
 * null. So the rule, severity and error catalog strings are the table's, not repeated per row, and
 * the page's JSON.parse makes one array per entry. An error with `data` goes in the object form.
 */
export type PackedExtras = (number | null)[];

/** One batch of rows in columns; row i is the i-th value of every column and of `x`. */
export type RowColumns = { [K in Exclude<ColumnMember, Nullable>]: Cells[K][] } & { [K in Nullable]?: Cells[K][] } & {
  /** The strings the string columns name by index. */
  s: string[];
  /** Per row, null or a position in `X`. */
  x: (number | null)[];
  /** The batch's distinct extras. */
  X: (RowExtras | PackedExtras)[];
};

/** What is wrong with columns that came off the wire, or null (the page trusts its server, but a bad batch must not throw mid-way). */
export function rowColumnsProblem(v: unknown): string | null {
  if (!v || typeof v !== 'object') return 'a batch of rows is an object';
  const c = v as Record<string, unknown>;
  if (!Array.isArray(c.seq)) return 'a batch of rows has its seqs';
  const n = c.seq.length;
  for (const k of [...COLUMNS, 'x'] as const) {
    const col = c[k];
    if (col === undefined && (NULLABLE as readonly string[]).includes(k)) continue;
    if (!Array.isArray(col) || col.length !== n) return `the ${k} column does not have ${n} values`;
  }
  if (!Array.isArray(c.s) || c.s.some((x) => typeof x !== 'string')) return 'a batch of rows has a table of strings';
  const X = c.X;
  if (!Array.isArray(X) || X.some((x) => !x || typeof x !== 'object')) return 'a batch of rows has a table of extras';
  for (const x of c.x as unknown[]) if (x !== null && !(typeof x === 'number' && x >= 0 && x < X.length)) return 'a batch of rows names extras it does not have';
  let prev = -Infinity;
  for (const s of c.seq as unknown[]) {
    if (typeof s !== 'number' || !Number.isSafeInteger(s) || s <= prev) return 'a batch of rows has its seqs in increasing order';
    prev = s;
  }
  return null;
}

/** Where a reader shares strings across batches (the page's interner). */
export type StringPool = (s: string) => string;

/** One entry of `X` made ready for rows: its findings (sentences back) and its other members. */
interface ReadyExtras {
  findings: Finding[];
  error: DecodedError | undefined;
  keys: string[];
  values: unknown[];
}

const NO_KEYS: string[] = [];
const NO_VALUES: unknown[] = [];

/** A packed string (an index into the batch's pooled table), or undefined (-1, or not an index). */
function packedText(s: readonly string[], v: number | null | undefined): string | undefined {
  return typeof v === 'number' && v >= 0 && v < s.length ? s[v] : undefined;
}

function unpacked(x: PackedExtras, s: readonly string[]): ReadyExtras {
  const n = typeof x[0] === 'number' && x[0] > 0 ? Math.min(x[0], Math.floor((x.length - 1) / 5)) : 0;
  let findings = NO_FINDINGS;
  if (n > 0) {
    findings = new Array<Finding>(n);
    for (let k = 0, at = 1; k < n; k++, at += 5) {
      const rule = packedText(s, x[at]) ?? '';
      const f: Finding = { rule, severity: (packedText(s, x[at + 1]) ?? 'error') as Finding['severity'], message: packedText(s, x[at + 2]) ?? '' };
      const spec = packedText(s, x[at + 3]);
      if (spec !== undefined) f.spec = specOfRef(rule, spec);
      const path = packedText(s, x[at + 4]);
      if (path !== undefined) f.path = path;
      findings[k] = f;
    }
  }
  const e = 1 + 5 * n;
  let error: DecodedError | undefined;
  if (x.length >= e + 5) {
    const code = x[e];
    error = {
      code: typeof code === 'number' ? code : null,
      message: packedText(s, x[e + 1]) ?? '',
      name: packedText(s, x[e + 2]) ?? '',
      meaning: packedText(s, x[e + 3]) ?? '',
      source: packedText(s, x[e + 4]) ?? '',
    };
  }
  return { findings, error, keys: NO_KEYS, values: NO_VALUES };
}

function ready(x: RowExtras | PackedExtras, s: readonly string[]): ReadyExtras {
  if (Array.isArray(x)) return unpacked(x, s);
  let findings = NO_FINDINGS;
  if (Array.isArray(x.findings) && x.findings.length) {
    restoreSpecRefs(x.findings);
    findings = x.findings;
  }
  if (Array.isArray(x.items)) for (const it of x.items) if (it && Array.isArray(it.findings)) restoreSpecRefs(it.findings);
  const keys: string[] = [];
  const values: unknown[] = [];
  for (const k in x) {
    if (k === 'findings') continue;
    keys.push(k);
    values.push((x as Record<string, unknown>)[k]);
  }
  return { findings, error: undefined, keys, values };
}

/**
 * Reads rows out of a checked batch (rowColumnsProblem) in slices: `rows(from, to)` builds each
 * row once, in the compact shape (lib/timeline/compact-row.ts: the fixed members in one order,
 * then its extras), with strings shared through `pool`. The string table and the extras are made
 * ready once per batch, not once per row.
 */
export function columnsReader(c: RowColumns, pool: StringPool): { rows(from?: number, to?: number): EntryRow[] } {
  const s = c.s.map(pool);
  const X: (ReadyExtras | undefined)[] = new Array(c.X.length);
  // A string cell: the table's (shared already) or, from SQL, the string itself (the last one of each column kept).
  const lastIn = ['', '', '', ''];
  const lastOut = ['', '', '', ''];
  const str = (v: StringCell, col: number): string | undefined => {
    if (typeof v === 'number') return s[v];
    if (v === null) return undefined;
    if (v !== lastIn[col]) {
      lastIn[col] = v;
      lastOut[col] = pool(v);
    }
    return lastOut[col];
  };
  const { method, state, pair, latencyMs, idText } = c;
  return {
    rows(from = 0, to = c.seq.length) {
      const out: EntryRow[] = new Array(Math.max(0, to - from));
      for (let i = from; i < to; i++) {
        const xi = c.x[i];
        const x = xi === null ? undefined : (X[xi] ??= ready(c.X[xi], s));
        const id = c.id[i];
        const p = pair ? pair[i] : null;
        const lat = latencyMs ? latencyMs[i] : null;
        const idt = idText ? idText[i] : null;
        const row: EntryRow = {
          seq: c.seq[i],
          t: c.t[i],
          time: c.time[i],
          dir: str(c.dir[i], 0) as EntryRow['dir'],
          kind: str(c.kind[i], 1) as EntryRow['kind'],
          findings: x ? x.findings : NO_FINDINGS,
          id: id === false ? undefined : typeof id === 'string' ? pool(id) : id,
          method: method ? str(method[i], 2) : undefined,
          state: (state ? str(state[i], 3) : undefined) as EntryRow['state'],
          pair: p === null ? undefined : p,
          latencyMs: lat === null ? undefined : lat,
        };
        if (idt !== null) row.idText = idt;
        if (x?.error) row.error = x.error;
        if (x) for (let k = 0; k < x.keys.length; k++) (row as unknown as Record<string, unknown>)[x.keys[k]] = x.values[k];
        out[i - from] = row;
      }
      return out;
    },
  };
}
