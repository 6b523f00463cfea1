/**
 * Timeline filtering: the toolbar's toggles plus the query, compiled once into one predicate and
 * run over the session's events. Must stay well under 100 ms at 1M entries, so a pass reads what
 * it can by position from the row facts (./row-facts.ts: typed arrays of tags, kinds, directions,
 * method codes, latencies) and asks a row object only for the rest (`bind`); `test` is the same
 * predicate over one row, for single entries and callers without facts.
 */
import type { Direction, EventKind } from '../session/types';
import { ownRaw, type EntryRow } from './row';
import { HAS_TESTS, isHasName, type RowTest } from './has-words';
import { compare, globToRegExp, parseQuery, type ParsedQuery, type QueryDiagnostic, type Term } from './query';
import { ERRORISH, STATUS_NAMES, Tag, eventTags, findingsCount, isSecondary, isSecondaryDir, isSecondaryKind, rowLatency, type SeqLookup } from './status';
import { NO_METHOD, UNCODED_METHOD, UNCODED_WORD, methodOf, type RowFacts } from './row-facts';

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
  /**
   * The same test by position, reading what it can from the facts (./row-facts.ts, synced to
   * `events` first) and the row only for the rest: what a pass over a big session runs.
   */
  bind(facts: RowFacts, events: readonly EntryRow[], lookup: SeqLookup): (i: number) => boolean;
}

type Pred = RowTest;
/** A test by position over synced facts (made per pass: word codes are the facts' own). */
type PosTest = (i: number) => boolean;
/** How a term is tested from the facts; `row` is the fallback for what they do not hold. */
type Binder = (facts: RowFacts, row: PosTest) => PosTest;

interface TermTest {
  pred: Pred;
  /** Results change for entries already seen (pairing, state): re-test on patches. */
  state: boolean;
  at?: Binder;
  /** A query's `-term`: passes where the term does not. */
  negate?: boolean;
}

/** A table by word code of whether `has(word)`; the uncoded code asks the row. */
function wordTable(words: readonly string[], has: (w: string) => boolean): Uint8Array {
  const t = new Uint8Array(UNCODED_WORD + 1);
  for (let c = 0; c < words.length; c++) t[c] = has(words[c]) ? 1 : 0;
  t[UNCODED_WORD] = 2;
  return t;
}

const bindWordSet = (of: (f: RowFacts) => { words: readonly string[]; codes: Uint8Array }, set: ReadonlySet<string>): Binder => (f, row) => {
  const { words, codes } = of(f);
  const table = wordTable(words, (w) => set.has(w));
  return (i) => {
    const v = table[codes[i]];
    return v === 2 ? row(i) : v === 1;
  };
};
const kindsOf = (f: RowFacts) => ({ words: f.kinds.words, codes: f.kind });
const dirsOf = (f: RowFacts) => ({ words: f.dirs.words, codes: f.dir });
const bindTags = (mask: number): Binder => (f) => {
  const tags = f.tags;
  return (i) => (tags[i] & mask) !== 0;
};

/**
 * How a free word of the query is searched: given the word, a test for one entry. By default over
 * a full event's own wire text and note; the page, which holds no text for most rows, answers
 * from the server's search (components/timeline/useTextSearch.ts).
 */
export type TextSearch = (text: string) => TextTest;

/** A free word's test; a search that knows its hits by seq says so, and a pass marks their positions instead of asking every row. */
export type TextTest = ((ev: EntryRow) => boolean) & { hits?: TextHits };

/** The entries a word was found in, by seq, among those up to `through` (a server's search answer). */
export interface TextHits {
  seqs: ReadonlySet<number>;
  through: number;
}

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

