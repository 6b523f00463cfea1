/**
 * The filtered positions of a session, kept up to date as it grows: appended entries are tested
 * once, and for a filter that reads pairing state (status, method of a response, findings …)
 * only the entries a patch changed, and their pair partners, are re-tested. A full scan happens
 * only when the filter or the events array changes, entries were inserted out of order, or the
 * change log moved on past what this reader saw. Before this, every batch copied the whole
 * result (quadratic over a long session).
 *
 * A full scan may be given a time budget (issue 11: at 1M entries a re-scan was one 150–250 ms
 * task): it then tests entries in slices until the budget is spent and says how many are still
 * `pending`; the next update goes on from there (the result so far is shown meanwhile). Entries
 * that arrive meanwhile simply join the untested tail, so the result stays in ascending order,
 * and a new filter starts over (the older scan is dropped).
 */
import type { EntryRow } from './row';
import { changeLogEnd, touchedSince, type ChangeLog } from './changes';
import { filterIndexes, positionOf, type CompiledFilter } from './filter';
import type { SeqLookup } from './status';
import type { SeqPositions } from './seq-index';
import { RowFacts } from './row-facts';

export interface FilterUpdate {
  /** Ascending positions into `events`; the same array is updated in place between full scans. */
  indexes: number[];
  /** 'full' when a new scan started, 'incremental' when one went on, 'none' when nothing changed. */
  scan: 'full' | 'incremental' | 'none';
  /** Entries not tested yet (a scan that ran out of its budget): 0 when the result is complete. */
  pending: number;
}

/** How long one update may test entries, on a clock the caller gives (lib has no timer of its own). */
export interface ScanBudget {
  ms: number;
  now(): number;
}

/** Entries tested between looks at the clock. */
const SLICE = 2048;

/** Index of the first element ≥ v in an ascending list. */
function lowerBound(list: readonly number[], v: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class IncrementalFilter {
  private events: readonly EntryRow[] | null = null;
  private compiled: CompiledFilter | null = null;
  private count = 0;
  /** Entries at positions below this have been tested (≤ count). */
  private scanned = 0;
  private tailSeq = -1;
  private cursor = 0;
  private reorders = 0;
  private list: number[] = [];
  /** What the passes read instead of the rows (kept in step with the events before each pass). */
  private readonly facts = new RowFacts();

  /** Starts from a known result (e.g. a narrowed re-test) as if it had been a full scan. */
  reset(events: readonly EntryRow[], log: ChangeLog, compiled: CompiledFilter, indexes: number[]): void {
    this.events = events;
    this.compiled = compiled;
    this.count = events.length;
    this.scanned = events.length;
    this.tailSeq = events.length ? events[events.length - 1].seq : -1;
    this.cursor = changeLogEnd(log);
    this.reorders = log.reorders;
    this.list = indexes;
  }

  /** Entries still to test for the current result. */
  get pending(): number {
    return this.count - this.scanned;
  }

  /** Whether the next update can continue from the last one (same events, filter, no reorder). */
  continues(events: readonly EntryRow[], log: ChangeLog, compiled: CompiledFilter): boolean {
    const c = this.count;
    return (
      this.events === events && this.compiled === compiled && log.reorders === this.reorders &&
      events.length >= c && (c === 0 || events[c - 1]?.seq === this.tailSeq) && this.cursor >= log.base
    );
  }

  /** The current result for `compiled` over `events` (without a budget, complete). */
  update(events: readonly EntryRow[], log: ChangeLog, compiled: CompiledFilter, lookup: SeqLookup, indexBySeq: SeqPositions, budget?: ScanBudget): FilterUpdate {
    let scan: FilterUpdate['scan'] = 'incremental';
    if (!this.continues(events, log, compiled)) {
      this.reset(events, log, compiled, []);
      this.scanned = 0;
      scan = 'full';
    }
    const old = this.count;
    const n = events.length;
    const end = changeLogEnd(log);
    if (scan !== 'full' && n === old && end === this.cursor && this.scanned === n) return { indexes: this.list, scan: 'none', pending: 0 };
    if (!compiled.all && this.scanned > 0) this.retest(events, log, compiled, lookup, indexBySeq, this.scanned, Math.max(old, this.scanned));
    this.count = n;
    this.tailSeq = n ? events[n - 1].seq : -1;
    this.cursor = end;
    this.scanned = this.testTail(events, log, compiled, lookup, indexBySeq, budget);
    return { indexes: this.list, scan, pending: n - this.scanned };
  }

  /** Tests entries from `scanned` on, all of them or until the budget is spent; returns how far it got. */
  private testTail(events: readonly EntryRow[], log: ChangeLog, compiled: CompiledFilter, lookup: SeqLookup, indexBySeq: SeqPositions, budget?: ScanBudget): number {
    const n = events.length;
    // The facts are kept for every entry, filter or not, so a new filter finds them made.
    this.facts.sync(events, log, lookup, indexBySeq);
    // No filter tests nothing (a position per entry, ~1 ms a million): one step, never a pass over frames.
    if (compiled.all) {
      filterIndexes(events, compiled, lookup, this.scanned, this.list);
      return n;
    }
    const test = compiled.bind(this.facts, events, lookup);
    const list = this.list;
    const stop = budget ? budget.now() + budget.ms : Infinity;
    let at = this.scanned;
    while (at < n) {
      const to = Math.min(n, at + SLICE);
      for (let i = at; i < to; i++) if (test(i)) list.push(i);
      at = to;
      if (budget && budget.now() >= stop) break;
    }
    return at;
  }

  /** Re-tests the already-scanned entries (< old) that changed or whose partner changed or arrived. */
  private retest(events: readonly EntryRow[], log: ChangeLog, compiled: CompiledFilter, lookup: SeqLookup, indexBySeq: SeqPositions, old: number, arrivedFrom: number): void {
    // An entry's result reads its partner (lookup(pair)): a newly arrived answer can change it.
    const touched = touchedSince(events, log, this.cursor, indexBySeq, old, compiled.dependsOnState, arrivedFrom);
    if (touched.size === 0) return;

    const flips: number[] = [];
    for (const i of touched) {
      const was = positionOf(this.list, i) >= 0;
      if (was !== compiled.test(events[i], lookup)) flips.push(i);
    }
    if (flips.length === 0) return;
    flips.sort((a, b) => a - b);
    // Rebuild only the part of the list from the first flipped position on.
    const list = this.list;
    const from = lowerBound(list, flips[0]);
    const suffix = list.slice(from);
    list.length = from;
    let f = 0;
    for (const v of suffix) {
      while (f < flips.length && flips[f] < v) list.push(flips[f++]); // newly passing
      if (f < flips.length && flips[f] === v) f++; // no longer passing
      else list.push(v);
    }
    while (f < flips.length) list.push(flips[f++]);
  }
}
