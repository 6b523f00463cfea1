/**
 * The manager's Recorder on top of the SQLite store. The store keeps counts itself as events are
 * appended; the recorder mirrors status changes (open, closed, failed) and failures.
 */
import type { EventPatch, SessionSummary, TrafficEvent } from '../../lib/session/types';
import type { Store } from '../store';
import type { Recorder } from './manager';

export class StoreRecorder implements Recorder {
  /** Last status written per session, so a summary on every flush costs no write. */
  private readonly written = new Map<string, string>();

  constructor(private readonly store: Store) {}

  saveSummary(summary: SessionSummary): void {
    const key = `${summary.status}|${summary.failure ?? ''}|${summary.endedAt ?? ''}|${summary.dialect?.id ?? ''}|${summary.dialect?.overridden ?? ''}`;
    if (this.written.get(summary.id) === key) return;
    if (!this.store.sessions.exists(summary.id)) {
      this.store.sessions.create({
        id: summary.id,
        name: summary.name,
        target: summary.target,
        status: summary.status,
        startedAt: summary.startedAt,
        failure: summary.failure,
      });
    } else {
      this.store.sessions.setStatus(summary.id, summary.status, { failure: summary.failure, endedAt: summary.endedAt });
    }
    if (summary.dialect) this.store.sessions.setDialect(summary.id, summary.dialect);
    this.written.set(summary.id, key);
  }

  appendEvents(sessionId: string, events: TrafficEvent[]): void {
    this.store.events.appendMany(sessionId, events);
  }

  applyPatches(sessionId: string, patches: EventPatch[]): void {
    this.store.events.applyPatches(sessionId, patches);
  }

  listSummaries(): SessionSummary[] {
    return this.store.sessions.list({ limit: 500 });
  }

  getSummary(id: string): SessionSummary | undefined {
    return this.store.sessions.get(id);
  }

  listEvents(sessionId: string, sinceSeq: number, limit: number): TrafficEvent[] {
    return this.store.events.listEvents(sessionId, { sinceSeq, limit });
  }

  getEvent(sessionId: string, seq: number): TrafficEvent | undefined {
    return this.store.events.getEvent(sessionId, seq);
  }

  deleteSession(id: string): void {
    this.store.sessions.delete(id);
    this.written.delete(id);
  }
}
