/**
 * What a live session has made and not yet handed on: events, the patches that refer to them and
 * whether the summary changed. It hands them to the sink in that order (a patch never reaches a
 * sink before the event it patches), once per turn of the event loop or every FLUSH_EVENTS events.
 */
import type { EventPatch, TrafficEvent } from '../../lib/session/types';

/**
 * Frames read in a burst are handed on at least every this many events, not only when the burst
 * is over: a pipe read loop delivers up to 32 chunks (~9k small messages) before the flush that
 * setImmediate schedules, and events held that long survived the young collections in between,
 * which then copied and promoted them (a quarter of a flood's time).
 */
export const FLUSH_EVENTS = 1024;

export interface OutboxSink {
  events(events: TrafficEvent[]): void;
  patches(patches: EventPatch[]): void;
  summary(): void;
}

export class Outbox {
  private events: TrafficEvent[] = [];
  private patches: EventPatch[] = [];
  private summaryChanged = false;
  private scheduled = false;

  constructor(private readonly sink: OutboxSink) {}

  /** An event (and what it changed in earlier ones); handed on within this turn of the loop. */
  event(event: TrafficEvent, patches: readonly EventPatch[]): void {
    this.events.push(event);
    if (patches.length) this.patches.push(...patches);
    this.schedule();
  }

  patch(patches: readonly EventPatch[]): void {
    if (!patches.length) return;
    this.patches.push(...patches);
    this.schedule();
  }

  /** The summary changed without an event (it is handed on with the next flush). */
  summaryTouched(): void {
    this.summaryChanged = true;
  }

  /** Called after each read burst's frames: a long burst is handed on in pieces. */
  burstProgress(): void {
    if (this.events.length >= FLUSH_EVENTS) this.flush();
  }

  /**
   * Hand what accumulated to the sink: events first, then the patches that refer to them, then the
   * summary — only when something changed (a flush already scheduled may find nothing left to do).
   */
  flush(): void {
    this.scheduled = false;
    if (!this.events.length && !this.patches.length && !this.summaryChanged) return;
    this.summaryChanged = false;
    if (this.events.length) {
      const events = this.events;
      this.events = [];
      this.sink.events(events);
    }
    if (this.patches.length) {
      const patches = this.patches;
      this.patches = [];
      this.sink.patches(patches);
    }
    this.sink.summary();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.flush());
  }
}
