/**
 * Holds the live sessions of this server, records everything they produce, and fans it out to
 * whoever listens (the bridge). Past sessions come from the recorder.
 */
import type { EventPatch, SessionOptions, SessionSummary, TargetSpec, TrafficEvent } from '../../lib/session/types';
import { LiveSession, type SessionSink } from './live-session';
import { SessionSecrets, type SecretBook } from './secrets';
import type { SentSecret } from '../../lib/redaction/display-mask';
import { notConnectable } from '../../lib/targets/registry';

/** Why a reconnect cannot start, with the HTTP status the API answers. */
export class ReconnectRefused extends Error {
  constructor(readonly status: 404 | 409, message: string) {
    super(message);
  }
}

/** What the manager needs from persistence (server/store implements it through server/session/recorder.ts). */
export interface Recorder {
  /**
   * True when what is stored for the session changed (status, failure, end, dialect — or the write
   * failed): only then is the summary re-announced; counts are announced by each commit.
   */
  saveSummary(summary: SessionSummary): boolean;
  appendEvents(sessionId: string, events: TrafficEvent[]): void;
  applyPatches(sessionId: string, patches: EventPatch[]): void;
  listSummaries(): SessionSummary[];
  getSummary(id: string): SessionSummary | undefined;
  listEvents(sessionId: string, sinceSeq: number, limit: number): TrafficEvent[];
  getEvent(sessionId: string, seq: number): TrafficEvent | undefined;
  deleteSession(id: string): void;
  /**
   * What the recorder holds for a session changed: its recording health (a write failed, recording
   * resumed) or its counts (queued entries were committed). Failures are data
   * in the summary (`recording`), never exceptions out of appendEvents/applyPatches/saveSummary:
   * those must not throw, whatever the store does, so the live view keeps going from memory.
   */
  onRecordingChange(listener: (sessionId: string) => void): () => void;
  /** Writes what waits for the next coalesced commit now: for callers that confirm to someone that it is stored. */
  commit(): void;
}

/**
 * Listeners are what the page sees (the bridge): they get entries with the secret values the
 * session sent masked (see secrets.ts); the recorder gets the exact ones.
 */
export interface SessionListener {
  events(sessionId: string, events: TrafficEvent[]): void;
  patches(sessionId: string, patches: EventPatch[]): void;
  summary(summary: SessionSummary): void;
}

export interface SessionFeed {
  events(events: TrafficEvent[]): void;
  patches(patches: EventPatch[]): void;
  summary(summary: SessionSummary): void;
  /** Makes what was fed so far durable (the recorder coalesces commits); call before confirming it. */
  commit(): void;
}

const MAX_LIVE_SESSIONS = 64;

export class SessionManager {
  private readonly live = new Map<string, LiveSession>();
  /** The options each session of this run was opened with, so "Reconnect" repeats them. */
  private readonly openedWith = new Map<string, SessionOptions>();
  private readonly listeners = new Set<SessionListener>();
  private readonly sink: SessionSink;

  /** Set by closeAll: the recorder is about to close, so late flushes are dropped. */
  private stopped = false;

  /** The secret values each session sent: shown masked, redacted in exports. */
  readonly secrets: SessionSecrets;

  constructor(private readonly recorder: Recorder, opts: { secrets?: SecretBook } = {}) {
    this.secrets = new SessionSecrets(opts.secrets);
    recorder.onRecordingChange((id) => {
      if (!this.stopped) this.announce(id);
    });
    // Methods, not a feed made per flush: under tsx every closure made per call also gets its
    // name defined (esbuild's keepNames), which was a tenth of an HTTP request's cost.
    this.sink = {
      events: (s, events) => this.feedEvents(s.id, events),
      patches: (s, patches) => this.feedPatches(s.id, patches),
      summary: (s, summary) => this.feedSummary(s.id, summary),
    };
  }

  /**
   * Where one session's entries go: recorded, then fanned out. Live sessions use it through their
   * sink; a session recorded elsewhere (a tap, server/tap/ingest.ts) feeds it directly — nothing
   * here can send to such a session or close it.
   */
  feed(id: string): SessionFeed {
    return {
      commit: () => {
        if (!this.stopped) this.recorder.commit();
      },
      events: (events) => this.feedEvents(id, events),
      patches: (patches) => this.feedPatches(id, patches),
      summary: (summary) => this.feedSummary(id, summary),
    };
  }

  private feedEvents(id: string, events: TrafficEvent[]): void {
    if (this.stopped) return;
    this.recorder.appendEvents(id, events);
    if (this.listeners.size === 0) return;
    const mask = this.secrets.mask(id);
    const shown = mask.empty ? events : events.map((e) => mask.event(e));
    for (const l of this.listeners) l.events(id, shown);
  }

