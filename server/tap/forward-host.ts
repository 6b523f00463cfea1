/**
 * The stdio tap's forwarding thread (a worker, started by forwarder.ts through forward-worker.mjs):
 * it carries the server → client direction off the conversation thread's event loop (issue 12: the
 * tap's throughput). A loop of blocking reads of the server's stdout straight into this thread's
 * copy ring for the recording (forward-channel.ts), each chunk written from there to the client's
 * stdout: no streams, no event loop, no copy of its own, no allocation per chunk. The bare Node
 * pass-through on an event loop reached ~0.5× a direct pipe on this machine class; this loop
 * reached 0.6–1.0× (bench/tap.ts's "blocking loop" row).
 *
 * While the conversation thread owns the direction (RELAY: it injects or intercepts), each chunk
 * read is handed to it instead, in order. This thread never stops reading until the server's
 * stdout ends, so the hand-over needs no interruption of a `read`: only who writes changes.
 */
import { readSync, writeSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { DIRECT, PENDING, RELAY, RecordWriter, STATE, WRITING, controlOf, type ForwardShared } from './forward-channel';
import { PaceSignal } from './recording-pace';

export interface ForwardInit {
  shared: ForwardShared;
  /** recording-pace.ts's signal: this thread's copies show the conversation is busy. */
  pace: SharedArrayBuffer;
  /** The client's stdout. */
  outFd: number;
}

/** What the forwarding thread tells the conversation thread. */
export type ForwardReply =
  | { op: 'ready' }
  /** A chunk read while the conversation thread owns the direction: it passes it on. */
  | { op: 'chunk'; chunk: Uint8Array }
  /**
   * The server's stdout ended (`error`: reading it failed); every chunk before was forwarded or
   * handed over; `uncopied`: bytes forwarded at the end that no record names (the queue was full).
   */
  | { op: 'end'; error?: string; uncopied: number }
  /** Writing to the client failed (it stopped reading): this thread stopped reading the server. */
  | { op: 'gone'; error: string; uncopied: number };

/** One read's most (the pipe holds 64 KiB; more than that waits in the server). */
const READ_BYTES = 1024 * 1024;
/** The least free run of the ring read into in place; below it a read goes to this thread's buffer and is copied (or skipped). */
const MIN_IN_PLACE = 64 * 1024;
/** Chunks handed over and not yet passed on past which this thread waits (the client reads slowly). */
const MAX_PENDING = 16;

const MIN_NAP_MS = 0.02;
const MAX_NAP_MS = 1;

const init = workerData as ForwardInit;
const port = parentPort!;
const state = controlOf(init.shared);
const records = new RecordWriter(init.shared);
const pace = new PaceSignal(init.pace);
const nap = new Int32Array(new SharedArrayBuffer(4));
const buf = Buffer.allocUnsafe(READ_BYTES);
const ring = new Uint8Array(init.shared.ring);

const errorCode = (err: unknown) => (err as NodeJS.ErrnoException).code;

/**
 * Writes all of `chunk` to the client. Its stdout is often non-blocking (the event loop's, and
 * shared with it: not ours to change), so a full pipe says EAGAIN; this thread then naps and tries
 * again, from 20 µs doubling up to 1 ms (a reader frees 64 KiB in tens of µs; a fixed 1 ms nap
 * made a 21 MiB burst 50 ms slower).
 */
function writeAll(chunk: Uint8Array): void {
  let napMs = MIN_NAP_MS;
  for (let at = 0; at < chunk.length; ) {
    try {
      at += writeSync(init.outFd, chunk, at, chunk.length - at);
      napMs = MIN_NAP_MS;
    } catch (err) {
      if (errorCode(err) !== 'EAGAIN') throw err;
      Atomics.wait(nap, 0, 0, napMs);
      napMs = Math.min(MAX_NAP_MS, napMs * 2);
    }
  }
}

/** Passes on a chunk just read: written here (DIRECT), or handed to the conversation thread (RELAY). `inRing`: read in place into the ring. */
function passOn(chunk: Uint8Array, inRing: boolean): void {
  for (;;) {
    const s = Atomics.load(state, STATE);
    if (s === DIRECT) {
      if (Atomics.compareExchange(state, STATE, DIRECT, WRITING) !== DIRECT) continue;
      try {
        // Recorded before it is written: the client may answer it at once, and the conversation
        // thread records the answer after draining these records, so the reply it answers must be
        // among them (published after the write, 4 % of a quick ping-pong's requests were recorded
        // before the reply they followed: the write wakes the client, which can take the core).
        // So also before the direction is free again: a thread taking it over has every record.
        // The conversation thread is woken after the write, not between the chunk and its client.
        records.forwarded(chunk, inRing, false);
        pace.forwarded(records.ring.total);
        writeAll(chunk);
        records.wake();
      } finally {
        Atomics.store(state, STATE, DIRECT);
        Atomics.notify(state, STATE);
      }
      return;
    }
    if ((s & 3) !== RELAY) throw new Error(`the forwarding state is ${s}`);
    if (s >= RELAY + MAX_PENDING * PENDING) {
      Atomics.wait(state, STATE, s, 100);
      continue;
    }
    if (Atomics.compareExchange(state, STATE, s, s + PENDING) !== s) continue;
    // The conversation thread's splice copies it to the recording itself (its own ring): nothing is kept in this one.
    const copy = new Uint8Array(chunk);
    port.postMessage({ op: 'chunk', chunk: copy } satisfies ForwardReply, [copy.buffer]);
    return;
  }
}

function run(fd: number): void {
  for (;;) {
    let n: number;
    // Read straight into the ring where it has room (the kernel's copy is the only one); else into a
    // buffer of this thread's, copied into the ring where it fits or else reported as uncopied.
    const free = records.ring.freeRun();
    // Not into a sliver (the ring's end, or a recording almost a whole ring behind): reads that small would slow the conversation.
    const inRing = free.length >= MIN_IN_PLACE;
    const into = inRing ? ring.subarray(free.at, free.at + Math.min(free.length, READ_BYTES)) : buf;
    try {
      n = readSync(fd, into, 0, into.length, null);
    } catch (err) {
      if (errorCode(err) === 'EAGAIN') {
        Atomics.wait(nap, 0, 0, 1);
        continue;
      }
      port.postMessage({ op: 'end', error: (err as Error).message, uncopied: records.uncopied } satisfies ForwardReply);
      return;
    }
    if (n === 0) break;
    try {
      passOn(into.subarray(0, n), inRing);
    } catch (err) {
      port.postMessage({ op: 'gone', error: (err as Error).message, uncopied: records.uncopied } satisfies ForwardReply);
      return;
    }
  }
  port.postMessage({ op: 'end', uncopied: records.uncopied } satisfies ForwardReply);
}

// Its pages mapped now, not one fault a page in the first burst (copy-ring.ts).
records.ring.touch();
port.once('message', (m: { fd: number }) => run(m.fd));
port.postMessage({ op: 'ready' } satisfies ForwardReply);
