/**
 * Reads one `text/event-stream` HTTP reply into messages: the POST replies of MCP Streamable HTTP
 * (bytes pushed by the undici handler, http-post.ts) and its standalone GET stream (a node:http
 * response, readSseReply) share it. Each event's data is one message; a data-less event (MCP
 * servers send one to prime reconnection) is a note, not a message.
 */
import type http from 'node:http';
import type { HttpMeta } from '../../lib/session/types';
import { formatBytes } from './errors';
import { SseParser, SseTooLargeError, type SseEvent } from './sse';
import type { TransportEvents } from './types';

export interface SseReadOptions {
  maxBody: number;
  events: TransportEvents;
  /** The transport is closing: a stream cut short by that is no news. */
  closed(): boolean;
  /** Every event id seen, in order (the GET stream resumes from the last one). */
  onEventId?(id: string): void;
  /** Report a stream that ended without any event as an empty reply (POSTs do, the GET stream does not). */
  reportEmpty: boolean;
}

/**
 * One event stream, fed its bytes as they arrive. `done` is called once: with an Error when the
 * stream failed (an event over the limit: the caller then stops the reply) or was cut off,
 * with nothing when it ended normally.
 */
export class SseReply {
  private readonly parser: SseParser;
  private readonly decoder = new TextDecoder('utf-8', { ignoreBOM: false });
  private delivered = 0;
  private over = false;

  constructor(
    private readonly meta: HttpMeta,
    private readonly opts: SseReadOptions,
    private readonly done: (err?: Error) => void,
  ) {
    this.parser = new SseParser(opts.maxBody);
  }

  /** False once the stream has failed (or ended): the caller should stop reading it. */
  data(chunk: Uint8Array): boolean {
    if (this.over) return false;
    try {
      for (const ev of this.parser.push(this.decoder.decode(chunk, { stream: true }))) this.emit(ev);
      return true;
    } catch (err) {
      this.over = true;
      this.done(
        err instanceof SseTooLargeError
          ? new Error(`an SSE event is larger than the ${formatBytes(this.opts.maxBody)} limit (from ${this.meta.url})`)
          : (err as Error),
      );
      return false;
    }
  }

  /** The reply ended (`cutOff`: before the server finished it); what is buffered is delivered first. */
  end(cutOff: boolean): void {
    if (this.over) return;
    this.over = true;
    for (const ev of this.parser.push(this.decoder.decode())) this.emit(ev);
    const last = this.parser.end();
    if (last) {
      this.emit(last);
      this.opts.events.onError?.(`SSE stream ended without the blank line that closes its last event (${this.meta.url})`);
    }
    if (cutOff) {
      this.done(new Error(this.opts.closed() ? 'transport closed' : `event stream cut off by the target: ${this.meta.url}`));
      return;
    }
    if (this.delivered === 0 && this.opts.reportEmpty) this.opts.events.onEmptyReply?.(this.meta);
    this.done();
  }

  private emit(ev: SseEvent): void {
    const sse = { ...(ev.event !== undefined ? { event: ev.event } : {}), ...(ev.id !== undefined ? { id: ev.id } : {}) };
    this.delivered++;
    if (ev.id !== undefined) this.opts.onEventId?.(ev.id);
    if (ev.data.length === 0) {
      this.opts.events.onMeta?.(`SSE event without data${ev.id !== undefined ? ` (id ${ev.id})` : ''}`, { http: { ...this.meta, sse } });
      return;
    }
    this.opts.events.onMessage?.({ text: ev.data, http: { ...this.meta, sse } });
  }
}

/** A node:http response as an event stream (the MCP GET stream). */
export function readSseReply(res: http.IncomingMessage, meta: HttpMeta, opts: SseReadOptions, done: (err?: Error) => void): void {
  const reply = new SseReply(meta, opts, done);
  res.on('data', (chunk: Buffer) => {
    if (!reply.data(chunk)) res.destroy();
  });
  res.on('end', () => reply.end(false));
  res.on('close', () => {
    if (!res.complete) reply.end(true);
  });
  res.on('error', () => undefined);
}