  private feedPatches(id: string, patches: EventPatch[]): void {
    if (this.stopped) return;
    this.recorder.applyPatches(id, patches);
    if (this.listeners.size === 0) return;
    const mask = this.secrets.mask(id);
    const shown = mask.empty ? patches : patches.map((p) => mask.patch(p));
    for (const l of this.listeners) l.patches(id, shown);
  }

  private feedSummary(id: string, summary: SessionSummary): void {
    if (this.stopped) return;
    // A flush with nothing new for the summary costs no store read (it came on every flush).
    if (this.recorder.saveSummary(summary)) this.announce(id);
  }

  listen(listener: SessionListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Connect to a target. The session is recorded even when the connection fails, so the failure
   * can be read. `sent`: secret values substituted into the target, masked from its first entry on.
   */
  async open(target: TargetSpec, name?: string, options?: SessionOptions, sent: readonly SentSecret[] = [], reconnectOf?: string): Promise<LiveSession> {
    const openCount = [...this.live.values()].filter((s) => s.isOpen).length;
    if (openCount >= MAX_LIVE_SESSIONS) throw new Error(`too many open sessions (${MAX_LIVE_SESSIONS}): close some first`);
    const session = new LiveSession({ target, name, options, sink: this.sink, reconnectOf });
    this.live.set(session.id, session);
    if (options) this.openedWith.set(session.id, options);
    this.recorder.saveSummary(session.summary);
    this.secrets.add(session.id, sent);
    await session.start();
    return session;
  }

  /**
   * "Reconnect": the same target (with the secrets it was opened with), name and options, as a new
   * session linked to the old one. Refused in words for a session still live, one recorded
   * elsewhere (a tap) and an imported recording, whose command was never one the user typed here.
   */
  async reconnect(id: string): Promise<LiveSession> {
    const old = this.summary(id);
    if (!old) throw new ReconnectRefused(404, `no session ${id}`);
    if (old.status === 'open' || old.status === 'connecting') throw new ReconnectRefused(409, 'this session is still live: disconnect it first');
    if (old.imported) throw new ReconnectRefused(409, 'an imported recording: use "Duplicate as new target" to check its target before connecting');
    const observed = notConnectable(old.target.kind);
    if (observed) throw new ReconnectRefused(409, observed);
    const options: SessionOptions = this.openedWith.get(id) ?? (old.dialect?.overridden ? { dialect: old.dialect.id } : {});
    return this.open(old.target, old.name, options, this.secrets.list(id), id);
  }

  getLive(id: string): LiveSession | undefined {
    return this.live.get(id);
  }

  /**
   * Summaries come from the recorder, live or past: it keeps the counts (as events and patches
   * arrive), the labels (rename, tags) and the status the live session reports — one source of truth.
   */
  summaries(): SessionSummary[] {
    return this.recorder.listSummaries();
  }

  summary(id: string): SessionSummary | undefined {
    return this.recorder.getSummary(id);
  }

  /**
   * Everything after `sinceSeq`, from the recorder (live sessions flush first so nothing is
   * missed), as the page sees it: the secrets the session sent are masked.
   */
  events(id: string, sinceSeq: number, limit: number): TrafficEvent[] {
    this.live.get(id)?.flush();
    const events = this.recorder.listEvents(id, sinceSeq, limit);
    const mask = this.secrets.mask(id);
    return mask.empty ? events : events.map((e) => mask.event(e));
  }

  /** One entry exactly as recorded, secrets in clear (for the inspector's reveal and for pairing). */
  event(id: string, seq: number): TrafficEvent | undefined {
    this.live.get(id)?.flush();
    return this.recorder.getEvent(id, seq);
  }

  /** Tell listeners (the bridge) the session's summary as recorded now, e.g. after a rename. */
  announce(id: string): void {
    const summary = this.recorder.getSummary(id);
    if (summary) for (const l of this.listeners) l.summary(summary);
  }

  async close(id: string): Promise<SessionSummary | undefined> {
    const s = this.live.get(id);
    if (s) await s.close();
    return this.summary(id);
  }

  async remove(id: string): Promise<void> {
    const s = this.live.get(id);
    if (s) {
      await s.close();
      this.live.delete(id);
    }
    this.recorder.deleteSession(id);
    this.secrets.forget(id);
    this.openedWith.delete(id);
  }

  /** Server shutdown: close every target (their last entries are recorded), then record nothing more. */
  async closeAll(): Promise<void> {
    await Promise.all([...this.live.values()].map((s) => s.close()));
    this.stopped = true;
  }
}
