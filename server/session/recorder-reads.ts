/**
 * The reading half both recorders share (StoreRecorder on the caller's thread, WorkerRecorder with
 * its writes in a worker): summaries with the session's recording health, entries after a commit
 * (read-your-writes), and the listeners told when what is stored changed. The two differ only in
 * where the writes run, so each says how to commit, what health it knows of and which summaries
 * it was handed; the reads themselves live here once.
 *
 * Reads run on the app's own connection (WAL: a reader never waits for the writer). When the
 * store cannot even be read, the summaries handed over are shown instead, so the list never
 * goes blank during a storage fault.
 */
import type { EventPatch, SessionRecording, SessionSummary, TrafficEvent } from '../../lib/session/types';
import type { Store } from '../store';
import type { Recorder } from './manager';

export abstract class RecorderReads implements Recorder {
  private readonly listeners = new Set<(sessionId: string) => void>();

  constructor(protected readonly store: Store) {}

  abstract saveSummary(summary: SessionSummary): boolean;
  abstract appendEvents(sessionId: string, events: TrafficEvent[]): void;
  abstract applyPatches(sessionId: string, patches: EventPatch[]): void;
  abstract deleteSession(id: string): void;
  /** Everything handed over so far is stored when this returns. */
  abstract commit(): void;
  /** The session's recording health, when its recording ever failed. */
  protected abstract recordingOf(sessionId: string): SessionRecording | undefined;
  /** The summaries handed over and not (yet) readable from the store. */
  protected abstract givenSummaries(): Iterable<SessionSummary>;
  protected abstract givenSummary(id: string): SessionSummary | undefined;

  onRecordingChange(listener: (sessionId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells every listener, now (a recorder that must not call back mid-call defers this itself). */
  protected tellListeners(sessionId: string): void {
    for (const l of this.listeners) l(sessionId);
  }

  listSummaries(): SessionSummary[] {
    try {
      return this.store.sessions.list({ limit: 500 }).map((s) => this.withHealth(s));
    } catch {
      return [...this.givenSummaries()].map((s) => this.withHealth(s));
    }
  }

  getSummary(id: string): SessionSummary | undefined {
    let s: SessionSummary | undefined;
    try {
      s = this.store.sessions.get(id);
    } catch {
      s = this.givenSummary(id);
    }
    return s && this.withHealth(s);
  }

  listEvents(sessionId: string, sinceSeq: number, limit: number): TrafficEvent[] {
    this.commit();
    return this.store.events.listEvents(sessionId, { sinceSeq, limit });
  }

  getEvent(sessionId: string, seq: number): TrafficEvent | undefined {
    this.commit();
    return this.store.events.getEvent(sessionId, seq);
  }

  private withHealth(s: SessionSummary): SessionSummary {
    const recording = this.recordingOf(s.id);
    return recording ? { ...s, recording } : s;
  }
}
