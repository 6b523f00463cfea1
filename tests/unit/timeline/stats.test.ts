import { describe, expect, it } from 'vitest';
import { computeMethodStats, percentile } from '@/lib/timeline/stats';
import { conversation, ev, lookupOf } from './events';

describe('per-method statistics', () => {
  it('counts calls, errors and latency percentiles per method', () => {
    const events = [
      ev({ seq: 1, dir: 'out', kind: 'request', method: 'a', state: 'answered', pair: 2 }),
      ev({ seq: 2, dir: 'in', kind: 'response', pair: 1, latencyMs: 10 }),
      ev({ seq: 3, dir: 'out', kind: 'request', method: 'a', state: 'answered', pair: 4 }),
      ev({ seq: 4, dir: 'in', kind: 'error', pair: 3, latencyMs: 30, error: { code: 1, message: '', name: 'x', meaning: '', source: 'application' } }),
      ev({ seq: 5, dir: 'out', kind: 'request', method: 'a', state: 'pending' }),
      ev({ seq: 6, dir: 'in', kind: 'notification', method: 'log' }),
    ];
    const stats = computeMethodStats(events, lookupOf(events));
    expect(stats[0]).toMatchObject({ method: 'a', count: 3, requests: 3, errors: 1, unanswered: 1, answered: 2, p50: 10, p95: 30, max: 30, dirs: ['out'] });
    expect(stats[1]).toMatchObject({ method: 'log', count: 1, notifications: 1, dirs: ['in'] });
  });

  it('uses nearest-rank percentiles', () => {
    const xs = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(xs, 50)).toBe(50);
    expect(percentile(xs, 95)).toBe(95);
    expect(percentile([], 50)).toBeUndefined();
  });

  it('handles 100,000 entries quickly', () => {
    const big = conversation(100_000);
    const lookup = lookupOf(big);
    const c0 = process.cpuUsage(); // CPU time of this process: other load on the machine does not count
    const stats = computeMethodStats(big, lookup);
    const c = process.cpuUsage(c0);
    expect((c.user + c.system) / 1000).toBeLessThan(300);
    expect(stats.find((s) => s.method === 'textDocument/hover')!.errors).toBeGreaterThan(0);
  });
});
