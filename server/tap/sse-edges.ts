/**
 * Where SSE events end in a byte stream: just after the blank line that closes each event (line
 * ends LF, CRLF or CR; a CRLF may be split across chunks, so a CR that ends an event decides its
 * edge with the next byte). Bytes only, no decoding: the intercept gate (sse-gate.ts) and the
 * inject splice (sse-splice.ts) cut there.
 */
const LF = 10;
const CR = 13;

export class SseEdges {
  /** The line being read has no characters yet (true at the stream's start). */
  private lineEmpty = true;
  private lastCR = false;
  /** The last byte was a CR ending an event: the edge comes after the LF that may follow. */
  private crEdge = false;
  private edge = true;

  /** Between two events (or before the first). */
  get atEdge(): boolean {
    return this.edge;
  }

  /** The offsets in `chunk` where an event ends (0: the previous chunk ended one). */
  feed(chunk: Buffer): number[] {
    const edges: number[] = [];
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i];
      if (this.crEdge) {
        this.crEdge = false;
        this.lastCR = false;
        this.edge = true;
        edges.push(b === LF ? i + 1 : i);
        if (b === LF) continue;
      }
      const crlf = b === LF && this.lastCR;
      this.lastCR = b === CR;
      if (crlf) continue;
      if (b !== LF && b !== CR) {
        this.lineEmpty = false;
        this.edge = false;
        continue;
      }
      // A line end: after an empty line, an event is over.
      const ends = this.lineEmpty;
      this.lineEmpty = true;
      this.edge = false;
      if (!ends) continue;
      if (b === CR) this.crEdge = true;
      else {
        this.edge = true;
        edges.push(i + 1);
      }
    }
    return edges;
  }
}
