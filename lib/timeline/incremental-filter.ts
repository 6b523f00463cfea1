/**
 * The filtered positions of a session, kept up to date as it grows: appended entries are tested
 * once, and for a filter that reads pairing state (status, method of a response, findings …)
 * only the entries a patch changed, and their pair partners, are re-tested. A full scan happens
 * only when the filter or the events array changes, entries were inserted out of order, or the
 * change log moved on past what this reader saw. Before this, every batch copied the whole
 * result (quadratic over a long session).
 */
import type { EntryRow } from './row';
import { changeLogEnd, touchedSince, type ChangeLog } from './changes';
import { filterIndexes, positionOf, type CompiledFilter } from './filter';
import type { SeqLookup } from './status';
import type { SeqPositions } from './seq-index';

export interface FilterUpdate {
  /** Ascending positions into `events`; the same array is updated in place between full scans. */
  indexes: number[];
  /** 'full' when everything was re-tested, 'incremental' otherwise, 'none' when nothing changed. */
  scan: 'full' | 'incremental' | 'none';
}

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
  private tailSeq = -1;
  private cursor = 0;
  private reorders = 0;
  private list: number[] = [];

  /** Starts from a known result (e.g. a narrowed re-test) as if it had been a full scan. */
  reset(events: readonly EntryRow[], log: ChangeLog, compiled: CompiledFilter, indexes: number[]): void {
    this.events = events;
    this.compiled = compiled;
    this.count = events.length;
    this.tailSeq = events.length ? events[events.length - 1].seq : -1;
    this.cursor = changeLogEnd(log);
    this.reorders = log.reorders;
    this.list = indexes;
  }

  /** Whether the next update can continue from the last one (same events, filter, no reorder). */
  continues(events: readonly EntryRow[], log: ChangeLog, compiled: CompiledFilter): boolean {
    const c = this.count;
    return (
      this.events === events && this.compiled === compiled && log.reorders === this.reorders &&
      events.length >= c && (c === 0 || events[c - 1]?.seq === this.tailSeq) && this.cursor >= log.base
    );
  }

  /** The current result for `compiled` over `events`. */
  update(events: readonly EntryRow[], log: ChangeLog, compiled: CompiledFilter, lookup: SeqLookup, indexBySeq: SeqPositions): FilterUpdate {
    if (!this.continues(events, log, compiled)) {
      this.reset(events, log, compiled, filterIndexes(events, compiled, lookup));
      return { indexes: this.list, scan: 'full' };
    }
    const old = this.count;
    const n = events.length;
    const end = changeLogEnd(log);
    if (n === old && end === this.cursor) return { indexes: this.list, scan: 'none' };
    if (!compiled.all) this.retest(events, log, compiled, lookup, indexBySeq, old);
    filterIndexes(events, compiled, lookup, old, this.list);
    this.count = n;
    this.tailSeq = n ? events[n - 1].seq : -1;
    this.cursor = end;
    return { indexes: this.list, scan: 'incremental' };
  }

  /** Re-tests the already-scanned entries (< old) that changed or whose partner changed or arrived. */
  private retest(events: readonly EntryRow[], log: ChangeLog, compiled: CompiledFilter, lookup: SeqLookup, indexBySeq: SeqPositions, old: number): void {
    // An entry's result reads its partner (lookup(pair)): a newly arrived answer can change it.
    const touched = touchedSince(events, log, this.cursor, indexBySeq, old, compiled.dependsOnState);
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
