/**
 * What waits for the recorder's next coalesced commit, per session, in arrival order: entries and
 * patches wait up to COMMIT_MS (or COMMIT_ENTRIES entries) and are then taken together, so one
 * commit writes one append and one patch transaction per session instead of two per pipe read.
 * Under load the window widens to COMMIT_BUSY_MS: each commit is one hand-over to the recorder's
 * worker (a wake-up of another thread, a transaction that rewrites the last pages of the table and
 * its indexes), a cost per commit rather than per entry, so a busy peer pays it half as often;
 * entries that trickle in (a user's sends) still wait only COMMIT_MS.
 * Used by both recorders: StoreRecorder (writes on this thread) and WorkerRecorder (hands the
 * taken batches, as rows, to its worker).
 */
import { applyPatch } from '../../lib/session/patch';
import type { EventPatch, TrafficEvent } from '../../lib/session/types';

/**
 * How long entries wait to share a transaction, and how many make it commit at once. In a flood a
 * commit of 1024 rather than 4096 entries made the chain's recorder stage ~6 % and its page stage
 * ~8 % faster (bench/README.md, issue 11): the entries waiting for it are held a quarter as long, so
 * fewer survive the young collections, and the worker's last write after the peer stops is shorter.
 */
export const COMMIT_MS = 25;
export const COMMIT_ENTRIES = 1024;
/** The window once the last commit carried COMMIT_BUSY_ENTRIES or more (within the 16–50 ms). */
export const COMMIT_BUSY_MS = 50;
/**
 * 8 in 25 ms is 320 entries a second: more than anyone sends by hand, less than any client or peer
 * in a loop (an HTTP client with one request in flight reached only ~150 a second on this machine
 * under load, 12 entries a commit).
 */
export const COMMIT_BUSY_ENTRIES = 8;

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
  const indexOf = seqIndex(events);
  const copied = new Set<number>();
  const rest: EventPatch[] = [];
  for (const p of patches) {
    const i = typeof p?.seq === 'number' ? indexOf(p.seq) : undefined;
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

/**
 * Where an entry of this commit sits, by seq. A session's entries arrive in seq order, one after
 * another, so the index is arithmetic — no Map of every entry per commit on the conversation's
 * thread; entries with gaps between them (not made by the pipeline) get the Map.
 */
function seqIndex(events: readonly TrafficEvent[]): (seq: number) => number | undefined {
  const first = events[0].seq;
  if (events[events.length - 1].seq - first === events.length - 1) {
    return (seq) => {
      const i = seq - first;
      return i >= 0 && i < events.length && events[i].seq === seq ? i : undefined;
    };
  }
  const at = new Map<number, number>();
  for (let i = 0; i < events.length; i++) at.set(events[i].seq, i);
  return (seq) => at.get(seq);
}

export class CommitQueue {
  private readonly queued = new Map<string, Queued>();
  private count = 0;
  private timer: NodeJS.Timeout | null = null;
  /** How many entries and patches the last commit took: what sets the next window. */
  private lastTaken = 0;

  /** `due` runs when a commit is due (the window passed, or enough entries wait). */
  constructor(private readonly due: () => void) {}

  get size(): number {
    return this.count;
  }

  /** How long what is queued next waits: COMMIT_BUSY_MS right after a busy commit, else COMMIT_MS. */
  get windowMs(): number {
    return this.lastTaken >= COMMIT_BUSY_ENTRIES ? COMMIT_BUSY_MS : COMMIT_MS;
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
    this.lastTaken = this.count;
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
    this.timer = setTimeout(() => this.due(), this.windowMs);
  }
}
