/**
 * Numbers for the plots: latency samples of the shown entries, a per-method histogram on a
 * 1-2-5 log scale (latencies span microseconds to minutes), p50/p95/p99 per time bucket, and
 * messages per second in each direction. One pass over the shown rows each; no rendering here.
 */
import type { EntryRow } from '../timeline/row';
import { percentile } from '../timeline/stats';
import type { SeqLookup } from '../timeline/status';

export interface LatencySample {
  /** ms since start of the request. */
  t: number;
  method: string;
  ms: number;
}

/**
 * One sample per answered call among the shown rows: taken from the request (or batch item) when
 * it is shown, from the answer when only the answer is.
 */
export function latencySamples(events: readonly EntryRow[], rows: readonly number[], lookup: SeqLookup): LatencySample[] {
  const shown = new Set<number>();
  for (const i of rows) shown.add(events[i].seq);
  const out: LatencySample[] = [];
  for (const i of rows) {
    const ev = events[i];
    if (ev.kind === 'request' && ev.pair !== undefined && ev.method !== undefined) {
      const ms = ev.latencyMs ?? lookup(ev.pair)?.latencyMs;
      if (ms !== undefined) out.push({ t: ev.t, method: ev.method, ms });
    } else if (ev.kind === 'batch') {
      for (const it of ev.items ?? []) if (it.kind === 'request' && it.latencyMs !== undefined && it.method !== undefined) out.push({ t: ev.t, method: it.method, ms: it.latencyMs });
    } else if ((ev.kind === 'response' || ev.kind === 'error') && ev.pair !== undefined && !shown.has(ev.pair) && ev.latencyMs !== undefined) {
      const req = lookup(ev.pair);
      if (req?.method !== undefined) out.push({ t: req.t, method: req.method, ms: ev.latencyMs });
    }
  }
  return out;
}

export interface HistogramBin {
  /** Lower edge (ms, inclusive) and upper edge (exclusive). */
  from: number;
  to: number;
  count: number;
}

/** 1-2-5 edges from 0.1 ms: 0.1, 0.2, 0.5, 1, 2, 5, 10 … */
export function logEdge(k: number): number {
  const decade = Math.floor(k / 3);
  return [1, 2, 5][((k % 3) + 3) % 3] * 10 ** (decade - 1);
}

/** Bins from the first holding a value to the last, none empty at the ends; values under 0.1 ms go in the first. */
export function histogram(values: readonly number[]): HistogramBin[] {
  if (values.length === 0) return [];
  const binOf = (v: number) => {
    let k = 0;
    while (logEdge(k + 1) <= v) k++;
    return k;
  };
  const counts = new Map<number, number>();
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    const k = binOf(v);
    counts.set(k, (counts.get(k) ?? 0) + 1);
    if (k < lo) lo = k;
    if (k > hi) hi = k;
  }
  const out: HistogramBin[] = [];
  for (let k = lo; k <= hi; k++) out.push({ from: k === 0 ? 0 : logEdge(k), to: logEdge(k + 1), count: counts.get(k) ?? 0 });
  return out;
}

export interface TimeBuckets {
  /** Start of the first bucket and the width of each, ms since session start. */
  t0: number;
  width: number;
  count: number;
}

/** `count` equal buckets over [from, to] (at least 1 ms wide). */
export function bucketsOver(from: number, to: number, count: number): TimeBuckets {
  const span = Math.max(1, to - from);
  return { t0: from, width: span / count, count };
}

const bucketOf = (b: TimeBuckets, t: number) => Math.min(b.count - 1, Math.max(0, Math.floor((t - b.t0) / b.width)));

export interface PercentilePoint {
  /** Bucket middle, ms since start. */
  t: number;
  samples: number;
  p50?: number;
  p95?: number;
  p99?: number;
}

export function percentilesOverTime(samples: readonly LatencySample[], b: TimeBuckets): PercentilePoint[] {
  const per: number[][] = Array.from({ length: b.count }, () => []);
  for (const s of samples) per[bucketOf(b, s.t)].push(s.ms);
  return per.map((ms, i) => {
    ms.sort((x, y) => x - y);
    return { t: b.t0 + (i + 0.5) * b.width, samples: ms.length, p50: percentile(ms, 50), p95: percentile(ms, 95), p99: percentile(ms, 99) };
  });
}

export interface RatePoint {
  t: number;
  /** Messages per second sent to the target (`out`) and received from it (`in`). */
  out: number;
  in: number;
}

/** Messages (not meta entries) per second in each bucket; a batch counts as one message. */
export function ratesOverTime(events: readonly EntryRow[], rows: readonly number[], b: TimeBuckets): RatePoint[] {
  const out = new Float64Array(b.count);
  const inn = new Float64Array(b.count);
  for (const i of rows) {
    const ev = events[i];
    if (ev.dir === 'out') out[bucketOf(b, ev.t)]++;
    else if (ev.dir === 'in') inn[bucketOf(b, ev.t)]++;
  }
  const perSecond = 1000 / b.width;
  return Array.from({ length: b.count }, (_, i) => ({ t: b.t0 + (i + 0.5) * b.width, out: out[i] * perSecond, in: inn[i] * perSecond }));
}

/** Methods among the samples, most called first (the histogram's picker). */
export function methodsBySamples(samples: readonly LatencySample[]): { method: string; count: number }[] {
  const m = new Map<string, number>();
  for (const s of samples) m.set(s.method, (m.get(s.method) ?? 0) + 1);
  return [...m].map(([method, count]) => ({ method, count })).sort((a, b) => b.count - a.count || (a.method < b.method ? -1 : 1));
}

/** The `time:` filter term a brush from `a` to `b` (ms since start, either order) sets: whole ms, widened to cover both ends. */
export function timeRangeTerm(a: number, b: number): string {
  const lo = Math.max(0, Math.floor(Math.min(a, b)));
  const hi = Math.ceil(Math.max(a, b));
  return `${lo}..${hi}`;
}
