/**
 * The bridge's columnar batch of entries (issue 11: the bridge's CPU per entry and the page's
 * intake). One JSON object of arrays per batch instead of one JSON object per event: the server
 * stringifies a batch once (numbers and small indexes, not 400 characters of members per event),
 * and the page builds its compact rows (lib/timeline/compact-row.ts) straight from the columns,
 * interning each distinct string once per batch instead of once per row and sharing one finding
 * object (and one list) between the rows of a batch that carry the same finding.
 *
 * Every member of a TrafficEvent is placed once in MEMBER_PLACE (the compiler rejects a new member
 * until it is placed): a column, left out (the wire text travels apart: server/bridge-frames.ts),
 * or `extra` — the rare members (note, http …), sent as they are for the rows that have them.
 * A finding's spec sentence is sent by reference (SPEC_IS_RULES) where it is its rule's sentence
 * in the rule table, and the reader puts the table's string back.
 */
import type { DecodedError, Finding, JsonRpcId, TrafficEvent } from './types';

type Place = 'column' | 'text' | 'extra';

export const MEMBER_PLACE = {
  seq: 'column', t: 'column', time: 'column', dir: 'column', kind: 'column', id: 'column', method: 'column',
  state: 'column', pair: 'column', latencyMs: 'column', findings: 'column', error: 'column',
  raw: 'text', rawBase64: 'text',
  idText: 'extra', items: 'extra', reason: 'extra', protocol: 'extra', dap: 'extra', http: 'extra',
  ws: 'extra', process: 'extra', note: 'extra', late: 'extra', progressOf: 'extra', progress: 'extra', masked: 'extra',
  injected: 'extra', intercept: 'extra',
} as const satisfies Record<keyof TrafficEvent, Place>;

type ExtraKey = { [K in keyof typeof MEMBER_PLACE]: (typeof MEMBER_PLACE)[K] extends 'extra' ? K : never }[keyof typeof MEMBER_PLACE];
const EXTRA_KEYS = (Object.keys(MEMBER_PLACE) as (keyof typeof MEMBER_PLACE)[]).filter((k): k is ExtraKey => MEMBER_PLACE[k] === 'extra');

/** A finding's spec: absent, or the rule table's sentence (put back by the reader). */
export const SPEC_NONE = -1;
export const SPEC_IS_RULES = -2;
/** An absent id (null is a real id). */
const NO_ID = false;
const NONE = -1;

/** One batch in columns; row i is the i-th entry of every per-row column. */
export interface RowColumns {
  /** The strings the columns name by index. */
  s: string[];
  seq: number[];
  t: number[];
  time: number[];
  /** Indexes into `s`. */
  dir: number[];
  kind: number[];
  /** Index into `s`, -1 when absent. */
  method: number[];
  state: number[];
  /** The id as it is (false when absent). */
  id: (JsonRpcId | false)[];
  pair: (number | null)[];
  lat: (number | null)[];
  /** Per row, how many findings; their indexes into `F` follow in `fi`, row by row. */
  fn: number[];
  fi: number[];
  /** The batch's distinct findings, 5 numbers each: rule, severity, message (into `s`), spec (into `s`, or SPEC_*), path (into `s`, or -1). */
  F: number[];
  /** Decoded errors, 6 values each: row index, code, then message, name, meaning, source (into `s`); one with `data` travels in `x`. */
  E: (number | null)[];
  /** Row index, then an object of that row's rare members, for the rows that have any. */
  x: (number | Partial<TrafficEvent>)[];
}

/** Builds one batch's columns from events (the server's side). */
export function encodeRows(events: readonly TrafficEvent[], ruleSpec: (rule: string) => string | undefined): RowColumns {
  const n = events.length;
  const strings = new Map<string, number>();
  const s: string[] = [];
  const str = (v: string): number => {
    let i = strings.get(v);
    if (i === undefined) {
      i = s.length;
      s.push(v);
      strings.set(v, i);
    }
    return i;
  };
  const findings = new Map<string, number>();
  const F: number[] = [];
  const cols: RowColumns = {
    s, seq: new Array<number>(n), t: new Array<number>(n), time: new Array<number>(n), dir: new Array<number>(n),
    kind: new Array<number>(n), method: new Array<number>(n), state: new Array<number>(n), id: new Array<JsonRpcId | false>(n),
    pair: new Array<number | null>(n), lat: new Array<number | null>(n), fn: new Array<number>(n), fi: [], F, E: [], x: [],
  };
  for (let i = 0; i < n; i++) {
    const ev = events[i];
    cols.seq[i] = ev.seq;
    cols.t[i] = ev.t;
    cols.time[i] = ev.time;
    cols.dir[i] = str(ev.dir);
    cols.kind[i] = str(ev.kind);
    cols.method[i] = ev.method === undefined ? NONE : str(ev.method);
    cols.state[i] = ev.state === undefined ? NONE : str(ev.state);
    cols.id[i] = ev.id === undefined ? NO_ID : ev.id;
    cols.pair[i] = ev.pair ?? null;
    cols.lat[i] = ev.latencyMs ?? null;
    const list = Array.isArray(ev.findings) ? ev.findings : [];
    cols.fn[i] = list.length;
    for (let j = 0; j < list.length; j++) {
      const f = list[j];
      const spec = f.spec === undefined ? SPEC_NONE : f.spec === ruleSpec(f.rule) ? SPEC_IS_RULES : str(f.spec);
      const rule = str(f.rule);
      const sev = str(f.severity);
      const msg = str(f.message);
      const path = f.path === undefined ? NONE : str(f.path);
      const key = `${rule},${sev},${msg},${spec},${path}`;
      let k = findings.get(key);
      if (k === undefined) {
        k = F.length / 5;
        F.push(rule, sev, msg, spec, path);
        findings.set(key, k);
      }
      cols.fi.push(k);
    }
    let extra: Record<string, unknown> | undefined;
    const err = ev.error;
    // Errors repeat their name, meaning and source (and often their message): strings of the table.
    if (err && err.data === undefined) cols.E.push(i, err.code, str(err.message), str(err.name), str(err.meaning), str(err.source));
    else if (err) extra = { error: err };
    for (let k = 0; k < EXTRA_KEYS.length; k++) {
      const v = ev[EXTRA_KEYS[k]];
      if (v !== undefined) (extra ??= {})[EXTRA_KEYS[k]] = v;
    }
    if (extra) cols.x.push(i, extra as Partial<TrafficEvent>);
  }
  return cols;
}

