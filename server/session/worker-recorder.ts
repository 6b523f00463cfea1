/**
 * The app's Recorder: the SQLite writes run in a worker thread with its own connection
 * (recorder-host.ts), so the conversation's thread only queues entries, turns each commit's
 * entries into rows (one JSON.stringify each, server/store/event-row.ts), packs them (row-batch.ts)
 * and posts them. Reads stay on this thread, on the app's connection (recorder-reads.ts, shared
 * with StoreRecorder; WAL: readers never wait for the writer).
 *
 * What the app needs from it holds as with StoreRecorder:
 * - read-your-writes: a read of entries (a replay, an export right after a send, history) first
 *   commits and waits until the worker has written everything posted before it — a wait on shared
 *   memory, not an event-loop turn, so the Recorder interface stays synchronous;
 * - nothing lost at shutdown: `close` posts what is queued and waits for the worker to store it;
 * - storage faults: the worker's RecordingWriter counts what it could not store by seq range; its
 *   `changed` replies carry the session's recording health, which summaries here are read with;
 * - memory bounded: past MAX_BACKLOG entries (or MAX_BACKLOG_KIB of text) posted and not yet
 *   written, the conversation waits
 *   for the worker (as it waited for every write before the worker).
 * If the worker cannot start (its connection does not open), the writes are done here instead.
 */
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { EventPatch, SessionRecording, SessionSummary, TrafficEvent } from '../../lib/session/types';
import type { Store } from '../store';
import { rowOf } from '../store/event-row';
import { packEvents } from '../store/row-batch';
import { CommitQueue } from './commit-queue';
import { RecorderReads } from './recorder-reads';
import { backlogKib, PROGRESS_SLOTS, Progress, type RecorderInit, type RecorderOp, type RecorderReply } from './recorder-ops';
import { RecordingWriter, summaryKey } from './recording-writer';
import { workerScript } from '../build-info';

export interface WorkerRecorderOptions {
  /** Largest the database may grow (the worker's connection enforces it), in bytes. */
  maxBytes?: number;
  /** Longest wait between write attempts while the store refuses (default 2 s). */
  retryMaxMs?: number;
}

/** Entries (rows and patches) posted and not yet written before the conversation waits. */
const MAX_BACKLOG = 65_536;
/** The same in KiB of the rows' text: 64 MiB waiting in the worker's queue at most. */
const MAX_BACKLOG_KIB = 65_536;
/** The longest a read or the shutdown waits for the worker before going on without it. */
const WAIT_MS = 30_000;

export class WorkerRecorder extends RecorderReads {
  private readonly queue = new CommitQueue(() => this.flush());
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private readonly progress: Int32Array;
  private postedOps = 0;
  private postedEntries = 0;
  private postedKib = 0;
  /** The summary key last handed to the worker per session: a flush's summary with nothing new costs no hop. */
  private readonly handed = new Map<string, string>();
  /** The latest summary per session, shown if the store cannot even be read. */
  private readonly given = new Map<string, SessionSummary>();
  /** Recording health as the worker last reported it (only sessions whose recording ever failed). */
  private readonly health = new Map<string, SessionRecording>();
  /** Answers to `summary` ops, read right after waiting for them. */
  private readonly saved = new Map<string, boolean>();
  private readonly toNotify = new Set<string>();
  private notifyScheduled = false;
  /** Set when the worker cannot record: the writes happen on this thread from then on. */
  private local: RecordingWriter | null = null;
  private warnedSlow = false;
  private closed = false;
  private isReady: () => void = () => undefined;
  /** Resolves once the worker can record, or once the recording fell back to this thread. */
  readonly ready: Promise<void> = new Promise((resolve) => (this.isReady = resolve));

  constructor(
    store: Store,
    private readonly opts: WorkerRecorderOptions = {},
  ) {
    super(store);
    const shared = new SharedArrayBuffer(PROGRESS_SLOTS * Int32Array.BYTES_PER_ELEMENT);
    this.progress = new Int32Array(shared);
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    // The worker's connection checkpoints; this one must never (a checkpoint copies and syncs the WAL).
    store.setAutoCheckpoint(0);
    const init: RecorderInit = { dir: store.dir, maxBytes: opts.maxBytes, retryMaxMs: opts.retryMaxMs, progress: shared, replies: port2 };
    this.worker = new Worker(workerScript('recorder-worker', import.meta.url), { workerData: init, transferList: [port2], stdout: false, stderr: false });
    this.worker.on('error', (err) => this.recordHere(err.message));
    this.worker.unref();
    port1.on('message', (r: RecorderReply) => this.onReply(r));
    // Held until the worker is up, so that awaiting `ready` keeps the process alive; never after.
    void this.ready.then(() => port1.unref());
  }

  saveSummary(summary: SessionSummary): boolean {
    // An ended session's last entries and patches are stored before it is marked so.
    if (summary.endedAt) this.flush();
    this.given.set(summary.id, summary);
    const key = summaryKey(summary);
    if (this.handed.get(summary.id) === key) return false;
    this.handed.set(summary.id, key);
    if (this.local) return this.local.saveSummary(summary);
    // Waited for: the manager announces what is stored right after a change.
    this.waitFor(this.post({ op: 'summary', summary }, 0));
    const changed = this.saved.get(summary.id) ?? true;
    this.saved.delete(summary.id);
    return changed;
  }

  appendEvents(sessionId: string, events: TrafficEvent[]): void {
    this.queue.events(sessionId, events);
  }

  applyPatches(sessionId: string, patches: EventPatch[]): void {
    this.queue.patches(sessionId, patches);
  }

