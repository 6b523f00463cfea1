/**
 * The client's open event stream (MCP Streamable HTTP's standalone GET) as a Transform between the
 * target's reply and the client: chunks pass on as they came (the same Buffer) unless an injected
 * event waits; then the stream is cut just after the next blank line (where one SSE event ends)
 * and the injected event goes in there, so it never lands inside one of the server's events
 * (edges: sse-edges.ts, shared with the intercept gate).
 */
import { Transform, type TransformCallback } from 'node:stream';
import { SseEdges } from './sse-edges';

/** `data:` lines for a message (SSE fields cannot hold a line end), ending the event. */
export function sseEvent(body: string): Buffer {
  return Buffer.from(`${body.split(/\r\n|\r|\n/).map((line) => `data: ${line}`).join('\n')}\n\n`, 'utf8');
}

export class SseSplice extends Transform {
  private readonly queued: { event: Buffer; written(): void }[] = [];
  private readonly edges = new SseEdges();

  /** Writes the event at the next edge; `written` is called once it went on. */
  inject(event: Buffer, written: () => void): void {
    this.queued.push({ event, written });
    if (this.edges.atEdge) this.release();
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
      this.push(q.event);
      q.written();
    }
  }
}
