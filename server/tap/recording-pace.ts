/**
 * The recording keeps out of the conversation's way (issue 12: the recording must not take the CPU
 * the conversation needs). While the conversation is passing bytes, the recording thread leaves
 * its copies in the ring for a while instead of decoding and storing them at once, so a burst goes
 * through with the cores to itself; it catches up as soon as the conversation pauses. It never
 * waits longer than MAX_LAG_MS behind (the app still shows a busy conversation live), nor once
 * PACE_UNTIL of the ring is taken (copies would soon be skipped), nor while the backlog is small (a
 * back-and-forth), nor while the conversation waits on it (the splice asking for frame edges), nor
 * at the end. Unlike a lower nice value this needs no privilege to undo, so a recording on a
 * saturated machine is never starved at the end.
 *
 * A pause is QUIET_MS with nothing copied, not one look (w11/tapfwd, measured on 2 loaded cores:
 * the forwarding thread often loses its core for a few ms mid-burst, and the recording thread,
 * taking that for the end of the burst, decoded a 1 MiB batch and took the core back from it;
 * so did the lag limit, 250 ms then, which a 100k burst outlasts on a busy machine, and half the
 * ring, which it fills: 70–250 ms of recording CPU inside a 100k burst, now ~0–20 ms).
 */

/** How long a batch of copies may wait while the conversation is busy. */
export const MAX_LAG_MS = 1000;
/** The conversation is busy while it copied anything in the last QUIET_MS. */
export const QUIET_MS = 20;
/** Past this share of the ring taken, the copies are handled at once (a quarter stays free before any is skipped). */
export const PACE_UNTIL = 3 / 4;
/**
 * Below this backlog the copies are handled at once: a back-and-forth conversation keeps it small
 * (a few KiB a batch), and waking every LOOK_MS to look would cost it more than the recording does.
 * Not higher: a burst's first batch goes 5 ms after the tap's first note, often a millisecond into
 * the burst with ~230 KiB, and handling it then (the recording thread's first, cold decode and
 * store: 0.2–0.5 s of CPU, seen on this machine) took a core from the burst.
 */
export const PACE_FROM = 64 * 1024;
/** How often the recording thread looks again while it waits. */
const LOOK_MS = 4;

/** The conversation thread's side: what it has copied so far, and whether it waits on the recording. */
export class PaceSignal {
  private readonly slots: Float64Array;

  /** `buffer`: another thread's signal (the forwarding thread's copies count too: forward-host.ts). */
  constructor(readonly buffer = new SharedArrayBuffer(24)) {
    this.slots = new Float64Array(buffer);
  }

  /** Bytes copied into the ring so far (it changing is the sign of a busy conversation). */
  copied(total: number): void {
    this.slots[0] = total;
  }

  /** Bytes the forwarding thread copied into its own ring so far (forward-channel.ts). */
  forwarded(total: number): void {
    this.slots[2] = total;
  }

  /** The conversation waits on `n` more (or fewer) answers from the recording thread. */
  waiting(n: number): void {
    this.slots[1] += n;
  }
}

/** The recording thread's side. */
export class Pacer {
  private readonly slots: Float64Array;
  private lastCopied = -1;
  /** When the copied count last moved (as `delay` was told the time). */
  private movedAt = -Infinity;

  constructor(
    buffer: SharedArrayBuffer,
    private readonly ringBytes: number,
  ) {
    this.slots = new Float64Array(buffer);
  }

  /** How long to wait before handling the next batch (0: now), given the bytes taken so far (from both rings) and when that batch came. */
  delay(took: number, batchAt: number, now: number, ending: boolean): number {
    const copied = this.slots[0] + this.slots[2];
    if (copied !== this.lastCopied) this.movedAt = now;
    this.lastCopied = copied;
    const busy = now - this.movedAt < QUIET_MS;
    if (!busy || ending || this.slots[1] > 0) return 0;
    const backlog = copied - took;
    if (backlog < PACE_FROM || backlog > this.ringBytes * PACE_UNTIL) return 0;
    const left = MAX_LAG_MS - (now - batchAt);
    return left <= 0 ? 0 : Math.min(LOOK_MS, left);
  }
}
