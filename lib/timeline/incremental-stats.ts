/**
 * Per-method statistics kept up to date as a session grows, with the same result as
 * computeMethodStats over all events: an appended entry is counted once; a request that a patch
 * changed (or whose answer arrived or changed) has its old contribution taken back and its new one
 * added. Each request's contribution is kept in typed arrays by position (9 bytes an entry), so
 * retracting needs neither the old event object nor a per-entry JS object. Batches (rare) keep
 * theirs in a map and are re-counted whenever anything changed (their items' answers are batches too).
 */
import type { Direction } from '../session/types';
import type { EntryRow } from './row';
import { changeLogEnd, touchedSince, type ChangeLog } from './changes';
import { percentile, type MethodStats } from './stats';
import type { SeqLookup } from './status';
import type { SeqPositions } from './seq-index';

const COUNTED = 1; // a request with a method: its contribution below is held
const UNANSWERED = 2;
const ERROR = 4;
const LATENCY = 8;

interface Acc {
  count: number;
  requests: number;
  notifications: number;
  errors: number;
  unanswered: number;
  latencies: number[];
  /** Latencies were added or removed since the last sort. */
  unsorted: boolean;
  dirs: Set<Direction>;
}

export class IncrementalStats {
  private events: readonly EntryRow[] | null = null;
  private count = 0;
  private tailSeq = -1;
  private cursor = 0;
  private reorders = 0;
  private acc = new Map<string, Acc>();
  private flags = new Uint8Array(1024);
  private latency = new Float64Array(1024);
  /** Batch position → what each of its items added. */
  private batches = new Map<number, ItemShare[]>();

  /** The statistics of `events` now. */
  update(events: readonly EntryRow[], log: ChangeLog, lookup: SeqLookup, indexBySeq: SeqPositions): MethodStats[] {
    const c = this.count;
    const continues = this.events === events && log.reorders === this.reorders && this.cursor >= log.base &&
      events.length >= c && (c === 0 || events[c - 1]?.seq === this.tailSeq);
    if (!continues) this.restart(events, log);
    const old = this.count;
    const touched = touchedSince(events, log, this.cursor, indexBySeq, old, true);
    for (const i of touched) {
      this.retract(i, events[i]);
      this.add(i, events[i], lookup);
    }
    this.grow(events.length);
    for (let i = old; i < events.length; i++) this.add(i, events[i], lookup);
    const anything = touched.size > 0 || events.length > old;
    this.count = events.length;
    this.tailSeq = events.length ? events[events.length - 1].seq : -1;
    this.cursor = changeLogEnd(log);
    if (anything) for (const i of this.batches.keys()) this.recountBatch(i, events[i], lookup);
    return this.result();
  }

  private restart(events: readonly EntryRow[], log: ChangeLog): void {
    this.events = events;
    this.count = 0;
    this.tailSeq = -1;
    this.cursor = changeLogEnd(log);
    this.reorders = log.reorders;
    this.acc = new Map();
    this.flags = new Uint8Array(Math.max(1024, events.length));
    this.latency = new Float64Array(this.flags.length);
    this.batches = new Map();
  }

  private grow(n: number): void {
    if (n <= this.flags.length) return;
    const size = Math.max(n, this.flags.length * 2);
    const flags = new Uint8Array(size);
    flags.set(this.flags);
    const latency = new Float64Array(size);
    latency.set(this.latency);
    this.flags = flags;
    this.latency = latency;
  }

  private accOf(method: string): Acc {
    let a = this.acc.get(method);
    if (!a) {
      a = { count: 0, requests: 0, notifications: 0, errors: 0, unanswered: 0, latencies: [], unsorted: false, dirs: new Set() };
      this.acc.set(method, a);
    }
    return a;
  }

