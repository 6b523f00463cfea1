import { describe, expect, it } from 'vitest';
import { bucketsOver, histogram, latencySamples, logEdge, methodsBySamples, percentilesOverTime, ratesOverTime, timeRangeTerm } from '@/lib/views/plots';
import { compileFilter, EMPTY_FILTER, filterIndexes } from '@/lib/timeline/filter';
import { ev, lookupOf } from '../timeline/events';

describe('latency samples', () => {
  it('takes one sample per answered call, from the request or, when only the answer is shown, from the answer', () => {
    const events = [
      ev({ seq: 1, t: 0, dir: 'out', kind: 'request', method: 'a', id: 1, pair: 2, state: 'answered' }),
      ev({ seq: 2, t: 7, dir: 'in', kind: 'response', id: 1, pair: 1, latencyMs: 7, state: 'answered' }),
      ev({ seq: 3, t: 10, dir: 'out', kind: 'request', method: 'b', id: 2, state: 'pending' }),
    ];
    const lookup = lookupOf(events);
    expect(latencySamples(events, [0, 1, 2], lookup)).toEqual([{ t: 0, method: 'a', ms: 7 }]);
    expect(latencySamples(events, [1], lookup)).toEqual([{ t: 0, method: 'a', ms: 7 }]);
  });
});

describe('histogram and percentiles', () => {
  it('bins on a 1-2-5 scale with no empty bins at the ends', () => {
    expect([0, 1, 2, 3, 4, 5].map(logEdge)).toEqual([0.1, 0.2, 0.5, 1, 2, 5]);
    const bins = histogram([0.05, 1.5, 1.7, 30]);
    expect(bins[0]).toEqual({ from: 0, to: 0.2, count: 1 });
    expect(bins.find((b) => b.from === 1)?.count).toBe(2);
    expect(bins[bins.length - 1]).toEqual({ from: 20, to: 50, count: 1 });
    expect(bins.reduce((n, b) => n + b.count, 0)).toBe(4);
  });

  it('computes nearest-rank p50/p95/p99 per time bucket', () => {
    const samples = Array.from({ length: 100 }, (_, i) => ({ t: i < 50 ? 10 : 900, method: 'm', ms: i + 1 }));
    const pts = percentilesOverTime(samples, bucketsOver(0, 1000, 2));
    expect(pts[0]).toMatchObject({ t: 250, samples: 50, p50: 25, p95: 48, p99: 50 });
    expect(pts[1]).toMatchObject({ samples: 50, p50: 75, p99: 100 });
    expect(percentilesOverTime([], bucketsOver(0, 10, 1))[0].p50).toBeUndefined();
  });

  it('counts messages per second in each direction, leaving meta entries out', () => {
    const events = [
      ev({ seq: 1, t: 0, dir: 'out', kind: 'request' }),
      ev({ seq: 2, t: 100, dir: 'in', kind: 'response' }),
      ev({ seq: 3, t: 200, dir: 'in', kind: 'notification' }),
      ev({ seq: 4, t: 1500, dir: 'meta', kind: 'stderr' }),
      ev({ seq: 5, t: 1999, dir: 'out', kind: 'request' }),
    ];
    const pts = ratesOverTime(events, [0, 1, 2, 3, 4], bucketsOver(0, 2000, 2));
    expect(pts.map((p) => [p.out, p.in])).toEqual([[1, 2], [1, 0]]);
  });

  it('lists methods most called first', () => {
    expect(methodsBySamples([{ t: 0, method: 'b', ms: 1 }, { t: 0, method: 'a', ms: 1 }, { t: 0, method: 'b', ms: 1 }])).toEqual([{ method: 'b', count: 2 }, { method: 'a', count: 1 }]);
  });
});

describe('the brush as a filter term', () => {
  it('turns a drag either way into a time: range that the timeline filter keeps', () => {
    expect(timeRangeTerm(250.7, 100.2)).toBe('100..251');
    const events = [0, 100, 200, 300].map((t, i) => ev({ seq: i + 1, t, dir: 'out', kind: 'notification' }));
    const compiled = compileFilter({ ...EMPTY_FILTER, query: `time:${timeRangeTerm(100, 200)}` });
    expect(compiled.problems).toEqual([]);
    expect(filterIndexes(events, compiled, lookupOf(events))).toEqual([1, 2]);
    expect(filterIndexes(events, compileFilter({ ...EMPTY_FILTER, query: 't:>=0.25s' }), lookupOf(events))).toEqual([3]);
    expect(compileFilter({ ...EMPTY_FILTER, query: 'time:soon' }).problems[0]).toContain('time:soon');
  });
});
