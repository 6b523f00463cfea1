/**
 * The browser's WebSocket. Authenticated in the upgrade handler (server/main.ts) before it gets
 * here. A subscriber first catches up from the recorder (everything after the seq it last saw),
 * then follows live. Entries travel in batches, each event's JSON made once for every page
 * (server/bridge-frames.ts), sent as fast as the socket drains; a slow page falls back to catching
 * up from the recorder instead of piling up memory here. Sockets that stop answering pings are closed
 * (server/bridge-heartbeat.ts).
 */
import { WebSocketServer, type WebSocket } from 'ws';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ClientMessage, ServerMessage } from '../lib/session/bridge';
import type { EventPatch, SessionSummary, TrafficEvent } from '../lib/session/types';
import { parseClientMessageText } from '../lib/session/schemas';
import type { SessionManager } from './session/manager';
import { DEFAULT_HEARTBEAT, Heartbeat, type HeartbeatOptions } from './bridge-heartbeat';
import { after, frameBatch, lastSeqOf, patchesFrame, rowsFrame, sizeOf, type FrameBatch } from './bridge-frames';
import { LiveRing, type RingEvents, type RingPatches } from './bridge-ring';
import { ACK_WAIT_MS, HIGH_WATER, LIVE_FRAME, MAX_CLIENT_MESSAGE, MAX_QUEUED_EVENTS, PAGE, REPLAY_WINDOW, unapplied, type Subscription } from './bridge-flow';


class BridgeClient {
  private readonly subs = new Map<string, Subscription>();
  private summaries = new Map<string, SessionSummary>();
  private flushScheduled = false;
  /** Replays waiting for room, woken by the next ack. */
  private readonly ackWaiters = new Set<() => void>();
  /** A flush's frames are still going out (set until ws calls back). */
  private writing = false;

  constructor(
    private readonly ws: WebSocket,
    private readonly manager: SessionManager,
    private readonly ring: LiveRing,
  ) {}

  hello(): void {
    this.send({ type: 'hello', version: 1, sessions: this.manager.summaries() });
  }

  receive(data: string): void {
    const parsed = parseClientMessageText(data);
    if (!parsed.ok) {
      this.send({ type: 'error', message: `bad bridge message: ${parsed.error}` });
      return;
    }
    this.handle(parsed.value);
  }

  private handle(msg: ClientMessage): void {
    switch (msg.type) {
      case 'subscribe': {
        if (!this.manager.summary(msg.session)) {
          this.send({ type: 'error', message: `no session ${msg.session}` });
          return;
        }
        const sub: Subscription = { mode: 'replay', cursor: Math.max(0, msg.sinceSeq), batches: [], queued: 0, patches: [], lagging: false, acked: -1, sentAt: 0 };
        this.subs.set(msg.session, sub);
        void this.replay(msg.session, sub);
        return;
      }
      case 'unsubscribe':
        this.subs.delete(msg.session);
        return;
      case 'ack': {
        const sub = this.subs.get(msg.session);
        if (sub && msg.seq > sub.acked) sub.acked = msg.seq;
        for (const wake of [...this.ackWaiters]) wake();
        if (sub && (sub.batches.length || sub.patches.length)) this.scheduleFlush();
        return;
      }
      default:
        return msg satisfies never;
    }
  }

  /** Whether live events of the session go to this page now (their frame text is then made at once). */
  follows(sessionId: string): boolean {
    return this.subs.get(sessionId)?.mode === 'live';
  }

  /**
   * Catch up from the recorder page by page — or, once the live ring reaches back to the cursor,
   * from memory — then switch to live with no gap (the switch is synchronous).
   */
  private async replay(sessionId: string, sub: Subscription): Promise<void> {
    for (;;) {
      if (this.subs.get(sessionId) !== sub || this.closed) return;
      if (this.fromRing(sessionId, sub)) return;
      let page: TrafficEvent[];
      try {
        page = this.manager.events(sessionId, sub.cursor, PAGE);
      } catch (err) {
        // A store that cannot be read must not take the server down (this runs detached).
        this.subs.delete(sessionId);
        this.send({ type: 'error', message: `could not read the recording of session ${sessionId}: ${(err as Error).message}` });
        return;
      }
      if (page.length === 0) return this.goLive(sessionId, sub);
      sub.cursor = page[page.length - 1].seq;
      if (!this.closed) this.ws.send(rowsFrame(sessionId, [frameBatch(page)]));
      if (sub.lagging) this.sendBehind(sessionId, sub);
      await this.drained(sub);
    }
  }

