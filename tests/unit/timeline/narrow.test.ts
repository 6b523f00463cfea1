import { describe, expect, it } from 'vitest';
import { EMPTY_FILTER, compileFilter, filterIndexes, type TimelineFilter } from '@/lib/timeline/filter';
import { narrows } from '@/lib/timeline/narrow';
import { conversation, lookupOf } from './events';

const f = (p: Partial<TimelineFilter>): TimelineFilter => ({ ...EMPTY_FILTER, ...p });

describe('typing on in the filter box narrows the last result', () => {
  it('a longer word, an added term, or a toggle switched on narrows', () => {
    expect(narrows(f({ query: 'initia' }), f({ query: 'initialize' }))).toBe(true);
    expect(narrows(f({ query: '' }), f({ query: 'hover' }))).toBe(true);
    expect(narrows(f({ query: 'hover' }), f({ query: 'hover kind:request' }))).toBe(true);
    expect(narrows(f({ query: 'hov' }), f({ query: 'Hover' }))).toBe(true);
    expect(narrows(f({ query: 'x' }), f({ query: 'x', hideSecondary: true }))).toBe(true);
  });

  it('a shorter word, a changed field value, a widening toggle or a negation does not', () => {
    expect(narrows(f({ query: 'initialize' }), f({ query: 'initia' }))).toBe(false);
    expect(narrows(f({ query: 'Hov' }), f({ query: 'hover' }))).toBe(false);
    expect(narrows(f({ query: 'method:a' }), f({ query: 'method:ab' }))).toBe(false);
    expect(narrows(f({ query: '-hov' }), f({ query: '-hover' }))).toBe(false);
    expect(narrows(f({ errorsOnly: true }), f({ errorsOnly: true, pendingOnly: true }))).toBe(false);
    expect(narrows(f({ hideSecondary: true }), f({}))).toBe(false);
    expect(narrows(f({ kinds: ['request'] }), f({ kinds: ['request', 'response'] }))).toBe(false);
  });

  it('re-testing the earlier result finds exactly what a full scan finds', () => {
    const events = conversation(400);
    const lookup = lookupOf(events);
    const steps = ['', 'e', 'ex', 'exa', 'exam', '"id":1', '"id":12'];
    for (let i = 1; i < steps.length; i++) {
      const prev = f({ query: steps[i - 1] });
      const next = f({ query: steps[i] });
      if (!narrows(prev, next)) continue;
      const before = filterIndexes(events, compileFilter(prev), lookup);
      const test = compileFilter(next).test;
      expect(before.filter((k) => test(events[k], lookup))).toEqual(filterIndexes(events, compileFilter(next), lookup));
    }
  });
});
