/**
 * One session's recording health: whether the store takes writes, what was lost while it did not
 * (entries by seq range, later changes by count), and when to try again. Plain data and arithmetic,
 * no I/O: the recorder's writer (recording-writer.ts: in the recorder's worker, or on the main thread) owns the writes and
 * reports this state as part of the session's summary, never as an exception to its callers.
 */
import type { SeqRange, SessionRecording, TrafficEvent } from '../../lib/session/types';
import { LIMITS } from '../../lib/session/schemas';

export const RETRY_MIN_MS = 250;
/** Entries arriving within the backoff after space returns are lost too: keep the longest wait short. */
export const RETRY_MAX_MS = 2000;

export class RecordingHealth {
  private failure: { why: string; since: string } | null = null;
  private lastFailure: string | undefined;
  private notSaved = 0;
  private changesNotSaved = 0;
  private readonly missing: SeqRange[] = [];
  private readonly retryMinMs: number;
  private backoffMs: number;
  private retryAt = 0;
  /** The copy kept in the store is older than this one. */
  dirty = false;

  constructor(private readonly retryMaxMs = RETRY_MAX_MS) {
    this.retryMinMs = Math.min(RETRY_MIN_MS, retryMaxMs);
    this.backoffMs = this.retryMinMs;
  }

  get failed(): boolean {
    return this.failure !== null;
  }

  /** While failed, writes wait for the backoff to pass: a full disk is not hammered per batch. */
  shouldTry(now: number): boolean {
    return this.failure === null || now >= this.retryAt;
  }

  /** A write failed. Returns true when this starts an outage (the state changed). */
  fail(why: string, now: number): boolean {
    const starts = this.failure === null;
    if (this.failure === null) {
      this.failure = { why, since: new Date(now).toISOString() };
      this.backoffMs = this.retryMinMs;
    } else {
      this.failure.why = why;
      this.backoffMs = Math.min(this.retryMaxMs, this.backoffMs * 2);
    }
    this.retryAt = now + this.backoffMs;
    this.dirty = true;
    return starts;
  }

  /** A write went through. Returns true when this ends an outage. */
  succeed(): boolean {
    if (this.failure === null) return false;
    this.lastFailure = this.failure.why;
    this.failure = null;
    this.backoffMs = this.retryMinMs;
    this.dirty = true;
    return true;
  }

  /** These entries will never be in the store: count them and extend the missing ranges. */
  lostEvents(events: readonly TrafficEvent[]): void {
    this.lostSeqs(events.map((ev) => ev.seq));
  }

  /** The same, by seq (the recorder's worker holds rows, not events). */
  lostSeqs(seqs: readonly number[]): void {
    for (const seq of seqs) {
      const last = this.missing[this.missing.length - 1];
      if (last && seq === last.to + 1) last.to = seq;
      else this.missing.push({ from: seq, to: seq });
    }
    // One range per outage in practice; past the cap the two newest merge (then the ranges may
    // also cover entries between them that were saved — `notSaved` stays exact).
    while (this.missing.length > LIMITS.missingRanges) {
      const tail = this.missing.pop()!;
      this.missing[this.missing.length - 1].to = tail.to;
    }
    this.notSaved += seqs.length;
    this.dirty = true;
  }

  lostChanges(n: number): void {
    this.changesNotSaved += n;
    this.dirty = true;
  }

  snapshot(): SessionRecording {
    const lost = { notSaved: this.notSaved, changesNotSaved: this.changesNotSaved, missing: this.missing.map((r) => ({ ...r })) };
    if (this.failure) return { state: 'failed', why: this.failure.why, since: this.failure.since, ...lost };
    return this.lastFailure === undefined ? { state: 'ok', ...lost } : { state: 'ok', ...lost, lastFailure: this.lastFailure };
  }
}
