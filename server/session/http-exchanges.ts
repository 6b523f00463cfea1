/**
 * HTTP sessions: every POST is one exchange. This remembers the last reply of each POST still open
 * (to settle its request by when the POST ends without an answer) and whether the target has
 * answered anything yet: until then it is only "ready", a refused connection is news about the
 * target, not about one request.
 */
import type { MessagePipeline, PipelineOutput } from '../../lib/session/pipeline';
import type { EventPatch, HttpMeta, TrafficEvent } from '../../lib/session/types';

export interface ExchangeFailure {
  /** The note to record (already carrying its pairing patches). */
  note: PipelineOutput;
  /** What the session's failure line should say. */
  failure: string;
}

export class HttpExchanges {
  private readonly lastReply = new Map<number, TrafficEvent>();
  private answered = false;

  constructor(
    private readonly pipeline: MessagePipeline,
    private readonly url: string,
  ) {}

  /** A reply came back on a POST; the first one of the session returns the "connected" note. */
  reply(event: TrafficEvent, now: number): PipelineOutput | undefined {
    const http = event.http;
    if (http?.requestSeq === undefined) return undefined;
    this.lastReply.set(http.requestSeq, event);
    if (this.answered) return undefined;
    this.answered = true;
    const status = `HTTP ${http.status ?? '?'}${http.statusText ? ` ${http.statusText}` : ''}`;
    return this.pipeline.meta('connection', now, Date.now(), '', `connected: ${this.url} answered (${status})`);
  }

  /** The POST of `ref` ended with a reply: patches that settle its request if nothing answered it. */
  ended(ref: number): EventPatch[] {
    const last = this.lastReply.get(ref);
    this.lastReply.delete(ref);
    return last ? this.pipeline.exchangeEnded(ref, last, false) : [];
  }

  /** The POST of `ref` failed (refused, TLS, cut off): the note to record, which settles its request. */
  failed(ref: number, why: string, http: HttpMeta | undefined, now: number): ExchangeFailure {
    this.lastReply.delete(ref);
    const note = this.pipeline.meta('connection', now, Date.now(), '', `POST of #${ref} failed: ${why}`, http ? { http } : {});
    note.patches.push(...this.pipeline.exchangeEnded(ref, note.event, true));
    return { note, failure: this.answered ? why : `${why} (nothing has answered yet)` };
  }
}
