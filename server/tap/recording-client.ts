/**
 * The conversation thread's handle on the tap's recording, which runs in a worker
 * (recording-host.ts): every call queues its op and returns at once; the queue goes to the worker
 * as one message later (flush-clock.ts: 5 ms for a stream, after a quiet spell for an HTTP tap;
 * sooner past FLUSH_BYTES or FLUSH_OPS), long after the bytes that caused it
 * were written on — so no copying, cloning or waking of the worker sits between reading a message
 * and passing it on, and a quick back-and-forth wakes the worker once per batch, not twice per
 * exchange (issue 12: on a busy machine each wake-up risks the conversation thread losing its
 * core; bench/README.md has the figures). A side's bytes are copied at once into a shared ring
 * (copy-ring.ts: a memcpy into memory already mapped, nothing allocated), and the ops say where
 * they lie; a side's copies in a row that lie end to end in the ring go as one op. If the worker
 * falls a whole ring behind, copies are skipped (the conversation goes on untouched) and the
 * worker is told how many bytes it missed, which the timeline then says.
 */
import { Worker } from 'node:worker_threads';
import type { WireExtras } from '../../lib/session/pipeline';
import type { TapInject } from '../../lib/session/tap-wire';
import type { TapConnection } from '../../lib/session/tap-connections';
import type { ExchangeRef, HostInit, HostReply, RecordingOp, WorkerInit } from './recording-ops';
import type { Side } from './recording';
import type { InterceptOp } from './intercept-ops';
import type { TapInterceptAsk } from '../../lib/intercept/wire';
import { workerScript } from '../build-info';
import { WORKER_YOUNG_GENERATION_MB } from '../young-generation';
import { CopyRingWriter, RING_BYTES } from './copy-ring';
import type { EdgeState } from './frame-edges';
import { PaceSignal } from './recording-pace';
import type { HttpRecordOp } from './proxy-record';
import { EXCHANGE_FLUSH, FlushClock, STREAM_FLUSH } from './flush-clock';
import { RecordReader, type ForwardShared } from './forward-channel';

/** The ring of a tap whose copies never travel in it (the HTTP/WebSocket tap's go in its ops). */
const UNUSED_RING_BYTES = 4096;
/** Bytes queued past this go at the end of the event loop's turn (bounds what the queue holds). */
const FLUSH_BYTES = 1024 * 1024;
/** So do ops past this many (an HTTP tap's batch: bounds what one post clones on the conversation thread). */
const FLUSH_OPS = 1024;
/**
 * How long the end waits for the worker to store what is left and write --out, counted from its
 * last sign of progress (a busy machine may need longer than this for a long burst, and gets it
 * while the worker keeps acknowledging bytes), and at most END_MAX_MS in all.
 */
const END_TIMEOUT_MS = 15_000;
const END_MAX_MS = 120_000;

export class RecordingClient {
  private readonly worker: Worker;
  private readonly ring: CopyRingWriter;
  readonly pace = new PaceSignal();
  /** What the forwarding thread (forward-host.ts) forwarded and copied, not yet in the queue. */
  private readonly forwarded: RecordReader | null;
  private readonly skipped: Record<Side, number> = { out: 0, in: 0 };
  private lastExchange = 0;
  private finished: (() => void) | null = null;
  /** While ending: the wait for the worker, restarted by each acknowledgement. */
  private endTimer: NodeJS.Timeout | null = null;
  private failed = false;
  private injectListener: ((ask: TapInject) => void | Promise<void>) | null = null;
  private interceptListener: ((ask: TapInterceptAsk) => void) | null = null;
  private stopListener: (() => void) | null = null;
  /** Ops not yet posted, in order. */
  private queue: RecordingOp[] = [];
  private queuedBytes = 0;
  private flushSoon = false;
  private readonly flushNow = () => this.flush();
  private readonly clock: FlushClock;
  /** Asks for a side's frame edges (edgesAt), by ref. */
  private readonly edgeAsks = new Map<number, (state: EdgeState | null) => void>();
  private lastEdgeAsk = 0;
  /** Resolves once the worker has loaded and can record (or failed: then nothing is recorded). */
  readonly ready: Promise<void>;

