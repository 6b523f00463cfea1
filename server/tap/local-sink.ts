/**
 * No app runs on the data directory: the tap records itself, through the same store and recorder
 * the app uses, holding the directory's lock (one writer) from before the database opens until
 * the conversation ends. Refused writes (full disk …) become the session's recording state, as in
 * the app; nothing here throws into the conversation.
 */
import type { EventPatch, SessionSummary, TrafficEvent } from '../../lib/session/types';
import { StoreRecorder } from '../session/recorder';
import { DataDirLock, Store } from '../store';
import type { TapSink } from './recording';

export class LocalSink implements TapSink {
  private closed = false;

  private constructor(
    private readonly lock: DataDirLock,
    private readonly store: Store,
    private readonly recorder: StoreRecorder,
    private readonly sessionId: string,
  ) {}

  /** Takes the lock and opens the store, or throws (StartRefused: someone else holds it). */
  static open(dataDir: string, sessionId: string, maxDbBytes?: number): LocalSink {
    const lock = DataDirLock.acquire(dataDir);
    try {
      const store = new Store({ dir: dataDir, maxBytes: maxDbBytes });
      return new LocalSink(lock, store, new StoreRecorder(store), sessionId);
    } catch (err) {
      lock.release();
      throw err;
    }
  }

  /** The highest seq this session has in the store (0: not there yet). */
  storedSeq(): number {
    try {
      return this.store.sessions.get(this.sessionId)?.lastSeq ?? 0;
    } catch {
      return 0;
    }
  }

  events(events: TrafficEvent[]): void {
    if (!this.closed) this.recorder.appendEvents(this.sessionId, events);
  }

  patches(patches: EventPatch[]): void {
    if (!this.closed) this.recorder.applyPatches(this.sessionId, patches);
  }

  summary(summary: SessionSummary): void {
    if (!this.closed) this.recorder.saveSummary(summary);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.recorder.close();
    this.store.close();
    this.lock.release();
  }
}
