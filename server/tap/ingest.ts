/**
 * The app's end of a tap (lib/session/tap-wire.ts): a tap on the same data directory connects
 * here and its conversation becomes a session of kind "tap", recorded by this app's recorder and
 * fanned out to the pages like any live session. Only a tap gets in: Host must be ours, the key
 * from the data directory must match, and no Origin may be present (browsers always send one on
 * a WebSocket, a tap never does), so no web page can feed sessions in.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { TAP_KEY_HEADER, TAP_MAX_MESSAGE_BYTES, TapInjectAnswerSchema, TapMessageSchema, type TapReply } from '../../lib/session/tap-wire';
import type { InjectTo } from '../../lib/inject/inject';
import { TapInjects } from './injects';
import { TapIntercepts } from './intercepts';
import { TapInterceptReportSchema } from '../../lib/intercept/wire';
import { TapConnectionsReportSchema } from '../../lib/session/tap-connections';
import { TapConnections } from './connections';
import type { SessionSummary } from '../../lib/session/types';
import type { ServerConfig } from '../config';
import { hostAllowed, tokenMatches } from '../security';
import type { SessionFeed, SessionManager } from '../session/manager';
import type { Store } from '../store';

export interface TapIngestDeps {
  manager: SessionManager;
  store: Store;
  config: ServerConfig;
  port(): number;
  key: string;
}

export type GateAnswer = { ok: true } | { ok: false; status: number; reason: string };

export function tapGate(req: IncomingMessage, deps: Pick<TapIngestDeps, 'config' | 'port' | 'key'>): GateAnswer {
  if (!hostAllowed(req.headers.host, deps.config, deps.port())) return { ok: false, status: 403, reason: 'Host is not allowed' };
  if (req.headers.origin !== undefined) return { ok: false, status: 403, reason: 'the tap endpoint takes no browser connections' };
  const key = req.headers[TAP_KEY_HEADER];
  if (!tokenMatches(typeof key === 'string' ? key : undefined, deps.key)) return { ok: false, status: 401, reason: 'missing or wrong tap key' };
  return { ok: true };
}

export class TapIngest {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: TAP_MAX_MESSAGE_BYTES });
  private readonly injects = new TapInjects();
  /** Breakpoints and held frames of the taps connected now (intercepts.ts). */
  readonly intercepts = new TapIntercepts();
  /** The WebSockets each connected proxy tap relays now (connections.ts), for the composer's choice. */
  readonly relayed = new TapConnections();

  constructor(private readonly deps: TapIngestDeps) {
    this.wss.on('connection', (ws) => this.serve(ws));
  }

  /** Call after tapGate said yes. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.wss.handleUpgrade(req, socket, head, (ws) => this.wss.emit('connection', ws, req));
  }

  /** Is `sessionId` a tap connected now (so the composer's sends go into its conversation)? */
  hasSession(sessionId: string): boolean {
    return this.injects.has(sessionId);
  }

  /** Injects `text` into the tapped conversation; resolves with the recorded entry's seq. */
  inject(sessionId: string, to: InjectTo, text: string, conn?: number): Promise<number> {
    return this.injects.ask(sessionId, to, text, conn);
  }

  /** "Stop tap": the tap of `sessionId` ends its conversation (false: no such tap is connected). */
  stop(sessionId: string): boolean {
    return this.injects.stop(sessionId);
  }

  get connections(): number {
    return this.wss.clients.size;
  }

  close(): void {
    for (const ws of this.wss.clients) ws.terminate();
    this.wss.close();
  }

  private serve(ws: WebSocket): void {
    let summary: SessionSummary | null = null;
    let feed: SessionFeed | null = null;
    let lastSeq = 0;
    let messages = 0;
    const reply = (r: TapReply) => ws.send(JSON.stringify(r));
    const refuse = (reason: string) => {
      reply({ type: 'refused', reason });
      ws.close(1008, reason.slice(0, 120));
    };
    ws.on('message', (data: RawData, isBinary) => {
      if (isBinary) return refuse('tap messages are JSON text');
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(data));
      } catch {
        return refuse('a tap message was not JSON');
      }
      // The tap's answer to an inject ask: no entry, so not counted as stored.
      const answer = TapInjectAnswerSchema.safeParse(parsed);
      if (answer.success) return this.injects.answered(summary?.id, answer.data);
      const report = TapInterceptReportSchema.safeParse(parsed);
      if (report.success) return this.intercepts.reported(summary?.id, report.data);
      const conns = TapConnectionsReportSchema.safeParse(parsed);
      if (conns.success) return this.relayed.reported(summary?.id, conns.data);
      const m = TapMessageSchema.safeParse(parsed);
      if (!m.success) return refuse(`a tap message was refused: ${m.error.issues[0]?.message ?? 'invalid'}`);
      const msg = m.data;
      if (msg.type === 'summary') {
        if (msg.summary.target.kind !== 'tap') return refuse('a tap session must have a tap target');
        if (!summary) {
          if (this.deps.store.sessions.exists(msg.summary.id)) return refuse(`session ${msg.summary.id} exists already`);
          feed = this.deps.manager.feed(msg.summary.id);
          this.injects.connect(msg.summary.id, ws);
          this.intercepts.connect(msg.summary.id, ws);
          this.relayed.connect(msg.summary.id);
        } else if (msg.summary.id !== summary.id) {
          return refuse('one tap connection carries one session');
        }
        summary = msg.summary;
        feed!.summary(summary);
        this.keepRecording(summary);
      } else if (!feed) {
        return refuse('the summary comes first');
      } else if (msg.type === 'events') {
        if (msg.events[0].seq <= lastSeq || msg.events.some((e, i) => i > 0 && e.seq <= msg.events[i - 1].seq)) return refuse('entries must come in seq order');
        lastSeq = msg.events[msg.events.length - 1].seq;
        feed.events(msg.events);
      } else {
        feed.patches(msg.patches);
      }
      // "stored" is a promise the tap relies on if this app dies: commit before saying it.
      feed?.commit();
      reply({ type: 'stored', seq: lastSeq, messages: ++messages });
    });
    ws.on('close', () => {
      if (summary) this.injects.disconnect(summary.id);
      if (summary) this.intercepts.disconnect(summary.id);
      if (summary) this.relayed.disconnect(summary.id);
      if (!summary || !feed || summary.endedAt) return;
      // The tap went away mid-conversation (killed, or it lost us): the session is no longer live.
      feed.summary({ ...summary, status: 'closed', endedAt: new Date().toISOString(), failure: summary.failure ?? 'the tap disconnected before the conversation ended' });
    });
    ws.on('error', () => ws.terminate());
  }

  /** What the tap says about its recording (entries it could not hand over) is kept with the session. */
  private keepRecording(summary: SessionSummary): void {
    if (!summary.recording) return;
    try {
      this.deps.store.sessions.setRecording(summary.id, summary.recording);
    } catch {
      // The recorder reports its own failures for this session; this copy is best effort.
    }
  }
}
