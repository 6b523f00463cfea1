/**
 * Page rows in one compact shape (issue 11: ≤ 150 bytes an entry in the page's heap). A row parsed
 * from the bridge has its members in whatever order the JSON had them and a new copy of every
 * string; V8 then keeps one hidden class per order and ~20 bytes per repeated method name.
 * `compactRow` builds every row with the members most entries have in one fixed order (absent
 * ones `undefined`, which costs one slot, not a new shape) and takes strings that repeat across
 * rows (methods, kinds, states, string ids) from a bounded intern table. Measured in Chromium on
 * 100k generated LSP rows (`node --import tsx bench/ui-rows.ts`): a row and its seq index took
 * 151 bytes before (rest-spread rows, a Map of seq → position), 98 now (this and ./seq-index.ts).
 */
import type { Finding, TrafficEvent } from '../session/types';
import type { EntryRow } from './row';

/** One shared empty list for rows without findings (most of them). */
export const NO_FINDINGS: Finding[] = [];

/** Distinct strings kept; past it new ones are used as they come (an id per request would otherwise fill it). */
const INTERN_CAP = 1 << 14;
/** Longer strings are rarely repeated (notes, reasons): not worth a table slot. */
const INTERN_MAX_LENGTH = 96;

export class Interner {
  private readonly table = new Map<string, string>();
  constructor(private readonly cap = INTERN_CAP) {}

  of<T extends string | undefined>(s: T): T {
    if (s === undefined || s.length > INTERN_MAX_LENGTH) return s;
    const known = this.table.get(s);
    if (known !== undefined) return known as T;
    if (this.table.size < this.cap) this.table.set(s, s);
    return s;
  }

  get size(): number {
    return this.table.size;
  }
}

/** The members every compact row has, in this order. */
const FIXED = new Set(['seq', 't', 'time', 'dir', 'kind', 'findings', 'id', 'method', 'state', 'pair', 'latencyMs', 'raw', 'rawBase64']);

/** The row for an entry: its wire text left out, the rest in the fixed shape with interned strings. */
export function compactRow(ev: TrafficEvent, strings: Interner): EntryRow {
  const row: EntryRow = {
    seq: ev.seq,
    t: ev.t,
    time: ev.time,
    dir: strings.of(ev.dir),
    kind: strings.of(ev.kind),
    findings: ev.findings.length === 0 ? NO_FINDINGS : ev.findings,
    id: typeof ev.id === 'string' ? strings.of(ev.id) : ev.id,
    method: strings.of(ev.method),
    state: strings.of(ev.state),
    pair: ev.pair,
    latencyMs: ev.latencyMs,
  };
  // The rarer members (error, note, http, items …) as they came; for..in sees only own members of a parsed object.
  const extra = row as unknown as Record<string, unknown>;
  const from = ev as unknown as Record<string, unknown>;
  for (const k in from) if (!FIXED.has(k)) extra[k] = from[k];
  return row;
}
