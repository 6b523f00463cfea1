/**
 * A WebSocket upgrade on the tap's listener: the tap opens the same WebSocket to the target (same
 * path, headers, offered subprotocols), accepts the client only once the target did (with the
 * subprotocol the target chose), then relays frame by frame — text stays text, binary stays
 * binary — and each close with its code. Each frame is recorded after it went on: client → target
 * as `out`, target → client as `in`. A target that refuses the upgrade gets the client the same
 * status.
 */
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import WebSocket, { WebSocketServer, type RawData } from 'ws';
import { decodeUtf8, headerRecord, toBuffer } from '../transports/text';
import { endToEnd, headerObject, upstreamUrl } from './proxy-headers';
import type { Side } from './recording';
import type { RecordingClient } from './recording-client';
import type { ProxyInjector } from './proxy-inject';
import type { ProxyInterceptor } from './proxy-intercept';
import type { TapConnection } from '../../lib/session/tap-connections';

const MAX_FRAME = 64 * 1024 * 1024;
/** Close codes a peer may not send itself (RFC 6455 §7.4.1): passed on as a plain close. */
const RESERVED_CLOSE = new Set([1005, 1006, 1015]);

export interface WsRelayContext {
  to: URL;
  recording: RecordingClient;
  log(line: string): void;
  /** Injecting into this tap's conversations (proxy-inject.ts): frames written into the newest pair. */
  inject?: ProxyInjector;
  /** Holding frames at breakpoints (proxy-intercept.ts), per socket and direction. */
  intercept?: ProxyInterceptor;
}

function asBuffer(data: RawData): Buffer {
  if (Array.isArray(data)) return Buffer.concat(data);
  return toBuffer(data instanceof ArrayBuffer ? new Uint8Array(data) : data);
}

export class WsRelay {
  /** The subprotocol the target chose, per client request: the client is answered with the same. */
  private readonly chosen = new WeakMap<http.IncomingMessage, string>();
  private readonly wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_FRAME,
    perMessageDeflate: false,
    handleProtocols: (_offered, req) => this.chosen.get(req) || false,
  });
  private readonly upstreams = new Set<WebSocket>();
  /** Relayed pairs so far: each pair's number names it (entries' `ws.conn`, the composer's choice, its two intercept lanes). */
  private pairs = 0;

  constructor(private readonly ctx: WsRelayContext) {}

  upgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = upstreamUrl(this.ctx.to, req.url);
    if (url.protocol === 'http:') url.protocol = 'ws:';
    if (url.protocol === 'https:') url.protocol = 'wss:';
    const offered = String(req.headers['sec-websocket-protocol'] ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const { recording } = this.ctx;
    const upstream = new WebSocket(url, offered, {
      headers: headerObject(endToEnd(req.rawHeaders, { websocket: true })),
      maxPayload: MAX_FRAME,
      perMessageDeflate: false,
    });
    this.upstreams.add(upstream);
    upstream.once('close', () => this.upstreams.delete(upstream));
    let refused = false;
    const refuse = (status: number, text: string, why: string) => {
      if (refused) return;
      refused = true;
      recording.note(`WebSocket ${url.pathname}: ${why}`, { http: { status, url: url.href, method: 'GET' } });
      socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    upstream.once('unexpected-response', (_r, res) => {
      refuse(res.statusCode ?? 502, res.statusMessage ?? 'Bad Gateway', `the target refused the upgrade (HTTP ${res.statusCode})`);
      res.resume();
      upstream.terminate();
    });
    upstream.once('error', (err) => {
      refuse(502, 'Bad Gateway', `could not reach the target: ${err.message}`);
    });
    socket.once('close', () => {
      if (upstream.readyState === WebSocket.CONNECTING) upstream.terminate();
    });
    upstream.once('open', () => {
      upstream.removeAllListeners('error');
      upstream.on('error', (err) => this.ctx.log(`WebSocket to ${url.href}: ${err.message}`));
      const chosen = upstream.protocol;
      this.chosen.set(req, chosen);
      this.wss.handleUpgrade(req, socket, head, (client) => {
        const conn = ++this.pairs;
        recording.note(`WebSocket #${conn} ${url.href} open${chosen ? ` (subprotocol ${chosen})` : ''}`, { http: { status: 101, url: url.href, method: 'GET', headers: headerRecord(req.rawHeaders) }, ws: { conn } });
        // The label the composer shows: who connected, where to, when (the path only: a query may hold a secret).
        const info = { conn, client: `${req.socket.remoteAddress ?? '?'}:${req.socket.remotePort ?? '?'}`, path: url.pathname, openedAt: Date.now() };
        this.pair(client, upstream, info);
      });
    });
  }

  private pair(client: WebSocket, upstream: WebSocket, info: TapConnection): void {
    const { recording, inject, intercept } = this.ctx;
    const unregister = inject?.pairOpened(info, client, upstream);
    client.once('close', () => unregister?.());
    upstream.once('close', () => unregister?.());
    const { conn } = info;
    const relay = (from: WebSocket, to: WebSocket, side: Side) => {
      // The lane's number is the connection's, so the Held list and the composer name it alike.
      const lane = `ws:${conn}:${side}`;
      from.on('message', (data, isBinary) => {
        const bytes = asBuffer(data);
        // An answer to a request rpcscope injected is recorded but not relayed (the other side never asked).
        const kept = !isBinary && inject?.consumes(side === 'out' ? 'client' : 'server', bytes);
        // At a breakpoint (or behind a held frame) the interceptor records and sends it.
        if (!kept && intercept?.wsFrame(lane, side, bytes, isBinary, from, to, conn)) return;
        if (!kept && to.readyState === WebSocket.OPEN) to.send(data, { binary: isBinary });
        const { text, rawBase64 } = isBinary ? decodeUtf8(bytes) : { text: bytes.toString('utf8'), rawBase64: undefined };
        recording.message(side, text, { ws: isBinary ? { conn, binary: true } : { conn }, ...(rawBase64 ? { rawBase64 } : {}) });
      });
      from.on('close', (code, reason) => {
        intercept?.releaseLane(lane);
        const who = side === 'out' ? 'client' : 'target';
        recording.note(`the ${who} closed WebSocket #${conn} (${code}${reason.length ? ` ${reason.toString()}` : ''})`, { ws: { conn, closeCode: code, ...(reason.length ? { closeReason: reason.toString() } : {}) } });
        if (to.readyState === WebSocket.OPEN) {
          if (RESERVED_CLOSE.has(code)) to.close();
          else to.close(code, reason);
        } else if (to.readyState === WebSocket.CONNECTING) to.terminate();
      });
      from.on('error', () => to.terminate());
    };
    relay(client, upstream, 'out');
    relay(upstream, client, 'in');
  }

  /** Ends every relayed WebSocket (the tap stops). */
  close(): void {
    for (const ws of this.wss.clients) ws.close(1001, 'the tap stopped');
    for (const ws of this.upstreams) ws.close(1001, 'the tap stopped');
    this.wss.close();
  }
}
