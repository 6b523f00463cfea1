/**
 * The page's end of the bridge WebSocket: connects with the page's cookie, resubscribes after every
 * reconnect from the last seq it holds (so nothing is lost or doubled), and hands incoming
 * messages over once per animation frame, so a flooding target re-renders the page at most once
 * a frame instead of once per message. Events arrive without their wire text (the texts of a
 * batch's newest entries come beside them and go to the text cache) and with a rule's spec
 * sentence by reference, put back here from the rule table (lib/jsonrpc/rules/spec-ref.ts).
 */
import type { EntryText } from '@/lib/api/entries';
import { BRIDGE_PATH, type ServerMessage } from '@/lib/session/bridge';
import type { EventPatch, SessionSummary, TrafficEvent } from '@/lib/session/types';
import type { EntryRow } from '@/lib/timeline/row';
import { columnsReader, rowColumnsProblem, type RowColumns } from '@/lib/timeline/row-columns';
import { entryTexts } from './entry-texts';

/**
 * What changes the store, applied in one update per flush: the bridge's messages (its columnar
 * batches already made into rows), and entries in full from elsewhere (the API).
 */
export type BridgeOp =
  | { type: 'rows'; session: string; rows: EntryRow[] }
  | { type: 'events'; session: string; events: TrafficEvent[] }
  | Extract<ServerMessage, { type: 'patches' | 'session' | 'behind' }>;

export interface BridgeHandlers {
  onHello(sessions: SessionSummary[]): void;
  /** Ops in arrival order; apply them in one store update. */
  onOps(ops: BridgeOp[]): void;
  onStatus(status: 'connecting' | 'open' | 'closed'): void;
  onServerError(message: string): void;
  /** Where to resume a session from (the last seq the page holds, or earlier to refresh pending entries). */
  resumeFrom(sessionId: string): number;
}

/** A hidden tab gets no animation frames: its queue is applied this often instead. */
const HIDDEN_FLUSH_MS = 250;
/**
 * While messages keep coming, an apply (the store update, React's render, the timeline's layout)
 * waits at least this many times what the last one cost, measured from its start: the page then
 * spends at most a third of its time rendering a flood and the rest taking it in (issue 11: it
 * rendered every frame, each render's cost paid per frame, not per entry). Never past
 * HIDDEN_FLUSH_MS; a quiet session still shows each message in the next frame.
 */
const APPLY_SHARE = 3;
const BACKOFF_MIN = 250;
const BACKOFF_MAX = 5000;

function isText(t: unknown): t is EntryText {
  if (!t || typeof t !== 'object') return false;
  const v = t as Record<string, unknown>;
  return typeof v.seq === 'number' && typeof v.raw === 'string' && (v.rawBase64 === undefined || typeof v.rawBase64 === 'string');
}

/**
 * The rows of a `rows` message, straight from its columns (no object per event in between), its
 * strings shared through the text cache's interner; batches that fail the shape check are skipped.
 */
function rowsOf(msg: Extract<ServerMessage, { type: 'rows' }>): EntryRow[] {
  let rows: EntryRow[] = [];
  for (let k = 0; k < msg.batches.length; k++) {
    const cols: unknown = msg.batches[k];
    if (rowColumnsProblem(cols) !== null) continue;
    const from = Array.isArray(msg.from) && Number.isSafeInteger(msg.from[k]) ? msg.from[k] : 0;
    const batch = columnsReader(cols as RowColumns, entryTexts.intern).rows(Math.max(0, from));
    rows = rows.length ? rows.concat(batch) : batch;
  }
  return rows;
}

function isSummary(s: unknown): s is SessionSummary {
  if (!s || typeof s !== 'object') return false;
  const v = s as Record<string, unknown>;
  return typeof v.id === 'string' && typeof v.status === 'string' && typeof v.target === 'object' && v.target !== null
    && typeof v.lastSeq === 'number' && typeof v.counts === 'object' && v.counts !== null;
}

export class BridgeClient {
  private ws: WebSocket | null = null;
  private readonly subscribed = new Set<string>();
  private queue: BridgeOp[] = [];
  private frameAsked: number | null = null;
  /** performance.now() before which the next apply waits (APPLY_SHARE). */
  private notBefore = 0;
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private backoff = BACKOFF_MIN;
  private stopped = false;

  constructor(private readonly handlers: BridgeHandlers) {}

  start(): void {
    this.stopped = false;
    this.open();
  }

