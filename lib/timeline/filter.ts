/**
 * Timeline filtering: the toolbar's toggles plus the query, compiled once into one predicate and
 * run over the session's events. Must stay well under 100 ms on 100k entries, so per-event work is
 * plain field reads, one bitmask and at most one regex test over the raw text.
 */
import type { Direction, EventKind } from '../session/types';
import { ownRaw, type EntryRow } from './row';
import { HAS_TESTS, isHasName, type RowTest } from './has-words';
import { compare, globToRegExp, parseQuery, type ParsedQuery, type QueryDiagnostic, type Term } from './query';
import { ERRORISH, STATUS_NAMES, Tag, eventTags, findingsCount, isSecondary, rowLatency, type SeqLookup } from './status';

export const EVENT_KINDS: readonly EventKind[] = [
  'request', 'notification', 'response', 'error', 'batch', 'invalid', 'parse-error',
  'not-jsonrpc', 'noise', 'stderr', 'exit', 'connection', 'no-body',
];

export interface TimelineFilter {
  /** Directions to show; empty = all. */
  dirs: Direction[];
  /** Kinds to show; empty = all. */
  kinds: EventKind[];
  errorsOnly: boolean;
  findingsOnly: boolean;
  pendingOnly: boolean;
  /** Hide stderr, connection and exit entries. */
  hideSecondary: boolean;
  /** Query text (see query.ts); free words search the raw wire text. */
  query: string;
}

export const EMPTY_FILTER: TimelineFilter = {
  dirs: [], kinds: [], errorsOnly: false, findingsOnly: false, pendingOnly: false, hideSecondary: false, query: '',
};

export interface CompiledFilter {
  /** True when nothing is filtered out (the caller can skip the scan). */
  all: boolean;
  /** True when the result can change for events already seen (pairing, state): re-scan on patches. */
  dependsOnState: boolean;
  problems: string[];
  /** The query's problems with the text span each is about (the filter box underlines them). */
  diagnostics: QueryDiagnostic[];
  test(ev: EntryRow, lookup: SeqLookup): boolean;
}

type Pred = RowTest;

/**
 * How a free word of the query is searched: given the word, a test for one entry. By default over
 * a full event's own wire text and note; the page, which holds no text for most rows, answers
 * from the server's search (components/timeline/useTextSearch.ts).
 */
export type TextSearch = (text: string) => (ev: EntryRow) => boolean;

export const searchOwnText: TextSearch = (text) => {
  const m = textMatcher(text);
  return (ev) => {
    const raw = ownRaw(ev);
    return (raw !== undefined && m(raw)) || (ev.note !== undefined && m(ev.note));
  };
};

/** The query's free words (negated ones too), each once: what a TextSearch is asked about. */
export function textTerms(parsed: ParsedQuery): string[] {
  const out = new Set<string>();
  for (const t of parsed.terms) if (t.key === 'text') out.add(t.text);
  return [...out];
}

/** The query as compileFilter parses it (the caller may parse once and hand it to both). */
export function parseFilterQuery(query: string): ParsedQuery {
  return parseQuery(query, STATUS_NAMES, EVENT_KINDS);
}

/** Case-insensitive unless the text has a capital letter ("smart case", as in editors' search). */
export function textMatcher(text: string): (raw: string) => boolean {
  if (/[A-Z]/.test(text)) return (raw) => raw.includes(text);
  const re = new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
  return (raw) => re.test(raw);
}

function idMatches(ev: EntryRow, v: { text: string; quoted: boolean }): boolean {
  const idText = ev.idText ?? (ev.id === undefined ? undefined : JSON.stringify(ev.id));
  const check = (t: string | undefined) => {
    if (t === undefined) return false;
    if (v.quoted) return t === JSON.stringify(v.text);
    if (t === v.text) return true;
    // Unquoted non-numeric text finds a string id without typing quotes: id:abc → "abc".
    return !/^-?\d/.test(v.text) && t === JSON.stringify(v.text);
  };
  if (check(idText)) return true;
  if (ev.items) for (const it of ev.items) if (check(it.idText ?? (it.id === undefined ? undefined : JSON.stringify(it.id)))) return true;
  return false;
}

function methodOf(ev: EntryRow, lookup: SeqLookup): string | undefined {
  if (ev.method !== undefined) return ev.method;
  // A response carries no method; it belongs to its request's.
  if (ev.pair !== undefined && (ev.kind === 'response' || ev.kind === 'error')) return lookup(ev.pair)?.method;
  return undefined;
}

/** Distinct method names remembered per filter: a session has few, and a 1M-entry scan would otherwise run the globs a million times. */
const METHOD_MEMO_CAP = 4096;

/** Whether a method name matches any of the globs, remembered by name (issue 11: filters < 100 ms at 1M entries). */
function methodMatcher(globs: readonly string[]): (name: string) => boolean {
  const res = globs.map(globToRegExp);
  const memo = new Map<string, boolean>();
  return (name) => {
    let v = memo.get(name);
    if (v === undefined) {
      v = res.some((re) => re.test(name));
      if (memo.size < METHOD_MEMO_CAP) memo.set(name, v);
    }
    return v;
  };
}