/** The members of a row every reader gets, in one fixed order (one hidden class for all rows in V8). */
export interface DecodedRow {
  seq: number;
  t: number;
  time: number;
  dir: TrafficEvent['dir'];
  kind: TrafficEvent['kind'];
  findings: Finding[];
  id: JsonRpcId | undefined;
  method: string | undefined;
  state: TrafficEvent['state'];
  pair: number | undefined;
  latencyMs: number | undefined;
}

/** Where a reader may pool strings across batches (the page's Interner); identity by default. */
export type StringPool = (s: string) => string;

const NO_FINDINGS: Finding[] = [];

/** A shape check of what came off the wire: the page trusts the server, but a wrong frame must not throw mid-batch. */
export function isRowColumns(v: unknown): v is RowColumns {
  if (!v || typeof v !== 'object') return false;
  const c = v as Record<string, unknown>;
  if (!Array.isArray(c.seq)) return false;
  const n = c.seq.length;
  for (const k of ['t', 'time', 'dir', 'kind', 'method', 'state', 'id', 'pair', 'lat', 'fn'] as const) {
    if (!Array.isArray(c[k]) || (c[k] as unknown[]).length !== n) return false;
  }
  return Array.isArray(c.s) && Array.isArray(c.fi) && Array.isArray(c.F) && Array.isArray(c.E) && Array.isArray(c.x);
}

/**
 * Rows `from`… of a batch, each in the fixed shape with its rare members after, handed to `row`
 * in order. Strings go through `pool` once per batch; rows with the same findings share them.
 */
export function decodeRows(
  c: RowColumns,
  from: number,
  ruleSpec: (rule: string) => string | undefined,
  row: (r: DecodedRow) => void,
  pool: StringPool = (x) => x,
): void {
  const s = c.s.map((x) => (typeof x === 'string' ? pool(x) : ''));
  const at = (i: number): string | undefined => (i >= 0 && i < s.length ? s[i] : undefined);
  const found: Finding[] = [];
  for (let k = 0; k + 4 < c.F.length; k += 5) {
    const rule = at(c.F[k]) ?? '';
    const spec = c.F[k + 3] === SPEC_IS_RULES ? ruleSpec(rule) : at(c.F[k + 3]);
    const f: Finding = { rule, severity: (at(c.F[k + 1]) ?? 'error') as Finding['severity'], message: at(c.F[k + 2]) ?? '' };
    if (spec !== undefined) f.spec = spec;
    const path = at(c.F[k + 4]);
    if (path !== undefined) f.path = path;
    found.push(f);
  }
  // A one-finding list shared by the rows that have just that finding (most rows with findings).
  const single: (Finding[] | undefined)[] = [];
  const extras = new Map<number, Partial<TrafficEvent>>();
  for (let k = 0; k + 1 < c.x.length; k += 2) {
    const i = c.x[k];
    const v = c.x[k + 1];
    if (typeof i === 'number' && v && typeof v === 'object') extras.set(i, v as Partial<TrafficEvent>);
  }
  const errors = new Map<number, DecodedError>();
  for (let k = 0; k + 5 < c.E.length; k += 6) {
    const code = c.E[k + 1];
    errors.set(c.E[k] as number, {
      code: typeof code === 'number' ? code : null,
      message: at(c.E[k + 2] as number) ?? '',
      name: at(c.E[k + 3] as number) ?? '',
      meaning: at(c.E[k + 4] as number) ?? '',
      source: at(c.E[k + 5] as number) ?? '',
    });
  }
  let fAt = 0;
  for (let i = 0; i < c.seq.length; i++) {
    const count = c.fn[i];
    let findings = NO_FINDINGS;
    if (count === 1) {
      const k = c.fi[fAt];
      findings = single[k] ??= found[k] ? [found[k]] : [];
    } else if (count > 1) {
      findings = [];
      for (let j = 0; j < count; j++) if (found[c.fi[fAt + j]]) findings.push(found[c.fi[fAt + j]]);
    }
    fAt += count > 0 ? count : 0;
    if (i < from) continue;
    const id = c.id[i];
    const pair = c.pair[i];
    const lat = c.lat[i];
    const r: DecodedRow = {
      seq: c.seq[i],
      t: c.t[i],
      time: c.time[i],
      dir: at(c.dir[i]) as TrafficEvent['dir'],
      kind: at(c.kind[i]) as TrafficEvent['kind'],
      findings,
      id: id === NO_ID ? undefined : id,
      method: at(c.method[i]),
      state: at(c.state[i]) as TrafficEvent['state'],
      pair: pair === null ? undefined : pair,
      latencyMs: lat === null ? undefined : lat,
    };
    const error = errors.get(i);
    if (error) (r as DecodedRow & { error?: DecodedError }).error = error;
    const extra = extras.get(i);
    if (extra) Object.assign(r, extra);
    row(r);
  }
}