function termPredicate(term: Term, search: TextSearch): TermTest {
  switch (term.key) {
    case 'text': {
      const pred = search(term.text);
      const hits = pred.hits;
      return {
        pred,
        state: false,
        at: hits ? (f, row) => {
          // Positions past the marks arrived after them: the row is asked.
          const marks = f.marksOf(hits);
          return (i) => (i < marks.length ? marks[i] === 1 : row(i));
        } : undefined,
      };
    }
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
        at: (f, row) => {
          // Each method code is judged once a pass; no method at all can still be a batch's items.
          const words = f.methods.words;
          const judged = new Int8Array(words.length);
          const method = f.method;
          const batch = f.kinds.known('batch');
          const kind = f.kind;
          return (i) => {
            const m = method[i];
            if (m === NO_METHOD) return batch !== undefined && kind[i] === batch && row(i);
            if (m === UNCODED_METHOD) return row(i);
            let v = judged[m];
            if (v === 0) judged[m] = v = hit(words[m]) ? 1 : -1;
            return v === 1 || (batch !== undefined && kind[i] === batch && row(i));
          };
        },
      };
    }
    case 'status': {
      let mask = 0;
      for (const v of term.values) mask |= STATUS_NAMES[v] ?? 0;
      return { pred: (ev, lookup) => (eventTags(ev, lookup) & mask) !== 0, state: true, at: bindTags(mask) };
    }
    case 'dir': {
      const set = new Set<string>(term.values);
      return { pred: (ev) => set.has(ev.dir), state: false, at: bindWordSet(dirsOf, set) };
    }
    case 'kind': {
      const set = new Set<string>(term.values);
      return { pred: (ev) => set.has(ev.kind), state: false, at: bindWordSet(kindsOf, set) };
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
        at: (f) => {
          const latency = f.latency;
          return (i) => {
            const l = latency[i];
            return l === l && compare(term.cmp, l); // NaN: no latency
          };
        },
      };
    case 'seq':
      return { pred: (ev) => compare(term.cmp, ev.seq), state: false };
    case 'time':
      return { pred: (ev) => compare(term.cmp, ev.t), state: false };
  }
}

export function compileFilter(filter: TimelineFilter, parsed?: ParsedQuery, search: TextSearch = searchOwnText): CompiledFilter {
  const q = parsed ?? parseFilterQuery(filter.query);
  const terms: TermTest[] = [];

  if (filter.dirs.length) {
    const set = new Set<string>(filter.dirs);
    terms.push({ pred: (ev) => set.has(ev.dir), state: false, at: bindWordSet(dirsOf, set) });
  }
  if (filter.kinds.length) {
    const set = new Set<string>(filter.kinds);
    terms.push({ pred: (ev) => set.has(ev.kind), state: false, at: bindWordSet(kindsOf, set) });
  }
  if (filter.hideSecondary) {
    terms.push({
      pred: (ev) => !isSecondary(ev),
      state: false,
      at: (f, row) => {
        // isSecondary by codes: a row of a word past the tables is asked itself.
        const kinds = wordTable(f.kinds.words, isSecondaryKind);
        const dirs = wordTable(f.dirs.words, isSecondaryDir);
        const kind = f.kind;
        const dir = f.dir;
        return (i) => {
          const k = kinds[kind[i]];
          const d = dirs[dir[i]];
          return k === 2 || d === 2 ? row(i) : k === 0 && d === 0;
        };
      },
    });
  }
  if (filter.findingsOnly) {
    // The correlator adds findings later (orphan, duplicate): re-test on patches.
    terms.push({ pred: (ev) => findingsCount(ev) > 0, state: true, at: (f) => { const c = f.findings; return (i) => c[i] > 0; } });
  }
  if (filter.errorsOnly || filter.pendingOnly) {
    const mask = (filter.errorsOnly ? ERRORISH : 0) | (filter.pendingOnly ? Tag.PENDING : 0);
    // Both on: an entry passes if it is either (the user wants to see what is not fine).
    terms.push({ pred: (ev, lookup) => (eventTags(ev, lookup) & mask) !== 0, state: true, at: bindTags(mask) });
  }
  for (const term of q.terms) terms.push({ ...termPredicate(term, search), negate: term.negate });

  const preds = terms.map(({ pred, negate }): Pred => (negate ? (ev, lookup) => !pred(ev, lookup) : pred));
  const dependsOnState = terms.some((t) => t.state);
  const test: Pred =
    preds.length === 0 ? () => true
    : preds.length === 1 ? preds[0]
    : (ev, lookup) => {
      for (let i = 0; i < preds.length; i++) if (!preds[i](ev, lookup)) return false;
      return true;
    };
  const bind = (facts: RowFacts, events: readonly EntryRow[], lookup: SeqLookup): PosTest => {
    const tests = terms.map(({ pred, at, negate }) => {
      const row: PosTest = (i) => pred(events[i], lookup);
      const own = at ? at(facts, row) : row;
      return negate ? (i: number) => !own(i) : own;
    });
    if (tests.length === 0) return () => true;
    if (tests.length === 1) return tests[0];
    if (tests.length === 2) {
      const [a, b] = tests;
      return (i) => a(i) && b(i);
    }
    return (i) => {
      for (let k = 0; k < tests.length; k++) if (!tests[k](i)) return false;
      return true;
    };
  };
  return { all: preds.length === 0, dependsOnState, problems: q.problems, diagnostics: q.diagnostics, test, bind };
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
