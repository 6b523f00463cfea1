/**
 * One HTTP exchange through the tap: the client's request goes on to the target as it arrives
 * (piped: flow control included), the target's answer comes back the same way — an SSE stream
 * chunk by chunk as the server writes it, never held until the end. Copies are recorded after the
 * bytes went on (as raw ops the recording thread decodes, proxy-record.ts: nothing is built for the
 * recording on this thread): the request body as `out` (one message), the reply body as `in`, or each SSE event
 * of a `text/event-stream` reply as its own `in` entry, all carrying the exchange's HTTP facts, so
 * a POST's answers pair with its request as in an HTTP session (MCP Streamable HTTP included:
 * session id header, GET stream, SSE replies).
 */
import http from 'node:http';
import https from 'node:https';
import type { HttpMeta } from '../../lib/session/types';
import { SseParser } from '../transports/sse';
import { headerRecord } from '../transports/text';
import { endToEnd, httpUpstreamUrl } from './proxy-headers';
import { MAX_RECORDED_BODY, statusWords } from './proxy-record';
import type { RecordingClient } from './recording-client';
import type { ProxyInjector } from './proxy-inject';
import type { ProxyInterceptor } from './proxy-intercept';
import { readsFirst, sseGate, takesReply, type ReadBody } from './proxy-intercept-http';

export { MAX_RECORDED_BODY };

export interface ExchangeContext {
  to: URL;
  recording: RecordingClient;
  agents: { http: http.Agent; https: https.Agent };
  log(line: string): void;
  /** Injecting into this tap's conversations (proxy-inject.ts). */
  inject?: ProxyInjector;
  /** Holding messages at breakpoints (proxy-intercept.ts). */
  intercept?: ProxyInterceptor;
}

/** Collects a copy of a body, up to the cap. */
export class BodyCopy {
  private chunks: Buffer[] = [];
  private size = 0;
  overflowed = false;

  push(chunk: Buffer): void {
    if (this.overflowed) return;
    this.size += chunk.length;
    if (this.size > MAX_RECORDED_BODY) {
      this.overflowed = true;
      this.chunks = [];
    } else this.chunks.push(chunk);
  }

  get bytes(): Buffer {
    // A small body comes in one chunk: that chunk is the copy (streams never reuse a Buffer they handed on).
    return this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks);
  }

  /** The copy as the recording thread takes it: null when there is none (empty, or over the cap). */
  get recorded(): Buffer | null {
    return this.overflowed || this.size === 0 ? null : this.bytes;
  }

  get length(): number {
    return this.size;
  }
}

