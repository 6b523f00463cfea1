/**
 * The manager's Recorder on top of the SQLite store. The store keeps counts itself as events are
 * appended; the recorder mirrors status changes (open, closed, failed) and failures.
 *
 * A write the store refuses (disk full, I/O error, busy) never throws into the live path: the
 * session's recording turns `failed` with the reason, the entries of that batch are counted as
 * not saved by seq range, later batches are tried again with a backoff, and the first one that
 * goes through turns it back to `ok`. That state travels in the session's summary (and is kept in
 * the store once it can be written), so the page shows it; the bridge keeps the live view going
 * from memory meanwhile.
 *
 * Writes are coalesced: entries and patches wait up to COMMIT_MS (or COMMIT_ENTRIES entries) and
 * then go in one append and one patch transaction per session, instead of two transactions per
 * pipe read. Reads of entries commit first, so a replay never misses one; the counts in a summary
 * may lag by that window, and each commit tells the listeners so the page gets the final ones.
 */
import { applyPatch } from '../../lib/session/patch';
import type { EventPatch, SessionSummary, TrafficEvent } from '../../lib/session/types';
import { describeStoreFailure, type Store } from '../store';
import type { Recorder } from './manager';
import { RETRY_MAX_MS, RecordingHealth } from './recording-health';

export interface StoreRecorderOptions {
  /** Longest wait between write attempts while the store refuses (default 2 s). */
  retryMaxMs?: number;
}

/** How long entries wait to share a transaction, and how many make it commit at once. */
const COMMIT_MS = 25;
const COMMIT_ENTRIES = 4096;

/** What waits for the next commit, per session, in arrival order. */
interface Queued {
  events: TrafficEvent[];
  patches: EventPatch[];
}

/** What of a summary the recorder writes: when this is unchanged, there is nothing to write. */
const summaryKey = (s: SessionSummary): string =>
  `${s.status}|${s.failure ?? ''}|${s.endedAt ?? ''}|${s.dialect?.id ?? ''}|${s.dialect?.overridden ?? ''}`;

/**
 * Patches that name an entry waiting in the same commit are applied to (a copy of) that entry
 * before it is stored, so the pairing of a request answered within the commit window costs no
 * read, parse and rewrite of its row. The copy is shallow: a patch replaces whole members, and the
 * event the bridge holds stays as it was sent. What is left names entries already stored.
 */
function mergePatches({ events, patches }: Queued): Queued {
  if (patches.length === 0 || events.length === 0) return { events, patches };
  const at = new Map<number, number>();
  for (let i = 0; i < events.length; i++) at.set(events[i].seq, i);
  const copied = new Set<number>();
  const rest: EventPatch[] = [];
  for (const p of patches) {
    const i = typeof p?.seq === 'number' ? at.get(p.seq) : undefined;
    if (i === undefined) {
      rest.push(p);
      continue;
    }
    if (!copied.has(i)) {
      events[i] = { ...events[i] };
      copied.add(i);
    }
    applyPatch(events[i], p);
  }
  return { events, patches: rest };
}

