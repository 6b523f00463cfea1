/**
 * The last few thousand live entries of each open session, as the bridge sent them (secrets
 * already masked), with the patches that followed them in order. A page that subscribes to a live
 * session it was close to (a reload, a second tab, a page that fell behind) is served from here
 * instead of reading, parsing and re-serialising rows from SQLite; the events keep the text that
 * was made for the live feed (server/store/event-json.ts). Anything older comes from the store.
 *
 * Bounded: at most MAX_EVENTS entries per session (whole batches are dropped from the front), and
 * a session's ring goes when it ends — its recording is then complete in the store.
 */
import type { EventPatch, TrafficEvent } from '../lib/session/types';

const MAX_EVENTS = 10_000;

type Batch = { kind: 'events'; events: TrafficEvent[] } | { kind: 'patches'; patches: EventPatch[] };

class Ring {
  readonly batches: Batch[] = [];
  count = 0;
  /** Lowest seq held (every event after it up to `last` is here). */
  first = 0;
  last = 0;

  events(events: TrafficEvent[]): void {
    if (events.length === 0) return;
    if (this.count === 0) this.first = events[0].seq;
    this.batches.push({ kind: 'events', events });
    this.count += events.length;
    this.last = events[events.length - 1].seq;
    while (this.count > MAX_EVENTS && this.batches.length > 1) {
      const dropped = this.batches.shift();
      if (dropped?.kind === 'events') this.count -= dropped.events.length;
      const next = this.batches.find((b) => b.kind === 'events');
      this.first = next?.kind === 'events' ? next.events[0].seq : this.last + 1;
    }
  }

  patches(patches: EventPatch[]): void {
    if (this.count > 0 && patches.length) this.batches.push({ kind: 'patches', patches });
  }
}

/** What a subscriber that saw everything up to `since` is missing: events after it, then the patches that followed. */
export interface Catchup {
  batches: Batch[];
  last: number;
}

export class LiveRing {
  private readonly rings = new Map<string, Ring>();

  events(sessionId: string, events: TrafficEvent[]): void {
    let r = this.rings.get(sessionId);
    if (!r) this.rings.set(sessionId, (r = new Ring()));
    r.events(events);
  }

  patches(sessionId: string, patches: EventPatch[]): void {
    this.rings.get(sessionId)?.patches(patches);
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
    const out: Batch[] = [];
    for (const b of r.batches) {
      if (b.kind === 'events') {
        if (b.events[b.events.length - 1].seq <= since) continue;
        out.push({ kind: 'events', events: b.events[0].seq > since ? b.events : b.events.filter((e) => e.seq > since) });
      } else if (out.length) out.push(b);
    }
    return { batches: out, last: r.last };
  }
}
