/**
 * One direction of a tapped stdio conversation, between the reader and the writer. While nothing
 * is injected and no injected request awaits its answer from this side, each chunk passes on as it
 * came (the same Buffer: byte-exact, flow control kept by the pipe). Otherwise the stream is cut at
 * frame edges (frame-edges.ts): an injected frame is written between two real ones, and a frame the
 * inject book says answers only injected requests is recorded but not passed on. The recording
 * gets exactly the stream the tap saw, in order, with injected frames where they went.
 */
import { Transform, type TransformCallback } from 'node:stream';
import type { DetectedFraming } from '../../lib/framing/auto';
import { CutUnit } from './cut-unit';
import { FrameEdges, frameBody } from './frame-edges';
import type { SpliceGate } from './intercept';

export interface SpliceHooks {
  /** A copy of bytes this side sent (passed on or consumed). */
  copy(bytes: Buffer): void;
  /** An injected frame just went on, in this direction. */
  injected(frame: Buffer, ref: number): void;
  /** Does an injected request wait for an answer from this side? (Then frames are cut and checked.) */
  awaits(): boolean;
  /** The whole frame's JSON answers only injected requests: consume it. */
  consumes(body: string): boolean;
}

/** A frame being cut that grows past this is passed on as it is (no answer of ours is this large). */
const MAX_CUT_FRAME = 16 * 1024 * 1024;

export class Splice extends Transform {
  readonly edges: FrameEdges;
  private readonly queued: { frame: Buffer; ref: number }[] = [];
  private cutting = false;
  /** The frame being cut (whole ones may be consumed). */
  private readonly unit = new CutUnit();
  /** Intercept (intercept.ts): when set, every frame and piece goes through it instead of straight on. */
  gate: SpliceGate | null = null;

  constructor(
    framing: ConstructorParameters<typeof FrameEdges>[0],
    private readonly hooks: SpliceHooks,
  ) {
    super();
    this.edges = new FrameEdges(framing);
  }

  /** Writes `frame` at the next edge (now, when between frames), or says why it cannot. */
  inject(frame: Buffer, ref: number): string | null {
    if (this.writableEnded || this.destroyed) return 'that side of the conversation has closed';
    if (this.edges.lost) return 'the tap cannot tell where frames end in that direction, so it does not inject into it';
    this.queued.push({ frame, ref });
    if (this.edges.atEdge) this.release();
    return null;
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    if (!this.cutting && (this.edges.lost || (!this.queued.length && !this.hooks.awaits() && !this.gate?.cuts))) {
      this.edges.feed(chunk, false);
      if (this.gate?.waits) return this.onward(chunk, null, done);
      this.hooks.copy(chunk);
      done(null, chunk);
      return;
    }
    if (!this.cutting) {
      this.cutting = true;
      this.unit.start(this.edges.atEdge);
    }
    let from = 0;
    for (const edge of this.edges.feed(chunk, true)) {
      this.unit.add(chunk.subarray(from, edge));
      from = edge;
      this.frameEnded();
    }
    if (from < chunk.length) this.unit.add(chunk.subarray(from));
    if (this.unit.bytes > MAX_CUT_FRAME || this.edges.lost) this.passPartial();
    // Back to passing chunks as they come once between frames with nothing to do.
    if (!this.unit.bytes && !this.queued.length && !this.hooks.awaits() && !this.gate?.cuts) this.cutting = false;
    this.ready(done);
  }

  override _flush(done: TransformCallback): void {
    this.passPartial();
    this.gate?.end();
    done();
  }

  /** Bytes on their way: through the gate when there is one (`framing`: a whole frame it may hold). */
  private onward(bytes: Buffer, framing: DetectedFraming | null, done?: TransformCallback): void {
    if (this.gate) this.gate.take(bytes, framing);
    else {
      this.hooks.copy(bytes);
      this.push(bytes);
    }
    if (done) this.ready(done);
  }

  /** Takes the next chunk now, or once frames held back by the gate have drained (backpressure). */
  private ready(done: TransformCallback): void {
    if (this.gate?.full) this.gate.onDrain(() => done());
    else done();
  }

  private frameEnded(): void {
    const { bytes: frame, whole } = this.unit.end();
    const framing = this.edges.framing;
    if (whole && framing && this.hooks.awaits() && this.hooks.consumes(frameBody(frame, framing))) this.hooks.copy(frame);
    else this.onward(frame, whole ? framing : null);
    this.release();
  }

  private passPartial(): void {
    const bytes = this.unit.passOn();
    if (bytes) this.onward(bytes, null);
  }

  private release(): void {
    for (const { frame, ref } of this.queued.splice(0)) {
      this.hooks.injected(frame, ref);
      this.push(frame);
    }
  }
}
