/**
 * The recorder's commit window (server/session/commit-queue.ts): what a user sends by hand is
 * stored within COMMIT_MS; while a peer floods, commits come half as often (COMMIT_BUSY_MS), so the
 * hand-over to the recorder's worker is paid fewer times; back to a trickle, the short window returns.
 * The clock is vitest's, so the windows are exact rather than subject to the machine's load.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMMIT_BUSY_ENTRIES, COMMIT_BUSY_MS, COMMIT_ENTRIES, COMMIT_MS, CommitQueue, mergePatches } from '@/server/session/commit-queue';
import type { TrafficEvent } from '@/lib/session/types';

const entries = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ seq: from + i }) as TrafficEvent);

describe('the recorder commit window', () => {
  let commits: number[];
  let queue: CommitQueue;
  let start: number;
  beforeEach(() => {
    vi.useFakeTimers();
    start = Date.now();
    commits = [];
    // What the recorders do when a commit is due: take everything queued.
    queue = new CommitQueue(() => {
      commits.push(Date.now() - start);
      queue.take();
    });
  });
  afterEach(() => vi.useRealTimers());

  it('stores a single sent message within the short window', () => {
    queue.events('s', entries(1, 1));
    vi.advanceTimersByTime(COMMIT_MS - 1);
    expect(commits).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(commits).toEqual([COMMIT_MS]);
  });

  it('waits the longer window after a busy commit, and the short one again once traffic is light', () => {
    expect(COMMIT_BUSY_MS).toBeGreaterThan(COMMIT_MS);
    expect(COMMIT_BUSY_MS).toBeLessThanOrEqual(50);
    queue.events('s', entries(1, COMMIT_BUSY_ENTRIES));
    vi.advanceTimersByTime(COMMIT_MS);
    expect(commits).toEqual([COMMIT_MS]);

    // A flood goes on: the next commit comes COMMIT_BUSY_MS after the busy one.
    queue.events('s', entries(100, COMMIT_BUSY_ENTRIES));
    vi.advanceTimersByTime(COMMIT_BUSY_MS - 1);
    expect(commits).toEqual([COMMIT_MS]);
    vi.advanceTimersByTime(1);
    expect(commits).toEqual([COMMIT_MS, COMMIT_MS + COMMIT_BUSY_MS]);

    // Then one message: it still waits the busy window (the last commit was busy) ...
    queue.events('s', entries(200, 1));
    vi.advanceTimersByTime(COMMIT_BUSY_MS);
    expect(commits).toHaveLength(3);
    // ... and the next single message is back to the short one.
    const before = Date.now() - start;
    queue.events('s', entries(201, 1));
    vi.advanceTimersByTime(COMMIT_MS);
    expect(commits).toEqual([COMMIT_MS, COMMIT_MS + COMMIT_BUSY_MS, COMMIT_MS + 2 * COMMIT_BUSY_MS, before + COMMIT_MS]);
  });

  it('commits at once when a window fills up, whatever its length', () => {
    queue.events('s', entries(1, COMMIT_BUSY_ENTRIES));
    vi.advanceTimersByTime(COMMIT_MS);
    queue.events('s', entries(1000, COMMIT_ENTRIES));
    expect(commits).toEqual([COMMIT_MS, COMMIT_MS]);
    expect(queue.size).toBe(0);
  });
});

describe('a request answered within one commit', () => {
  const request = (seq: number) => ({ seq, state: 'pending' }) as TrafficEvent;

  it('is stored already paired, while the entry the page was sent stays as it was', () => {
    const sent = [request(7), request(8), request(9)];
    const { events, patches } = mergePatches({ events: [...sent], patches: [{ seq: 8, state: 'answered', pair: 9, latencyMs: 2 }, { seq: 3, state: 'answered', pair: 9 }] });
    expect(events.map((e) => e.state)).toEqual(['pending', 'answered', 'pending']);
    expect(events[1]).toMatchObject({ seq: 8, pair: 9, latencyMs: 2 });
    expect(sent[1].state).toBe('pending');
    // Seq 3 was stored by an earlier commit: it stays a patch for the store to apply.
    expect(patches).toEqual([{ seq: 3, state: 'answered', pair: 9 }]);
  });

  it('is found by seq when the entries of a commit are not one run (a gap between them)', () => {
    const { events, patches } = mergePatches({ events: [request(2), request(5), request(6)], patches: [{ seq: 5, state: 'answered' }, { seq: 4, state: 'answered' }] });
    expect(events.map((e) => e.state)).toEqual(['pending', 'answered', 'pending']);
    expect(patches).toEqual([{ seq: 4, state: 'answered' }]);
  });
});
