/**
 * How the stdio tap's copies reach its recording thread (issue 12: the conversation must not pay
 * for the recording): one shared, preallocated ring of bytes. The conversation thread copies each
 * chunk in (a memcpy into memory already mapped: no allocation, no page faults, no garbage per
 * chunk) and queues where it went; the recording thread copies each span out into a Buffer of its
 * own, and then says how far it has read, which frees that part of the ring. A chunk that does not
 * fit in what is free (the recording fell a whole ring behind) is not copied: the caller skips it
 * and reports the gap. The ring's size is the bound on how far the recording may lag.
 */

/** How far (in bytes) the recording may fall behind the conversation before copies are skipped. */
export const RING_BYTES = 32 * 1024 * 1024;

const PAGE = 4096;

/** Where one copied piece lies in the ring. */
export interface RingSpan {
  at: number;
  length: number;
}

/** The conversation thread's end: writes copies in, never blocks. */
export class CopyRingWriter {
  readonly buffer: SharedArrayBuffer;
  private readonly view: Uint8Array;
  /** Bytes ever written, and ever read by the other end (its acknowledgements). */
  private written = 0;
  private read = 0;

  /**
   * `shared`: a ring made elsewhere, whose reader says how far it has read in `acked[0]` (the
   * forwarding thread, forward-host.ts, waits in `read` and cannot take acknowledgements as messages).
   */
  constructor(size = RING_BYTES, shared?: { buffer: SharedArrayBuffer; acked: BigInt64Array }) {
    this.buffer = shared?.buffer ?? new SharedArrayBuffer(size);
    this.view = new Uint8Array(this.buffer);
    this.acked = shared?.acked;
  }

  private readonly acked: BigInt64Array | undefined;

  /**
   * Makes the kernel map every page of the ring now (one store a page): a fresh SharedArrayBuffer
   * is zero pages mapped on first touch, so otherwise the conversation's first 32 MiB would each
   * take a page fault on the forwarding thread. Called while the recording thread loads.
   */
  touch(): void {
    for (let i = 0; i < this.view.length; i += PAGE) this.view[i] = 0;
  }

  /** Bytes ever copied in. */
  get total(): number {
    return this.written;
  }

  /** Bytes written that the reader has not yet copied out. */
  get backlog(): number {
    return this.written - (this.acked ? Number(Atomics.load(this.acked, 0)) : this.read);
  }

  /** The reader has copied out everything up to `total` bytes (a count it keeps the same way). */
  readUpTo(total: number): void {
    if (total > this.read) this.read = Math.min(total, this.written);
  }

  /** Where bytes can go in place (read straight into the ring): the free run from the write position to the ring's end or the unread part. */
  freeRun(): RingSpan {
    const size = this.view.length;
    const at = this.written % size;
    return { at, length: Math.min(size - this.backlog, size - at) };
  }

  /** `n` bytes were put at `freeRun().at` in place: they are written. */
  wroteInPlace(n: number): void {
    this.written += n;
  }

  /** Copies `chunk` in: where it went (two spans when it wraps), or null when it does not fit. */
  write(chunk: Uint8Array): RingSpan[] | null {
    const size = this.view.length;
    if (!chunk.length) return [];
    if (this.backlog + chunk.length > size) return null;
    const at = this.written % size;
    const first = Math.min(chunk.length, size - at);
    this.view.set(first === chunk.length ? chunk : chunk.subarray(0, first), at);
    this.written += chunk.length;
    if (first === chunk.length) return [{ at, length: first }];
    this.view.set(chunk.subarray(first), 0);
    return [
      { at, length: first },
      { at: 0, length: chunk.length - first },
    ];
  }
}

/** The recording thread's end: a span's bytes as a Buffer of its own (the ring is reused later). */
export function copyOut(ring: SharedArrayBuffer, span: RingSpan): Buffer {
  return Buffer.from(new Uint8Array(ring, span.at, span.length));
}
