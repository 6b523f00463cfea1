/**
 * Injecting into a conversation through the HTTP/WebSocket tap (issue 12 item 4). The app's ask
 * (the composer's text and a side) is checked and given ids by the tap's InjectBook, then:
 * - over a WebSocket the tap relays (the one the ask names by its number, else the newest open
 *   one): written as one text frame into the relayed socket, towards the chosen side; answers to
 *   injected requests are recorded but not relayed (proxy-ws.ts asks `consumes`). The sockets open
 *   now are reported to the app on every open and close (lib/session/tap-connections.ts), so the
 *   composer can show and pick one;
 * - to the server over HTTP: the tap POSTs it to the target itself, with the headers of the
 *   client's last POST (its auth, MCP-Protocol-Version, the MCP session id — seen on a request or
 *   an answer); the answer comes back on that POST, so the client never sees it;
 * - to the client over HTTP: written as an SSE event into the client's open GET event stream
 *   (MCP Streamable HTTP), between two of the server's events (sse-splice.ts); the client's answer
 *   to an injected request arrives as a POST, which the tap answers itself (202) instead of
 *   passing it on. Without an open stream the ask is refused in words.
 * Header values never reach the tap's log.
 */
import http from 'node:http';
import https from 'node:https';
import type WebSocket from 'ws';
import { InjectBook, type InjectTo } from '../../lib/inject/inject';
import type { TapInject } from '../../lib/session/tap-wire';
import type { HttpMeta } from '../../lib/session/types';
import { MAX_TAP_CONNECTIONS, type TapConnection } from '../../lib/session/tap-connections';
import { decodeUtf8, headerRecord } from '../transports/text';
import { endToEnd } from './proxy-headers';
import { BodyCopy, relaySse } from './proxy-http';
import type { RecordingClient } from './recording-client';
import { INJECT_WAIT_MS, SseSplice, sseEvent } from './sse-splice';

/** Request headers the tap sets itself on an injected POST (the client's values describe its own body). */
const OWN_HEADERS = new Set(['content-length', 'content-type', 'accept', 'last-event-id', 'host', 'expect']);
const SESSION_HEADER = 'mcp-session-id';
/** A POST body the tap holds to see whether it answers an injected request: answers are small. */
export const MAX_HELD_BODY = 4 * 1024 * 1024;

export interface InjectContext {
  to: URL;
  recording: RecordingClient;
  agents: { http: http.Agent; https: https.Agent };
  log(line: string): void;
}

interface ClientStream {
  splice: SseSplice;
  url: string;
}

interface WsPair {
  info: TapConnection;
  client: WebSocket;
  upstream: WebSocket;
}

const isOpen = (p: WsPair) => p.client.readyState === p.client.OPEN && p.upstream.readyState === p.upstream.OPEN;

export class ProxyInjector {
  private readonly book = new InjectBook();
  /** The client's last POST: where it went and its headers as sent (values never logged). */
  private lastPost: { url: URL; rawHeaders: string[] } | null = null;
  private sessionId: string | undefined;
  private readonly streams = new Set<ClientStream>();
  /** Relayed WebSockets by their number, oldest first (a Map keeps insertion order). */
  private readonly pairs = new Map<number, WsPair>();

  constructor(private readonly ctx: InjectContext) {}

  /** A client POST went on to `url` (its headers are what an injected POST carries; only kept here, read when injecting). */
  sawPost(url: URL, rawHeaders: string[]): void {
    this.lastPost = { url, rawHeaders };
  }

