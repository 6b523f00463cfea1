/**
 * `method:` remembers its answer per method name (issue 11: filters at 1M entries); the answers
 * must stay those of the globs, past the memo's size too, and for answers and batch items.
 */
import { describe, expect, it } from 'vitest';
import { compileFilter, EMPTY_FILTER, filterIndexes } from '@/lib/timeline/filter';
import type { TrafficEvent } from '@/lib/session/types';
import { ev, lookupOf } from './events';

describe('method filter over many distinct methods', () => {
  it('finds the same entries as the glob, for requests, their answers and batch items', () => {
    const events: TrafficEvent[] = [];
    for (let i = 0; i < 6000; i++) {
      const seq = events.length + 1;
      events.push(ev({ seq, dir: 'out', kind: 'request', id: i, method: `ns${i % 3}/m${i}`, pair: seq + 1, state: 'answered' }));
      events.push(ev({ seq: seq + 1, dir: 'in', kind: 'response', id: i, pair: seq }));
    }
    events.push(ev({ seq: events.length + 1, dir: 'out', kind: 'batch', items: [{ kind: 'request', id: 'b', method: 'ns1/inBatch' }] as never }));
    const lookup = lookupOf(events);
    const compiled = compileFilter({ ...EMPTY_FILTER, query: 'method:ns1/*' });
    const got = filterIndexes(events, compiled, lookup);
    const want = events.flatMap((e, i) => {
      const own = e.method ?? (e.pair !== undefined && e.kind === 'response' ? lookup(e.pair)?.method : undefined);
      const names = [own, ...(e.items ?? []).map((it) => it.method)];
      return names.some((n) => n !== undefined && /^ns1\/.*$/i.test(n)) ? [i] : [];
    });
    expect(got).toEqual(want);
    expect(got.length).toBe(4001); // 2000 requests, their 2000 answers, the batch
    // the same compiled filter again (its memo full) answers the same
    expect(filterIndexes(events, compiled, lookup)).toEqual(want);
  });
});
