/**
 * MCP Streamable HTTP's standalone stream: a GET (Accept: text/event-stream) the server sends its
 * own requests and notifications on (`roots/list`, `notifications/…/list_changed`, logging). It is
 * opened once initialize is answered; a 405 means the server offers none (a note, not an error);
 * a stream that drops is reopened with `Last-Event-ID` so the server can replay what was missed.
 * Messages arrive through the transport's onMessage with `http.method: 'GET'` and no requestSeq.
 */
import http from 'node:http';
import https from 'node:https';
import type { HttpMeta } from '../../lib/session/types';
import { hostPort, messageOf, networkErrorWords } from './errors';
import { readSseReply } from './http-sse';
import { headerRecord } from './text';
import type { TransportEvents } from './types';

export const MCP_STREAM_SPEC = {
  getOr405:
    'The server MUST either return Content-Type: text/event-stream in response to this HTTP GET, or else return HTTP 405 Method Not Allowed, indicating that the server does not offer an SSE stream at this endpoint. (MCP, Transports → Streamable HTTP → Listening for Messages from the Server)',
} as const;

/** Reopen attempts in a row that brought no event, before giving up. */
const MAX_RETRIES = 5;
const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 4000;
/** A refused GET's body is quoted in the note, this much of it. */
const MAX_NOTE_BODY = 500;

export interface McpStreamDeps {
  url: URL;
  agent: http.Agent;
  events: TransportEvents;
  maxBody: number;
  /** The headers every request carries now (user headers, Mcp-Session-Id, MCP-Protocol-Version). */
  headers(): Record<string, string>;
  closed(): boolean;
}

export class McpServerStream {
  private req: http.ClientRequest | undefined;
  private timer: NodeJS.Timeout | undefined;
  private lastEventId: string | undefined;
  private retries = 0;
  private stopped = false;

  constructor(private readonly deps: McpStreamDeps) {}

  open(): void {
    if (this.stopped || this.deps.closed()) return;
    const { url, agent, events } = this.deps;
    const headers: Record<string, string> = { ...this.deps.headers(), Accept: 'text/event-stream' };
    if (this.lastEventId !== undefined) headers['Last-Event-ID'] = this.lastEventId;
    const mod = url.protocol === 'https:' ? https : http;
    const req = mod.request(url, { method: 'GET', headers, agent });
    this.req = req;
    req.on('error', (err) => {
      if (this.stopped || this.deps.closed()) return;
      this.retry(`server stream (GET) failed: ${networkErrorWords(err, hostPort(url))}`);
    });
    req.on('response', (res) => {
      const meta: HttpMeta = { status: res.statusCode, statusText: res.statusMessage, headers: headerRecord(res.rawHeaders), url: url.href, method: 'GET' };
      const status = res.statusCode ?? 0;
      const ctype = String(res.headers['content-type'] ?? '').toLowerCase();
      if (status === 405) {
        res.resume();
        this.stopped = true;
        events.onMeta?.('the server offers no standalone event stream (GET → HTTP 405): its messages come only on POST replies', { http: meta });
        return;
      }
      if (status < 200 || status > 299 || !ctype.startsWith('text/event-stream')) {
        this.stopped = true;
        this.refused(res, meta, status, ctype);
        return;
      }
      const resumed = headers['Last-Event-ID'] !== undefined ? ` (resumed after event ${headers['Last-Event-ID']})` : '';
      events.onMeta?.(`server stream open: GET ${url.href} → HTTP ${status}${resumed}`, { http: meta });
      readSseReply(
        res,
        meta,
        {
          maxBody: this.deps.maxBody,
          events,
          closed: () => this.stopped || this.deps.closed(),
          onEventId: (id) => {
            this.lastEventId = id;
            this.retries = 0;
          },
          reportEmpty: false,
        },
        (err) => {
          if (this.stopped || this.deps.closed()) return;
          this.retry(err ? `server stream dropped: ${err.message}` : 'the server ended its event stream');
        },
      );
    });
    req.end();
  }

  close(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.req?.destroy();
  }

  private retry(why: string): void {
    if (this.retries >= MAX_RETRIES) {
      this.stopped = true;
      this.deps.events.onMeta?.(`${why}; not reopened after ${MAX_RETRIES} attempts`);
      return;
    }
    const wait = Math.min(FIRST_RETRY_MS * 2 ** this.retries, MAX_RETRY_MS);
    this.retries++;
    const from = this.lastEventId !== undefined ? ` with Last-Event-ID ${this.lastEventId}` : '';
    this.deps.events.onMeta?.(`${why}; reopening${from} in ${wait} ms`);
    this.timer = setTimeout(() => this.open(), wait);
    this.timer.unref();
  }

  /** A GET refused with something other than 405: said once, with what the server answered. */
  private refused(res: http.IncomingMessage, meta: HttpMeta, status: number, ctype: string): void {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on('data', (c: Buffer) => {
      if (size < MAX_NOTE_BODY) chunks.push(c);
      size += c.length;
    });
    const say = () => {
      const body = Buffer.concat(chunks).toString('utf8').slice(0, MAX_NOTE_BODY).trim();
      const what = status >= 200 && status <= 299 ? `HTTP ${status} with content-type ${ctype || 'none'}, not text/event-stream` : `HTTP ${status}`;
      this.deps.events.onMeta?.(`server stream (GET) refused: ${what}${body ? `: ${body}` : ''}`, { http: meta });
    };
    res.on('end', say);
    res.on('error', (err) => this.deps.events.onMeta?.(`server stream (GET) refused: ${messageOf(err)}`, { http: meta }));
  }
}
