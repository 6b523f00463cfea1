/**
 * Per-method statistics for the stats panel: how often each method was called (by either side),
 * how many calls failed, and latency percentiles over answered calls.
 */
import type { Direction } from '../session/types';
import type { EntryRow } from './row';
import type { SeqLookup } from './status';

export interface MethodStats {
  method: string;
  /** Requests and notifications with this method (batch entries included). */
  count: number;
  requests: number;
  notifications: number;
  /** Requests answered with an error. */
  errors: number;
  /** Requests still waiting, timed out, or cut off by the target exiting. */
  unanswered: number;
  answered: number;
  p50?: number;
  p95?: number;
  max?: number;
  /** Who called it: out = we called the target, in = the target called us. */
  dirs: Direction[];
}

/** Nearest-rank percentile of an ascending list. */
export function percentile(sorted: readonly number[], p: number): number | undefined {
  if (sorted.length === 0) return undefined;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

interface Acc {
  count: number;
  requests: number;
  notifications: number;
  errors: number;
  unanswered: number;
  latencies: number[];
  dirs: Set<Direction>;
}

export function computeMethodStats(events: readonly EntryRow[], lookup: SeqLookup): MethodStats[] {
  const acc = new Map<string, Acc>();
  const get = (m: string) => {
    let a = acc.get(m);
    if (!a) {
      a = { count: 0, requests: 0, notifications: 0, errors: 0, unanswered: 0, latencies: [], dirs: new Set() };
      acc.set(m, a);
    }
    return a;
  };
  const answer = (pairSeq: number | undefined, a: Acc, pairIndex?: number) => {
    if (pairSeq === undefined) return;
    const ans = lookup(pairSeq);
    if (!ans) return;
    // Batch replies hold per-item outcomes; a plain answer carries its own.
    const item = pairIndex !== undefined ? ans.items?.[pairIndex] : undefined;
    const isError = item ? item.kind === 'error' || !!item.error : ans.kind === 'error' || !!ans.error;
    if (isError) a.errors++;
    const lat = item?.latencyMs ?? ans.latencyMs;
    if (lat !== undefined) a.latencies.push(lat);
  };

  for (const ev of events) {
    if ((ev.kind === 'request' || ev.kind === 'notification') && ev.method !== undefined) {
      const a = get(ev.method);
      a.count++;
      a.dirs.add(ev.dir);
      if (ev.kind === 'notification') a.notifications++;
      else {
        a.requests++;
        if (ev.state === 'answered' || ev.state === 'late') answer(ev.pair, a);
        else a.unanswered++;
      }
    } else if (ev.kind === 'batch' && ev.items) {
      for (const it of ev.items) {
        if (it.method === undefined || (it.kind !== 'request' && it.kind !== 'notification')) continue;
        const a = get(it.method);
        a.count++;
        a.dirs.add(ev.dir);
        if (it.kind === 'notification') a.notifications++;
        else {
          a.requests++;
          if (it.state === 'answered' || it.state === 'late') {
            if (it.latencyMs !== undefined && it.pair === undefined) a.latencies.push(it.latencyMs);
            else answer(it.pair, a, it.pairIndex);
          } else a.unanswered++;
        }
      }
    }
  }

  const out: MethodStats[] = [];
  for (const [method, a] of acc) {
    const sorted = a.latencies.sort((x, y) => x - y);
    out.push({
      method,
      count: a.count,
      requests: a.requests,
      notifications: a.notifications,
      errors: a.errors,
      unanswered: a.unanswered,
      answered: sorted.length,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      max: sorted.length ? sorted[sorted.length - 1] : undefined,
      dirs: [...a.dirs],
    });
  }
  return out.sort((x, y) => y.count - x.count || x.method.localeCompare(y.method));
}