export class StoreRecorder implements Recorder {
  /** Last status written per session, so a summary on every flush costs no write. */
  private readonly written = new Map<string, string>();
  /** Sessions whose recording failed at least once in this process. */
  private readonly health = new Map<string, RecordingHealth>();
  /**
   * Summaries handed over by sessions still live or not yet fully written: what the retry timer
   * writes, and what is shown if the store cannot even be read.
   */
  private readonly given = new Map<string, SessionSummary>();
  private readonly listeners = new Set<(sessionId: string) => void>();
  private retryTimer: NodeJS.Timeout | null = null;
  private readonly retryMaxMs: number;
  private readonly queued = new Map<string, Queued>();
  private queuedCount = 0;
  private commitTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly store: Store,
    opts: StoreRecorderOptions = {},
  ) {
    this.retryMaxMs = opts.retryMaxMs ?? RETRY_MAX_MS;
  }

  onRecordingChange(listener: (sessionId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  saveSummary(summary: SessionSummary): boolean {
    // An ended session's last entries and patches are stored before it is marked so.
    if (summary.endedAt) this.commit();
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

  appendEvents(sessionId: string, events: TrafficEvent[]): void {
    if (events.length === 0) return;
    const q = this.queueOf(sessionId);
    for (const e of events) q.events.push(e);
    this.queuedCount += events.length;
    this.scheduleCommit();
  }

  applyPatches(sessionId: string, patches: EventPatch[]): void {
    if (patches.length === 0) return;
    const q = this.queueOf(sessionId);
    for (const p of patches) q.patches.push(p);
    this.queuedCount += patches.length;
    this.scheduleCommit();
  }

  private queueOf(sessionId: string): Queued {
    let q = this.queued.get(sessionId);
    if (!q) this.queued.set(sessionId, (q = { events: [], patches: [] }));
    return q;
  }

  private scheduleCommit(): void {
    if (this.queuedCount >= COMMIT_ENTRIES) return this.commit();
    if (this.commitTimer) return;
    this.commitTimer = setTimeout(() => this.commit(), COMMIT_MS);
  }

  /**
   * Everything queued, per session (patches naming an entry of the same commit are applied to it
   * first, see mergePatches): its entries in one transaction, then its patches in another
   * (a patch only names entries recorded before it, so they all precede it). A refused write is
   * counted as lost exactly as before, per session and kind.
   */
  commit(): void {
    if (this.commitTimer) clearTimeout(this.commitTimer);
    this.commitTimer = null;
    if (this.queuedCount === 0) return;
    const all = [...this.queued];
    this.queued.clear();
    this.queuedCount = 0;
    for (const [sessionId, queued] of all) {
      const { events, patches } = mergePatches(queued);
      if (events.length) this.attempt(sessionId, () => this.store.events.appendMany(sessionId, events), (h) => h.lostEvents(events));
      // Patches naming entries that were never saved find no row: that loss is already counted.
      if (patches.length) this.attempt(sessionId, () => this.store.events.applyPatches(sessionId, patches), (h) => h.lostChanges(patches.length));
      this.changed(sessionId);
    }
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
      lose(this.failed(sessionId, err));
      return;
    }
    if (h?.succeed()) {
      this.persist(sessionId, h);
      this.changed(sessionId);
    }
  }

  private failed(sessionId: string, err: unknown): RecordingHealth {
    let h = this.health.get(sessionId);
    if (!h) this.health.set(sessionId, (h = new RecordingHealth(this.retryMaxMs)));
    if (h.fail(describeStoreFailure(err), Date.now())) this.changed(sessionId);
    this.scheduleRetry();
    return h;
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
        this.saveSummary(summary);
        if (h?.dirty) this.persist(id, h);
        pending ||= this.written.get(id) !== summaryKey(summary) || h?.dirty === true;
      }
      if (pending) this.scheduleRetry();
    }, this.retryMaxMs);
    this.retryTimer.unref();
  }

  private changed(sessionId: string): void {
    for (const l of this.listeners) l(sessionId);
  }

  private withHealth(s: SessionSummary): SessionSummary {
    const h = this.health.get(s.id);
    return h ? { ...s, recording: h.snapshot() } : s;
  }

  listSummaries(): SessionSummary[] {
    try {
      return this.store.sessions.list({ limit: 500 }).map((s) => this.withHealth(s));
    } catch {
      return [...this.given.values()].map((s) => this.withHealth(s));
    }
  }

  getSummary(id: string): SessionSummary | undefined {
    let s: SessionSummary | undefined;
    try {
      s = this.store.sessions.get(id);
    } catch {
      s = this.given.get(id);
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

  deleteSession(id: string): void {
    this.queuedCount -= (this.queued.get(id)?.events.length ?? 0) + (this.queued.get(id)?.patches.length ?? 0);
    this.queued.delete(id);
    this.store.sessions.delete(id);
    this.written.delete(id);
    this.health.delete(id);
    this.given.delete(id);
  }

  /** Server shutdown: store what is queued, then stop retrying (the store is about to close). */
  close(): void {
    if (this.store.isOpen) this.commit();
    if (this.commitTimer) clearTimeout(this.commitTimer);
    this.commitTimer = null;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }
}
