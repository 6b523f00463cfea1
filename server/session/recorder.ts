/**
 * The manager's Recorder on top of the SQLite store, writing on the caller's thread (the tap's own
 * store, tests and benchmarks; the app records through WorkerRecorder, which keeps these writes
 * off the conversation's thread). The store keeps counts itself as events are appended; the
 * recorder mirrors status changes (open, closed, failed) and failures.
 *
 * A write the store refuses never throws into the live path (recording-writer.ts): the session's
 * recording state travels in its summary (and is kept in the store once it can be written), so
 * the page shows it; the bridge keeps the live view going from memory meanwhile.
 *
 * Writes are coalesced (commit-queue.ts). Reads of entries commit first, so a replay never misses
 * one; the counts in a summary may lag by that window, and each commit tells the listeners so the
 * page gets the final ones.
 */
import type { EventPatch, SessionRecording, SessionSummary, TrafficEvent } from '../../lib/session/types';
import type { Store } from '../store';
import { rowOf } from '../store/event-row';
import { CommitQueue } from './commit-queue';
import { RecorderReads } from './recorder-reads';
import { RecordingWriter } from './recording-writer';

export interface StoreRecorderOptions {
  /** Longest wait between write attempts while the store refuses (default 2 s). */
  retryMaxMs?: number;
}

export class StoreRecorder extends RecorderReads {
  private readonly queue = new CommitQueue(() => this.commit());
  private readonly writer: RecordingWriter;

  constructor(store: Store, opts: StoreRecorderOptions = {}) {
    super(store);
    this.writer = new RecordingWriter(store, (id) => this.tellListeners(id), opts.retryMaxMs);
  }

  saveSummary(summary: SessionSummary): boolean {
    // An ended session's last entries and patches are stored before it is marked so.
    if (summary.endedAt) this.commit();
    return this.writer.saveSummary(summary);
  }

  appendEvents(sessionId: string, events: TrafficEvent[]): void {
    this.queue.events(sessionId, events);
  }

  applyPatches(sessionId: string, patches: EventPatch[]): void {
    this.queue.patches(sessionId, patches);
  }

  /** Everything queued, per session: see RecordingWriter.commitBatch. */
  commit(): void {
    for (const [sessionId, { events, patches }] of this.queue.take()) {
      // A malformed event (the pipeline makes none) is refused with its batch by the store's checkRow.
      this.writer.commitBatch(sessionId, events.map(rowOf), patches);
    }
  }

  protected recordingOf(sessionId: string): SessionRecording | undefined {
    return this.writer.recording(sessionId);
  }

  protected givenSummaries(): SessionSummary[] {
    return this.writer.givenSummaries();
  }

  protected givenSummary(id: string): SessionSummary | undefined {
    return this.writer.givenSummary(id);
  }

  deleteSession(id: string): void {
    this.queue.drop(id);
    this.writer.deleteSession(id);
  }

  /** Server shutdown: store what is queued, then stop retrying (the store is about to close). */
  close(): void {
    if (this.store.isOpen) this.commit();
    this.queue.stopTimer();
    this.writer.close();
  }
}
