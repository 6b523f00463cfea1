/**
 * Live watching of published sessions: each watcher of `/t/<id>` holds a server-sent-event stream
 * (`GET /api/sessions/:id/live?after=SEQ`); appended events and new comments are fanned out to the
 * session's watchers as they are stored. A new watcher is subscribed before its backlog is read
 * from the store and the live events it already got from the backlog are skipped, so none is
 * missed or shown twice.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LiveMessage } from '../../lib/team/api';
import type { TeamStore } from './store/types';

const BACKLOG_PAGE = 2000;
const KEEPALIVE_MS = 25_000;

interface Watcher {
  res: ServerResponse;
  /** Live messages that came while the backlog was being sent. */
  pending: LiveMessage[] | null;
  lastSeq: number;
}

export class LiveHub {
  private readonly watchers = new Map<string, Set<Watcher>>();

  publish(sessionId: string, msg: LiveMessage): void {
    for (const w of this.watchers.get(sessionId) ?? []) {
      if (w.pending) w.pending.push(msg);
      else this.write(w, msg);
    }
  }

  private write(w: Watcher, msg: LiveMessage): void {
    if (msg.type === 'events') {
      const fresh = msg.events.filter((e) => (e as { seq: number }).seq > w.lastSeq);
      if (!fresh.length) return;
      w.lastSeq = (fresh[fresh.length - 1] as { seq: number }).seq;
      msg = { type: 'events', events: fresh };
    }
    w.res.write(`data: ${JSON.stringify(msg)}\n\n`);
  }

  async watch(store: TeamStore, sessionId: string, afterSeq: number, req: IncomingMessage, res: ServerResponse): Promise<void> {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      connection: 'keep-alive',
    });
    res.write(': open\n\n'); // the page learns at once that it is live, even with no backlog to send
    const w: Watcher = { res, pending: [], lastSeq: afterSeq };
    const set = this.watchers.get(sessionId) ?? new Set();
    this.watchers.set(sessionId, set);
    set.add(w);
    const keepalive = setInterval(() => res.write(': keepalive\n\n'), KEEPALIVE_MS);
    const leave = () => {
      clearInterval(keepalive);
      set.delete(w);
      if (!set.size) this.watchers.delete(sessionId);
    };
    req.on('close', leave);
    res.on('error', leave);
    try {
      for (;;) {
        const page = await store.events(sessionId, w.lastSeq, BACKLOG_PAGE);
        if (!page.length) break;
        this.write(w, { type: 'events', events: page.map((e) => JSON.parse(e.json) as unknown) });
        if (page.length < BACKLOG_PAGE) break;
      }
      const comments = await store.comments(sessionId);
      for (const comment of comments) this.write(w, { type: 'comment', comment });
    } finally {
      const queued = w.pending ?? [];
      w.pending = null;
      // Comments sent in the backlog may also be queued: the page keys comments by id.
      for (const msg of queued) this.write(w, msg);
    }
    const s = await store.session(sessionId);
    if (s && !s.live) this.write(w, { type: 'done' });
  }

  /** Ends every stream (server shutdown). */
  closeAll(): void {
    for (const set of this.watchers.values()) for (const w of set) w.res.end();
    this.watchers.clear();
  }
}
