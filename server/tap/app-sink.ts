/**
 * An app runs on the data directory: the tap hands its entries to it over the tap endpoint
 * (lib/session/tap-wire.ts). Sends never wait. What the app has not confirmed is kept, so if the
 * app goes away mid-way the tap can record the rest itself (`onGone` hands it back). Past a cap
 * of unconfirmed bytes (an app that stopped reading) entries are dropped and counted, and the
 * session's recording state says which — the conversation is never held up.
 */
import WebSocket from 'ws';
import { TAP_BATCH, TAP_KEY_HEADER, TAP_MAX_MESSAGE_BYTES, TAP_PATH, type TapInject, type TapInjectAnswer, type TapMessage, type TapReply } from '../../lib/session/tap-wire';
import { InterceptActionSchema, type TapInterceptAsk, type TapInterceptReport } from '../../lib/intercept/wire';
import type { EventPatch, SessionSummary, TrafficEvent } from '../../lib/session/types';
import type { TapConnectionsReport } from '../../lib/session/tap-connections';
import { RecordingHealth } from '../session/recording-health';
import type { TapSink } from './recording';

const MAX_UNCONFIRMED_BYTES = 64 * 1024 * 1024;

interface Sent {
  message: TapMessage;
  bytes: number;
}

export class AppSink implements TapSink {
  private readonly unconfirmed: Sent[] = [];
  private unconfirmedBytes = 0;
  private confirmed = 0;
  private sentCount = 0;
  private gone = false;
  private readonly health = new RecordingHealth();
  private lostAny = false;
  private goneListener: ((unconfirmed: TapMessage[], why: string) => void) | null = null;
  private injectListener: ((ask: TapInject) => void) | null = null;
  private interceptListener: ((ask: TapInterceptAsk) => void) | null = null;
  private stopListener: (() => void) | null = null;

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => this.reply(String(data)));
    ws.on('close', (_code, reason) => this.lost(reason.toString() || 'the app closed the connection'));
    ws.on('error', (err) => this.lost(err.message));
  }

  /** Connects to the app at `origin` (from its lock file), or rejects within `timeoutMs`. */
  static connect(origin: string, key: string, timeoutMs = 2000): Promise<AppSink> {
    const url = new URL(TAP_PATH, origin.replace(/^http/, 'ws'));
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { headers: { [TAP_KEY_HEADER]: key }, maxPayload: TAP_MAX_MESSAGE_BYTES, handshakeTimeout: timeoutMs });
      ws.once('open', () => resolve(new AppSink(ws)));
      ws.once('unexpected-response', (_req, res) => {
        reject(new Error(`the app at ${origin} refused the tap (HTTP ${res.statusCode})`));
        res.resume();
      });
      ws.once('error', reject);
    });
  }

  /** The app went away: what it had not confirmed, to be recorded elsewhere. */
  onGone(listener: (unconfirmed: TapMessage[], why: string) => void): void {
    this.goneListener = listener;
  }

  /** The app asks to inject a message into the conversation (answer with `answerInject`). */
  onInject(listener: (ask: TapInject) => void): void {
    this.injectListener = listener;
  }

  /** The app's intercept asks (checked here: they come from another process). */
  onIntercept(listener: (ask: TapInterceptAsk) => void): void {
    this.interceptListener = listener;
  }

  /** The app's user asked the tap to stop (TapStop). */
  onStop(listener: () => void): void {
    this.stopListener = listener;
  }

  /** Not an entry either: what is held now, for the app to show. */
  sendIntercept(report: TapInterceptReport): void {
    if (!this.gone) this.ws.send(JSON.stringify(report));
  }

  /** Not an entry either: the WebSockets the proxy tap relays now, for the composer's choice. */
  sendConnections(report: TapConnectionsReport): void {
    if (!this.gone) this.ws.send(JSON.stringify(report));
  }

  /** Not an entry: it is neither counted nor kept for a take-over (an app that is gone asked nothing). */
  answerInject(answer: TapInjectAnswer): void {
    if (!this.gone) this.ws.send(JSON.stringify(answer));
  }

  /** Lost entries (when any were): the session's recording state, to go out with the summary. */
  recording(): SessionSummary['recording'] {
    return this.lostAny ? this.health.snapshot() : undefined;
  }

  events(events: TrafficEvent[]): void {
    for (let i = 0; i < events.length; i += TAP_BATCH) this.send({ type: 'events', events: events.slice(i, i + TAP_BATCH) });
  }

  patches(patches: EventPatch[]): void {
    for (let i = 0; i < patches.length; i += TAP_BATCH) this.send({ type: 'patches', patches: patches.slice(i, i + TAP_BATCH) });
  }

  summary(summary: SessionSummary): void {
    const recording = this.recording();
    this.send({ type: 'summary', summary: recording ? { ...summary, recording } : summary });
  }

  /** Waits (bounded) until the app confirmed everything sent, then closes. */
  async close(timeoutMs = 2000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.gone && this.confirmed < this.sentCount && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    this.gone = true;
    this.ws.close(1000, 'conversation over');
  }

  private send(message: TapMessage): void {
    if (this.gone) return;
    const text = JSON.stringify(message);
    if (this.unconfirmedBytes + text.length > MAX_UNCONFIRMED_BYTES && message.type !== 'summary') {
      this.lose(message, 'the app is not taking entries fast enough');
      return;
    }
    this.unconfirmed.push({ message, bytes: text.length });
    this.unconfirmedBytes += text.length;
    this.sentCount++;
    this.ws.send(text);
  }

  private lose(message: TapMessage, why: string): void {
    this.lostAny = true;
    this.health.fail(why, Date.now());
    if (message.type === 'events') this.health.lostEvents(message.events);
    else if (message.type === 'patches') this.health.lostChanges(message.patches.length);
  }

  private reply(text: string): void {
    let r: TapReply;
    try {
      r = JSON.parse(text) as TapReply;
    } catch {
      return;
    }
    if (r.type === 'inject') {
      const conn = r.conn === undefined || (Number.isSafeInteger(r.conn) && r.conn >= 1);
      if (typeof r.ref === 'number' && typeof r.text === 'string' && (r.to === 'server' || r.to === 'client') && conn) this.injectListener?.(r);
      return;
    }
    if (r.type === 'intercept') {
      const a = InterceptActionSchema.safeParse(r);
      if (a.success && Number.isSafeInteger(r.ref)) this.interceptListener?.({ type: 'intercept', ref: r.ref, ...a.data });
      return;
    }
    if (r.type === 'stop') {
      this.stopListener?.();
      return;
    }
    if (r.type === 'refused') {
      this.lost(`the app refused the tap: ${r.reason}`);
      return;
    }
    if (r.type !== 'stored' || !Number.isSafeInteger(r.messages)) return;
    while (this.confirmed < r.messages && this.unconfirmed.length) {
      const done = this.unconfirmed.shift()!;
      this.unconfirmedBytes -= done.bytes;
      this.confirmed++;
    }
  }

  private lost(why: string): void {
    if (this.gone) return;
    this.gone = true;
    const rest = this.unconfirmed.splice(0).map((s) => s.message);
    this.unconfirmedBytes = 0;
    this.goneListener?.(rest, why);
  }
}
