/**
 * HTTP target: every send is one POST; the reply body (or each event of a text/event-stream reply,
 * as MCP Streamable HTTP uses) is handed on with the exact status line and headers. POSTs go
 * through one undici Pool (keep-alive, up to MAX_SOCKETS connections) with a handler per POST
 * (http-post.ts): it exposes the reason phrase and the raw header list as received, and costs far
 * less per request than node:http. The MCP GET stream and DELETE stay on node:http (mcp-stream.ts).
 * A send never waits for the reply: each POST is its own exchange, reported by onExchangeEnd.
 */
import http from 'node:http';
import https from 'node:https';
import { Pool } from 'undici';
import type { HttpMeta, HttpTarget } from '../../lib/session/types';
import { hostPort, messageOf } from './errors';
import { SendQueue, sendQueueLimits, SendRefusedError } from './send-queue';
import { PostHandler, type PostOwner } from './http-post';
import { McpServerStream } from './mcp-stream';
import { headerRecord, toBuffer } from './text';
import type { Transport, TransportEvents, TransportOptions } from './types';

const DEFAULT_MAX_BODY = 64 * 1024 * 1024;
const DEFAULT_CONNECT_TIMEOUT = 10_000;
const SESSION_HEADER = 'mcp-session-id';
const VERSION_HEADER = 'mcp-protocol-version';
/** Concurrent POSTs to one target (MCP keeps a POST open while its event stream runs). */
const MAX_SOCKETS = 32;

class ClosedError extends Error {}

export class HttpTransport implements Transport, PostOwner {
  get kind(): HttpTarget['kind'] {
    return this.target.kind;
  }
  readonly stream = false;
  /** Each message goes out as a POST to the target's URL: recorded with it. */
  outgoingFacts(): { http: HttpMeta } {
    return { http: { method: 'POST', url: this.target.url } };
  }
  private url: URL | undefined;
  href = '';
  where = '';
  private path = '/';
  private pool: Pool | undefined;
  /** node:http, for the MCP GET stream and the closing DELETE only; made when first needed. */
  private agent: http.Agent | undefined;
  private sessionId: string | undefined;
  /** MCP: the protocol version initialize negotiated, sent on every later request. */
  private protocolVersion: string | undefined;
  /** The headers of every POST, made again only when the MCP session's change. */
  private postHeaders: Record<string, string> | undefined;
  private serverStream: McpServerStream | undefined;
  private closed = false;
  private closeFired = false;
  readonly maxBody: number;
  private readonly connectTimeout: number;
  private readonly queue: SendQueue;

  constructor(
    private readonly target: HttpTarget,
    readonly events: TransportEvents,
    options: TransportOptions = {},
  ) {
    this.queue = new SendQueue(sendQueueLimits(options.sendQueue), {
      stuck: (note) => this.events.onSendQueue?.({ stuck: true, note }),
      drained: (note) => this.events.onSendQueue?.({ stuck: false, note }),
    });
    this.maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
    this.connectTimeout = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT;
  }

