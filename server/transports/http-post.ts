/**
 * One POST of the HTTP transport as an undici dispatch handler: the reply's exact status line and
 * raw header list (undici hands both to `onHeaders`), its body as one message or, for a
 * text/event-stream reply (MCP Streamable HTTP), each event as it arrives. undici's dispatcher is
 * used directly, not node:http or fetch, because per request it costs a fraction of either (see
 * bench/README.md, HTTP); the handler is undici's classic one because only that reports the raw
 * headers without parsing them into an object and tells when the body has been written
 * (`onRequestSent`), which is when the send queue stops counting it.
 */
import type { Dispatcher } from 'undici';
import type { HttpMeta } from '../../lib/session/types';
import { formatBytes, networkErrorWords } from './errors';
import { SseReply } from './http-sse';
import { decodeUtf8, headerRecord } from './text';
import type { TransportEvents } from './types';

/** What one POST needs from its transport. */
export interface PostContext {
  href: string;
  /** "host:port", named in network errors. */
  where: string;
  /** The seq the session recorded the POST under, carried by every reply as `http.requestSeq`. */
  ref: number | undefined;
  maxBody: number;
  events: TransportEvents;
  /** The transport is closing: whatever ends a POST now ends it as "transport closed". */
  closed(): boolean;
  /** The target has taken the whole body. */
  taken(): void;
  /** The status line and headers arrived (MCP session ids are noted from them). */
  replied(meta: HttpMeta): void;
  /** The POST is over: `failure` in plain words, absent when a reply (empty or not) came back. */
  ended(failure: string | undefined, reply: HttpMeta | undefined): void;
}

/** Aborts a reply this side stopped reading (over the size limit); its failure is already said. */
class StoppedReading extends Error {}

export class PostHandler implements Dispatcher.DispatchHandler {
  private abort: ((err?: Error) => void) | undefined;
  private meta: HttpMeta | undefined;
  private sse: SseReply | undefined;
  private chunks: Buffer[] = [];
  private total = 0;
  private over = false;

  constructor(private readonly ctx: PostContext) {}

  onConnect(abort: (err?: Error) => void): void {
    this.abort = abort;
  }

  onRequestSent(): void {
    this.ctx.taken();
  }

  onHeaders(statusCode: number, rawHeaders: Buffer[], _resume: () => void, statusText: string): boolean {
    // 1xx informational answers come before the reply (node:http skipped them too).
    if (statusCode < 200) return true;
    const names: string[] = new Array<string>(rawHeaders.length);
    for (let i = 0; i < rawHeaders.length; i++) names[i] = rawHeaders[i].toString('latin1');
    const meta: HttpMeta = { status: statusCode, statusText, headers: headerRecord(names), url: this.ctx.href, method: 'POST' };
    if (this.ctx.ref !== undefined) meta.requestSeq = this.ctx.ref;
    this.meta = meta;
    this.ctx.replied(meta);
    if ((meta.headers!['content-type'] ?? '').toLowerCase().startsWith('text/event-stream')) {
      const { maxBody, events, closed } = this.ctx;
      this.sse = new SseReply(meta, { maxBody, events, closed, reportEmpty: true }, (err) => this.finish(err?.message));
    }
    return true;
  }

  onData(chunk: Buffer): boolean {
    if (this.over) return false;
    if (this.sse) {
      if (!this.sse.data(chunk)) this.abort?.(new StoppedReading());
      return true;
    }
    this.total += chunk.length;
    if (this.total > this.ctx.maxBody) {
      this.finish(`reply body is larger than the ${formatBytes(this.ctx.maxBody)} limit (HTTP ${this.meta?.status} from ${this.ctx.href})`);
      this.abort?.(new StoppedReading());
      return false;
    }
    this.chunks.push(chunk);
    return true;
  }

  onComplete(): void {
    if (this.over) return;
    if (this.sse) return this.sse.end(false);
    this.deliver();
    this.finish();
  }

  onError(err: Error): void {
    if (this.over) return;
    if (this.meta) {
      // Cut off mid-body: what did arrive is still shown, then the send fails in plain words.
      if (this.sse) return this.sse.end(true);
      if (this.total > 0) this.deliver();
      return this.finish(this.ctx.closed() ? 'transport closed' : `reply cut off after ${this.total} bytes: ${this.ctx.href}`);
    }
    this.finish(this.ctx.closed() ? 'transport closed' : networkErrorWords(err, this.ctx.where));
  }

  private deliver(): void {
    const meta = this.meta!;
    if (this.total === 0) {
      this.ctx.events.onEmptyReply?.(meta);
      return;
    }
    const bytes = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks, this.total);
    this.chunks = [];
    const { text, rawBase64 } = decodeUtf8(bytes);
    this.ctx.events.onMessage?.({ text, ...(rawBase64 ? { rawBase64 } : {}), http: meta });
  }

  private finish(failure?: string): void {
    if (this.over) return;
    this.over = true;
    if (failure === undefined && this.meta) reportStatus(this.ctx.events, this.meta);
    this.ctx.ended(failure, this.meta);
  }
}

/** A 4xx/5xx reply is also said as an error, with the challenge of a 401. */
function reportStatus(events: TransportEvents, meta: HttpMeta): void {
  const status = meta.status ?? 0;
  if (status < 400) return;
  const auth = meta.headers?.['www-authenticate'];
  events.onError?.(
    `HTTP ${status}${meta.statusText ? ` ${meta.statusText}` : ''} from ${meta.url}` + (auth ? ` (WWW-Authenticate: ${auth})` : ''),
  );
}
