/**
 * The client's open event stream (MCP Streamable HTTP's standalone GET) as a Transform between the
 * target's reply and the client: chunks pass on as they came (the same Buffer) unless an injected
 * event waits; then the stream is cut just after the next blank line (where one SSE event ends)
 * and the injected event goes in there, so it never lands inside one of the server's events
 * (edges: sse-edges.ts, shared with the intercept gate).
 *
 * A server that stalls mid-event holds an injected event back: MCP Streamable HTTP gives the tap
 * no stream of its own towards the client (the client opens every stream, and an SSE event cannot
 * be split), so the event waits — the injector says so in the timeline and prefers another open
 * stream that is between events — and is given up after `waitMs` with the reason, rather than
 * leaving the send waiting without words.
 */
import { Transform, type TransformCallback } from 'node:stream';
import { SseEdges } from './sse-edges';

/** `data:` lines for a message (SSE fields cannot hold a line end), ending the event. */
export function sseEvent(body: string): Buffer {
  return Buffer.from(`${body.split(/\r\n|\r|\n/).map((line) => `data: ${line}`).join('\n')}\n\n`, 'utf8');
}

/** How long an injected event waits for the server to finish the event it is in the middle of. */
export const INJECT_WAIT_MS = 5000;

interface Queued {
  event: Buffer;
  written(): void;
  timer?: NodeJS.Timeout;
}

export class SseSplice extends Transform {
  private readonly queued: Queued[] = [];
  private readonly edges = new SseEdges();

  /** Between two of the server's events (an injected one would go in now). */
  get atEdge(): boolean {
    return this.edges.atEdge;
  }

  /**
   * Writes the event at the next edge; `written` is called once it went on. Returns false when it
   * waits (the server is mid-event): then `gaveUp` is called with why if no edge comes within `waitMs`.
   */
  inject(event: Buffer, written: () => void, gaveUp?: (why: string) => void, waitMs = INJECT_WAIT_MS): boolean {
    const q: Queued = { event, written };
    this.queued.push(q);
    if (this.edges.atEdge) {
      this.release();
      return true;
    }
    if (gaveUp) {
      q.timer = setTimeout(() => {
        const at = this.queued.indexOf(q);
        if (at < 0) return;
        this.queued.splice(at, 1);
        gaveUp(`the server stayed in the middle of an event on the client's event stream for ${(waitMs / 1000).toFixed(0)} s, so the injected event was not written (inside another event it would garble both); try again once the server has finished it`);
      }, waitMs);
      q.timer.unref();
    }
    return false;
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    let from = 0;
    for (const at of this.edges.feed(chunk)) {
      if (!this.queued.length) continue;
      if (at > from) this.push(chunk.subarray(from, at));
      from = at;
      this.release();
    }
    done(null, from === 0 ? chunk : from < chunk.length ? chunk.subarray(from) : undefined);
  }

  private release(): void {
    for (const q of this.queued.splice(0)) {
      if (q.timer) clearTimeout(q.timer);
      this.push(q.event);
      q.written();
    }
  }
}
