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

/**
 * What a POST needs from its transport: methods, not per-POST closures, because under tsx every
 * closure made per request also gets its name defined (esbuild's keepNames), which showed in the
 * profile of this path.
 */
export interface PostOwner {
  readonly href: string;
  /** "host:port", named in network errors. */
  readonly where: string;
  readonly maxBody: number;
  readonly events: TransportEvents;
  /** The transport is closing: whatever ends a POST now ends it as "transport closed". */
  isClosed(): boolean;
  /** The status line and headers of the POST sent with `sent` arrived (MCP session ids are noted from them). */
  noteReply(meta: HttpMeta, sent: Record<string, string>): void;
  /** The POST of `ref` is over: `failure` in plain words, absent when a reply (empty or not) came back. */
  endExchange(ref: number | undefined, failure: string | undefined, reply: HttpMeta | undefined): void;
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

  /**
   * `ref`: the seq the session recorded the POST under, carried by every reply as
   * `http.requestSeq`; `release`: the send queue stops counting the POST (the target took it).
   */
  constructor(
    private readonly owner: PostOwner,
    private readonly ref: number | undefined,
    private readonly sent: Record<string, string>,
    private readonly release: () => void,
  ) {}

  onConnect(abort: (err?: Error) => void): void {
    this.abort = abort;
  }

  onRequestSent(): void {
    this.release();
  }

  onHeaders(statusCode: number, rawHeaders: Buffer[], _resume: () => void, statusText: string): boolean {
    // 1xx informational answers come before the reply (node:http skipped them too).
    if (statusCode < 200) return true;
    const meta: HttpMeta = { status: statusCode, statusText, headers: headerRecord(rawHeaders), url: this.owner.href, method: 'POST' };
    if (this.ref !== undefined) meta.requestSeq = this.ref;
    this.meta = meta;
    this.owner.noteReply(meta, this.sent);
    if ((meta.headers!['content-type'] ?? '').toLowerCase().startsWith('text/event-stream')) {
      const { maxBody, events } = this.owner;
      const closed = () => this.owner.isClosed();
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
    if (this.total > this.owner.maxBody) {
      this.finish(`reply body is larger than the ${formatBytes(this.owner.maxBody)} limit (HTTP ${this.meta?.status} from ${this.owner.href})`);
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
      return this.finish(this.owner.isClosed() ? 'transport closed' : `reply cut off after ${this.total} bytes: ${this.owner.href}`);
    }
    this.finish(this.owner.isClosed() ? 'transport closed' : networkErrorWords(err, this.owner.where));
  }

  private deliver(): void {
    const meta = this.meta!;
    if (this.total === 0) {
      this.owner.events.onEmptyReply?.(meta);
      return;
    }
    const bytes = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks, this.total);
    this.chunks = [];
    const { text, rawBase64 } = decodeUtf8(bytes);
    this.owner.events.onMessage?.({ text, ...(rawBase64 ? { rawBase64 } : {}), http: meta });
  }

  private finish(failure?: string): void {
    if (this.over) return;
    this.over = true;
    if (failure === undefined && this.meta) reportStatus(this.owner.events, this.meta);
    this.release();
    this.owner.endExchange(this.ref, failure, this.meta);
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