  private goLive(sessionId: string, sub: Subscription): void {
    sub.mode = 'live';
    if (sub.lagging) {
      sub.lagging = false;
      this.send({ type: 'behind', session: sessionId, behind: 0 });
    }
    const summary = this.manager.summary(sessionId);
    if (summary) this.send({ type: 'session', summary });
  }

  /** Serves the rest from the live ring when it holds everything after the cursor (flushed first, so it is current). */
  private fromRing(sessionId: string, sub: Subscription): boolean {
    this.manager.getLive(sessionId)?.flush();
    const catchup = this.ring.since(sessionId, sub.cursor);
    if (!catchup) return false;
    let frame: FrameBatch[] = [];
    let count = 0;
    const sendEvents = () => {
      if (frame.length && !this.closed) this.ws.send(rowsFrame(sessionId, frame));
      frame = [];
      count = 0;
    };
    for (const b of catchup.batches) {
      if (b.kind === 'patches') {
        sendEvents();
        if (!this.closed) this.ws.send(patchesFrame(sessionId, [b.patches.json()]));
        continue;
      }
      frame.push(b.batch);
      count += sizeOf(b.batch);
      if (count >= PAGE) sendEvents();
    }
    sendEvents();
    sub.cursor = catchup.last;
    this.goLive(sessionId, sub);
    return true;
  }

  onEvents(sessionId: string, held: RingEvents): void {
    const sub = this.subs.get(sessionId);
    if (!sub || sub.mode !== 'live') return;
    const batch = after(held.batch(), sub.cursor);
    if (!batch) return;
    sub.batches.push(batch);
    sub.queued += sizeOf(batch);
    if (sub.queued + unapplied(sub) > MAX_QUEUED_EVENTS) {
      // Too far behind: forget the queue and read the rest back from the recorder.
      sub.cursor = sub.batches[0].seqs[sub.batches[0].from] - 1;
      sub.batches = [];
      sub.queued = 0;
      sub.mode = 'replay';
      sub.lagging = true;
      this.sendBehind(sessionId, sub);
      void this.replay(sessionId, sub);
      return;
    }
    this.scheduleFlush();
  }

  /** How many entries the live session has beyond what this page has (applied, when it says so; else was sent). */
  private sendBehind(sessionId: string, sub: Subscription): void {
    const latest = this.manager.getLive(sessionId)?.summary.lastSeq ?? sub.cursor;
    const applied = sub.cursor - unapplied(sub);
    this.send({ type: 'behind', session: sessionId, behind: Math.max(0, latest - applied) });
  }

  onPatches(sessionId: string, held: RingPatches): void {
    const sub = this.subs.get(sessionId);
    if (!sub) return;
    sub.patches.push(held.json());
    this.scheduleFlush();
  }

  onSummary(summary: SessionSummary): void {
    this.summaries.set(summary.id, summary);
    this.scheduleFlush();
  }

