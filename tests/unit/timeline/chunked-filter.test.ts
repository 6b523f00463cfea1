/**
 * A filter pass over a big session split over frames (issue 11: at 1M entries a re-scan was one
 * long task). With a time budget the pass tests a slice, shows what it has and goes on in the next
 * update; whatever arrives or changes meanwhile, the result it ends with is the full filter's,
 * and a newer filter starts over.
 */
import { describe, expect, it } from 'vitest';
import { emptyView } from '@/components/stores/apply';
import { EMPTY_FILTER, compileFilter, filterIndexes, type TimelineFilter } from '@/lib/timeline/filter';
import { IncrementalFilter, type ScanBudget } from '@/lib/timeline/incremental-filter';
import { lookupIn, session, summary } from './live-batches';

/** A clock that moves 10 ms each time it is read: a 15 ms budget then tests two slices an update. */
function steppingClock(): ScanBudget {
  let t = 0;
  return { ms: 15, now: () => (t += 10) };
}

const FILTERS: Array<[string, Partial<TimelineFilter>]> = [
  ['status:error (reads pairing state)', { query: 'status:error' }],
  ['pending only', { pendingOnly: true }],
  ['method of a response', { query: 'method:m1*' }],
  ['latency over 40 ms', { query: 'latency:>40' }],
];

/** A view that already holds ~8k entries of a live session, and the batches that keep coming. */
function bigView(seed: number) {
  const view = emptyView(summary);
  const batches = session(seed, 1700);
  for (let i = 0; i < 1500; i++) batches.next().value!(view);
  return { view, more: batches };
}

describe('a filter pass split over frames', () => {
  for (const [name, f] of FILTERS) {
    it(`${name}: shows a correct part at each step and ends with the full result, while entries keep coming`, () => {
      const compiled = compileFilter({ ...EMPTY_FILTER, ...f });
      const { view, more } = bigView(name.length);
      const lookup = lookupIn(view);
      const inc = new IncrementalFilter();
      const budget = steppingClock();
      const first = inc.update(view.events, view.changes, compiled, lookup, view.indexBySeq, budget);
      // Two slices, not the whole session, in the first step.
      expect(first.scan).toBe('full');
      expect(first.pending).toBeGreaterThan(0);
      let step = 0;
      for (const apply of more) {
        apply(view);
        const r = inc.update(view.events, view.changes, compiled, lookup, view.indexBySeq, budget);
        // What is shown so far is exactly the full result over the entries tested so far.
        if (step++ % 25 === 0 || r.pending === 0) {
          const tested = view.events.length - r.pending;
          expect(r.indexes).toEqual(filterIndexes(view.events, compiled, lookup).filter((i) => i < tested));
        }
      }
      let r = inc.update(view.events, view.changes, compiled, lookup, view.indexBySeq, budget);
      while (r.pending > 0) r = inc.update(view.events, view.changes, compiled, lookup, view.indexBySeq, budget);
      expect(r.indexes).toEqual(filterIndexes(view.events, compiled, lookup));
      expect(inc.update(view.events, view.changes, compiled, lookup, view.indexBySeq, budget).scan).toBe('none');
    });
  }

  it('drops an older pass when the filter changes, and ends with the newer filter result', () => {
    const { view } = bigView(7);
    const lookup = lookupIn(view);
    const inc = new IncrementalFilter();
    const budget = steppingClock();
    const older = compileFilter({ ...EMPTY_FILTER, query: 'status:error' });
    const newer = compileFilter({ ...EMPTY_FILTER, query: 'latency:>40' });
    expect(inc.update(view.events, view.changes, older, lookup, view.indexBySeq, budget).pending).toBeGreaterThan(0);
    const first = inc.update(view.events, view.changes, newer, lookup, view.indexBySeq, budget);
    expect(first.scan).toBe('full');
    let r = first;
    while (r.pending > 0) r = inc.update(view.events, view.changes, newer, lookup, view.indexBySeq, budget);
    expect(r.indexes).toEqual(filterIndexes(view.events, newer, lookup));
  });

  it('with no filter shows every entry at once, however many arrive: there is nothing to test', () => {
    const { view, more } = bigView(5);
    const lookup = lookupIn(view);
    const inc = new IncrementalFilter();
    const budget = steppingClock();
    const everything = compileFilter(EMPTY_FILTER);
    const first = inc.update(view.events, view.changes, everything, lookup, view.indexBySeq, budget);
    expect(first.pending).toBe(0);
    expect(first.indexes).toEqual(view.events.map((_, i) => i));
    for (const apply of more) {
      apply(view);
      const r = inc.update(view.events, view.changes, everything, lookup, view.indexBySeq, budget);
      expect(r.pending).toBe(0);
      expect(r.indexes.length).toBe(view.events.length);
    }
  });

  it('without a budget is one complete pass, as before', () => {
    const { view } = bigView(3);
    const lookup = lookupIn(view);
    const compiled = compileFilter({ ...EMPTY_FILTER, query: 'status:error' });
    const r = new IncrementalFilter().update(view.events, view.changes, compiled, lookup, view.indexBySeq);
    expect(r.pending).toBe(0);
    expect(r.indexes).toEqual(filterIndexes(view.events, compiled, lookup));
  });
});
