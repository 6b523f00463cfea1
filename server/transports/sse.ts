/**
 * Incremental `text/event-stream` parser (the WHATWG event-stream rules, the parts a JSON-RPC
 * client needs): events come out as soon as their blank line arrives, whatever the chunking,
 * including a CRLF split across two chunks. Each chunk is scanned once.
 */

export interface SseEvent {
  /** The event's data lines joined with "\n". */
  data: string;
  /** The `event:` field of this event, when it had one. */
  event?: string;
  /** The `id:` field of this event, when it had one. */
  id?: string;
}

export class SseTooLargeError extends Error {}

export class SseParser {
  /** Text of the line still waiting for its terminator. */
  private partial = '';
  /** The previous chunk ended with CR: a leading LF in the next chunk belongs to it. */
  private pendingCR = false;
  private dataLines: string[] = [];
  private hasData = false;
  private dataChars = 0;
  private event: string | undefined;
  private id: string | undefined;
  private touched = false;

  constructor(private readonly maxEventChars: number) {}

  /** Feed decoded text; returns the events completed by it. Throws SseTooLargeError past the cap. */
  push(chunk: string): SseEvent[] {
    const out: SseEvent[] = [];
    let start = 0;
    if (this.pendingCR && chunk.charCodeAt(0) === 10) start = 1;
    this.pendingCR = false;
    for (let i = start; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      const piece = chunk.slice(start, i);
      const line = this.partial.length > 0 ? this.partial + piece : piece;
      this.partial = '';
      this.line(line, out);
      if (c === 13) {
        if (i + 1 < chunk.length) {
          if (chunk.charCodeAt(i + 1) === 10) i++;
        } else {
          this.pendingCR = true;
        }
      }
      start = i + 1;
    }
    if (start < chunk.length) {
      this.partial += chunk.slice(start);
      if (this.partial.length + this.dataChars > this.maxEventChars) {
        throw new SseTooLargeError('one SSE event is larger than the limit');
      }
    }
    return out;
  }

  /**
   * End of stream. The spec drops an event that lacks its closing blank line; a debugger must not
   * lose it, so it is returned here for the caller to deliver (and flag).
   */
  end(): SseEvent | undefined {
    if (this.partial.length > 0) {
      const line = this.partial;
      this.partial = '';
      this.line(line, []);
    }
    if (!this.touched) return undefined;
    const out: SseEvent[] = [];
    this.dispatch(out);
    return out[0];
  }

  private line(line: string, out: SseEvent[]): void {
    if (line.length === 0) {
      this.dispatch(out);
      return;
    }
    if (line.charCodeAt(0) === 58 /* : comment */) return;
    const colon = line.indexOf(':');
    const name = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.charCodeAt(0) === 32) value = value.slice(1);
    this.touched = true;
    switch (name) {
      case 'data':
        this.dataLines.push(value);
        this.hasData = true;
        this.dataChars += value.length + 1;
        if (this.dataChars > this.maxEventChars) {
          throw new SseTooLargeError('one SSE event is larger than the limit');
        }
        break;
      case 'event':
        this.event = value;
        break;
      case 'id':
        if (!value.includes('\0')) this.id = value;
        break;
      default:
        // `retry` and unknown fields carry nothing a debugger needs to pass on as a message.
        break;
    }
  }

  private dispatch(out: SseEvent[]): void {
    if (this.touched) {
      const ev: SseEvent = { data: this.hasData ? this.dataLines.join('\n') : '' };
      if (this.event !== undefined) ev.event = this.event;
      if (this.id !== undefined) ev.id = this.id;
      out.push(ev);
    }
    this.dataLines = [];
    this.hasData = false;
    this.dataChars = 0;
    this.event = undefined;
    this.id = undefined;
    this.touched = false;
  }
}
