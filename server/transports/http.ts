/**
 * HTTP target: every send is one POST; the reply body (or each event of a text/event-stream reply,
 * as MCP Streamable HTTP uses) is handed on with the exact status line and headers. node:http is
 * used directly because it exposes the reason phrase and the raw header list as received.
 * A send never waits for the reply: each POST is its own exchange, reported by onExchangeEnd.
 */
import http from 'node:http';
import https from 'node:https';
import type { HttpMeta, HttpTarget } from '../../lib/session/types';
import { formatBytes, hostPort, messageOf, networkErrorWords } from './errors';
import { SendQueue, sendQueueLimits, SendRefusedError } from './send-queue';
import { SseParser, SseTooLargeError, type SseEvent } from './sse';
import { decodeUtf8, headerRecord, toBuffer } from './text';
import type { Transport, TransportEvents, TransportOptions } from './types';

const DEFAULT_MAX_BODY = 64 * 1024 * 1024;
const DEFAULT_CONNECT_TIMEOUT = 10_000;
const SESSION_HEADER = 'mcp-session-id';
/** Concurrent POSTs to one target (MCP keeps a POST open while its event stream runs). */
const MAX_SOCKETS = 32;

class ClosedError extends Error {}

export class HttpTransport implements Transport {
  readonly kind = 'http' as const;
  readonly stream = false;
  /** Each message goes out as a POST to the target's URL: recorded with it. */
  outgoingFacts(): { http: HttpMeta } {
    return { http: { method: 'POST', url: this.target.url } };
  }
  private url: URL | undefined;
  private agent: http.Agent | undefined;
  private sessionId: string | undefined;
  private readonly inflight = new Set<http.ClientRequest>();
  private closed = false;
  private closeFired = false;
  private readonly maxBody: number;
  private readonly connectTimeout: number;
  private readonly queue: SendQueue;

