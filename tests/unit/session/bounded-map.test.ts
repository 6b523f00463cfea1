import { describe, expect, it } from 'vitest';
import { BoundedMap } from '../../../lib/session/bounded-map';

describe('the pipeline\'s bounded tables (requests a dialect waits on, progress tokens)', () => {
  it('keep the newest entries up to the cap and forget the oldest first', () => {
    const m = new BoundedMap<string, number>(3);
    for (let i = 1; i <= 5; i++) m.set(`k${i}`, i);
    expect(m.size).toBe(3);
    expect([1, 2, 3, 4, 5].map((i) => m.get(`k${i}`))).toEqual([undefined, undefined, 3, 4, 5]);
  });

  it('count a key set again as new, and an entry taken is not forgotten twice', () => {
    const m = new BoundedMap<string, number>(3);
    m.set('a', 1);
    m.set('b', 2);
    m.set('c', 3);
    m.set('a', 10); // a is now the newest
    expect(m.take('b')).toBe(2);
    expect(m.take('b')).toBeUndefined();
    m.set('d', 4);
    m.set('e', 5); // past the cap: c goes, a stays
    expect([m.get('a'), m.get('b'), m.get('c'), m.get('d'), m.get('e')]).toEqual([10, undefined, undefined, 4, 5]);
  });

  it('still forget oldest first after being emptied and filled again', () => {
    const m = new BoundedMap<number, number>(2);
    m.set(1, 1);
    m.set(2, 2);
    m.set(3, 3);
    m.take(2);
    m.take(3);
    expect(m.size).toBe(0);
    for (let i = 10; i < 15; i++) m.set(i, i);
    expect([m.get(12), m.get(13), m.get(14)]).toEqual([undefined, 13, 14]);
    expect(m.size).toBe(2);
  });

  it('stay cheap at the cap: a million new entries over a full table of 10k in linear time', () => {
    // Before, each one stepped over every slot freed since V8 last rehashed: ~13 µs each, ~13 s here.
    const m = new BoundedMap<string, number>(10_000);
    const started = performance.now();
    for (let i = 0; i < 1_000_000; i++) {
      m.set('k' + i, i);
      if (i % 3 === 0) m.take('k' + (i - 7));
    }
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(m.size).toBeLessThanOrEqual(10_000);
    expect(m.get('k999999')).toBe(999_999);
    expect(m.get('k989000')).toBeUndefined();
  }, 30_000);
});