  /**
   * `floods`: the conversation may flood the worker (the stdio tap); an HTTP tap's pace is its round trips.
   * `forward`: a forwarding thread's shared memory (forwarder.ts), whose copies this recording takes too.
   */
  constructor(init: HostInit, private readonly log: (line: string) => void, floods = true, forward?: ForwardShared) {
    // Only a stream's bytes travel in the ring: an HTTP/WebSocket tap posts its exchanges' copies, so it maps no 32 MiB.
    this.ring = new CopyRingWriter(floods ? RING_BYTES : UNUSED_RING_BYTES);
    const workerData: WorkerInit = { ...init, ring: this.ring.buffer, pace: this.pace.buffer, ...(forward ? { forward } : {}) };
    this.forwarded = forward ? new RecordReader(forward) : null;
    this.clock = new FlushClock(floods ? STREAM_FLUSH : EXCHANGE_FLUSH, this.flushNow);
    this.worker = new Worker(workerScript('recording-worker', import.meta.url), {
      workerData,
      stdout: false,
      stderr: false,
      // The worker runs the pipeline: under a flood its garbage is the app's (server/young-generation.ts).
      ...(floods ? { resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB } } : {}),
    });
    this.worker.unref();
    if (floods) this.ring.touch();
    let isReady: () => void = () => undefined;
    this.ready = new Promise((resolve) => (isReady = resolve));
    this.worker.on('message', (r: HostReply) => {
      if (r.op === 'took') {
        this.ring.readUpTo(r.bytes);
        this.endTimer?.refresh();
      }
      else if (r.op === 'ready') isReady();
      else if (r.op === 'edges') this.edgesAnswered(r.ref, r.state);
      else if (r.op === 'stop') this.stopListener?.();
      else if (r.op === 'intercept') {
        // The stdio tap holds frames in its splices (intercept.ts), the HTTP/WebSocket tap in its relays (proxy-intercept.ts).
        const ask = r.ask;
        this.asked(() => {
          if (this.interceptListener) this.interceptListener(ask);
          else this.intercept({ op: 'intercept-state', ref: ask.ref, on: false, breakpoints: [], held: [], error: 'this tap is not ready to intercept yet' });
        });
      } else if (r.op === 'inject') {
        // The stdio tap splices (stdio-inject.ts), the HTTP/WebSocket tap writes (proxy-inject.ts).
        const ask = r.ask;
        this.asked(() => {
          if (this.injectListener) return this.injectListener(ask);
          this.injectRefused(ask.ref, 'this tap is not ready to inject yet');
        });
      }
      else this.finished?.();
    });
    this.worker.on('error', (err) => {
      // The recording is lost from here on; the conversation is not touched.
      this.failed = true;
      log(`the recording stopped: ${err.message}`);
      for (const ref of [...this.edgeAsks.keys()]) this.edgesAnswered(ref, null);
      isReady();
      this.finished?.();
    });
  }

  /**
   * Each inject or intercept ask is handled once `first` resolves, in the order they came, and
   * `after` runs once it was (the stdio tap takes its server → client direction back from the
   * forwarding thread for them, and hands it back after: forwarder.ts).
   */
  aroundAsks(first: () => Promise<void>, after: () => void): void {
    this.askGate = { first, after };
  }

  private askGate: { first: () => Promise<void>; after: () => void } | null = null;
  private asks: Promise<void> = Promise.resolve();

  private asked(handle: () => void | Promise<void>): void {
    const gate = this.askGate;
    if (!gate) {
      void handle();
      return;
    }
    // One ask that fails (its handler threw) is logged and does not stop the ones after it.
    this.asks = this.asks
      .then(gate.first)
      .then(async () => {
        try {
          await handle();
        } finally {
          gate.after();
        }
      })
      .catch((err: unknown) => this.log(`an inject or intercept ask failed: ${err instanceof Error ? err.message : String(err)}`));
  }

  /** A number for one HTTP exchange (its request and its replies carry it). */
  newExchange(): number {
    return ++this.lastExchange;
  }

  bytes(side: Side, chunk: Buffer): void {
    if (this.failed) return;
    this.drainForward();
    const spans = this.ring.write(chunk);
    if (!spans) {
      this.skipped[side] += chunk.length;
      return;
    }
    // Queued before this chunk's spans, so the worker learns of the gap where it was.
    this.gapOps(side);
    for (const span of spans) {
      const last = this.queue[this.queue.length - 1];
      if (last?.op === 'bytes' && last.side === side && last.at + last.length === span.at) last.length += span.length;
      else this.enqueue({ op: 'bytes', side, ...span });
    }
    this.queuedBytes += chunk.length;
    this.pace.copied(this.ring.total);
    if (this.queuedBytes > FLUSH_BYTES && !this.flushSoon) {
      this.flushSoon = true;
      setImmediate(this.flushNow);
    }
  }

  /**
   * Where `side`'s frame edges stand after every copy so far, as the recording thread (which
   * follows them) sees them once it has handled those copies; null when it cannot say.
   */
  edgesAt(side: Side, done: (state: EdgeState | null) => void): void {
    if (this.failed) {
      setImmediate(done, null);
      return;
    }
    this.drainForward();
    const ref = ++this.lastEdgeAsk;
    this.edgeAsks.set(ref, done);
    this.pace.waiting(1);
    // Bytes it missed come first, so its answer knows them (a gap loses the edges).
    this.gapOps(side);
    this.enqueue({ op: 'edges', side, ref });
    this.flush();
  }

  private edgesAnswered(ref: number, state: EdgeState | null): void {
    const done = this.edgeAsks.get(ref);
    if (!done) return;
    this.edgeAsks.delete(ref);
    this.pace.waiting(-1);
    done(state);
  }

  private gapOps(side: Side): void {
    if (!this.skipped[side]) return;
    this.enqueue({ op: 'gap', side, bytes: this.skipped[side] });
    this.skipped[side] = 0;
  }

  /**
   * The app asks to inject (stdio-inject.ts / proxy-inject.ts write it and answer with
   * injected/injectRefused); a listener that places it later returns a promise, and the ask is
   * handled (the stdio tap's direction kept off its forwarding thread) until it settles.
   */
  onInject(listener: (ask: TapInject) => void | Promise<void>): void {
    this.injectListener = listener;
  }

  /** The app's user chose "Stop tap" (stdio-tap.ts / proxy-tap.ts end the conversation). */
  onStop(listener: () => void): void {
    this.stopListener = listener;
  }

  /** An injected frame went on in `side`'s direction, in stream order with that side's copies. */
  injected(side: Side, frame: Buffer, ref: number): void {
    const copy = new Uint8Array(frame);
    this.post({ op: 'injected', side, chunk: copy, ref });
  }

  /** The app's intercept asks (intercept.ts handles them and answers with `intercept` ops). */
  onIntercept(listener: (ask: TapInterceptAsk) => void): void {
    this.interceptListener = listener;
  }

  intercept(op: InterceptOp): void {
    this.post(op);
  }

  /** The WebSockets relayed now (proxy-inject.ts tells on each open and close). */
  connections(conns: TapConnection[]): void {
    this.post({ op: 'connections', conns });
  }

  injectRefused(ref: number, error: string): void {
    this.post({ op: 'inject-refused', ref, error });
  }

  stderr(line: string): void {
    this.post({ op: 'stderr', line });
  }

  note(text: string, extras: WireExtras = {}, exchange?: number): void {
    this.post({ op: 'note', text, extras, ...(exchange !== undefined ? { exchange } : {}) });
  }

  /** `inject`: the ask this message answers (it was written by rpcscope, and is recorded marked). */
  message(side: Side, body: string, extras: WireExtras = {}, exchange?: ExchangeRef, inject?: number): void {
    this.post({ op: 'message', side, body, extras, ...(exchange ? { exchange } : {}), ...(inject !== undefined ? { inject } : {}) });
  }

  exchangeEnded(id: number, failed: boolean, why: string, extras: WireExtras = {}): void {
    this.post({ op: 'exchange-end', id, failed, why, extras });
  }

  /** An HTTP exchange's raw copy (the proxy tap): the recording thread decodes and records it. */
  http(op: HttpRecordOp): void {
    this.post(op);
  }

  /** The conversation is over: the worker settles, stores what is left, writes --out, and stops. */
  async end(exit: { code: number | null; signal: string | null } | null, why: string): Promise<void> {
    if (!this.failed) {
      const done = new Promise<void>((resolve) => {
        this.finished = resolve;
        this.endTimer = setTimeout(resolve, END_TIMEOUT_MS).unref();
        setTimeout(resolve, END_MAX_MS).unref();
      });
      this.post({ op: 'end', exit, why });
      this.flush();
      await done;
    }
    await this.worker.terminate();
  }

  private post(op: RecordingOp): void {
    if (this.failed) return;
    this.drainForward();
    this.enqueue(op);
  }

  /**
   * Queues what the forwarding thread forwarded since the last look (the server's bytes, `in`),
   * before whatever this thread records next: a reply it read is recorded after the request this
   * thread copied before writing it to the server, and the other way round.
   */
  drainForward(uncopied = 0): void {
    if (!this.forwarded || this.failed) return;
    this.forwarded.drain(
      (at, length) => {
        this.gapOps('in');
        const last = this.queue[this.queue.length - 1];
        if (last?.op === 'bytes' && last.side === 'in' && last.ring === 'forward' && last.at + last.length === at) last.length += length;
        else this.enqueue({ op: 'bytes', side: 'in', ring: 'forward', at, length });
        this.queuedBytes += length;
        if (this.queuedBytes > FLUSH_BYTES && !this.flushSoon) {
          this.flushSoon = true;
          setImmediate(this.flushNow);
        }
      },
      (bytes) => (this.skipped.in += bytes),
    );
    this.skipped.in += uncopied;
  }

  /** Resolves once the forwarding thread has forwarded more (never, without one). */
  forwardedMore(): Promise<unknown> {
    return this.forwarded ? this.forwarded.whenMore() : new Promise(() => undefined);
  }

  private enqueue(op: RecordingOp): void {
    if (this.queue.push(op) > FLUSH_OPS && !this.flushSoon) {
      this.flushSoon = true;
      setImmediate(this.flushNow);
    }
    this.clock.op();
  }

  /** Posts the queue as one message (the worker takes RecordingOp[]; bytes ops only say where in the ring). */
  private flush(): void {
    this.clock.flushed();
    this.flushSoon = false;
    this.queuedBytes = 0;
    if (!this.queue.length) return;
    const ops = this.queue;
    this.queue = [];
    if (!this.failed) this.worker.postMessage(ops);
  }
}