  /** Hands what is queued to the worker as rows, without waiting (the commit timer's path). */
  private flush(): void {
    for (const [sessionId, { events, patches }] of this.queue.take()) {
      // A malformed event (the pipeline makes none) is refused with its batch by the store's checkRow.
      if (this.local) this.local.commitBatch(sessionId, events.map(rowOf), patches);
      else {
        const packed = packEvents(events);
        this.post({ op: 'batch', sessionId, rows: packed, patches }, packed.count + patches.length, [packed.lengths.buffer, packed.numbers.buffer]);
      }
    }
    this.waitForRoom();
  }

  /** Everything queued is written when this returns (or the worker took longer than WAIT_MS). */
  commit(): void {
    this.flush();
    this.waitFor(this.postedOps);
  }

  deleteSession(id: string): void {
    this.queue.drop(id);
    if (this.local) this.local.deleteSession(id);
    else this.waitFor(this.post({ op: 'delete', id }, 0));
    this.handed.delete(id);
    this.given.delete(id);
    this.health.delete(id);
  }

  /** Caps the database as `--max-db-mb` does (null: no cap but SQLite's own); see Store.setSizeLimit. */
  setSizeLimit(bytes: number | null): void {
    if (this.local) this.store.setSizeLimit(bytes);
    else this.waitFor(this.post({ op: 'size-limit', bytes }, 0));
  }

  /** Server shutdown: what is queued is stored, the worker's connection closed, then the worker ends. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.flush();
    this.queue.stopTimer();
    if (this.local) this.local.close();
    else this.waitFor(this.post({ op: 'close' }, 0));
    this.port.close();
    void this.worker.terminate();
  }

  protected recordingOf(sessionId: string): SessionRecording | undefined {
    return this.local?.recording(sessionId) ?? this.health.get(sessionId);
  }

  protected givenSummaries(): Iterable<SessionSummary> {
    return this.given.values();
  }

  protected givenSummary(id: string): SessionSummary | undefined {
    return this.given.get(id);
  }

  private post(op: RecorderOp, entries: number, transfer: ArrayBuffer[] = []): number {
    this.port.postMessage(op, transfer);
    this.postedEntries += entries;
    this.postedKib += backlogKib(op);
    return ++this.postedOps;
  }

  private get workerDead(): boolean {
    return Atomics.load(this.progress, Progress.dead) === 1;
  }

  /** Blocks until the worker finished op number `ticket` (or it stopped, or WAIT_MS passed), then reads its replies. */
  private waitFor(ticket: number): void {
    this.waitUntil(() => Atomics.load(this.progress, Progress.ops) >= ticket);
  }

  /** The conversation waits while the worker is more than MAX_BACKLOG entries (or MAX_BACKLOG_KIB) behind. */
  private waitForRoom(): void {
    if (this.local || this.behindBy() <= 1) return;
    this.waitUntil(() => this.behindBy() <= 0.5);
  }

  /** How far behind the worker is, as a share of the larger of the two bounds. */
  private behindBy(): number {
    const entries = (this.postedEntries - Atomics.load(this.progress, Progress.entries)) / MAX_BACKLOG;
    const kib = (this.postedKib - Atomics.load(this.progress, Progress.kib)) / MAX_BACKLOG_KIB;
    return Math.max(entries, kib);
  }

  private waitUntil(done: () => boolean): void {
    const deadline = Date.now() + WAIT_MS;
    while (!done() && !this.workerDead) {
      const left = deadline - Date.now();
      if (left <= 0) {
        if (!this.warnedSlow) console.error(`rpcscope: the recorder's worker did not answer within ${WAIT_MS / 1000} s; going on`);
        this.warnedSlow = true;
        break;
      }
      // Every finished op notifies this slot.
      Atomics.wait(this.progress, Progress.ops, Atomics.load(this.progress, Progress.ops), Math.min(left, 1000));
    }
    for (let m = receiveMessageOnPort(this.port); m; m = receiveMessageOnPort(this.port)) this.onReply(m.message as RecorderReply);
  }

  private onReply(r: RecorderReply): void {
    switch (r.op) {
      case 'changed':
        if (r.recording) this.health.set(r.sessionId, r.recording);
        return this.notify(r.sessionId);
      case 'ready':
        return this.isReady();
      case 'saved':
        this.saved.set(r.sessionId, r.changed);
        return;
      case 'failed':
        return this.recordHere(r.why);
      default: {
        const never: never = r;
        throw new Error(`unknown recorder reply ${JSON.stringify(never)}`);
      }
    }
  }

  /**
   * Listeners hear of changes on a later turn, once per session however many commits landed:
   * replies read inside a wait must not call back into the manager in the middle of its call.
   */
  private notify(sessionId: string): void {
    this.toNotify.add(sessionId);
    if (this.notifyScheduled) return;
    this.notifyScheduled = true;
    setImmediate(() => {
      this.notifyScheduled = false;
      const ids = [...this.toNotify];
      this.toNotify.clear();
      for (const id of ids) this.tellListeners(id);
    });
  }

  /** The worker cannot record: this thread writes from now on (with SQLite's own checkpoints again). */
  private recordHere(why: string): void {
    this.isReady();
    if (this.local || this.closed) return;
    console.error(`rpcscope: the recorder's worker stopped (${why}); recording on the main thread`);
    this.store.setAutoCheckpoint(1000);
    if (this.opts.maxBytes !== undefined) this.store.setSizeLimit(this.opts.maxBytes);
    this.local = new RecordingWriter(this.store, (id) => this.notify(id), this.opts.retryMaxMs);
    // Summaries handed to the worker may not have been stored: hand them over again.
    this.handed.clear();
    for (const s of this.given.values()) if (this.local.saveSummary(s)) this.notify(s.id);
  }
}
