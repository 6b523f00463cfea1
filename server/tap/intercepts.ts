/**
 * The app's side of intercepting tapped conversations (lib/intercept/wire.ts): which session is
 * which tap's socket, the last report each tap sent (what is held now — so a reloaded page sees
 * it: the held frames live in the tap, their list here), and the asks waiting for their answer.
 * A tap that disconnects leaves nothing held (it released everything as it went).
 */
import type { WebSocket } from 'ws';
import type { InterceptAction, InterceptStatus, TapInterceptAsk, TapInterceptReport } from '../../lib/intercept/wire';

/** How long a route waits for its tap to answer an ask. */
const ANSWER_TIMEOUT_MS = 5000;
const MAX_WAITING = 256;

/** An ask the tap could not carry out: the words are the user's to read (the route answers 409). */
export class InterceptRefused extends Error {}

interface Waiting {
  sessionId: string;
  resolve(r: TapInterceptReport): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
}

export class TapIntercepts {
  private readonly sockets = new Map<string, WebSocket>();
  private readonly reports = new Map<string, TapInterceptReport>();
  private readonly waiting = new Map<number, Waiting>();
  private nextRef = 1;

  connect(sessionId: string, ws: WebSocket): void {
    this.sockets.set(sessionId, ws);
  }

  disconnect(sessionId: string): void {
    this.sockets.delete(sessionId);
    this.reports.delete(sessionId);
    for (const [ref, w] of this.waiting) if (w.sessionId === sessionId) this.settle(ref, new InterceptRefused('the tap disconnected before it answered'));
  }

  /** What the page shows for `sessionId`: the tap's last report, or why there is none. */
  status(sessionId: string): InterceptStatus {
    if (!this.sockets.has(sessionId)) return { available: false, why: 'only a tap connected to this app can intercept its conversation (this one has ended or is not connected)', on: false, breakpoints: [], held: [] };
    const r = this.reports.get(sessionId);
    return { available: true, on: r?.on ?? false, breakpoints: r?.breakpoints ?? [], held: r?.held ?? [] };
  }

  /** The tap of `sessionId` reported (an answer to an ask, or a change of its own). */
  reported(sessionId: string | undefined, r: TapInterceptReport): void {
    if (!sessionId || !this.sockets.has(sessionId)) return;
    this.reports.set(sessionId, r);
    if (r.ref && this.waiting.get(r.ref)?.sessionId === sessionId) this.settle(r.ref, r);
  }

  /** Sends the ask; resolves with the state after it, or rejects with the tap's words. */
  async ask(sessionId: string, action: InterceptAction): Promise<InterceptStatus> {
    const ws = this.sockets.get(sessionId);
    if (!ws) throw new InterceptRefused('this session is not a tap connected to this app, so it cannot intercept');
    if (this.waiting.size >= MAX_WAITING) throw new InterceptRefused('too many intercept asks are waiting for their tap; try again');
    const ref = this.nextRef++;
    const report = await new Promise<TapInterceptReport>((resolve, reject) => {
      const timer = setTimeout(() => this.settle(ref, new InterceptRefused('the tap did not answer within 5 s')), ANSWER_TIMEOUT_MS);
      this.waiting.set(ref, { sessionId, resolve, reject, timer });
      ws.send(JSON.stringify({ type: 'intercept', ref, ...action } satisfies TapInterceptAsk));
    });
    if (report.error) throw new InterceptRefused(report.error);
    return this.status(sessionId);
  }

  /** The session is being closed: breakpoints off, everything held forwarded (best effort: a gone tap held nothing). */
  async stop(sessionId: string): Promise<void> {
    const r = this.reports.get(sessionId);
    if (!this.sockets.has(sessionId) || (!r?.on && !r?.held.length)) return;
    await this.ask(sessionId, { action: 'set', breakpoints: [] }).catch(() => undefined);
  }

  private settle(ref: number, outcome: TapInterceptReport | Error): void {
    const w = this.waiting.get(ref);
    if (!w) return;
    this.waiting.delete(ref);
    clearTimeout(w.timer);
    if (outcome instanceof Error) w.reject(outcome);
    else w.resolve(outcome);
  }
}
