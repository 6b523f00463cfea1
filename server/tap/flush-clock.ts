/**
 * When the tap's conversation thread posts its queued recording ops to the recording thread
 * (recording-client.ts). Each post wakes that thread, and on a busy machine a wake-up risks the
 * conversation thread losing its core to it (issue 12). A stream (the stdio tap) posts a fixed
 * FLUSH_MS after its first op, as before. An HTTP/WebSocket tap's ops come one exchange at a time:
 * they go once the conversation has been quiet for `idleMs` (no op queued), or `maxMs` after the
 * first of them while it keeps talking — so a ping-pong wakes the worker ten times a second, not
 * every few exchanges. One timer per batch, refreshed, never one per request; a batch past its
 * size cap goes at the end of the turn (recording-client.ts).
 */
import { performance } from 'node:perf_hooks';

export interface FlushTiming {
  /** Post once no op was queued for this long… */
  idleMs: number;
  /** …or this long after the batch's first op, whichever comes first. */
  maxMs: number;
}

/** The stdio tap: 5 ms after the first op (the app shows entries well within a second anyway). */
export const STREAM_FLUSH: FlushTiming = { idleMs: 5, maxMs: 5 };
/** The HTTP/WebSocket tap: after 20 ms of quiet, at most 100 ms behind. */
export const EXCHANGE_FLUSH: FlushTiming = { idleMs: 20, maxMs: 100 };

export class FlushClock {
  private timer: NodeJS.Timeout | null = null;
  private firstAt = 0;
  private queued = 0;
  private seen = 0;

  constructor(
    private readonly timing: FlushTiming,
    private readonly flush: () => void,
  ) {}

  /** An op was queued: the batch's timer starts with its first op. */
  op(): void {
    this.queued++;
    if (this.timer) return;
    this.firstAt = performance.now();
    this.seen = this.queued;
    this.timer = setTimeout(this.fire, this.timing.idleMs);
  }

  /** The batch went (flushed early, or by this clock): the next op starts a new one. */
  flushed(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private readonly fire = () => {
    const { idleMs, maxMs } = this.timing;
    // Ops came since the last look and waiting one more quiet spell stays within maxMs: look again then.
    if (this.queued !== this.seen && performance.now() - this.firstAt + idleMs <= maxMs) {
      this.seen = this.queued;
      this.timer!.refresh();
      return;
    }
    this.timer = null;
    this.flush();
  };
}
