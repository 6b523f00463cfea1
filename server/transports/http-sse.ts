/**
 * Reads one `text/event-stream` HTTP reply into messages: the POST replies of MCP Streamable HTTP
 * and its standalone GET stream share it. Each event's data is one message; a data-less event
 * (MCP servers send one to prime reconnection) is a note, not a message.
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

/** `done` gets an Error when the stream failed or was cut off, nothing when it ended normally. */
export function readSseReply(res: http.IncomingMessage, meta: HttpMeta, opts: SseReadOptions, done: (err?: Error) => void): void {
  const { events, maxBody } = opts;
  const parser = new SseParser(maxBody);
  const decoder = new TextDecoder('utf-8', { ignoreBOM: false });
  let delivered = 0;
  let failed = false;
  const emit = (ev: SseEvent) => {
    const sse = { ...(ev.event !== undefined ? { event: ev.event } : {}), ...(ev.id !== undefined ? { id: ev.id } : {}) };
    delivered++;
    if (ev.id !== undefined) opts.onEventId?.(ev.id);
    if (ev.data.length === 0) {
      events.onMeta?.(`SSE event without data${ev.id !== undefined ? ` (id ${ev.id})` : ''}`, { http: { ...meta, sse } });
      return;
    }
    events.onMessage?.({ text: ev.data, http: { ...meta, sse } });
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
        fail(new Error(`an SSE event is larger than the ${formatBytes(maxBody)} limit (from ${meta.url})`));
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
      events.onError?.(`SSE stream ended without the blank line that closes its last event (${meta.url})`);
    }
    if (cutOff) {
      done(new Error(opts.closed() ? 'transport closed' : `event stream cut off by the target: ${meta.url}`));
      return;
    }
    if (delivered === 0 && opts.reportEmpty) events.onEmptyReply?.(meta);
    done();
  };
  res.on('end', () => finishStream(false));
  res.on('close', () => {
    if (!res.complete) finishStream(true);
  });
  res.on('error', () => undefined);
}
