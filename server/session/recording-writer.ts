/**
 * The writing half of a recorder: summaries, batches of rows and patches into the store, and what
 * happens when the store refuses (disk full, I/O error, busy). Nothing here throws into its
 * caller: the session's recording turns `failed` with the reason, the entries of that batch are
 * counted as not saved by seq range, later batches are tried again with a backoff, and the first
 * one that goes through turns it back to `ok` (recording-health.ts). `changed` is told whenever
 * what is stored for a session (its counts, its health) changed.
 *
 * It runs where the recorder's writes run: in the recorder's worker (recorder-host.ts, behind
 * WorkerRecorder) in the app, on the caller's thread behind StoreRecorder (the tap's own store,
 * tests, benchmarks).
 */
import type { EventPatch, SessionRecording, SessionSummary } from '../../lib/session/types';
import { describeStoreFailure, type Store } from '../store';
import type { EventRow } from '../store/event-row';
import { seqsOf, type PackedRows } from '../store/row-batch';
import { RETRY_MAX_MS, RecordingHealth } from './recording-health';

/** What of a summary the recorder writes: when this is unchanged, there is nothing to write. */
export const summaryKey = (s: SessionSummary): string =>
  `${s.status}|${s.failure ?? ''}|${s.endedAt ?? ''}|${s.dialect?.id ?? ''}|${s.dialect?.overridden ?? ''}`;

export class RecordingWriter {
  /** Last status written per session, so a summary on every flush costs no write. */
  private readonly written = new Map<string, string>();
  /** Sessions whose recording failed at least once in this process. */
  private readonly health = new Map<string, RecordingHealth>();
  /**
   * Summaries handed over by sessions still live or not yet fully written: what the retry timer
   * writes, and what is shown if the store cannot even be read.
   */
  private readonly given = new Map<string, SessionSummary>();
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly store: Store,
    private readonly changed: (sessionId: string) => void,
    private readonly retryMaxMs = RETRY_MAX_MS,
  ) {}

  /** True when what is stored for the session changed, or the write failed (the summary says so). */
  saveSummary(summary: SessionSummary): boolean {
    const key = summaryKey(summary);
    const changed = this.written.get(summary.id) !== key;
    if (changed) {
      try {
        this.writeSummary(summary);
        this.written.set(summary.id, key);
      } catch (err) {
        // Not written: the key stays stale, so the next flush (or the retry timer) writes it again.
        this.given.set(summary.id, summary);
        this.failed(summary.id, err);
        return true;
      }
    }
    // Ended and fully written: the store is its home from now on.
    if (summary.endedAt && !this.health.get(summary.id)?.dirty) this.given.delete(summary.id);
    else this.given.set(summary.id, summary);
    return changed;
  }

  private writeSummary(summary: SessionSummary): void {
    if (!this.store.sessions.exists(summary.id)) {
      this.store.sessions.create({
        id: summary.id,
        name: summary.name,
        target: summary.target,
        status: summary.status,
        startedAt: summary.startedAt,
        failure: summary.failure,
        reconnectOf: summary.reconnectOf,
      });
    } else {
      this.store.sessions.setStatus(summary.id, summary.status, { failure: summary.failure, endedAt: summary.endedAt });
    }
    if (summary.dialect) this.store.sessions.setDialect(summary.id, summary.dialect);
  }

  /**
   * One session's share of a commit: its entries in one transaction, then its patches in another
   * (a patch only names entries recorded before it, so they all precede it). A refused write is
   * counted as lost, per session and kind.
   */
  commitBatch(sessionId: string, rows: readonly EventRow[] | PackedRows, patches: readonly EventPatch[]): void {
    const count = Array.isArray(rows) ? rows.length : (rows as PackedRows).count;
    if (count) this.attempt(sessionId, () => this.store.events.appendRows(sessionId, rows), (h) => h.lostSeqs(seqsOf(rows)));
    // Patches naming entries that were never saved find no row: that loss is already counted.
    if (patches.length) this.attempt(sessionId, () => this.store.events.applyPatches(sessionId, patches), (h) => h.lostChanges(patches.length));
    this.changed(sessionId);
  }

  /** One write, or — when the store refuses it or is still backing off — one counted loss. */
  private attempt(sessionId: string, write: () => unknown, lose: (h: RecordingHealth) => void): void {
    const h = this.health.get(sessionId);
    if (h && !h.shouldTry(Date.now())) {
      lose(h);
      this.scheduleRetry();
      return;
    }
    try {
      write();
    } catch (err) {
      this.failed(sessionId, err, lose);
      return;
    }
    if (h?.succeed()) {
      this.persist(sessionId, h);
      this.changed(sessionId);
    }
  }

  /** `lose`: what the refused write loses, counted before anyone hears of the outage (its first report says it). */
  private failed(sessionId: string, err: unknown, lose?: (h: RecordingHealth) => void): void {
    let h = this.health.get(sessionId);
    if (!h) this.health.set(sessionId, (h = new RecordingHealth(this.retryMaxMs)));
    const starts = h.fail(describeStoreFailure(err), Date.now());
    lose?.(h);
    if (starts) this.changed(sessionId);
    this.scheduleRetry();
  }

  /** Keep the health with the session in the store (best effort: the store may still refuse). */
  private persist(sessionId: string, h: RecordingHealth): boolean {
    try {
      if (this.store.sessions.exists(sessionId)) this.store.sessions.setRecording(sessionId, h.snapshot());
      h.dirty = false;
      return true;
    } catch {
      this.scheduleRetry();
      return false;
    }
  }

  /**
   * While anything is unsaved (a summary, a health record), try again after a while, even when no
   * traffic comes to trigger a write: a session that ended during an outage still gets its final
   * status and its missing ranges stored once the disk has room.
   */
  private scheduleRetry(): void {
    if (this.retryTimer || !this.store.isOpen) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.store.isOpen) return;
      let pending = false;
      for (const [id, summary] of this.given) {
        const h = this.health.get(id);
        if (this.written.get(id) === summaryKey(summary) && !h?.dirty) continue;
        if (this.saveSummary(summary)) this.changed(id);
        if (h?.dirty) this.persist(id, h);
        pending ||= this.written.get(id) !== summaryKey(summary) || h?.dirty === true;
      }
      if (pending) this.scheduleRetry();
    }, this.retryMaxMs);
    this.retryTimer.unref();
  }

  /** The session's recording state, when it ever failed in this process. */
  recording(sessionId: string): SessionRecording | undefined {
    return this.health.get(sessionId)?.snapshot();
  }

  /** The summaries handed over and not yet at home in the store (for when the store cannot be read). */
  givenSummaries(): SessionSummary[] {
    return [...this.given.values()];
  }

  givenSummary(id: string): SessionSummary | undefined {
    return this.given.get(id);
  }

  deleteSession(id: string): void {
    this.store.sessions.delete(id);
    this.written.delete(id);
    this.health.delete(id);
    this.given.delete(id);
  }

  /** The store is about to close: stop retrying. */
  close(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }
}
