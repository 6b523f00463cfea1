/**
 * What waits for the recorder's next coalesced commit, per session, in arrival order: entries and
 * patches wait up to COMMIT_MS (or COMMIT_ENTRIES entries) and are then taken together, so one
 * commit writes one append and one patch transaction per session instead of two per pipe read.
 * Used by both recorders: StoreRecorder (writes on this thread) and WorkerRecorder (hands the
 * taken batches, as rows, to its worker).
 */
import { applyPatch } from '../../lib/session/patch';
import type { EventPatch, TrafficEvent } from '../../lib/session/types';

/** How long entries wait to share a transaction, and how many make it commit at once. */
export const COMMIT_MS = 25;
export const COMMIT_ENTRIES = 4096;

export interface Queued {
  events: TrafficEvent[];
  patches: EventPatch[];
}

/**
 * Patches that name an entry waiting in the same commit are applied to (a copy of) that entry
 * before it is stored, so the pairing of a request answered within the commit window costs no
 * read, parse and rewrite of its row. The copy is shallow: a patch replaces whole members, and the
 * event the bridge holds stays as it was sent. What is left names entries already stored.
 */
export function mergePatches({ events, patches }: Queued): Queued {
  if (patches.length === 0 || events.length === 0) return { events, patches };
  const at = new Map<number, number>();
  for (let i = 0; i < events.length; i++) at.set(events[i].seq, i);
  const copied = new Set<number>();
  const rest: EventPatch[] = [];
  for (const p of patches) {
    const i = typeof p?.seq === 'number' ? at.get(p.seq) : undefined;
    if (i === undefined) {
      rest.push(p);
      continue;
    }
    if (!copied.has(i)) {
      events[i] = { ...events[i] };
      copied.add(i);
    }
    applyPatch(events[i], p);
  }
  return { events, patches: rest };
}

export class CommitQueue {
  private readonly queued = new Map<string, Queued>();
  private count = 0;
  private timer: NodeJS.Timeout | null = null;

  /** `due` runs when a commit is due (the window passed, or enough entries wait). */
  constructor(private readonly due: () => void) {}

  get size(): number {
    return this.count;
  }

  events(sessionId: string, events: readonly TrafficEvent[]): void {
    if (events.length === 0) return;
    const q = this.of(sessionId);
    for (const e of events) q.events.push(e);
    this.count += events.length;
    this.schedule();
  }

  patches(sessionId: string, patches: readonly EventPatch[]): void {
    if (patches.length === 0) return;
    const q = this.of(sessionId);
    for (const p of patches) q.patches.push(p);
    this.count += patches.length;
    this.schedule();
  }

  /** Everything queued, per session, patches merged into entries of the same commit; the queue is empty after. */
  take(): [string, Queued][] {
    this.stopTimer();
    if (this.count === 0) return [];
    const all = [...this.queued].map(([id, q]): [string, Queued] => [id, mergePatches(q)]);
    this.queued.clear();
    this.count = 0;
    return all;
  }

  drop(sessionId: string): void {
    const q = this.queued.get(sessionId);
    if (!q) return;
    this.count -= q.events.length + q.patches.length;
    this.queued.delete(sessionId);
  }

  stopTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private of(sessionId: string): Queued {
    let q = this.queued.get(sessionId);
    if (!q) this.queued.set(sessionId, (q = { events: [], patches: [] }));
    return q;
  }

  private schedule(): void {
    if (this.count >= COMMIT_ENTRIES) return this.due();
    if (this.timer) return;
    this.timer = setTimeout(() => this.due(), COMMIT_MS);
  }
}