function termPredicate(term: Term, search: TextSearch): { pred: Pred; state: boolean } {
  switch (term.key) {
    case 'text':
      return { pred: search(term.text), state: false };
    case 'method': {
      const hit = methodMatcher(term.values);
      return {
        pred: (ev, lookup) => {
          const own = methodOf(ev, lookup);
          if (own !== undefined && hit(own)) return true;
          if (ev.items) for (const it of ev.items) if (it.method !== undefined && hit(it.method)) return true;
          return false;
        },
        state: true,
      };
    }
    case 'status': {
      let mask = 0;
      for (const v of term.values) mask |= STATUS_NAMES[v] ?? 0;
      return { pred: (ev, lookup) => (eventTags(ev, lookup) & mask) !== 0, state: true };
    }
    case 'dir': {
      const set = new Set(term.values);
      return { pred: (ev) => set.has(ev.dir), state: false };
    }
    case 'kind': {
      const set = new Set(term.values);
      return { pred: (ev) => set.has(ev.kind), state: false };
    }
    case 'id':
      return { pred: (ev) => term.values.some((v) => idMatches(ev, v)), state: false };
    case 'has': {
      const checks: Pred[] = term.values.filter(isHasName).map((v) => HAS_TESTS[v]);
      return { pred: (ev, lookup) => checks.some((c) => c(ev, lookup)), state: true };
    }
    case 'rule': {
      const res = term.values.map(globToRegExp);
      const hit = (rule: string) => res.some((re) => re.test(rule));
      return {
        pred: (ev) => ev.findings.some((f) => hit(f.rule)) || (ev.items?.some((it) => it.findings.some((f) => hit(f.rule))) ?? false),
        state: true,
      };
    }
    case 'latency':
      return {
        pred: (ev, lookup) => {
          const l = rowLatency(ev, lookup);
          return l !== undefined && compare(term.cmp, l);
        },
        state: true,
      };
    case 'seq':
      return { pred: (ev) => compare(term.cmp, ev.seq), state: false };
    case 'time':
      return { pred: (ev) => compare(term.cmp, ev.t), state: false };
  }
}

export function compileFilter(filter: TimelineFilter, parsed?: ParsedQuery, search: TextSearch = searchOwnText): CompiledFilter {
  const q = parsed ?? parseFilterQuery(filter.query);
  const preds: Pred[] = [];
  let dependsOnState = false;

  if (filter.dirs.length) {
    const set = new Set<Direction>(filter.dirs);
    preds.push((ev) => set.has(ev.dir));
  }
  if (filter.kinds.length) {
    const set = new Set<EventKind>(filter.kinds);
    preds.push((ev) => set.has(ev.kind));
  }
  if (filter.hideSecondary) preds.push((ev) => !isSecondary(ev));
  if (filter.findingsOnly) {
    preds.push((ev) => findingsCount(ev) > 0);
    dependsOnState = true; // the correlator adds findings later (orphan, duplicate)
  }
  if (filter.errorsOnly || filter.pendingOnly) {
    const mask = (filter.errorsOnly ? ERRORISH : 0) | (filter.pendingOnly ? Tag.PENDING : 0);
    // Both on: an entry passes if it is either (the user wants to see what is not fine).
    preds.push((ev, lookup) => (eventTags(ev, lookup) & mask) !== 0);
    dependsOnState = true;
  }
  for (const term of q.terms) {
    const { pred, state } = termPredicate(term, search);
    dependsOnState ||= state;
    preds.push(term.negate ? (ev, lookup) => !pred(ev, lookup) : pred);
  }

  const test: Pred =
    preds.length === 0 ? () => true
    : preds.length === 1 ? preds[0]
    : (ev, lookup) => {
      for (let i = 0; i < preds.length; i++) if (!preds[i](ev, lookup)) return false;
      return true;
    };
  return { all: preds.length === 0, dependsOnState, problems: q.problems, diagnostics: q.diagnostics, test };
}

/**
 * Positions (indexes into `events`) that pass the filter, from `from` on, appended to `into`.
 * Callers keep the result and scan only the new tail when events were appended and the filter
 * does not depend on state that patches change.
 */
export function filterIndexes(
  events: readonly EntryRow[],
  compiled: CompiledFilter,
  lookup: SeqLookup,
  from = 0,
  into: number[] = [],
  /** Up to this position (exclusive); default: the end. */
  to = events.length,
): number[] {
  const n = Math.min(to, events.length);
  if (compiled.all) {
    for (let i = from; i < n; i++) into.push(i);
    return into;
  }
  const test = compiled.test;
  for (let i = from; i < n; i++) if (test(events[i], lookup)) into.push(i);
  return into;
}

export function isEmptyFilter(f: TimelineFilter): boolean {
  return !f.dirs.length && !f.kinds.length && !f.errorsOnly && !f.findingsOnly && !f.pendingOnly && !f.hideSecondary && f.query.trim() === '';
}

/** Position of event index `idx` in a filtered (ascending) index list, or -1 (binary search). */
export function positionOf(indexes: readonly number[], idx: number): number {
  let lo = 0;
  let hi = indexes.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = indexes[mid];
    if (v === idx) return mid;
    if (v < idx) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
