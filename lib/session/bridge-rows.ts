/**
 * The bridge's producer of row columns (lib/timeline/row-columns.ts, the one shape rows reach the
 * page in; issue 11: the bridge's CPU per entry). One JSON text of arrays per batch instead of one
 * JSON object per event: numbers and small indexes, each distinct string once in the batch's
 * table, and each distinct set of extras (findings, an error, a note …) once in its `X`, with a
 * finding's spec sentence by reference (specRefOf); findings and a decoded error go packed, their
 * strings in the table. Columns no row has a value in are left out. The wire text travels apart
 * (server/bridge-frames.ts).
 */
import { markSpecRefs, restoreSpecRefs, specRefOf } from '../jsonrpc/rules/spec-ref';
import { EXTRA_MEMBERS, plainIdText, type RowColumns } from '../timeline/row-columns';
import type { Finding, TrafficEvent } from './types';

const NO_FINDINGS: Finding[] = [];
/** The extra members besides findings and an error. */
const OTHER_MEMBERS = EXTRA_MEMBERS.filter((k) => k !== 'findings' && k !== 'error');

/** Marks the spec sentences of an event's findings (and its batch items') in place; returns how many. */
function mark(ev: TrafficEvent): number {
  let n = markSpecRefs(ev.findings);
  if (ev.items) for (const it of ev.items) n += markSpecRefs(it.findings);
  return n;
}

function unmark(ev: TrafficEvent): void {
  restoreSpecRefs(ev.findings);
  if (ev.items) for (const it of ev.items) restoreSpecRefs(it.findings);
}

/** A packed finding (see PackedExtras): its 5 numbers as JSON text, after a comma. */
function packed(f: Finding, str: (v: string | undefined) => number | null): string {
  const ref = specRefOf(f);
  const spec = str(ref ?? (typeof f.spec === 'string' ? f.spec : undefined)) ?? -1;
  const path = str(typeof f.path === 'string' ? f.path : undefined) ?? -1;
  return `,${str(f.rule)},${str(f.severity)},${str(f.message)},${spec},${path}`;
}

/** The columns of `events` (in seq order) as JSON text: what a `rows` frame carries per batch. */
export function encodeRows(events: readonly TrafficEvent[]): string {
  const n = events.length;
  const strings = new Map<string, number>();
  const s: string[] = [];
  const str = (v: string | undefined): number | null => {
    if (v === undefined) return null;
    let i = strings.get(v);
    if (i === undefined) {
      i = s.length;
      s.push(v);
      strings.set(v, i);
    }
    return i;
  };
  const extrasAt = new Map<string, number>();
  const X: string[] = [];
  const seq = new Array<number>(n);
  const t = new Array<number>(n);
  const time = new Array<number>(n);
  const dir = new Array<number | null>(n);
  const kind = new Array<number | null>(n);
  const id = new Array<RowColumns['id'][number]>(n);
  const method = new Array<number | null>(n);
  const state = new Array<number | null>(n);
  const pair = new Array<number | null>(n);
  const latencyMs = new Array<number | null>(n);
  const idTexts = new Array<string | null>(n);
  const x = new Array<number | null>(n);
  // Which nullable columns have a value in some row (the others are left out).
  let has = 0;
  for (let i = 0; i < n; i++) {
    const ev = events[i];
    seq[i] = ev.seq;
    t[i] = ev.t;
    time[i] = ev.time;
    dir[i] = str(ev.dir);
    kind[i] = str(ev.kind);
    id[i] = ev.id === undefined ? false : ev.id;
    if ((method[i] = str(ev.method)) !== null) has |= 1;
    if ((state[i] = str(ev.state)) !== null) has |= 2;
    if ((pair[i] = ev.pair ?? null) !== null) has |= 4;
    if ((latencyMs[i] = ev.latencyMs ?? null) !== null) has |= 8;
    const idText = ev.idText;
    if ((idTexts[i] = idText === undefined || plainIdText(ev.id, idText) ? null : idText) !== null) has |= 16;
    const list = Array.isArray(ev.findings) ? ev.findings : NO_FINDINGS;
    const err = ev.error;
    // The rare members (note, http …): counted first, so the common row makes no object.
    let others = 0;
    for (let k = 0; k < OTHER_MEMBERS.length; k++) if (ev[OTHER_MEMBERS[k]] !== undefined) others++;
    let text: string | undefined;
    if (others === 0 && (!err || err.data === undefined)) {
      if (list.length || err) {
        // The packed form (PackedExtras): numbers only.
        text = `[${list.length}`;
        for (let j = 0; j < list.length; j++) text += packed(list[j], str);
        text += err ? `,${typeof err.code === 'number' ? err.code : null},${str(err.message)},${str(err.name)},${str(err.meaning)},${str(err.source)}]` : ']';
      }
    } else {
      const extras: Record<string, unknown> = {};
      for (let k = 0; k < EXTRA_MEMBERS.length; k++) {
        const key = EXTRA_MEMBERS[k];
        const v = ev[key];
        if (v !== undefined && (key !== 'findings' || list.length)) extras[key] = v;
      }
      const marked = mark(ev);
      try {
        text = JSON.stringify(extras);
      } finally {
        if (marked) unmark(ev);
      }
    }
    let at: number | null = null;
    if (text !== undefined) {
      let k = extrasAt.get(text);
      if (k === undefined) {
        k = X.length;
        X.push(text);
        extrasAt.set(text, k);
      }
      at = k;
    }
    x[i] = at;
  }
  const cols: Omit<RowColumns, 'X'> = { s, seq, t, time, dir, kind, id, x };
  if (has & 1) cols.method = method;
  if (has & 2) cols.state = state;
  if (has & 4) cols.pair = pair;
  if (has & 8) cols.latencyMs = latencyMs;
  if (has & 16) cols.idText = idTexts;
  const json = JSON.stringify(cols);
  return `${json.slice(0, -1)},"X":[${X.join(',')}]}`;
}