  stop(): void {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.cancelFlush();
    this.retryTimer = null;
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      // Closing a socket that is still connecting logs an error in the console; wait for it to open.
      if (ws.readyState === WebSocket.CONNECTING) ws.addEventListener('open', () => ws.close());
      else ws.close();
    }
  }

  subscribe(sessionId: string): void {
    if (this.subscribed.has(sessionId)) return;
    this.subscribed.add(sessionId);
    this.sendSubscribe(sessionId);
  }

  unsubscribe(sessionId: string): void {
    if (!this.subscribed.delete(sessionId)) return;
    this.send({ type: 'unsubscribe', session: sessionId });
  }

  isSubscribed(sessionId: string): boolean {
    return this.subscribed.has(sessionId);
  }

  private sendSubscribe(sessionId: string): void {
    this.send({ type: 'subscribe', session: sessionId, sinceSeq: Math.max(0, this.handlers.resumeFrom(sessionId)) });
  }

  private send(msg: unknown): void {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg));
  }

  private open(): void {
    if (this.stopped) return;
    this.handlers.onStatus('connecting');
    const proto = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
    // The upgrade carries the page's httpOnly cookie (same origin); nothing secret is in the URL.
    const url = `${proto}//${window.location.host}${BRIDGE_PATH}`;
    let ws: WebSocket;
    try {
      ws = new WebSocket(url);
    } catch {
      this.retry();
      return;
    }
    this.ws = ws;
    ws.addEventListener('open', () => {
      if (this.ws !== ws) return;
      this.backoff = BACKOFF_MIN;
      this.handlers.onStatus('open');
      for (const id of this.subscribed) this.sendSubscribe(id);
    });
    ws.addEventListener('message', (e) => {
      if (this.ws !== ws || typeof e.data !== 'string') return;
      this.receive(e.data);
    });
    ws.addEventListener('close', () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.flush();
      this.handlers.onStatus('closed');
      this.retry();
    });
  }

  private retry(): void {
    if (this.stopped || this.retryTimer) return;
    const wait = this.backoff * (0.75 + Math.random() * 0.5);
    this.backoff = Math.min(BACKOFF_MAX, this.backoff * 2);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.open();
    }, wait);
  }

  private receive(text: string): void {
    let msg: ServerMessage;
    try {
      msg = JSON.parse(text) as ServerMessage;
    } catch {
      this.handlers.onServerError('The server sent a bridge message that is not JSON.');
      return;
    }
    if (!msg || typeof msg !== 'object') return;
    switch (msg.type) {
      case 'hello':
        if (Array.isArray(msg.sessions)) {
          this.flush();
          this.handlers.onHello(msg.sessions.filter(isSummary));
        }
        return;
      case 'rows':
        if (typeof msg.session === 'string' && Array.isArray(msg.batches)) {
          // Kept at once: the rows applied in the next frame find their texts here.
          if (Array.isArray(msg.texts)) for (const t of msg.texts) if (isText(t)) entryTexts.put(msg.session, t);
          const rows = rowsOf(msg);
          this.enqueue({ type: 'rows', session: msg.session, rows });
          // Flow control (server/bridge.ts): a tab too busy to take its messages is caught up from the store instead.
          if (rows.length) this.send({ type: 'ack', session: msg.session, seq: rows[rows.length - 1].seq });
        }
        return;
      case 'patches':
        if (typeof msg.session === 'string' && Array.isArray(msg.patches)) {
          const patches = msg.patches.filter((p): p is EventPatch => !!p && typeof p === 'object' && typeof (p as EventPatch).seq === 'number');
          this.enqueue({ type: 'patches', session: msg.session, patches });
        }
        return;
      case 'session':
        if (isSummary(msg.summary)) this.enqueue({ type: 'session', summary: msg.summary });
        return;
      case 'behind':
        if (typeof msg.session === 'string' && Number.isSafeInteger(msg.behind) && msg.behind >= 0) {
          this.enqueue({ type: 'behind', session: msg.session, behind: msg.behind });
        }
        return;
      case 'error':
        if (typeof msg.message === 'string') this.handlers.onServerError(msg.message);
        return;
      default:
        return;
    }
  }

  private enqueue(op: BridgeOp): void {
    this.queue.push(op);
    if (this.frameAsked !== null) return;
    // At most once per animation frame, whatever arrived since; a hidden tab (no frames) on a timer.
    this.askFrame();
    this.flushTimer = setTimeout(() => this.flush(), HIDDEN_FLUSH_MS);
  }

  private askFrame(): void {
    this.frameAsked = requestAnimationFrame(() => {
      if (performance.now() < this.notBefore) this.askFrame();
      else this.flush();
    });
  }

  private cancelFlush(): void {
    if (this.frameAsked !== null) cancelAnimationFrame(this.frameAsked);
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.frameAsked = null;
    this.flushTimer = null;
  }

  private flush(): void {
    this.cancelFlush();
    if (this.queue.length === 0) return;
    const ops = this.queue;
    this.queue = [];
    const t0 = performance.now();
    this.handlers.onOps(ops);
    // React renders a store update in a microtask queued during onOps: this one runs after it (and its layout effects).
    queueMicrotask(() => {
      const now = performance.now();
      this.notBefore = t0 + Math.min(HIDDEN_FLUSH_MS, (now - t0) * APPLY_SHARE);
    });
  }
}
