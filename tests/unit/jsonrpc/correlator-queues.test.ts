import { describe, expect, it } from 'vitest';
import { Correlator, classify } from '../../../lib/jsonrpc';

/** The correlator's timeout queue, read from outside for these memory checks only. */
const queued = (c: Correlator) => {
  const q = c as unknown as { queue: unknown[]; head: number };
  return q.queue.length - q.head;
};

describe('a flood answered long before its timeout', () => {
  it('keeps the timeout queue as small as what still waits, and a late silence still times out', () => {
    // A minute's timeout and no tick during the flood: before, every answered request stayed queued until its minute passed.
    const c = new Correlator({ timeoutMs: 60_000 });
    const res = classify('{"jsonrpc":"2.0","result":1,"id":1}');
    let seq = 0;
    for (let i = 0; i < 20_000; i++) {
      c.observe({ seq: ++seq, t: i / 10, dir: 'out', classified: classify(`{"jsonrpc":"2.0","method":"a","id":${i}}`) });
      c.observe({ seq: ++seq, t: i / 10, dir: 'in', classified: classify(`{"jsonrpc":"2.0","result":1,"id":${i}}`) });
    }
    expect(queued(c)).toBeLessThan(2048);
    const silent = ++seq;
    c.observe({ seq: silent, t: 2000, dir: 'out', classified: classify('{"jsonrpc":"2.0","method":"slow","id":"s"}') });
    expect(c.tick(2000 + 60_000)).toEqual([{ seq: silent, state: 'timed-out' }]);
    expect(c.observe({ seq: seq + 1, t: 63_000, dir: 'in', classified: res }).state).toBe('orphan');
  });

  it('past the pending cap, forgotten requests leave the queue too and the newest still time out', () => {
    const c = new Correlator({ timeoutMs: 60_000, maxPending: 1000 });
    let seq = 0;
    for (let i = 0; i < 10_000; i++) c.observe({ seq: ++seq, t: i, dir: 'in', classified: classify(`{"jsonrpc":"2.0","method":"q","id":${i}}`) });
    expect(c.pending()).toHaveLength(1000);
    expect(queued(c)).toBeLessThan(2 * 1000 + 1024 + 1);
    const patches = c.tick(9_999 + 60_000);
    expect(patches).toHaveLength(1000);
    expect(patches[0]).toEqual({ seq: 9_001, state: 'timed-out' });
  });
});
