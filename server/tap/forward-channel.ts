/**
 * What the stdio tap's forwarding thread (forward-host.ts) shares with the conversation thread
 * (forwarder.ts) and the recording thread (recording-host.ts), all in shared memory because the
 * forwarding thread spends its time blocked in `read` and takes no messages:
 *   - its own copy ring (copy-ring.ts), acknowledged by the recording thread in `acked`;
 *   - a queue of records, one per chunk it forwarded: +n (n bytes copied, next in its ring) or
 *     −n (n bytes went on uncopied: the recording fell behind), which the conversation thread
 *     drains into the recording's op queue in order with everything else it records;
 *   - one state word saying who writes the client's stdout now (the ownership hand-over).
 *
 * The state word: DIRECT (the forwarding thread writes what it reads), WRITING (it is doing so
 * right now), or RELAY plus PENDING for each chunk it has read and handed to the conversation
 * thread that this has not yet passed on (then the conversation thread writes: it cuts at frame
 * edges to inject or intercept, splice.ts). Every change is one compare-and-swap, so neither
 * thread can write the client's stdout while the other does, and the thread taking over has seen
 * every byte the other wrote.
 */
import { CopyRingWriter, RING_BYTES } from './copy-ring';

export const DIRECT = 0;
export const WRITING = 1;
export const RELAY = 2;
/** Added to RELAY for each chunk handed over and not yet passed on. */
export const PENDING = 4;

/** Int32 slots of the control buffer. */
export const STATE = 0;
/** Records published (forwarding thread) and drained (conversation thread); both only grow, modulo 2^32. */
const HEAD = 1;
const TAIL = 2;
/** Records the queue holds; a chunk that finds it full goes on uncopied (its bytes join the next skip). */
export const RECORDS = 1 << 15;

export interface ForwardShared {
  ring: SharedArrayBuffer;
  /** Int32 [state, head, tail, –], BigInt64 [ring bytes the recording has copied out], Float64 [Date.now() of the last drain that found records]. */
  control: SharedArrayBuffer;
  records: SharedArrayBuffer;
}

export function forwardShared(ringBytes = RING_BYTES): ForwardShared {
  return { ring: new SharedArrayBuffer(ringBytes), control: new SharedArrayBuffer(32), records: new SharedArrayBuffer(RECORDS * 4) };
}

export const controlOf = (shared: ForwardShared) => new Int32Array(shared.control, 0, 4);
const ackedOf = (shared: ForwardShared) => new BigInt64Array(shared.control, 16, 1);
const drainedOf = (shared: ForwardShared) => new Float64Array(shared.control, 24, 1);

/**
 * While the conversation thread drained records less than this long ago (it is busy, or takes
 * them anyway with the client's next bytes), records do not wake it: it looks again by then. A
 * wake per chunk put a third thread on 2 cores into every round trip (stdio p50 +0.1 ms).
 */
export const WAKE_AFTER_MS = 5;

/** The recording thread has copied out `total` bytes of the forwarding thread's ring (they are free again). */
export function ackForwarded(shared: ForwardShared, total: number): void {
  Atomics.store(ackedOf(shared), 0, BigInt(total));
}

/** The forwarding thread's end: copies a chunk into its ring and says so, or says it went on uncopied. */
export class RecordWriter {
  readonly ring: CopyRingWriter;
  private readonly control: Int32Array;
  private readonly records: Int32Array;
  /** Bytes that went on uncopied and are not yet in a record (the queue was full). */
  private owed = 0;
  private readonly drained: Float64Array;

  constructor(shared: ForwardShared) {
    this.ring = new CopyRingWriter(shared.ring.byteLength, { buffer: shared.ring, acked: ackedOf(shared) });
    this.control = controlOf(shared);
    this.records = new Int32Array(shared.records);
    this.drained = drainedOf(shared);
  }

  /**
   * Records `chunk` (about to go on to the client, or gone), and wakes a conversation thread
   * waiting for records (`wake`: at once; else by `wake()`, after the write). `inPlace`: it was read straight into the ring at
   * `ring.freeRun().at`, so nothing is copied.
   */
  forwarded(chunk: Uint8Array, inPlace = false, wake = true): void {
    const head = Atomics.load(this.control, HEAD);
    const room = RECORDS - ((head - Atomics.load(this.control, TAIL)) | 0);
    let at = head;
    if (this.owed && room > 0) {
      this.records[at++ & (RECORDS - 1)] = -this.owed;
      this.owed = 0;
    }
    // Room for its record is made sure of first: bytes in the ring without a record would shift every later one.
    if (this.owed || at - head >= room) this.owed += chunk.length;
    else this.records[at++ & (RECORDS - 1)] = this.put(chunk, inPlace) ? chunk.length : -chunk.length;
    if (at === head) return;
    Atomics.store(this.control, HEAD, at | 0);
    if (wake) this.wake();
  }

  /** Wakes a conversation thread waiting for records, unless it drained them lately (WAKE_AFTER_MS). */
  wake(): void {
    if (Date.now() - this.drained[0] >= WAKE_AFTER_MS) Atomics.notify(this.control, HEAD);
  }

  private put(chunk: Uint8Array, inPlace: boolean): boolean {
    if (!inPlace) return this.ring.write(chunk) !== null;
    this.ring.wroteInPlace(chunk.length);
    return true;
  }

  /** Bytes that went on uncopied and have no record yet (told with the end instead). */
  get uncopied(): number {
    return this.owed;
  }
}

/** The conversation thread's end: the records published since it last looked, in order. */
export class RecordReader {
  private readonly control: Int32Array;
  private readonly records: Int32Array;
  /** Where the next copied record's bytes start in the ring (bytes ever copied, modulo its size). */
  private at = 0;

  private readonly drained: Float64Array;

  constructor(private readonly shared: ForwardShared) {
    this.control = controlOf(shared);
    this.records = new Int32Array(shared.records);
    this.drained = drainedOf(shared);
  }

  /** Each record since the last call: `copied(at, length)` for each span (two where the ring wraps), `skipped(n)`. */
  drain(copied: (at: number, length: number) => void, skipped: (bytes: number) => void): void {
    const head = Atomics.load(this.control, HEAD);
    let tail = Atomics.load(this.control, TAIL);
    if (tail === head) return;
    const size = this.shared.ring.byteLength;
    for (; tail !== head; tail = (tail + 1) | 0) {
      const n = this.records[tail & (RECORDS - 1)];
      if (n < 0) {
        skipped(-n);
        continue;
      }
      const first = Math.min(n, size - this.at);
      copied(this.at, first);
      if (first < n) copied(0, n - first);
      this.at = (this.at + n) % size;
    }
    Atomics.store(this.control, TAIL, head);
    this.drained[0] = Date.now();
  }

  /**
   * Resolves once records come after those drained (or at once when some wait): woken by the
   * forwarding thread, or, while it does not wake this thread (WAKE_AFTER_MS), by then.
   */
  whenMore(): Promise<unknown> {
    const head = Atomics.load(this.control, HEAD);
    if (head !== Atomics.load(this.control, TAIL)) return Promise.resolve();
    const since = Date.now() - this.drained[0];
    const w = since < WAKE_AFTER_MS ? Atomics.waitAsync(this.control, HEAD, head, WAKE_AFTER_MS + 1 - since) : Atomics.waitAsync(this.control, HEAD, head);
    return w.async ? w.value : Promise.resolve();
  }
}
