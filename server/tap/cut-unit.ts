/**
 * The unit being cut out of a tapped stream while a splice or gate cuts at edges — a frame
 * (splice.ts, frame-edges.ts) or an SSE event (sse-gate.ts, sse-edges.ts): its pieces are held
 * until its edge comes, then handed on as one Buffer with whether it is whole (it began at an edge
 * while cutting, so it may be held, edited or consumed). One that grows too large, or a stream the
 * tap can no longer follow, is passed on as it is, and the rest of that unit is not whole either.
 */
export class CutUnit {
  private pieces: Buffer[] = [];
  private size = 0;
  private began = true;

  /** Bytes held now. */
  get bytes(): number {
    return this.size;
  }

  /** Cutting starts: the unit in progress is whole only if the stream is between units now. */
  start(atEdge: boolean): void {
    this.began = atEdge;
  }

  add(piece: Buffer): void {
    if (!piece.length) return;
    this.pieces.push(piece);
    this.size += piece.length;
  }

  /** The unit's edge came: its bytes and whether it is whole; the next one begins at an edge. */
  end(): { bytes: Buffer; whole: boolean } {
    const bytes = this.pieces.length === 1 ? this.pieces[0] : Buffer.concat(this.pieces);
    const whole = this.began;
    this.reset(true);
    return { bytes, whole };
  }

  /** What is held, to go on as it is (null: nothing is); what follows of this unit is not whole. */
  passOn(): Buffer | null {
    if (!this.size) return null;
    const bytes = Buffer.concat(this.pieces);
    this.reset(false);
    return bytes;
  }

  private reset(atEdge: boolean): void {
    this.pieces = [];
    this.size = 0;
    this.began = atEdge;
  }
}
