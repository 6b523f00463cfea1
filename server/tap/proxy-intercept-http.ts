/**
 * The HTTP halves of intercepting through the proxy tap (proxy-intercept.ts has the engine):
 * - a client POST, while breakpoints are on, is read whole before it goes upstream (one message
 *   or a batch: the whole POST is held); forwarded, it goes on as it came or with the edited body
 *   (Content-Length recomputed); dropped, the tap answers the client itself — a JSON-RPC error
 *   naming rpcscope for each request in it, or 202 when nothing in it asked — so the client does
 *   not hang, and that answer is recorded (marked injected: the server never wrote it);
 * - a reply to a POST with a plain (unencoded, not SSE) body is read whole before it goes back,
 *   and forwarded, edited or dropped the same way (dropped: the JSON-RPC errors, or a 502).
 * The reading in front of a POST is shared with injecting (a POST that only answers injected
 * requests is kept by the tap, proxy-inject.ts).
 */
import type http from 'node:http';
import { classify } from '../../lib/jsonrpc/classify';
import type { ClassifiedItem } from '../../lib/jsonrpc/types';
import type { HttpMeta } from '../../lib/session/types';
import { decodeUtf8, headerRecord } from '../transports/text';
import { endToEnd, httpUpstreamUrl } from './proxy-headers';
import { relayExchange, type ExchangeContext } from './proxy-http';
import { readHeld, type HeldBody } from './proxy-inject';
import type { LaneItem, ProxyInterceptor } from './proxy-intercept';
import { SseGate } from './sse-gate';

/** A request body read before it goes on, and what the interceptor already did with it. */
export interface ReadBody extends HeldBody {
  /** The exchange number it was recorded under (proxy-http.ts uses it instead of a new one). */
  exchange?: number;
  /** Its copy is recorded already. */
  recorded?: boolean;
  /** The headers to send instead of the client's (an edited body's Content-Length). */
  rawHeaders?: string[];
}

/** The JSON-RPC error code of the tap's answer for a dropped message (the implementation-defined server-error band). */
export const DROPPED_CODE = -32000;
/** A reply larger than this goes back as it comes, unheld (a held one waits in memory). */
export const MAX_HELD_REPLY = 16 * 1024 * 1024;
const TAP_HEADER = 'X-Rpcscope-Tap';

/**
 * In front of an exchange: when an injected request awaits the client's answer, or breakpoints
 * are on, a POST is read whole first. Returns true when it took the request over (it goes on
 * through relayExchange with the body read, unless the tap keeps or holds it). No closure is made
 * on the pass-through path (under tsx each one costs a name definition per request).
 */
export function readsFirst(ctx: ExchangeContext, req: http.IncomingMessage, res: http.ServerResponse): boolean {
  const { inject, intercept } = ctx;
  const answers = inject?.holdsClientPosts(req.method) ?? false;
  const gates = req.method === 'POST' && (intercept?.on ?? false);
  if (!answers && !gates) return false;
  const relay = (body: ReadBody) => relayExchange(ctx, req, res, body);
  void readHeld(req).then((h) => {
    // One that only answers injected requests is the tap's to keep (the server never sent them).
    if (answers && h.ended && inject!.keepsClientAnswer(req, res, h.body)) return;
    // A body too large to read whole here goes on as it is.
    if (!gates || !h.ended || !intercept!.on) return relay(h);
    holdPost(ctx, req, res, h, relay);
  });
  return true;
}

function holdPost(ctx: ExchangeContext, req: http.IncomingMessage, res: http.ServerResponse, h: HeldBody, relay: (body: ReadBody) => void): void {
  const { recording, intercept } = ctx;
  const exchange = recording.newExchange();
  const url = httpUpstreamUrl(ctx.to, req.url);
  const meta: HttpMeta = { method: 'POST', url: url.href, headers: headerRecord(req.rawHeaders) };
  const { text, rawBase64 } = decodeUtf8(h.body);
  const lane = `post:${exchange}`;
  const item: LaneItem = {
    release: (r) => {
      // The client gave up while it was held: nothing to send it on for.
      if (res.destroyed) return;
      if (r.how === 'drop') {
        answerDropped(ctx, res, text, exchange, meta, 'the server never received it');
        return ctx.recording.exchangeEnded(exchange, false, 'POST: dropped at a breakpoint, answered by the tap', { http: meta });
      }
      const body = r.how === 'edit' ? Buffer.from(r.text, 'utf8') : h.body;
      relay({ body, ended: true, exchange, recorded: true, ...(r.how === 'edit' ? { rawHeaders: withLength(req.rawHeaders, body.length) } : {}) });
    },
  };
  res.once('close', () => intercept!.releaseLane(lane));
  if (h.body.length === 0) return relay({ ...h, exchange });
  intercept!.offer(lane, item, { side: 'out', body: text, extras: { http: meta, ...(rawBase64 ? { rawBase64 } : {}) }, exchange: { id: exchange, opens: true } }, h.body.length);
}

/**
 * A reply to a POST, while breakpoints are on: read whole, offered, and written when released.
 * Returns false (the relay writes it as usual) for event streams, encoded bodies, other methods.
 * `endExchange` is proxy-http.ts's: called once the reply went back (or was answered for).
 */
