/**
 * The app's side of injecting into tapped conversations: which session is which tap's socket,
 * and the inject asks waiting for their tap's answer (lib/session/tap-wire.ts TapInject).
 */
import type { WebSocket } from 'ws';
import type { InjectTo } from '../../lib/inject/inject';
import type { TapInject, TapInjectAnswer, TapStop } from '../../lib/session/tap-wire';

/** How long the send route waits for the tap to write and record an injected message. */
const ANSWER_TIMEOUT_MS = 10_000;
const MAX_WAITING = 256;

/** A refused inject: the message is the user's to read (the route answers 409 with it). */
export class InjectRefused extends Error {}

interface Waiting {
  sessionId: string;
  resolve(seq: number): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
}

export class TapInjects {
  private readonly sockets = new Map<string, WebSocket>();
  private readonly waiting = new Map<number, Waiting>();
  private nextRef = 1;

  connect(sessionId: string, ws: WebSocket): void {
    this.sockets.set(sessionId, ws);
  }

  has(sessionId: string): boolean {
    return this.sockets.has(sessionId);
  }

  /** Asks the tap of `sessionId` to stop (TapStop); false when no tap is connected for it. */
  stop(sessionId: string): boolean {
    const ws = this.sockets.get(sessionId);
    if (!ws) return false;
    ws.send(JSON.stringify({ type: 'stop' } satisfies TapStop));
    return true;
  }

  /** The tap went away: its asks will not be answered. */
  disconnect(sessionId: string): void {
    this.sockets.delete(sessionId);
    for (const [ref, w] of this.waiting) if (w.sessionId === sessionId) this.settle(ref, new InjectRefused('the tap disconnected before it wrote the message'));
  }

  ask(sessionId: string, to: InjectTo, text: string, conn?: number): Promise<number> {
    const ws = this.sockets.get(sessionId);
    if (!ws) return Promise.reject(new InjectRefused('this tap is no longer connected'));
    if (this.waiting.size >= MAX_WAITING) return Promise.reject(new InjectRefused('too many injected messages are waiting for their tap; try again'));
    const ref = this.nextRef++;
    return new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => this.settle(ref, new InjectRefused('the tap did not write the message within 10 s')), ANSWER_TIMEOUT_MS);
      this.waiting.set(ref, { sessionId, resolve, reject, timer });
      ws.send(JSON.stringify({ type: 'inject', ref, to, text, ...(conn !== undefined ? { conn } : {}) } satisfies TapInject));
    });
  }

  /** The tap of `sessionId` answered (a ref of another session's ask is ignored). */
  answered(sessionId: string | undefined, a: TapInjectAnswer): void {
    if (this.waiting.get(a.ref)?.sessionId !== sessionId) return;
    this.settle(a.ref, a.type === 'injected' ? a.seq : new InjectRefused(a.error));
  }

  private settle(ref: number, outcome: number | Error): void {
    const w = this.waiting.get(ref);
    if (!w) return;
    this.waiting.delete(ref);
    clearTimeout(w.timer);
    if (typeof outcome === 'number') w.resolve(outcome);
    else w.reject(outcome);
  }
}