export function relayExchange(ctx: ExchangeContext, req: http.IncomingMessage, res: http.ServerResponse, held?: ReadBody): void {
  const { recording, inject } = ctx;
  // A POST is read before it goes on while an injected request waits for the client's answer, or
  // breakpoints are on (proxy-intercept-http.ts); it comes back here as `held`.
  if (!held && readsFirst(ctx, req, res)) return;
  const url = httpUpstreamUrl(ctx.to, req.url);
  const secure = url.protocol === 'https:';
  const method = req.method ?? 'GET';
  const upstream = (secure ? https : http).request(url, {
    method,
    headers: endToEnd(held?.rawHeaders ?? req.rawHeaders, { host: url.host }),
    agent: secure ? ctx.agents.https : ctx.agents.http,
  });

  // The exchange's number: the recording pairs its request and replies by it.
  const exchange = held?.exchange ?? recording.newExchange();
  let ended = false;
  const endExchange = (failed: boolean, why: string, meta: HttpMeta) => {
    if (ended) return;
    ended = true;
    recording.exchangeEnded(exchange, failed, why, { http: meta });
  };

  // The request: on to the target as it comes; its copy recorded once whole.
  const sent = new BodyCopy();
  if (method === 'POST') inject?.sawPost(url, req.rawHeaders);
  const recordRequest = () => {
    if (sent.length === 0 || held?.recorded) return;
    recording.http({ op: 'http-request', exchange, method, url: url.href, path: url.pathname, rawHeaders: req.rawHeaders, body: sent.recorded, bytes: sent.length });
  };
  if (held) sent.push(held.body);
  if (held?.ended) {
    upstream.end(held.body);
    recordRequest();
  } else {
    if (held) upstream.write(held.body);
    req.pipe(upstream);
    req.on('data', (chunk: Buffer) => sent.push(chunk));
    // The pipe's own 'end' listener came first and ended the request to the target (written then,
    // once it has its socket): decoding and recording are never between the client and the target,
    // and no setImmediate hop is taken for them.
    req.on('end', recordRequest);
  }

  // The client gave up (closed its socket): so does the request to the target.
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });

  upstream.on('error', (err) => {
    const why = `${method} ${url.href} failed: ${err.message}`;
    ctx.log(why);
    endExchange(true, why, { method, url: url.href });
    if (!res.headersSent) {
      res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`rpcscope tap: the target did not answer: ${err.message}\n`);
    } else res.destroy();
  });

  upstream.on('response', (reply) => {
    // The reply's facts as recorded: made once needed, after its bytes went on (not between the target and the client).
    let meta: HttpMeta | undefined;
    const replyMeta = (): HttpMeta =>
      (meta ??= { status: reply.statusCode, statusText: reply.statusMessage, headers: headerRecord(reply.rawHeaders), url: url.href, method });
    // A reply a breakpoint may hold is read whole first (proxy-intercept-http.ts).
    if (ctx.intercept?.on && takesReply(ctx, method, reply, res, replyMeta(), exchange, endExchange)) return;
    res.writeHead(reply.statusCode ?? 502, reply.statusMessage, endToEnd(reply.rawHeaders));
    reply.on('aborted', () => res.destroy());
    reply.on('error', () => res.destroy());
    inject?.sawReply(reply.rawHeaders);
    const ctype = reply.headers['content-type'];
    const sse = ctype !== undefined && ctype.toLowerCase().startsWith('text/event-stream');
    const settle = () => endExchange(false, `${method} ${url.pathname} → ${statusWords(reply.statusCode, reply.statusMessage)}, nothing in the body`, replyMeta());
    if (!sse) {
      // Headers go with the first body bytes, in one packet; the body is streamed, its copy kept aside.
      reply.pipe(res);
      const got = new BodyCopy();
      reply.on('data', (chunk: Buffer) => got.push(chunk));
      // After the pipe's own 'end' listener ended the answer to the client: recorded once its last bytes went on.
      // (No log line per exchange: the recording has each one, and a synchronous file append cost more than the hop.)
      reply.on('end', () => {
        // The recording thread decodes it, makes its notes and settles the exchange (proxy-record.ts).
        const settles = !ended;
        ended = true;
        recording.http({
          op: 'http-reply',
          exchange,
          method,
          url: url.href,
          path: url.pathname,
          status: reply.statusCode,
          statusText: reply.statusMessage,
          rawHeaders: reply.rawHeaders,
          body: got.recorded,
          bytes: got.length,
          settles,
        });
      });
      return;
    }
    // An event stream's headers go now (it may be quiet for a while): the client sees it open.
    res.flushHeaders();
    // The client's own event stream (a GET) is where the tap can write to the client over HTTP.
    // An event stream goes through its gate (sse-gate.ts: it records the events, and holds them at breakpoints).
    const body = ctx.intercept ? sseGate({ ...ctx, intercept: ctx.intercept }, reply, res, replyMeta(), exchange) : reply;
    if (method === 'GET' && inject) body.pipe(inject.clientStream(url.href, res)).pipe(res);
    else body.pipe(res);
    recording.note(`${method} ${url.pathname} → ${statusWords(reply.statusCode, reply.statusMessage)}, an event stream`, { http: replyMeta() });
    // Through the gate, the gate records the events; its end comes once every event held in it was decided.
    if (body !== reply) onceEnded(body, settle);
    else relaySse(ctx, reply, replyMeta(), exchange, settle);
  });
}

/** Runs `then` once, when `stream` ended or closed (a client that went away closes it without an end). */
function onceEnded(stream: NodeJS.ReadableStream & { once(ev: 'close', fn: () => void): unknown }, then: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    then();
  };
  stream.once('end', run);
  stream.once('close', run);
}

/**
 * Each event of an SSE reply, recorded as it arrives (the bytes already went on); `ended` runs
 * once the last event is recorded (what settles the exchange must come after its answers).
 */
export function relaySse(ctx: Pick<ExchangeContext, 'recording'>, reply: http.IncomingMessage, meta: HttpMeta, exchange: number, ended?: () => void): void {
  const parser = new SseParser(MAX_RECORDED_BODY);
  const decoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
  let broken = false;
  const emit = (ev: { data: string; event?: string; id?: string }) => {
    if (ev.data === '') return;
    const sse = { ...(ev.event !== undefined ? { event: ev.event } : {}), ...(ev.id !== undefined ? { id: ev.id } : {}) };
    ctx.recording.message('in', ev.data, { http: { ...meta, sse } }, { id: exchange });
  };
  // Chunks are parsed after the turn that passed them on (not between the server and the client).
  let pending: Buffer[] = [];
  const parse = () => {
    const chunks = pending;
    pending = [];
    for (const chunk of chunks) {
      if (broken) return;
      try {
        for (const ev of parser.push(decoder.decode(chunk, { stream: true }))) emit(ev);
      } catch (err) {
        broken = true;
        ctx.recording.note(`the event stream is no longer recorded: ${(err as Error).message}; it still passes through`, { http: meta }, exchange);
      }
    }
  };
  reply.on('data', (chunk: Buffer) => {
    if (broken) return;
    if (pending.push(chunk) === 1) setImmediate(parse);
  });
  reply.on('end', () => {
    setImmediate(() => {
      parse();
      const last = broken ? null : parser.end();
      if (last) emit(last);
      ended?.();
    });
  });
}
