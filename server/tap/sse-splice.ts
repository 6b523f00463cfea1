/**
 * The client's open event stream (MCP Streamable HTTP's standalone GET) as a Transform between the
 * target's reply and the client: chunks pass on as they came (the same Buffer) unless an injected
 * event waits; then the stream is cut just after the next blank line (where one SSE event ends)
 * and the injected event goes in there, so it never lands inside one of the server's events.
 */
import { Transform, type TransformCallback } from 'node:stream';

const LF = 10;
const CR = 13;

/** `data:` lines for a message (SSE fields cannot hold a line end), ending the event. */
export function sseEvent(body: string): Buffer {
  return Buffer.from(`${body.split(/\r\n|\r|\n/).map((line) => `data: ${line}`).join('\n')}\n\n`, 'utf8');
}

export class SseSplice extends Transform {
  private readonly queued: { event: Buffer; written(): void }[] = [];
  /** The line being read has no characters yet (true at the stream's start). */
  private lineEmpty = true;
  private lastCR = false;
  /** The last byte was a CR ending an event: the edge comes after the LF that may follow. */
  private crEdge = false;
  /** Between two events (or before the first): an injected event may go here. */
  private atEdge = true;

  /** Writes the event at the next edge; `written` is called once it went on. */
  inject(event: Buffer, written: () => void): void {
    this.queued.push({ event, written });
    if (this.atEdge) this.release();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    let from = 0;
    const edgeAt = (at: number) => {
      this.atEdge = true;
      if (!this.queued.length) return;
      if (at > from) this.push(chunk.subarray(from, at));
      from = at;
      this.release();
    };
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i];
      if (this.crEdge) {
        // A CR ended an event: the edge is after its LF when one follows, else right here.
        this.crEdge = false;
        this.lastCR = false;
        edgeAt(b === LF ? i + 1 : i);
        if (b === LF) continue;
      }
      const crlf = b === LF && this.lastCR;
      this.lastCR = b === CR;
      if (crlf) continue;
      if (b !== LF && b !== CR) {
        this.lineEmpty = false;
        this.atEdge = false;
        continue;
      }
      // A line end: after an empty line, an event is over.
      const ends = this.lineEmpty;
      this.lineEmpty = true;
      this.atEdge = false;
      if (!ends) continue;
      if (b === CR) this.crEdge = true;
      else edgeAt(i + 1);
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
