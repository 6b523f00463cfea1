/**
 * The conversation thread's side of the stdio tap's forwarding thread (forward-host.ts), which
 * carries the server → client direction while nothing is injected into it or intercepted in it
 * (issue 12: the tap's throughput; bench/tap.ts). The conversation thread claims the server's
 * stdout before a byte of it is read, hands its fd to that thread, and drains what it forwarded
 * into the recording's op queue (recording-client.ts), in order with the client's bytes.
 *
 * For an inject or an intercept ask the direction comes back here (`relay`): from then on each
 * chunk the forwarding thread reads is handed over and goes through the direction's splice
 * (splice.ts) as it did without a forwarding thread. Once the splice only passes chunks again and
 * nothing waits to be written, the forwarding thread writes again (`settle`). forward-channel.ts
 * says how the two never write at once. RPCSCOPE_TAP_FORWARD=off keeps the direction on the
 * event loop (the way it went before).
 */
import type { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { workerScript } from '../build-info';
import { DIRECT, PENDING, RELAY, STATE, WRITING, controlOf, type ForwardShared } from './forward-channel';
import type { ForwardInit, ForwardReply } from './forward-host';
import type { Splice } from './splice';

/** How often, while the direction is relayed here, the conversation thread looks whether it can hand it back. */
const SETTLE_MS = 100;

/** The libuv pipe handle under a child's stdout stream (Node keeps no public API for its fd). */
interface PipeHandle {
  fd: number;
  readStop(): number;
  setBlocking(on: boolean): number;
}

export interface ForwardWiring {
  /** The server's stdout, claimed by `claim` right after the spawn. */
  serverOut: Readable;
  /** The server → client splice, piped into the client's stdout. */
  splice: Splice;
  clientOut: NodeJS.WritableStream & { writableLength?: number; writableNeedDrain?: boolean };
  /** Moves the forwarded copies into the recording's queue (recording-client.ts drainForward); `uncopied`: bytes that went on uncopied after them. */
  drain(uncopied?: number): void;
  /** Resolves once there are forwarded copies to drain. */
  whenMore(): Promise<unknown>;
  /** Writing to the client failed: the client stopped reading. */
  gone(error: string): void;
  log(line: string): void;
}

/** Is the forwarding thread wanted (the tap writes to its own stdout, and it is not switched off)? */
export function forwardingWanted(clientOut: NodeJS.WritableStream): boolean {
  return process.env.RPCSCOPE_TAP_FORWARD !== 'off' && clientOut === process.stdout;
}

/**
 * Stops the event loop from reading the server's stdout (call right after `spawn`, before any I/O
 * callback can run) and makes its fd blocking for the forwarding thread; null when it cannot.
 */
export function claim(serverOut: Readable): number | null {
  const handle = (serverOut as unknown as { _handle?: Partial<PipeHandle> })._handle;
  if (typeof handle?.fd !== 'number' || handle.fd < 0 || !handle.readStop || !handle.setBlocking) return null;
  // First, so that a refusal leaves the stream as it was (the event loop reads it as before).
  if (handle.setBlocking(true) !== 0) return null;
  serverOut.pause();
  handle.readStop();
  return handle.fd;
}

export class Forwarder {
  private readonly state: Int32Array;
  private wiring: ForwardWiring | null = null;
  private ended = false;
  /** The client's stdout failed: chunks handed over are dropped. */
  private closed = false;
  private settleSoon = false;
  private settleTimer: NodeJS.Timeout | null = null;

  private constructor(
    private readonly worker: Worker,
    shared: ForwardShared,
  ) {
    this.state = controlOf(shared);
  }

  /** Loads the forwarding thread; null when it cannot run (the direction then stays on the event loop). */
  static async start(shared: ForwardShared, pace: SharedArrayBuffer, log: (line: string) => void): Promise<Forwarder | null> {
    const init: ForwardInit = { shared, pace, outFd: 1 };
    const worker = new Worker(workerScript('forward-worker', import.meta.url), { workerData: init, stdout: false, stderr: false });
    worker.unref();
    const ok = await new Promise<boolean>((resolve) => {
      worker.once('message', (m: ForwardReply) => resolve(m.op === 'ready'));
      worker.once('error', (err) => {
        log(`the forwarding thread did not start (${err.message}); the server's output passes through the event loop`);
        resolve(false);
      });
    });
    if (!ok) {
      void worker.terminate();
      return null;
    }
    return new Forwarder(worker, shared);
  }

  /** From here the forwarding thread reads `fd` (the claimed server stdout) and writes the client's stdout. */
  run(fd: number, wiring: ForwardWiring): void {
    this.wiring = wiring;
    this.worker.on('message', (m: ForwardReply) => this.message(m));
    this.worker.on('error', (err) => {
      // Its thread is gone: what it read and had not passed on is lost with it, and the direction with it.
      wiring.log(`the forwarding thread failed: ${err.message}`);
      this.finish();
    });
    this.worker.postMessage({ fd });
    wiring.log("the server's output is forwarded by its own thread");
    void this.wakeOnRecords();
  }

  /** Stops the forwarding thread before it was given an fd (the server did not start, or cannot be claimed). */
  stop(): void {
    this.ended = true;
    void this.worker.terminate();
  }

  /**
   * The client's stdout failed (it stopped reading): chunks handed over are dropped, and the
   * direction goes back to the forwarding thread, whose next write fails and ends it.
   */
  clientClosed(): void {
    this.closed = true;
    this.settle();
  }

  /** Takes the direction here (before an inject or intercept ask is handled); resolves once it is. */
  async relay(): Promise<void> {
    for (;;) {
      if (this.ended || this.closed || !this.wiring) return;
      const s = Atomics.load(this.state, STATE);
      if ((s & 3) === RELAY) return;
      if (s === DIRECT && Atomics.compareExchange(this.state, STATE, DIRECT, RELAY) === DIRECT) {
        // Every chunk it forwarded is recorded before whatever this thread does next (an edges ask first).
        this.wiring.drain();
        this.wiring.log("the server's output goes through the conversation thread (to inject or intercept)");
        this.watchSettle();
        return;
      }
      if (s === WRITING) {
        const w = Atomics.waitAsync(this.state, STATE, WRITING);
        if (w.async) await w.value;
      }
    }
  }

  /** Hands the direction back once the splice only passes chunks and nothing waits to be written. */
  settle(): void {
    if (this.settleSoon) return;
    this.settleSoon = true;
    setImmediate(() => {
      this.settleSoon = false;
      const w = this.wiring;
      if (!w || this.ended || Atomics.load(this.state, STATE) !== RELAY) return;
      if (!this.closed && (!w.splice.passing || (w.clientOut.writableLength ?? 0) > 0 || w.clientOut.writableNeedDrain)) return;
      if (Atomics.compareExchange(this.state, STATE, RELAY, DIRECT) !== RELAY) return;
      this.stopWatching();
      w.log("the server's output is forwarded by its own thread again");
    });
  }

  private watchSettle(): void {
    if (this.settleTimer) return;
    this.settleTimer = setInterval(() => this.settle(), SETTLE_MS).unref();
  }

  private stopWatching(): void {
    if (this.settleTimer) clearInterval(this.settleTimer);
    this.settleTimer = null;
  }

  private message(m: ForwardReply): void {
    const w = this.wiring!;
    switch (m.op) {
      case 'chunk': {
        const passed = () => {
          Atomics.sub(this.state, STATE, PENDING);
          Atomics.notify(this.state, STATE);
          this.settle();
        };
        if (this.closed) passed();
        else if (w.splice.write(Buffer.from(m.chunk.buffer, m.chunk.byteOffset, m.chunk.byteLength))) passed();
        else w.splice.once('drain', passed);
        return;
      }
      case 'end':
        if (m.error) w.log(`reading the server's stdout: ${m.error}`);
        w.drain(m.uncopied);
        w.splice.end();
        return this.finish();
      case 'gone':
        w.drain(m.uncopied);
        w.gone(m.error);
        return this.finish();
      case 'ready':
        return;
    }
  }

  /** The server's stdout is no longer read: its stream closes (the child's 'close' waits for that). */
  private finish(): void {
    if (this.ended) return;
    this.ended = true;
    this.stopWatching();
    this.wiring?.serverOut.destroy();
    void this.worker.terminate();
  }

  /** Drains the forwarded copies into the recording's queue as they come (its flush clock posts them). */
  private async wakeOnRecords(): Promise<void> {
    const { drain, whenMore } = this.wiring!;
    while (!this.ended) {
      await whenMore();
      drain();
    }
  }
}
