/**
 * The recent live entries of each open session, as the bridge sent them (secrets already masked,
 * each event's JSON made once: server/bridge-frames.ts), with the patches that followed them in
 * order. A page that subscribes to a live session it was close to (a reload, a second tab, a page
 * that fell behind, a session clicked just after it started flooding) is served from here instead
 * of reading, parsing and re-serialising rows from SQLite. Anything older comes from the store.
 *
 * Bounded: at most MAX_CHARS characters of frame text per session (whole batches are dropped from
 * the front: some 20k–40k small entries), and a session's ring goes when it ends — its recording is then
 * complete in the store.
 */
import type { EventPatch, TrafficEvent } from '../lib/session/types';
import { after, frameBatch, patchesJson, type FrameBatch } from './bridge-frames';

const MAX_CHARS = 8 * 1024 * 1024;
/** What an event costs the ring besides its wire text until its JSON is made (a guess on the high side). */
const EVENT_CHARS = 256;

/**
 * Events as handed on; their JSON is made when a page first needs them (at once while a page
 * follows the session), so a session nobody watches costs no serialising here.
 */
export class RingEvents {
  private made: FrameBatch | undefined;
  readonly first: number;
  readonly last: number;
  readonly chars: number;

  constructor(private events: readonly TrafficEvent[] | null) {
    const evs = events ?? [];
    this.first = evs[0]?.seq ?? 0;
    this.last = evs[evs.length - 1]?.seq ?? 0;
    let chars = 0;
    for (const e of evs) chars += EVENT_CHARS + (e.raw?.length ?? 0);
    this.chars = chars;
  }

  get size(): number {
    return this.made ? this.made.seqs.length : this.events?.length ?? 0;
  }

  batch(): FrameBatch {
    if (!this.made) {
      this.made = frameBatch(this.events ?? []);
      this.events = null;
    }
    return this.made;
  }
}

/** Patches as handed on; their JSON is made once, when first sent. */
export class RingPatches {
  private made: string | undefined;
  readonly chars: number;

  constructor(private readonly patches: readonly EventPatch[]) {
    this.chars = 64 * patches.length;
  }

  json(): string {
    return (this.made ??= patchesJson(this.patches));
  }
}

export type RingBatch = { kind: 'events'; batch: FrameBatch } | { kind: 'patches'; patches: RingPatches };
type Held = { kind: 'events'; events: RingEvents } | { kind: 'patches'; patches: RingPatches };

/** What a dropped batch's slot holds until the slots before `head` are cut off. */
const RELEASED: Held = { kind: 'patches', patches: new RingPatches([]) };

class Ring {
  readonly batches: Held[] = [];
  /** Index of the first live batch in `batches` (dropped ones are cut off in bulk). */
  private head = 0;
  count = 0;
  chars = 0;
  /** Lowest seq held (every event after it up to `last` is here). */
  first = 0;
  last = 0;

  events(events: RingEvents): void {
    if (events.size === 0) return;
    if (this.count === 0) this.first = events.first;
    this.batches.push({ kind: 'events', events });
    this.count += events.size;
    this.chars += events.chars;
    this.last = events.last;
    while (this.chars > MAX_CHARS && this.batches.length - this.head > 1) this.dropFirst();
    if (this.head > 1024) {
      this.batches.splice(0, this.head);
      this.head = 0;
    }
  }

  patches(patches: RingPatches): void {
    if (this.count > 0 && patches.chars) {
      this.batches.push({ kind: 'patches', patches });
      this.chars += patches.chars;
    }
  }

  live(): Held[] {
    return this.head ? this.batches.slice(this.head) : this.batches;
  }

  private dropFirst(): void {
    const dropped = this.batches[this.head];
    // Its slot lets go of the batch at once: the slots are cut off only past 1024, which at a flood's
    // ~900 entries a batch held ~1M dropped events (~1 KB of heap each) beyond the bound (issue 11).
    this.batches[this.head++] = RELEASED;
    this.chars -= dropped.kind === 'events' ? dropped.events.chars : dropped.patches.chars;
    if (dropped.kind === 'events') this.count -= dropped.events.size;
    for (let i = this.head; i < this.batches.length; i++) {
      const b = this.batches[i];
      if (b.kind === 'events') {
        this.first = b.events.first;
        return;
      }
    }
    this.first = this.last + 1;
  }
}

/** What a subscriber that saw everything up to `since` is missing: events after it, then the patches that followed. */
export interface Catchup {
  batches: RingBatch[];
  last: number;
}

export class LiveRing {
  private readonly rings = new Map<string, Ring>();

  /** Holds a session's new events; returns them, to make their frame text once if a page follows. */
  events(sessionId: string, events: readonly TrafficEvent[]): RingEvents {
    let r = this.rings.get(sessionId);
    if (!r) this.rings.set(sessionId, (r = new Ring()));
    const held = new RingEvents(events);
    r.events(held);
    return held;
  }

  /** Holds a session's new patches (after its events); returns them, to make their text once. */
  patches(sessionId: string, patches: readonly EventPatch[]): RingPatches {
    const held = new RingPatches(patches);
    this.rings.get(sessionId)?.patches(held);
    return held;
  }

  forget(sessionId: string): void {
    this.rings.delete(sessionId);
  }

  /**
   * Everything after `since`, when the ring reaches back that far; undefined when the store must
   * serve it (or there is nothing live beyond it). A patch before the first event sent names only
   * entries the subscriber already has in their patched form, so it is left out.
   */
  since(sessionId: string, since: number): Catchup | undefined {
    const r = this.rings.get(sessionId);
    if (!r || r.count === 0 || since + 1 < r.first || since >= r.last) return undefined;
    const out: RingBatch[] = [];
    for (const b of r.live()) {
      if (b.kind === 'events') {
        if (b.events.last <= since) continue;
        const rest = after(b.events.batch(), since);
        if (rest) out.push({ kind: 'events', batch: rest });
      } else if (out.length) out.push(b);
    }
    return { batches: out, last: r.last };
  }
}