  /**
   * Batches go out as fast as the socket drains, not on a timer: what arrives within one
   * event-loop turn (a pipe read's events, their patches, the summary) goes in one flush, and
   * while a flush is still being written (until ws calls back) the next one waits and grows, so a
   * slow page gets fewer, larger frames instead of a growing buffer.
   */
  private scheduleFlush(): void {
    if (this.flushScheduled || this.writing || this.closed) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      this.flush();
    });
  }

  /**
   * Whether a session's queue waits for the page's ack of the frame before (ACK_WAIT_MS at most).
   * Its patches wait too (they may name entries still queued), and so does its summary.
   */
  private waitsForAck(sub: Subscription, now: number): boolean {
    return sub.mode === 'live' && sub.acked >= 0 && sub.acked < sub.cursor && now - sub.sentAt < ACK_WAIT_MS;
  }

  /** Wakes a flush when the oldest unacknowledged frame's ACK_WAIT_MS is over (an ack wakes it sooner). */
  private ackTimer: NodeJS.Timeout | null = null;

  private wakeAfterAckWait(): void {
    if (this.ackTimer) return;
    this.ackTimer = setTimeout(() => {
      this.ackTimer = null;
      this.scheduleFlush();
    }, ACK_WAIT_MS);
    this.ackTimer.unref();
  }

  private flush(): void {
    if (this.closed || this.writing) return;
    const frames: string[] = [];
    const now = Date.now();
    let held: Set<string> | null = null;
    for (const [sessionId, sub] of this.subs) {
      if ((sub.batches.length || sub.patches.length) && this.waitsForAck(sub, now)) {
        (held ??= new Set()).add(sessionId);
        continue;
      }
      if (sub.batches.length) {
        const batches = sub.batches;
        sub.batches = [];
        sub.queued = 0;
        sub.cursor = lastSeqOf(batches[batches.length - 1]);
        sub.sentAt = now;
        // Frames of at most about LIVE_FRAME events: the page parses each in one task.
        let from = 0;
        let count = 0;
        for (let i = 0; i < batches.length; i++) {
          count += sizeOf(batches[i]);
          if (count >= LIVE_FRAME || i === batches.length - 1 || count + sizeOf(batches[i + 1]) > LIVE_FRAME) {
            frames.push(rowsFrame(sessionId, from === 0 && i === batches.length - 1 ? batches : batches.slice(from, i + 1)));
            from = i + 1;
            count = 0;
          }
        }
      }
      if (sub.patches.length) {
        frames.push(patchesFrame(sessionId, sub.patches));
        sub.patches = [];
      }
    }
    for (const [id, summary] of this.summaries) {
      if (held?.has(id)) continue;
      frames.push(JSON.stringify({ type: 'session', summary } satisfies ServerMessage));
      this.summaries.delete(id);
    }
    if (held) this.wakeAfterAckWait();
    if (frames.length === 0) return;
    this.writing = true;
    for (let i = 0; i < frames.length - 1; i++) this.ws.send(frames[i]);
    this.ws.send(frames[frames.length - 1], () => {
      this.writing = false;
      if (this.hasQueued()) this.scheduleFlush();
    });
  }

  private hasQueued(): boolean {
    if (this.summaries.size) return true;
    for (const sub of this.subs.values()) if (sub.batches.length || sub.patches.length) return true;
    return false;
  }

  /** Resolves once the socket has room and a page that acknowledges has caught up with most of what it was sent. */
  private drained(sub: Subscription): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        if (this.closed || (this.ws.bufferedAmount < HIGH_WATER && unapplied(sub) < REPLAY_WINDOW)) resolve();
        else {
          const wake = () => {
            clearTimeout(timer);
            this.ackWaiters.delete(wake);
            check();
          };
          const timer = setTimeout(wake, 20);
          this.ackWaiters.add(wake);
        }
      };
      check();
    });
  }

  private get closed(): boolean {
    return this.ws.readyState !== this.ws.OPEN;
  }

  send(msg: ServerMessage): void {
    if (this.closed) return;
    this.ws.send(JSON.stringify(msg));
  }

  dispose(): void {
    if (this.ackTimer) clearTimeout(this.ackTimer);
    this.ackWaiters.clear();
    this.subs.clear();
    this.summaries.clear();
  }
}

export class Bridge {
  // No subprotocol is ever selected, so none is echoed: ws would otherwise answer with the first
  // one offered, and a client that put a credential there would see it reflected. Subprotocols
  // authenticate nothing; the upgrade gate (server/security.ts) checked the cookie or the token.
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_MESSAGE, perMessageDeflate: false, handleProtocols: () => false });
  private readonly clients = new Set<BridgeClient>();
  private readonly heartbeat: Heartbeat;
  private readonly ring = new LiveRing();

  constructor(private readonly manager: SessionManager, heartbeat: HeartbeatOptions = DEFAULT_HEARTBEAT) {
    this.heartbeat = new Heartbeat(heartbeat);
    manager.listen({
      events: (id, events: TrafficEvent[]) => {
        const held = this.ring.events(id, events);
        for (const c of this.clients) if (c.follows(id)) c.onEvents(id, held);
      },
      patches: (id, patches: EventPatch[]) => {
        const held = this.ring.patches(id, patches);
        this.clients.forEach((c) => c.onPatches(id, held));
      },
      summary: (summary) => {
        // Ended: its recording is complete in the store, which serves it from now on.
        if (summary.endedAt) this.ring.forget(summary.id);
        this.clients.forEach((c) => c.onSummary(summary));
      },
    });
  }

  /** Call only after the request passed the security gate. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      const client = new BridgeClient(ws, this.manager, this.ring);
      this.clients.add(client);
      this.heartbeat.watch(ws);
      ws.on('message', (data, isBinary) => {
        if (isBinary) return client.send({ type: 'error', message: 'bridge messages are JSON text' });
        client.receive(data.toString());
      });
      ws.on('close', () => {
        client.dispose();
        this.clients.delete(client);
      });
      ws.on('error', () => ws.terminate());
      client.hello();
    });
  }

  /** Open bridge sockets. */
  get socketCount(): number {
    return this.clients.size;
  }

  close(): void {
    this.heartbeat.stop();
    for (const ws of this.wss.clients) ws.terminate();
    this.wss.close();
  }
}
