// The recording thread's pace (server/tap/recording-pace.ts): a busy conversation's copies wait in
// the ring, a back-and-forth's are recorded at once, and nothing waits past its limits.
import { describe, expect, it } from 'vitest';
import { MAX_LAG_MS, PACE_FROM, PACE_UNTIL, Pacer, PaceSignal, QUIET_MS } from '../../../server/tap/recording-pace';

const RING = 32 * 1024 * 1024;

function pair() {
  const signal = new PaceSignal();
  return { signal, pacer: new Pacer(signal.buffer, RING) };
}

describe('the tap recording’s pace', () => {
  it('lets a burst’s first batch wait in the ring while the conversation keeps copying', () => {
    const { signal, pacer } = pair();
    signal.copied(230 * 1024);
    expect(pacer.delay(0, 0, 1, false)).toBeGreaterThan(0);
    signal.copied(900 * 1024);
    expect(pacer.delay(0, 0, 5, false)).toBeGreaterThan(0);
  });

  it('records a back-and-forth’s small batches at once', () => {
    const { signal, pacer } = pair();
    signal.copied(PACE_FROM - 1);
    expect(pacer.delay(0, 0, 1, false)).toBe(0);
    signal.copied(PACE_FROM + 2000);
    expect(pacer.delay(PACE_FROM, 0, 2, false)).toBe(0);
  });

  it('records at once once the conversation pauses, at the end, or when the tap waits on it', () => {
    const { signal, pacer } = pair();
    signal.copied(4 * 1024 * 1024);
    expect(pacer.delay(0, 0, 1, false)).toBeGreaterThan(0);
    expect(pacer.delay(0, 0, 1 + QUIET_MS, false)).toBe(0); // nothing copied for QUIET_MS
    signal.copied(5 * 1024 * 1024);
    expect(pacer.delay(0, 0, 3, true)).toBe(0);
    signal.copied(6 * 1024 * 1024);
    signal.waiting(1);
    expect(pacer.delay(0, 0, 4, false)).toBe(0);
  });

  it('keeps a burst waiting through a few quiet looks (the forwarding thread lost its core a moment)', () => {
    const { signal, pacer } = pair();
    signal.copied(4 * 1024 * 1024);
    expect(pacer.delay(0, 0, 1, false)).toBeGreaterThan(0);
    // Nothing new at the next looks, but for less than QUIET_MS: still the same burst.
    expect(pacer.delay(0, 0, 5, false)).toBeGreaterThan(0);
    expect(pacer.delay(0, 0, QUIET_MS, false)).toBeGreaterThan(0);
    signal.copied(5 * 1024 * 1024);
    expect(pacer.delay(0, 0, QUIET_MS + 4, false)).toBeGreaterThan(0);
    // A 100k-message burst (~21 MiB) fits below PACE_UNTIL of the ring: it waits it out whole.
    signal.copied(21 * 1024 * 1024);
    expect(pacer.delay(0, 0, QUIET_MS + 8, false)).toBeGreaterThan(0);
  });

  it('never lets a batch wait longer than MAX_LAG_MS, nor past PACE_UNTIL of the ring', () => {
    const { signal, pacer } = pair();
    signal.copied(4 * 1024 * 1024);
    expect(pacer.delay(0, 0, MAX_LAG_MS - 1, false)).toBeLessThanOrEqual(1);
    signal.copied(5 * 1024 * 1024);
    expect(pacer.delay(0, 0, MAX_LAG_MS, false)).toBe(0);
    signal.copied(RING * PACE_UNTIL);
    expect(pacer.delay(0, 100, 101, false)).toBeGreaterThan(0);
    signal.copied(RING * PACE_UNTIL + 1);
    expect(pacer.delay(0, 100, 102, false)).toBe(0);
  });
});