  constructor(
    private readonly target: HttpTarget,
    private readonly events: TransportEvents,
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
    }
    this.url = url;
    const Agent = url.protocol === 'https:' ? https.Agent : http.Agent;
    // Bounded: a target that answers slowly makes POSTs wait for a socket, where the send queue
    // counts them (and refuses past its cap) instead of opening one connection per send.
    this.agent = new Agent({ keepAlive: true, maxSockets: MAX_SOCKETS });
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
    if (!this.url || !this.agent) return Promise.reject(new Error('transport not started'));
    const url = this.url;
    const body = toBuffer(data);
    try {
      this.queue.admit(body.length);
    } catch (err) {
      return Promise.reject(err instanceof SendRefusedError ? err : new Error(messageOf(err)));
    }
    // Counted until the target has taken the whole body (a server that never reads holds it).
    const release = this.queue.take(body.length);
    const headers = this.requestHeaders(body.length);
    const where = hostPort(url);
    const mod = url.protocol === 'https:' ? https : http;
    let reply: HttpMeta | undefined;
    let ended = false;
    const end = (failure?: string) => {
      release();
      if (ended) return;
      ended = true;
      this.inflight.delete(req);
      this.events.onExchangeEnd?.(ref, { ...(failure !== undefined ? { failure } : {}), ...(reply ? { http: reply } : {}) });
    };
    const req = mod.request(url, { method: 'POST', headers, agent: this.agent });
    this.inflight.add(req);
    req.on('finish', release);
    req.on('socket', (socket) => {
      if (!socket.connecting) return;
      const timer = setTimeout(() => {
        req.destroy(Object.assign(new Error('connect timed out'), { code: 'ETIMEDOUT' }));
      }, this.connectTimeout);
      socket.once('connect', () => clearTimeout(timer));
      socket.once('close', () => clearTimeout(timer));
    });
    req.on('error', (err) => {
      if (err instanceof ClosedError || this.closed) end('transport closed');
      else end(networkErrorWords(err, where));
    });
    req.on('response', (res) => {
      const meta: HttpMeta = {
        status: res.statusCode,
        statusText: res.statusMessage,
        headers: headerRecord(res.rawHeaders),
        url: url.href,
        method: 'POST',
      };
      if (ref !== undefined) meta.requestSeq = ref;
      reply = meta;
      this.noteSession(res, meta, headers);
      const ctype = String(res.headers['content-type'] ?? '').toLowerCase();
      const done = (err?: Error) => {
        if (!err) this.reportStatus(meta);
        end(err?.message);
      };
      if (ctype.startsWith('text/event-stream')) this.readSse(res, meta, done);
      else this.readBody(res, meta, done);
    });
    req.end(body);
    return Promise.resolve();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const req of this.inflight) req.destroy(new ClosedError('transport closed'));
    this.inflight.clear();
    if (this.sessionId && this.url) await this.endSession(this.url, this.sessionId);
    this.agent?.destroy();
    if (!this.closeFired) {
      this.closeFired = true;
      this.events.onClose?.('closed');
    }
  }

  private requestHeaders(length: number): Record<string, string> {
    // Keyed by lower-case name so a user header replaces a default instead of doubling it.
    const byLower = new Map<string, [string, string]>();
    const set = (name: string, value: string) => byLower.set(name.toLowerCase(), [name, value]);
    set('Content-Type', 'application/json');
    set('Accept', 'application/json, text/event-stream');
    for (const [name, value] of Object.entries(this.target.headers ?? {})) set(name, value);
    if (this.sessionId && !byLower.has(SESSION_HEADER)) set('Mcp-Session-Id', this.sessionId);
    set('Content-Length', String(length));
    return Object.fromEntries([...byLower.values()]);
  }

  private noteSession(res: http.IncomingMessage, meta: HttpMeta, sent: Record<string, string>): void {
    const sid = res.headers[SESSION_HEADER];
    if (typeof sid === 'string' && sid.length > 0 && sid !== this.sessionId) {
      this.sessionId = sid;
      this.events.onMeta?.(`server assigned Mcp-Session-Id ${sid}; later requests carry it`, { http: meta });
      return;
    }
    const sentSid = Object.entries(sent).find(([k]) => k.toLowerCase() === SESSION_HEADER)?.[1];
    if (res.statusCode === 404 && this.sessionId && sentSid === this.sessionId) {
      // MCP: a 404 to a request carrying a session id means the server ended that session.
      this.events.onMeta?.(
        `server no longer knows Mcp-Session-Id ${this.sessionId} (HTTP 404); later requests go without it`,
        { http: meta },
      );
      this.sessionId = undefined;
    }
  }

  private reportStatus(meta: HttpMeta): void {
    const status = meta.status ?? 0;
    if (status < 400) return;
    const auth = meta.headers?.['www-authenticate'];
    this.events.onError?.(
      `HTTP ${status}${meta.statusText ? ` ${meta.statusText}` : ''} from ${meta.url}` +
        (auth ? ` (WWW-Authenticate: ${auth})` : ''),
    );
  }

  private readBody(res: http.IncomingMessage, meta: HttpMeta, done: (err?: Error) => void): void {
    const chunks: Buffer[] = [];
    let total = 0;
    let over = false;
    res.on('data', (chunk: Buffer) => {
      if (over) return;
      total += chunk.length;
      if (total > this.maxBody) {
        over = true;
        res.destroy();
        done(new Error(`reply body is larger than the ${formatBytes(this.maxBody)} limit (HTTP ${meta.status} from ${meta.url})`));
        return;
      }
      chunks.push(chunk);
    });
    const deliver = () => {
      const bytes = Buffer.concat(chunks, total);
      if (bytes.length === 0) {
        this.events.onEmptyReply?.(meta);
        return;
      }
      const { text, rawBase64 } = decodeUtf8(bytes);
      this.events.onMessage?.({ text, ...(rawBase64 ? { rawBase64 } : {}), http: meta });
    };
    res.on('end', () => {
      if (over) return;
      deliver();
      done();
    });
    res.on('close', () => {
      if (over || res.complete) return;
      // Cut off mid-body: what did arrive is still shown, then the send fails in plain words.
      if (total > 0) deliver();
      done(new Error(this.closed ? 'transport closed' : `reply cut off after ${total} bytes: ${meta.url}`));
    });
    res.on('error', () => undefined);
  }

  private readSse(res: http.IncomingMessage, meta: HttpMeta, done: (err?: Error) => void): void {
    const parser = new SseParser(this.maxBody);
    const decoder = new TextDecoder('utf-8', { ignoreBOM: false });
    let delivered = 0;
    let failed = false;
    const emit = (ev: SseEvent) => {
      const sse = { ...(ev.event !== undefined ? { event: ev.event } : {}), ...(ev.id !== undefined ? { id: ev.id } : {}) };
      delivered++;
      if (ev.data.length === 0) {
        // MCP servers send a data-less event (just an id) to prime reconnection: not a message.
        this.events.onMeta?.(`SSE event without data${ev.id !== undefined ? ` (id ${ev.id})` : ''}`, {
          http: { ...meta, sse },
        });
        return;
      }
      this.events.onMessage?.({ text: ev.data, http: { ...meta, sse } });
    };
    const fail = (err: Error) => {
      if (failed) return;
      failed = true;
      res.destroy();
      done(err);
    };
    res.on('data', (chunk: Buffer) => {
      if (failed) return;
      try {
        for (const ev of parser.push(decoder.decode(chunk, { stream: true }))) emit(ev);
      } catch (err) {
        if (err instanceof SseTooLargeError) {
          fail(new Error(`an SSE event is larger than the ${formatBytes(this.maxBody)} limit (from ${meta.url})`));
        } else {
          fail(err as Error);
        }
      }
    });
    const finishStream = (cutOff: boolean) => {
      if (failed) return;
      failed = true;
      const tail = parser.push(decoder.decode());
      for (const ev of tail) emit(ev);
      const last = parser.end();
      if (last) {
        emit(last);
        this.events.onError?.(`SSE stream ended without the blank line that closes its last event (${meta.url})`);
      }
      if (cutOff) {
        done(new Error(this.closed ? 'transport closed' : `event stream cut off by the target: ${meta.url}`));
        return;
      }
      if (delivered === 0) this.events.onEmptyReply?.(meta);
      done();
    };
    res.on('end', () => finishStream(false));
    res.on('close', () => {
      if (!res.complete) finishStream(true);
    });
    res.on('error', () => undefined);
  }

  /** MCP asks clients to DELETE their session when done; best effort, bounded. */
  private endSession(url: URL, sid: string): Promise<void> {
    const mod = url.protocol === 'https:' ? https : http;
    const headers: Record<string, string> = { ...(this.target.headers ?? {}) };
    for (const k of Object.keys(headers)) if (k.toLowerCase() === SESSION_HEADER) delete headers[k];
    headers['Mcp-Session-Id'] = sid;
    return new Promise<void>((resolve) => {
      const req = mod.request(url, { method: 'DELETE', headers, agent: this.agent });
      const timer = setTimeout(() => req.destroy(), 1000);
      const end = () => {
        clearTimeout(timer);
        resolve();
      };
      req.on('response', (res) => {
        res.resume();
        res.on('end', end);
        res.on('close', end);
      });
      req.on('error', end);
      req.end();
    });
  }
}

export function createHttpTransport(target: HttpTarget, events: TransportEvents, options?: TransportOptions): HttpTransport {
  return new HttpTransport(target, events, options);
}