  /** HTTP has no connection to open: start checks the URL and the headers so mistakes show up now. */
  async start(): Promise<void> {
    let url: URL;
    try {
      url = new URL(this.target.url);
    } catch {
      throw new Error(`invalid URL: ${this.target.url}`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new Error(`unsupported URL scheme "${url.protocol}" (use http: or https:): ${this.target.url}`);
    }
    for (const [name, value] of Object.entries(this.target.headers ?? {})) {
      try {
        http.validateHeaderName(name);
        http.validateHeaderValue(name, value);
      } catch (err) {
        throw new Error(`invalid header "${name}": ${messageOf(err)}`, { cause: err });
      }
      const refused = clientOwnedHeader(name, value);
      if (refused) throw new Error(`invalid header "${name}": ${refused}`);
    }
    this.url = url;
    this.href = url.href;
    this.where = hostPort(url);
    this.path = `${url.pathname}${url.search}`;
    // Bounded: a target that answers slowly makes POSTs wait for a connection, where the send
    // queue counts them (and refuses past its cap) instead of opening one connection per send.
    // No header or body timeouts: an MCP event stream may stay quiet for as long as it likes.
    this.pool = new Pool(url.origin, { connections: MAX_SOCKETS, connectTimeout: this.connectTimeout, headersTimeout: 0, bodyTimeout: 0 });
    this.events.onMeta?.(`ready to POST to ${url.href}`, { http: { url: url.href, method: 'POST' } });
  }

  admit(size: number): void {
    this.queue.admit(size);
  }

  /**
   * Starts one POST and resolves at once: the reply (or what went wrong) arrives through the
   * events, ending with onExchangeEnd. `ref` (the seq the session recorded the POST under) comes
   * back on every reply as `http.requestSeq`, so each body is paired with the exchange it came on.
   */
  send(data: Uint8Array | string, ref?: number): Promise<void> {
    if (this.closed) return Promise.reject(new Error('transport closed'));
    if (!this.url || !this.pool) return Promise.reject(new Error('transport not started'));
    const body = toBuffer(data);
    try {
      this.queue.admit(body.length);
    } catch (err) {
      return Promise.reject(err instanceof SendRefusedError ? err : new Error(messageOf(err)));
    }
    // Counted until the target has taken the whole body (a server that never reads holds it).
    const release = this.queue.take(body.length);
    const headers = this.requestHeaders();
    const handler = new PostHandler(this, ref, headers, release);
    this.pool.dispatch({ origin: this.url.origin, path: this.path, method: 'POST', headers, body }, handler);
    return Promise.resolve();
  }

  /**
   * MCP: initialize was answered. Later requests carry `MCP-Protocol-Version` (when the result
   * named one), and the standalone GET stream opens so the server can send its own messages.
   */
  openServerStream(info: { protocolVersion?: string }): void {
    if (this.closed || !this.url) return;
    if (info.protocolVersion !== undefined && info.protocolVersion !== this.protocolVersion) {
      this.protocolVersion = info.protocolVersion;
      this.postHeaders = undefined;
    }
    if (this.serverStream) return;
    this.serverStream = new McpServerStream({
      url: this.url,
      agent: this.nodeAgent(this.url),
      events: this.events,
      maxBody: this.maxBody,
      headers: () => this.mcpHeaders(),
      closed: () => this.closed,
    });
    this.serverStream.open();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.serverStream?.close();
    // Ends every POST still in flight or waiting for a connection (each reports "transport closed").
    const gone = this.pool?.destroy(new ClosedError('transport closed')).catch(() => undefined);
    if (this.sessionId && this.url) await this.endSession(this.url, this.sessionId);
    await gone;
    this.agent?.destroy();
    if (!this.closeFired) {
      this.closeFired = true;
      this.events.onClose?.('closed');
    }
  }

  isClosed(): boolean {
    return this.closed;
  }

  endExchange(ref: number | undefined, failure: string | undefined, reply: HttpMeta | undefined): void {
    this.events.onExchangeEnd?.(ref, { ...(failure !== undefined ? { failure } : {}), ...(reply ? { http: reply } : {}) });
  }

  private nodeAgent(url: URL): http.Agent {
    const Agent = url.protocol === 'https:' ? https.Agent : http.Agent;
    return (this.agent ??= new Agent({ keepAlive: true, maxSockets: 2 }));
  }

  /** Every POST's headers: made once, and again only when the MCP session's headers change. */
  private requestHeaders(): Record<string, string> {
    if (this.postHeaders) return this.postHeaders;
    const headers = withHeaders(
      withHeaders({}, { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }),
      this.mcpHeaders(),
    );
    // The body's real length is sent by the client; a user's Content-Length never replaces it.
    for (const k of Object.keys(headers)) if (k.toLowerCase() === 'content-length') delete headers[k];
    // Credentials in the URL become Basic auth unless a header says otherwise (as node:http did).
    const url = this.url!;
    if ((url.username || url.password) && !Object.keys(headers).some((k) => k.toLowerCase() === 'authorization')) {
      const auth = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
      headers.Authorization = `Basic ${Buffer.from(auth).toString('base64')}`;
    }
    return (this.postHeaders = headers);
  }

  /** The user's headers plus the MCP session's (a user header wins over the session's own). */
  private mcpHeaders(): Record<string, string> {
    const user = this.target.headers ?? {};
    const has = (lower: string) => Object.keys(user).some((k) => k.toLowerCase() === lower);
    const session: Record<string, string> = {};
    if (this.sessionId && !has(SESSION_HEADER)) session['Mcp-Session-Id'] = this.sessionId;
    if (this.protocolVersion && !has(VERSION_HEADER)) session['MCP-Protocol-Version'] = this.protocolVersion;
    return withHeaders(withHeaders({}, user), session);
  }

  noteReply(meta: HttpMeta, sent: Record<string, string>): void {
    const sid = meta.headers?.[SESSION_HEADER];
    if (typeof sid === 'string' && sid.length > 0 && sid !== this.sessionId) {
      this.sessionId = sid;
      this.postHeaders = undefined;
      this.events.onMeta?.(`server assigned Mcp-Session-Id ${sid}; later requests carry it`, { http: meta });
      return;
    }
    if (meta.status !== 404 || !this.sessionId) return;
    const sentSid = Object.entries(sent).find(([k]) => k.toLowerCase() === SESSION_HEADER)?.[1];
    if (sentSid === this.sessionId) {
      // MCP: a 404 to a request carrying a session id means the server ended that session.
      this.events.onMeta?.(
        `server no longer knows Mcp-Session-Id ${this.sessionId} (HTTP 404); later requests go without it`,
        { http: meta },
      );
      this.sessionId = undefined;
      this.postHeaders = undefined;
    }
  }

  /** MCP asks clients to DELETE their session when done; best effort, bounded, and its answer noted. */
  private endSession(url: URL, sid: string): Promise<void> {
    const mod = url.protocol === 'https:' ? https : http;
    const headers = withHeaders(this.mcpHeaders(), { 'Mcp-Session-Id': sid });
    return new Promise<void>((resolve) => {
      const req = mod.request(url, { method: 'DELETE', headers, agent: this.nodeAgent(url) });
      const timer = setTimeout(() => req.destroy(), 1000);
      let said = false;
      const end = (note?: string, meta?: HttpMeta) => {
        clearTimeout(timer);
        if (note && !said) this.events.onMeta?.(note, meta ? { http: meta } : undefined);
        said = true;
        resolve();
      };
      req.on('response', (res) => {
        const meta: HttpMeta = { status: res.statusCode, statusText: res.statusMessage, headers: headerRecord(res.rawHeaders), url: url.href, method: 'DELETE' };
        const status = res.statusCode ?? 0;
        const note =
          status === 405
            ? `the server does not let clients end sessions (DELETE → HTTP 405); Mcp-Session-Id ${sid} stays open on the server`
            : `session ended: DELETE Mcp-Session-Id ${sid} → HTTP ${status}${res.statusMessage ? ` ${res.statusMessage}` : ''}`;
        res.resume();
        res.on('end', () => end(note, meta));
        res.on('close', () => end(note, meta));
      });
      req.on('error', (err) => end(`DELETE of Mcp-Session-Id ${sid} failed: ${messageOf(err)}`));
      req.end();
    });
  }
}

/**
 * Headers the HTTP client manages itself (undici refuses them per request): said at start, in
 * words, instead of failing every POST. `Connection` may only ask for close or keep-alive.
 */
function clientOwnedHeader(name: string, value: string): string | undefined {
  const lower = name.toLowerCase();
  if (lower === 'transfer-encoding' || lower === 'keep-alive' || lower === 'upgrade' || lower === 'expect') {
    return 'the HTTP client sets this one itself';
  }
  if (lower === 'connection' && !/^(close|keep-alive)$/i.test(value.trim())) return 'only "close" or "keep-alive" can be asked for';
  return undefined;
}

/** `base` with `extra` laid over it; names compare case-insensitively, so a header never doubles. */
function withHeaders(base: Record<string, string>, extra: Record<string, string>): Record<string, string> {
  const out = { ...base };
  for (const [name, value] of Object.entries(extra)) {
    for (const k of Object.keys(out)) if (k.toLowerCase() === name.toLowerCase()) delete out[k];
    out[name] = value;
  }
  return out;
}

export function createHttpTransport(target: HttpTarget, events: TransportEvents, options?: TransportOptions): HttpTransport {
  return new HttpTransport(target, events, options);
}
