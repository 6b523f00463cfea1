/**
 * Live publications: a running session keeps appending its new entries to the team server through
 * LivePublisher until it ends. Entries are read back from the recorder (not kept in memory here), so
 * after a drop the publisher asks the server for its last seq and resends from there: nothing is
 * lost and nothing is sent twice. A refused token (revoked, or a viewer) stops it with the reason.
 */
import type { LivePublicationStatus } from '../../lib/api/bodies';
import type { TrafficEvent } from '../../lib/session/types';
import type { SessionManager } from '../session/manager';
import { LivePublisher, TeamRefused } from '../team/publish-client';

type LiveStatus = LivePublicationStatus;
type LiveState = LiveStatus['state'];

const BATCH = 5000;
const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 5000;

class LivePublication {
  state: LiveState = 'live';
  error: string | undefined;
  private sent: number;
  private ended = false;
  private busy = false;
  private retryMs = RETRY_MIN_MS;
  private timer: NodeJS.Timeout | undefined;
  private needsResume = false;
  /** Poked while sending: go round once more, so nothing recorded meanwhile waits for the next entry. */
  private again = false;

  constructor(
    private readonly manager: SessionManager,
    readonly sessionId: string,
    private readonly publisher: LivePublisher,
    lastSeq: number,
  ) {
    this.sent = lastSeq;
  }

  status(): LiveStatus {
    return { url: this.publisher.url, state: this.state, lastSeq: this.sent, ...(this.error ? { error: this.error } : {}) };
  }

  /** New entries were recorded, or the session ended: send what the server lacks. */
  poke(ended = false): void {
    if (ended) this.ended = true;
    if (this.state === 'done' || this.state === 'failed' || this.timer) return;
    void this.pump();
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.state === 'live' || this.state === 'retrying') this.state = 'done';
  }

  private async pump(): Promise<void> {
    if (this.busy) {
      this.again = true;
      return;
    }
    this.busy = true;
    this.again = false;
    try {
      if (this.needsResume) {
        this.sent = await this.publisher.resume();
        this.needsResume = false;
      }
      for (;;) {
        const events: TrafficEvent[] = this.manager.events(this.sessionId, this.sent, BATCH);
        if (events.length === 0) break;
        this.sent = await this.publisher.append(events);
        if (events.length < BATCH) break;
      }
      if (this.ended) {
        this.sent = await this.publisher.finish();
        this.state = 'done';
      } else this.state = 'live';
      this.error = undefined;
      this.retryMs = RETRY_MIN_MS;
    } catch (err) {
      this.fail(err);
    } finally {
      this.busy = false;
    }
    if (this.again && this.state === 'live') void this.pump();
  }

  private fail(err: unknown): void {
    const message = (err as Error).message;
    const refused = err instanceof TeamRefused && err.status >= 400 && err.status < 500 && err.status !== 408 && err.status !== 429;
    if (refused) {
      // A revoked token, a viewer, a session over the size cap: trying again cannot help.
      this.state = 'failed';
      this.error = `live publishing stopped: ${message}`;
      return;
    }
    this.state = 'retrying';
    this.error = `${message} — retrying`;
    this.needsResume = true;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.pump();
    }, this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
  }
}

/** Every live publication of this app run, by session id, fed by the session manager's listeners. */
export class LivePublications {
  private readonly byId = new Map<string, LivePublication>();
  private readonly unlisten: () => void;

  constructor(private readonly manager: SessionManager) {
    this.unlisten = manager.listen({
      events: (id) => this.byId.get(id)?.poke(),
      patches: () => {},
      summary: (s) => this.byId.get(s.id)?.poke(s.status === 'closed' || s.status === 'failed'),
    });
  }

  has(sessionId: string): boolean {
    const p = this.byId.get(sessionId);
    return !!p && (p.state === 'live' || p.state === 'retrying');
  }

  status(sessionId: string): LiveStatus | undefined {
    return this.byId.get(sessionId)?.status();
  }

  /** Follows a session whose publication `publisher` has started (its first `lastSeq` entries are there). */
  follow(sessionId: string, publisher: LivePublisher, lastSeq: number): LiveStatus {
    this.byId.get(sessionId)?.stop();
    const p = new LivePublication(this.manager, sessionId, publisher, lastSeq);
    this.byId.set(sessionId, p);
    const status = this.manager.summary(sessionId)?.status;
    p.poke(status !== 'open' && status !== 'connecting');
    return p.status();
  }

  /** Waits (at most `ms`) for the running ones to send what is left, then stops them all. */
  async drain(ms: number): Promise<void> {
    const until = Date.now() + ms;
    while (Date.now() < until && [...this.byId.keys()].some((id) => this.has(id))) await new Promise((r) => setTimeout(r, 50));
    this.unlisten();
    for (const p of this.byId.values()) p.stop();
  }
}
