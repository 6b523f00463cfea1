import { describe, expect, it } from 'vitest';
import { emptyView, mergeEvents, mergePatches } from '@/components/stores/apply';
import { IncrementalStats } from '@/lib/timeline/incremental-stats';
import { computeMethodStats } from '@/lib/timeline/stats';
import { ev } from './events';
import { lookupIn, session, summary } from './live-batches';

describe('incremental method statistics: the stats panel shows what a full recount shows', () => {
  it('same calls, errors, no-answer counts and p50/p95/max after every batch, over random sessions', () => {
    for (const seed of [11, 12, 13, 14]) {
      const view = emptyView(summary);
      const stats = new IncrementalStats();
      const lookup = lookupIn(view);
      for (const apply of session(seed, 250)) {
        apply(view);
        expect(stats.update(view.events, view.changes, lookup, view.indexBySeq), `seed ${seed} at ${view.events.length} entries`)
          .toEqual(computeMethodStats(view.events, lookup));
      }
    }
  });

  it('a request answered later moves from "no answer" to answered with its latency', () => {
    const view = emptyView(summary);
    const lookup = lookupIn(view);
    const stats = new IncrementalStats();
    mergeEvents(view, [ev({ seq: 1, dir: 'out', kind: 'request', method: 'ping', state: 'pending' })]);
    expect(stats.update(view.events, view.changes, lookup, view.indexBySeq)[0]).toMatchObject({ method: 'ping', count: 1, unanswered: 1, answered: 0 });
    mergeEvents(view, [ev({ seq: 2, dir: 'in', kind: 'error', pair: 1, latencyMs: 12, state: 'answered', error: { code: 1, message: 'x', name: 'x', meaning: '', source: 'jsonrpc' } })]);
    mergePatches(view, [{ seq: 1, pair: 2, state: 'answered' }]);
    expect(stats.update(view.events, view.changes, lookup, view.indexBySeq)[0]).toMatchObject({ method: 'ping', count: 1, unanswered: 0, errors: 1, answered: 1, p50: 12, max: 12 });
  });
});
