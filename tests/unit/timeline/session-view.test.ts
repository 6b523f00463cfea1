import { describe, expect, it } from 'vitest';
import { emptyView, mergeEvents, mergePatches, resumeSeq } from '@/components/stores/apply';
import type { SessionSummary } from '@/lib/session/types';
import { ev } from './events';

const summary: SessionSummary = {
  id: 's1', name: 's1', target: { kind: 'stdio', command: 'node', framing: 'newline' }, status: 'open',
  startedAt: '2025-01-01T00:00:00.000Z', lastSeq: 0, counts: { events: 0, out: 0, in: 0, errors: 0, findings: 0 },
};

describe('session view: what the page holds after bridge batches', () => {
  it('a replay after reconnect adds nothing twice and takes the newer copy of an entry', () => {
    const v = emptyView(summary);
    mergeEvents(v, [ev({ seq: 1, dir: 'out', kind: 'request', state: 'pending' }), ev({ seq: 2, dir: 'in', kind: 'notification' })]);
    mergeEvents(v, [ev({ seq: 1, dir: 'out', kind: 'request', state: 'answered', pair: 3 }), ev({ seq: 2, dir: 'in', kind: 'notification' }), ev({ seq: 3, dir: 'in', kind: 'response', pair: 1 })]);
    expect(v.events.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(v.events[0].state).toBe('answered');
    expect(v.indexBySeq.get(3)).toBe(2);
  });

  it('an entry that fills a gap lands in seq order', () => {
    const v = emptyView(summary);
    mergeEvents(v, [ev({ seq: 1, dir: 'out', kind: 'request' }), ev({ seq: 5, dir: 'in', kind: 'response' })]);
    mergeEvents(v, [ev({ seq: 3, dir: 'meta', kind: 'stderr' })]);
    expect(v.events.map((e) => e.seq)).toEqual([1, 3, 5]);
    expect(v.indexBySeq.get(5)).toBe(2);
  });

  it('patches mark a request answered without touching other entries; unknown seqs are skipped', () => {
    const v = emptyView(summary);
    mergeEvents(v, [ev({ seq: 1, dir: 'out', kind: 'request', state: 'pending' })]);
    const before = v.events[0];
    expect(mergePatches(v, [{ seq: 1, state: 'answered', pair: 2 }, { seq: 99, state: 'late' }])).toBe(true);
    expect(v.events[0]).toMatchObject({ state: 'answered', pair: 2 });
    expect(before.state).toBe('pending'); // a new object, so memoised rows re-render
  });

  it('resumes from just before the oldest recent pending request, else from the last seq', () => {
    const v = emptyView(summary);
    expect(resumeSeq(v)).toBe(0);
    mergeEvents(v, [ev({ seq: 1, dir: 'out', kind: 'request', state: 'answered' }), ev({ seq: 2, dir: 'in', kind: 'response' })]);
    expect(resumeSeq(v)).toBe(2);
    mergeEvents(v, [ev({ seq: 3, dir: 'out', kind: 'request', state: 'pending' }), ev({ seq: 4, dir: 'meta', kind: 'stderr' })]);
    expect(resumeSeq(v)).toBe(2);
  });
});
