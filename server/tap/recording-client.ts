/**
 * The conversation thread's handle on the tap's recording, which runs in a worker
 * (recording-host.ts): every call queues its op and returns at once; the queue goes to the worker
 * as one message FLUSH_MS later (sooner past FLUSH_BYTES), long after the bytes that caused it
 * were written on — so no copying, cloning or waking of the worker sits between reading a message
 * and passing it on, and a quick back-and-forth wakes the worker once per batch, not twice per
 * exchange (issue 12: on a busy machine each wake-up risks the conversation thread losing its
 * core; bench/README.md has the figures). A side's bytes queued in a row
 * are copied then into one exact-size buffer and transferred, so the worker never holds the
 * stream's own memory. If the worker falls more than MAX_BACKLOG bytes behind, copies are skipped
 * (the conversation goes on untouched) and the worker is told how many bytes it missed, which the
 * timeline then says.
 */
import { Worker } from 'node:worker_threads';
import type { WireExtras } from '../../lib/session/pipeline';
import type { TapInject } from '../../lib/session/tap-wire';
import type { TapConnection } from '../../lib/session/tap-connections';
import type { ExchangeRef, HostInit, HostReply, RecordingOp } from './recording-ops';
import type { Side } from './recording';
import type { InterceptOp } from './intercept-ops';
import type { TapInterceptAsk } from '../../lib/intercept/wire';
import { workerScript } from '../build-info';

const MAX_BACKLOG = 64 * 1024 * 1024;
/** How long ops wait to be posted together: the app shows entries well within a second anyway. */
const FLUSH_MS = 5;
/** Bytes queued past this go at the end of the event loop's turn (bounds what the queue holds). */
const FLUSH_BYTES = 1024 * 1024;
/** How long the end waits for the worker to store what is left and write --out. */
const END_TIMEOUT_MS = 15_000;

export class RecordingClient {
  private readonly worker: Worker;
  private posted = 0;
  private took = 0;
  private readonly skipped: Record<Side, number> = { out: 0, in: 0 };
  private lastExchange = 0;
  private finished: (() => void) | null = null;
  private failed = false;
  private injectListener: ((ask: TapInject) => void) | null = null;
  private interceptListener: ((ask: TapInterceptAsk) => void) | null = null;
  private stopListener: (() => void) | null = null;
  /** Ops not yet posted, in order; a `bytes` entry still holds the stream's own Buffers (copied at flush). */
  private queue: (RecordingOp | QueuedBytes)[] = [];
  private queuedBytes = 0;
  private flushTimer: NodeJS.Timeout | null = null;
  private flushSoon = false;
  private readonly flushNow = () => this.flush();
  /** Resolves once the worker has loaded and can record (or failed: then nothing is recorded). */
  readonly ready: Promise<void>;

  constructor(init: HostInit, log: (line: string) => void) {
    this.worker = new Worker(workerScript('recording-worker', import.meta.url), { workerData: init, stdout: false, stderr: false });
    this.worker.unref();
    let isReady: () => void = () => undefined;
    this.ready = new Promise((resolve) => (isReady = resolve));
    this.worker.on('message', (r: HostReply) => {
      if (r.op === 'took') this.took = r.bytes;
      else if (r.op === 'ready') isReady();
      else if (r.op === 'stop') this.stopListener?.();
      else if (r.op === 'intercept') {
        // The stdio tap holds frames in its splices (intercept.ts), the HTTP/WebSocket tap in its relays (proxy-intercept.ts).
        if (this.interceptListener) this.interceptListener(r.ask);
        else this.intercept({ op: 'intercept-state', ref: r.ask.ref, on: false, breakpoints: [], held: [], error: 'this tap is not ready to intercept yet' });
      } else if (r.op === 'inject') {
        // The stdio tap splices (stdio-inject.ts), the HTTP/WebSocket tap writes (proxy-inject.ts).
        if (this.injectListener) this.injectListener(r.ask);
        else this.injectRefused(r.ask.ref, 'this tap is not ready to inject yet');
      }
      else this.finished?.();
    });
    this.worker.on('error', (err) => {
      // The recording is lost from here on; the conversation is not touched.
      this.failed = true;
      log(`the recording stopped: ${err.message}`);
      isReady();
      this.finished?.();
    });
  }

  /** A number for one HTTP exchange (its request and its replies carry it). */
  newExchange(): number {
    return ++this.lastExchange;
  }

  bytes(side: Side, chunk: Buffer): void {
    if (this.failed) return;
    if (this.posted - this.took > MAX_BACKLOG) {
      this.skipped[side] += chunk.length;
      return;
    }
    if (this.skipped[side]) {
      this.post({ op: 'gap', side, bytes: this.skipped[side] });
      this.skipped[side] = 0;
    }
    this.posted += chunk.length;
    // The chunk is only referenced here (streams never reuse a Buffer they handed on); copied at flush.
    const last = this.queue[this.queue.length - 1];
    if (last instanceof QueuedBytes && last.side === side) last.add(chunk);
    else this.enqueue(new QueuedBytes(side, chunk));
    this.queuedBytes += chunk.length;
    if (this.queuedBytes > FLUSH_BYTES && !this.flushSoon) {
      this.flushSoon = true;
      setImmediate(this.flushNow);
    }
  }

  /** The app asks to inject (stdio-inject.ts / proxy-inject.ts write it and answer with injected/injectRefused). */
  onInject(listener: (ask: TapInject) => void): void {
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

  /** The conversation is over: the worker settles, stores what is left, writes --out, and stops. */
  async end(exit: { code: number | null; signal: string | null } | null, why: string): Promise<void> {
    if (!this.failed) {
      const done = new Promise<void>((resolve) => {
        this.finished = resolve;
        setTimeout(resolve, END_TIMEOUT_MS).unref();
      });
      this.post({ op: 'end', exit, why });
      this.flush();
      await done;
    }
    await this.worker.terminate();
  }

  private post(op: RecordingOp): void {
    if (!this.failed) this.enqueue(op);
  }

  private enqueue(op: RecordingOp | QueuedBytes): void {
    this.queue.push(op);
    this.flushTimer ??= setTimeout(this.flushNow, FLUSH_MS);
  }

  /** Posts the queue as one message (the worker takes RecordingOp[]), transferring the bytes' copies. */
  private flush(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    this.flushSoon = false;
    this.queuedBytes = 0;
    if (!this.queue.length) return;
    const ops: RecordingOp[] = [];
    const transfer: ArrayBuffer[] = [];
    for (const q of this.queue) {
      if (q instanceof QueuedBytes) {
        const chunk = q.copy();
        transfer.push(chunk.buffer as ArrayBuffer);
        ops.push({ op: 'bytes', side: q.side, chunk });
      } else ops.push(q);
    }
    this.queue = [];
    if (!this.failed) this.worker.postMessage(ops, transfer);
  }
}

/** A side's bytes queued in a row: the stream's Buffers until the flush copies them into one. */
class QueuedBytes {
  private readonly chunks: Buffer[];
  private size: number;

  constructor(
    readonly side: Side,
    first: Buffer,
  ) {
    this.chunks = [first];
    this.size = first.length;
  }

  add(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.size += chunk.length;
  }

  /** An exact-size copy of its own (never Buffer's shared pool, which a transfer would detach). */
  copy(): Uint8Array {
    const out = new Uint8Array(this.size);
    let at = 0;
    for (const c of this.chunks) {
      out.set(c, at);
      at += c.length;
    }
    return out;
  }
}