  /** The target answered with these headers (an MCP server names the session on initialize's answer). */
  sawReply(rawHeaders: string[]): void {
    // Looked for only until known: every POST pays this, and the client's own header wins anyway.
    if (this.sessionId) return;
    for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
      const name = rawHeaders[i];
      if (name.length === SESSION_HEADER.length && name.toLowerCase() === SESSION_HEADER) this.sessionId = rawHeaders[i + 1];
    }
  }

  /** The client's open event stream (a GET's SSE answer): what the target writes goes through the returned splice. */
  clientStream(url: string, res: http.ServerResponse): SseSplice {
    const stream = { splice: new SseSplice(), url };
    this.streams.add(stream);
    res.once('close', () => this.streams.delete(stream));
    return stream.splice;
  }

  /** A relayed WebSocket opened: injected frames go into it when asked by its number, or while it is the newest. Returns its unregistering (idempotent). */
  pairOpened(info: TapConnection, client: WebSocket, upstream: WebSocket): () => void {
    this.pairs.set(info.conn, { info, client, upstream });
    this.reportConnections();
    return () => {
      if (this.pairs.delete(info.conn)) this.reportConnections();
    };
  }

  /** Tells the app which sockets are open now (the newest MAX_TAP_CONNECTIONS of them). */
  private reportConnections(): void {
    const conns = [...this.pairs.values()].map((p) => p.info);
    this.ctx.recording.connections(conns.slice(-MAX_TAP_CONNECTIONS));
  }

  /** Does a POST body have to be held and checked (an injected request waits for the client's answer)? */
  holdsClientPosts(method: string | undefined): boolean {
    return method === 'POST' && this.book.awaits('client');
  }

  /** A message from `from` answers only injected requests: the tap keeps it (and records it). */
  consumes(from: InjectTo, message: string | Buffer): boolean {
    // Cheap while nothing injected waits: the frame is not even decoded.
    if (!this.book.awaits(from)) return false;
    try {
      return this.book.consumes(JSON.parse(message.toString('utf8')), from);
    } catch {
      return false;
    }
  }

  /**
   * A client POST read whole: when it only answers injected requests the tap keeps it — recorded
   * as the client's answer, answered 202 Accepted (Streamable HTTP's answer to a POST of responses)
   * and never passed on. Returns whether it did.
   */
  keepsClientAnswer(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer): boolean {
    const text = body.toString('utf8');
    if (!this.consumes('client', text)) return false;
    const url = new URL(req.url ?? '/', this.ctx.to);
    this.ctx.recording.message('out', text, { http: { method: 'POST', url: url.href, headers: headerRecord(req.rawHeaders) } });
    this.ctx.recording.note(`POST ${url.pathname}: answered 202 by the tap; it answers only requests rpcscope injected, so the server never sees it`, { http: { method: 'POST', url: url.href, status: 202 } });
    res.writeHead(202).end();
    return true;
  }

  handle(ask: TapInject): void {
    const { recording } = this.ctx;
    const p = this.book.prepare(ask.text, ask.to);
    if (!p.ok) return recording.injectRefused(ask.ref, p.error);
    const refuse = (why: string) => {
      this.book.forget(ask.to, p.ids);
      recording.injectRefused(ask.ref, why);
    };
    const pair = ask.conn !== undefined ? this.pairs.get(ask.conn) : newest(this.pairs.values(), isOpen);
    if (ask.conn !== undefined && (!pair || !isOpen(pair))) return refuse(`WebSocket #${ask.conn} is closed (its client or the server ended it): pick an open connection above the composer`);
    if (pair) {
      (ask.to === 'server' ? pair.upstream : pair.client).send(p.body);
      recording.message(ask.to === 'server' ? 'out' : 'in', p.body, { ws: { conn: pair.info.conn } }, undefined, ask.ref);
      return;
    }
    if (ask.to === 'server') {
      // The answer comes back on the tap's own POST: nothing to wait for on the client's streams.
      this.book.forget('server', p.ids);
      this.post(p.body, ask.ref);
      return;
    }
    const usable = (s: ClientStream) => !s.splice.destroyed && !s.splice.writableEnded;
    // A stream between two events takes it now; else the newest, once its current event ends.
    const stream = newest(this.streams, (s) => usable(s) && s.splice.atEdge) ?? newest(this.streams, usable);
    if (!stream) return refuse('the client holds no open event stream (an MCP Streamable HTTP GET) and no WebSocket through this tap, so there is no way to write to it over HTTP');
    const now = stream.splice.inject(sseEvent(p.body), () => recording.message('in', p.body, { http: { method: 'GET', url: stream.url, sse: {} } }, undefined, ask.ref), refuse);
    if (!now) recording.note(`an injected event waits for the server to finish an event on the client's event stream (GET ${new URL(stream.url).pathname}): it goes in right after it (within ${INJECT_WAIT_MS / 1000} s, or not at all)`, { http: { method: 'GET', url: stream.url } });
  }

  /** POSTs an injected message to the target as the client would, recording it and its answer. */
  private post(body: string, ref: number): void {
    const { recording, to } = this.ctx;
    const url = new URL((this.lastPost?.url ?? to).href);
    if (url.protocol === 'ws:') url.protocol = 'http:';
    if (url.protocol === 'wss:') url.protocol = 'https:';
    const secure = url.protocol === 'https:';
    const bytes = Buffer.from(body, 'utf8');
    const headers: string[] = [];
    const carried = this.lastPost ? endToEnd(this.lastPost.rawHeaders) : [];
    for (let i = 0; i + 1 < carried.length; i += 2) if (!OWN_HEADERS.has(carried[i].toLowerCase())) headers.push(carried[i], carried[i + 1]);
    if (this.sessionId && !headers.some((h, i) => i % 2 === 0 && h.toLowerCase() === SESSION_HEADER)) headers.push('Mcp-Session-Id', this.sessionId);
    headers.push('Host', url.host, 'Content-Type', 'application/json', 'Accept', 'application/json, text/event-stream', 'Content-Length', String(bytes.length));

    const exchange = recording.newExchange();
    const meta: HttpMeta = { method: 'POST', url: url.href, headers: headerRecord(headers) };
    recording.message('out', body, { http: meta }, { id: exchange, opens: true }, ref);
    let ended = false;
    const end = (failed: boolean, why: string, m: HttpMeta) => {
      if (ended) return;
      ended = true;
      recording.exchangeEnded(exchange, failed, why, { http: m });
    };
    const upstream = (secure ? https : http).request(url, { method: 'POST', headers, agent: secure ? this.ctx.agents.https : this.ctx.agents.http });
    upstream.on('error', (err) => {
      this.ctx.log(`an injected POST to ${url.pathname} failed: ${err.message}`);
      end(true, `the injected POST to ${url.href} failed: ${err.message}`, { method: 'POST', url: url.href });
    });
    upstream.on('response', (reply) => {
      const m: HttpMeta = { status: reply.statusCode, statusText: reply.statusMessage, headers: headerRecord(reply.rawHeaders), url: url.href, method: 'POST' };
      this.sawReply(reply.rawHeaders);
      // Read as the client's answers are (proxy-http.ts): each SSE event as it comes, a JSON body once whole.
      const settle = () => end(false, `the injected POST → HTTP ${reply.statusCode ?? '?'}${reply.statusMessage ? ` ${reply.statusMessage}` : ''}, nothing in the body`, m);
      if (String(reply.headers['content-type'] ?? '').toLowerCase().startsWith('text/event-stream')) relaySse(this.ctx, reply, m, exchange, settle);
      else {
        const got = new BodyCopy();
        reply.on('data', (c: Buffer) => got.push(c));
        reply.on('end', () => {
          if (got.length && !got.overflowed) {
            const { text, rawBase64 } = decodeUtf8(got.bytes);
            recording.message('in', text, { http: m, ...(rawBase64 ? { rawBase64 } : {}) }, { id: exchange });
          }
          settle();
        });
      }
      reply.on('error', (err) => end(true, `the answer to the injected POST broke off: ${err.message}`, m));
    });
    upstream.end(bytes);
  }
}

function newest<T>(items: Iterable<T>, usable: (t: T) => boolean): T | undefined {
  let found: T | undefined;
  for (const t of items) if (usable(t)) found = t;
  return found;
}


export interface HeldBody {
  body: Buffer;
  /** The whole body (else it grew past MAX_HELD_BODY and the rest is still to be read from the request). */
  ended: boolean;
}

/** Reads a request body before it goes on, up to MAX_HELD_BODY; past that, stops and hands over what it read. */
export function readHeld(req: http.IncomingMessage): Promise<HeldBody> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (ended: boolean) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onEnd);
      if (!ended) req.pause();
      resolve({ body: Buffer.concat(chunks), ended });
    };
    const onData = (c: Buffer) => {
      chunks.push(c);
      size += c.length;
      if (size > MAX_HELD_BODY) done(false);
    };
    const onEnd = () => done(true);
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onEnd);
  });
}
