import { describe, expect, it } from 'vitest';
import { FlushClock } from '../../../server/tap/flush-clock';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Queues an op every `everyMs` for `forMs`, counting flushes as they happen. */
async function talk(clock: FlushClock, everyMs: number, forMs: number): Promise<void> {
  const until = performance.now() + forMs;
  while (performance.now() < until) {
    clock.op();
    await sleep(everyMs);
  }
}

describe('when the HTTP tap wakes its recording thread', () => {
  it('posts a back-and-forth once it goes quiet, not while it keeps talking', async () => {
    const flushes: number[] = [];
    const clock = new FlushClock({ idleMs: 300, maxMs: 5_000 }, () => flushes.push(performance.now()));
    const start = performance.now();
    await talk(clock, 10, 600);
    const stoppedAt = performance.now();
    expect(flushes).toEqual([]);
    await sleep(900);
    expect(flushes).toHaveLength(1);
    expect(flushes[0] - start).toBeGreaterThanOrEqual(600);
    expect(flushes[0]).toBeGreaterThanOrEqual(stoppedAt);
  });

  it('posts a conversation that never pauses at least once per maxMs', async () => {
    let flushes = 0;
    const clock = new FlushClock({ idleMs: 100, maxMs: 300 }, () => flushes++);
    await talk(clock, 10, 1_500);
    // Without the cap nothing would go until the conversation paused.
    expect(flushes).toBeGreaterThanOrEqual(2);
    clock.flushed();
  });

  it('a stream posts at a fixed delay after its first op, as before', async () => {
    let flushes = 0;
    const clock = new FlushClock({ idleMs: 50, maxMs: 50 }, () => flushes++);
    clock.op();
    clock.op();
    await sleep(400);
    expect(flushes).toBe(1);
    clock.op();
    await sleep(400);
    expect(flushes).toBe(2);
  });
});
