/**
 * A page of timeline rows read straight from the store, in columns (issue 11: a recorded 1M-entry
 * session opens with first rows < 0.5 s and every entry counted < 5 s). Replaying every entry
 * through the bridge cost ~67 µs of page CPU an entry: each came as a whole event object with its
 * wire text. A row page has no text and no object per entry: one array per member a row has
 * (`seq`, `t`, `time`, …), so the server assembles it from SQLite's own aggregates without
 * touching each value in JavaScript, and the page builds each row once, in the compact shape
 * (./compact-row.ts), with repeated strings shared.
 *
 * What a row has beyond those columns (an error, findings, a note, HTTP facts, progress …) comes
 * as `extras`: per row, null or the members the columns do not hold. ROW_MEMBERS says once which
 * member is which; the compiler rejects a member of a row missing there.
 */
import type { Finding } from '../session/types';
import { restoreSpecRefs } from '../jsonrpc/rules/spec-ref';
import { compactRow, type Interner } from './compact-row';
import type { EntryRow } from './row';

/** Rows one page holds at most; the page asks for a small first page, then large ones. */
export const MAX_ROWS_PER_PAGE = 50_000;

/** Where each member of a row travels: its own column, or inside the row's extras. */
export const ROW_MEMBERS = {
  seq: 'column',
  t: 'column',
  time: 'column',
  dir: 'column',
  kind: 'column',
  id: 'column',
  idText: 'column',
  method: 'column',
  state: 'column',
  pair: 'column',
  latencyMs: 'column',
  findings: 'extra',
  reason: 'extra',
  note: 'extra',
  http: 'extra',
  ws: 'extra',
  process: 'extra',
  protocol: 'extra',
  dap: 'extra',
  late: 'extra',
  error: 'extra',
  items: 'extra',
  progressOf: 'extra',
  progress: 'extra',
  masked: 'extra',
  injected: 'extra',
  intercept: 'extra',
} as const satisfies Record<keyof EntryRow, 'column' | 'extra'>;

type Member = keyof typeof ROW_MEMBERS;

/** The members that travel inside extras (the server looks for them in a stored body). */
export const EXTRA_MEMBERS = (Object.keys(ROW_MEMBERS) as Member[]).filter((k) => ROW_MEMBERS[k] === 'extra');

/** The members a row has beyond its columns: what a stored body keeps once the columns are taken out. */
export type RowExtras = Partial<Pick<EntryRow, (typeof EXTRA_MEMBERS)[number]>>;

/** One page of rows, in seq order, each array as long as `seq`. */
export interface RowPage {
  seq: number[];
  t: number[];
  time: number[];
  dir: string[];
  kind: string[];
  /** The id exactly as written on the wire (JSON text), or null. */
  idText: (string | null)[];
  method: (string | null)[];
  state: (string | null)[];
  pair: (number | null)[];
  latencyMs: (number | null)[];
  /** Per row, null or a position in `extraTable`: rows with the same extras share one object. */
  extras: (number | null)[];
  /** The distinct extras of this page. */
  extraTable: RowExtras[];
  /** The session's last recorded seq when the page was read (what "every entry" means for now). */
  lastSeq: number;
  /** True when nothing after this page was recorded at the time it was read. */
  done: boolean;
}

const COLUMNS = ['seq', 't', 'time', 'dir', 'kind', 'idText', 'method', 'state', 'pair', 'latencyMs', 'extras'] as const satisfies readonly (keyof RowPage)[];

/** A page's problem in plain words, or null when it is well formed (the page trusts its server, but not blindly). */
export function rowPageProblem(p: unknown): string | null {
  if (!p || typeof p !== 'object') return 'a row page is an object';
  const page = p as Record<string, unknown>;
  if (!Array.isArray(page.seq)) return 'a row page has its seqs';
  const n = page.seq.length;
  for (const c of COLUMNS) {
    const col = page[c];
    if (!Array.isArray(col) || col.length !== n) return `the row page's ${c} column does not have ${n} values`;
  }
  if (!Number.isSafeInteger(page.lastSeq) || typeof page.done !== 'boolean') return 'a row page says its last seq and whether it is the last';
  const table = page.extraTable;
  if (!Array.isArray(table) || table.some((x) => !x || typeof x !== 'object')) return 'a row page has a table of extras';
  for (const x of page.extras as unknown[]) if (x !== null && !(typeof x === 'number' && x >= 0 && x < table.length)) return 'a row page names extras it does not have';
  let prev = -Infinity;
  for (const s of page.seq as unknown[]) {
    if (typeof s !== 'number' || !Number.isSafeInteger(s) || s <= prev) return 'a row page has its seqs in increasing order';
    prev = s;
  }
  return null;
}

function idOf(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const NONE: Finding[] = [];

/** Puts back, once per page, the spec sentences the extras' findings carry by reference. */
export function restorePageSpecs(page: RowPage): void {
  for (const x of page.extraTable) {
    if (Array.isArray(x.findings)) restoreSpecRefs(x.findings);
    if (Array.isArray(x.items)) for (const it of x.items) if (Array.isArray(it.findings)) restoreSpecRefs(it.findings);
  }
}

/**
 * The rows of positions [from, to) of a page, each built by compactRow (one shape with the
 * bridge's rows; strings shared through `strings`). Rows with the same extras share one object
 * (rows are read-only on the page: a patch replaces a row's members, never edits them); call
 * restorePageSpecs once before.
 */
export function rowsOfPage(page: RowPage, strings: Interner, from = 0, to = page.seq.length): EntryRow[] {
  const out: EntryRow[] = new Array(Math.max(0, to - from));
  for (let i = from; i < to; i++) {
    const at = page.extras[i];
    const x = at === null ? undefined : page.extraTable[at];
    const idText = page.idText[i];
    const ev = {
      seq: page.seq[i],
      t: page.t[i],
      time: page.time[i],
      dir: page.dir[i],
      raw: '',
      kind: page.kind[i],
      findings: NONE,
      id: idOf(idText),
      idText: idText ?? undefined,
      method: page.method[i] ?? undefined,
      state: page.state[i] ?? undefined,
      pair: page.pair[i] ?? undefined,
      latencyMs: page.latencyMs[i] ?? undefined,
    } as unknown as Parameters<typeof compactRow>[0];
    if (x) Object.assign(ev, x);
    // The bridge's rows carry idText as a rare member (after the fixed ones); absent here too when there is none.
    if (idText === null) delete (ev as { idText?: string }).idText;
    out[i - from] = compactRow(ev, strings);
  }
  return out;
}