  /** Counts entry `i` (new, or re-counted after retract). Notifications never change once counted. */
  private add(i: number, ev: EntryRow, lookup: SeqLookup): void {
    if (ev.kind === 'batch') {
      if (ev.items) this.recountBatch(i, ev, lookup);
      return;
    }
    if (ev.method === undefined || (ev.kind !== 'request' && ev.kind !== 'notification')) return;
    if (ev.kind === 'notification') {
      if (i < this.count) return; // a re-test of a notification: already counted
      const a = this.accOf(ev.method);
      a.count++;
      a.notifications++;
      a.dirs.add(ev.dir);
      return;
    }
    const a = this.accOf(ev.method);
    a.count++;
    a.requests++;
    a.dirs.add(ev.dir);
    let f = COUNTED;
    if (ev.state === 'answered' || ev.state === 'late') {
      const ans = ev.pair !== undefined ? lookup(ev.pair) : undefined;
      if (ans) {
        if (ans.kind === 'error' || ans.error) { a.errors++; f |= ERROR; }
        if (ans.latencyMs !== undefined) {
          a.latencies.push(ans.latencyMs);
          a.unsorted = true;
          this.latency[i] = ans.latencyMs;
          f |= LATENCY;
        }
      }
    } else {
      a.unanswered++;
      f |= UNANSWERED;
    }
    this.flags[i] = f;
  }

  /** Takes back what `add` counted for request `i` (its method never changes). */
  private retract(i: number, ev: EntryRow): void {
    const f = this.flags[i];
    if (!(f & COUNTED) || ev.method === undefined) return;
    const a = this.accOf(ev.method);
    a.count--;
    a.requests--;
    if (f & UNANSWERED) a.unanswered--;
    if (f & ERROR) a.errors--;
    if (f & LATENCY) {
      const at = a.latencies.lastIndexOf(this.latency[i]);
      if (at >= 0) a.latencies.splice(at, 1);
    }
    this.flags[i] = 0;
  }

  /** Takes back batch `i`'s last count and counts its items as they are now. */
  private recountBatch(i: number, ev: EntryRow, lookup: SeqLookup): void {
    for (const s of this.batches.get(i) ?? []) {
      const a = this.accOf(s.method);
      a.count--;
      if (s.notification) a.notifications--;
      else a.requests--;
      if (s.unanswered) a.unanswered--;
      if (s.error) a.errors--;
      if (s.latency !== undefined) {
        const at = a.latencies.lastIndexOf(s.latency);
        if (at >= 0) a.latencies.splice(at, 1);
      }
    }
    const shares: ItemShare[] = [];
    for (const it of ev.items ?? []) {
      if (it.method === undefined || (it.kind !== 'request' && it.kind !== 'notification')) continue;
      const a = this.accOf(it.method);
      const s: ItemShare = { method: it.method, notification: it.kind === 'notification', unanswered: false, error: false };
      a.count++;
      a.dirs.add(ev.dir);
      if (s.notification) a.notifications++;
      else {
        a.requests++;
        if (it.state === 'answered' || it.state === 'late') {
          if (it.latencyMs !== undefined && it.pair === undefined) s.latency = it.latencyMs;
          else {
            const ans = it.pair !== undefined ? lookup(it.pair) : undefined;
            if (ans) {
              // Batch replies hold per-item outcomes; a plain answer carries its own.
              const item = it.pairIndex !== undefined ? ans.items?.[it.pairIndex] : undefined;
              s.error = item ? item.kind === 'error' || !!item.error : ans.kind === 'error' || !!ans.error;
              s.latency = item?.latencyMs ?? ans.latencyMs;
            }
          }
        } else s.unanswered = true;
        if (s.unanswered) a.unanswered++;
        if (s.error) a.errors++;
        if (s.latency !== undefined) { a.latencies.push(s.latency); a.unsorted = true; }
      }
      shares.push(s);
    }
    this.batches.set(i, shares);
  }

  private result(): MethodStats[] {
    const out: MethodStats[] = [];
    for (const [method, a] of this.acc) {
      if (a.count === 0) continue;
      // A sorted prefix plus a short new tail: the engine's sort merges the two runs in about linear time.
      if (a.unsorted) { a.latencies.sort((x, y) => x - y); a.unsorted = false; }
      out.push(stats(method, a, a.latencies));
    }
    return out.sort((x, y) => y.count - x.count || x.method.localeCompare(y.method));
  }
}

interface ItemShare {
  method: string;
  notification: boolean;
  unanswered: boolean;
  error: boolean;
  latency?: number;
}

function stats(method: string, a: Acc, sorted: readonly number[]): MethodStats {
  return {
    method, count: a.count, requests: a.requests, notifications: a.notifications, errors: a.errors, unanswered: a.unanswered,
    answered: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.length ? sorted[sorted.length - 1] : undefined,
    dirs: [...a.dirs],
  };
}