export function takesReply(
  ctx: ExchangeContext,
  method: string,
  reply: http.IncomingMessage,
  res: http.ServerResponse,
  meta: HttpMeta,
  exchange: number,
  endExchange: (failed: boolean, why: string, meta: HttpMeta) => void,
): boolean {
  const intercept = ctx.intercept;
  if (!intercept?.on || method !== 'POST') return false;
  const ctype = String(reply.headers['content-type'] ?? '').toLowerCase();
  const encoding = String(reply.headers['content-encoding'] ?? 'identity').toLowerCase();
  if (ctype.startsWith('text/event-stream') || encoding !== 'identity') return false;
  // What the relay would have learnt from the headers (an MCP session id) it learns here.
  ctx.inject?.sawReply(reply.rawHeaders);
  const lane = `reply:${exchange}`;
  const status = `HTTP ${reply.statusCode ?? '?'}${reply.statusMessage ? ` ${reply.statusMessage}` : ''}`;
  const send = (bytes: Buffer, headers: string[]) => {
    if (res.destroyed) return;
    res.writeHead(reply.statusCode ?? 502, reply.statusMessage, headers);
    res.end(bytes);
  };
  let chunks: Buffer[] = [];
  let size = 0;
  // Past the cap the reply is not held: what was read goes back, and the rest as it comes.
  let streaming = false;
  reply.on('data', (c: Buffer) => {
    if (streaming) return void (res.destroyed || res.write(c));
    chunks.push(c);
    size += c.length;
    if (size <= MAX_HELD_REPLY) return;
    streaming = true;
    if (!res.destroyed) {
      res.writeHead(reply.statusCode ?? 502, reply.statusMessage, endToEnd(reply.rawHeaders));
      for (const piece of chunks) res.write(piece);
    }
    chunks = [];
  });
  reply.on('end', () => {
    if (streaming) {
      res.end();
      ctx.recording.note(`a reply body of ${size} bytes passed through unrecorded and unheld (over the ${MAX_HELD_REPLY}-byte limit of a held reply)`, { http: meta }, exchange);
      return endExchange(false, `POST → ${status}`, meta);
    }
    const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
    if (body.length === 0) {
      send(body, endToEnd(reply.rawHeaders));
      return endExchange(false, `POST → ${status}, nothing in the body`, meta);
    }
    const { text, rawBase64 } = decodeUtf8(body);
    const item: LaneItem = {
      release: (r) => {
        if (r.how === 'drop') answerDropped(ctx, res, text, exchange, meta, 'the server answered, but the answer was dropped');
        else if (r.how === 'edit') {
          const edited = Buffer.from(r.text, 'utf8');
          send(edited, withLength(endToEnd(reply.rawHeaders), edited.length));
        } else send(body, endToEnd(reply.rawHeaders));
        endExchange(false, `POST → ${status}`, meta);
      },
    };
    intercept.offer(lane, item, { side: 'in', body: text, extras: { http: meta, ...(rawBase64 ? { rawBase64 } : {}) }, exchange: { id: exchange } }, body.length);
  });
  reply.on('aborted', () => res.destroy());
  reply.on('error', () => res.destroy());
  res.once('close', () => intercept.releaseLane(lane));
  return true;
}

/** The header pairs with Content-Length set to `length` (and no other framing header). */
export function withLength(rawHeaders: string[], length: number): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i].toLowerCase();
    if (name === 'content-length' || name === 'transfer-encoding') continue;
    out.push(rawHeaders[i], rawHeaders[i + 1]);
  }
  out.push('Content-Length', String(length));
  return out;
}

/**
 * The tap's own answer for a dropped POST or reply: a JSON-RPC error for each request id the
 * message asked or answered (a batch gets an array), so the client is not left waiting; 202
 * when nothing in it asked. Recorded as the exchange's answer, marked injected.
 */
function answerDropped(ctx: ExchangeContext, res: http.ServerResponse, text: string, exchange: number, meta: HttpMeta, what: string): void {
  const answer = droppedAnswer(text, what);
  if (res.destroyed) return;
  if (answer === null) {
    res.writeHead(202, { [TAP_HEADER]: 'dropped at a breakpoint', 'Content-Length': '0' }).end();
    ctx.recording.note(`POST: dropped at a breakpoint; the tap answered the client 202 itself (${what})`, { http: { ...meta, status: 202 } }, exchange);
    return;
  }
  const bytes = Buffer.from(answer, 'utf8');
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(bytes.length), [TAP_HEADER]: 'dropped at a breakpoint' }).end(bytes);
  ctx.recording.intercept({ op: 'drop-answer', message: { side: 'in', body: answer, extras: { http: { ...meta, status: 200, statusText: 'OK', headers: { 'content-type': 'application/json' } } }, exchange: { id: exchange } } });
}

/** The JSON-RPC errors answering `text`'s requests (or, for answers, the ids they answered); null when there is none. */
export function droppedAnswer(text: string, what: string): string | null {
  const c = classify(text);
  // Ids as written (idText), so an integer past 2^53 comes back exactly.
  const ids: string[] = [];
  const idOf = (it: ClassifiedItem) => {
    if (it.hasId && (it.kind === 'request' || it.kind === 'response' || it.kind === 'error')) ids.push(it.idText ?? JSON.stringify(it.id ?? null));
  };
  if (c.items) c.items.forEach(idOf);
  else idOf(c);
  if (!ids.length) return null;
  const error = JSON.stringify({ code: DROPPED_CODE, message: `rpcscope tap: dropped at a breakpoint (${what})`, data: { rpcscope: 'dropped' } });
  const errors = ids.map((id) => `{"jsonrpc":"2.0","id":${id},"error":${error}}`);
  return c.items ? `[${errors.join(',')}]` : errors[0];
}

/** An SSE reply's gate (sse-gate.ts): it records the stream's events and holds them while its lane gates. */
export function sseGate(ctx: ExchangeContext & { intercept: ProxyInterceptor }, reply: http.IncomingMessage, res: http.ServerResponse, meta: HttpMeta, exchange: number): SseGate {
  const gate = new SseGate(ctx.intercept, ctx.recording, meta, exchange);
  res.once('close', () => gate.destroy());
  return reply.pipe(gate);
}
