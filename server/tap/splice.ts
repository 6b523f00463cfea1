/**
 * One direction of a tapped stdio conversation, between the reader and the writer. While nothing
 * is injected and no injected request awaits its answer from this side, each chunk passes on as it
 * came (the same Buffer: byte-exact, flow control kept by the pipe). Otherwise the stream is cut at
 * frame edges (frame-edges.ts): an injected frame is written between two real ones, and a frame the
 * inject book says answers only injected requests is recorded but not passed on. The recording
 * gets exactly the stream the tap saw, in order, with injected frames where they went.
 *
 * With an `edgesAt` hook (the real tap) the splice does not follow frame edges while it only passes
 * chunks (issue 12: a flood of small frames would cost the forwarding thread a header parse each).
 * When it must cut, it asks the recording thread — which follows every copy — where the edges
 * stood after the last byte copied, holds the chunks that come meanwhile (briefly; then they pass
 * and are walked afterwards) and goes on from that state.
 */
import { Transform, type TransformCallback } from 'node:stream';
import type { DetectedFraming } from '../../lib/framing/auto';
import { CutUnit } from './cut-unit';
import { FrameEdges, frameBody, type EdgeState } from './frame-edges';
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
  /**
   * Where the edges stand after every byte copied so far (null: nobody can tell). Without this
   * hook the splice follows the edges of every chunk itself.
   */
  edgesAt?(done: (state: EdgeState | null) => void): void;
  /** A queued injection will not go in (the edges turned out to be lost). */
  refused?(ref: number, why: string): void;
}

/** A frame being cut that grows past this is passed on as it is (no answer of ours is this large). */
const MAX_CUT_FRAME = 16 * 1024 * 1024;
/** While the edges are asked for, how long chunks wait (a breakpoint set just before them applies); then they pass. */
const SYNC_HOLD_MS = 1000;
/** Bytes passed while waiting for the edges that are kept to walk afterwards; past this the ask starts again. */
const MAX_KEPT = 32 * 1024 * 1024;
const LOST = 'the tap cannot tell where frames end in that direction, so it does not inject into it';

export class Splice extends Transform {
  readonly edges: FrameEdges;
  private readonly queued: { frame: Buffer; ref: number }[] = [];
  private cutting = false;
  /** The frame being cut (whole ones may be consumed). */
  private readonly unit = new CutUnit();
  /** Intercept (intercept.ts): when set, every frame and piece goes through it instead of straight on. */
  gate: SpliceGate | null = null;
  /** `edges` is up to date (always without an edgesAt hook; with one, only while cutting). */
  private tracking: boolean;
  /** Asked the recording thread for the edges (this ask's number; 0: not asking). */
  private asking = 0;
  private asks = 0;
  private holding = false;
  private holdTimer: NodeJS.Timeout | null = null;
  private heldChunk: { chunk: Buffer; done: TransformCallback } | null = null;
  /** Chunks passed on since the ask, walked once its answer comes. */
  private kept: Buffer[] = [];
  private keptBytes = 0;

  constructor(
    framing: ConstructorParameters<typeof FrameEdges>[0],
    private readonly hooks: SpliceHooks,
  ) {
    super();
    this.edges = new FrameEdges(framing);
    this.tracking = !hooks.edgesAt;
  }

  /**
   * Only passing chunks as they come, with nothing queued, held, asked or cut, and nothing that
   * would make the next chunk be cut: the forwarding thread may carry this direction (forwarder.ts).
   */
  get passing(): boolean {
    return (
      !this.cutting &&
      !this.asking &&
      !this.heldChunk &&
      !this.queued.length &&
      !this.unit.bytes &&
      !this.hooks.awaits() &&
      !this.gate?.cuts &&
      !this.gate?.waits &&
      this.writableLength === 0 &&
      this.readableLength === 0
    );
  }

  /** Writes `frame` at the next edge (now, when between frames), or says why it cannot. */
  inject(frame: Buffer, ref: number): string | null {
    if (this.writableEnded || this.destroyed) return 'that side of the conversation has closed';
    if (this.edges.lost) return LOST;
    this.queued.push({ frame, ref });
    if (!this.tracking) this.askEdges();
    else if (this.edges.atEdge) this.release();
    return null;
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    if (this.asking) {
      if (this.holding) this.heldChunk = { chunk, done };
      else this.passKept(chunk, done);
      return;
    }
    if (!this.cutting && (this.edges.lost || (!this.queued.length && !this.hooks.awaits() && !this.gate?.cuts))) {
      // Followed only while needed (or always, without the hook); `auto` still learns its framing from the first bytes.
      if (this.hooks.edgesAt && this.edges.framing) this.tracking = false;
      else this.edges.feed(chunk, false);
      if (this.gate?.waits) return this.onward(chunk, null, done);
      this.hooks.copy(chunk);
      done(null, chunk);
      return;
    }
    if (!this.tracking) {
      this.askEdges();
      this.heldChunk = { chunk, done };
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
    if (!this.unit.bytes && !this.queued.length && !this.hooks.awaits() && !this.gate?.cuts) {
      this.cutting = false;
      if (this.hooks.edgesAt) this.tracking = false;
    }
    this.ready(done);
  }

  override _flush(done: TransformCallback): void {
    this.stopAsking();
    this.passPartial();
    this.gate?.end();
    done();
  }

  /** Asks the recording thread where the edges stand after everything copied so far (once at a time). */
  private askEdges(): void {
    if (this.asking || !this.hooks.edgesAt) return;
    const ask = (this.asking = ++this.asks);
    this.holding = true;
    this.holdTimer = setTimeout(() => this.stopHolding(), SYNC_HOLD_MS);
    this.hooks.edgesAt((state) => {
      if (this.asking === ask) this.answered(state);
    });
  }

  private answered(state: EdgeState | null): void {
    const kept = this.kept;
    this.stopAsking();
    if (state) {
      this.edges.restore(state);
      for (const k of kept) this.edges.feed(k, false);
    } else this.edges.lose();
    this.tracking = true;
    if (this.edges.lost) for (const { ref } of this.queued.splice(0)) this.hooks.refused?.(ref, LOST);
    else if (this.edges.atEdge && !this.cutting && !this.readableEnded && !this.destroyed) this.release();
    const held = this.heldChunk;
    this.heldChunk = null;
    if (held) this._transform(held.chunk, 'binary', held.done);
  }

  private stopAsking(): void {
    this.asking = 0;
    this.holding = false;
    if (this.holdTimer) clearTimeout(this.holdTimer);
    this.holdTimer = null;
    this.kept = [];
    this.keptBytes = 0;
  }

  /** The answer is slow (a recording far behind): what waits passes on, and is walked once it comes. */
  private stopHolding(): void {
    this.holding = false;
    this.holdTimer = null;
    const held = this.heldChunk;
    this.heldChunk = null;
    if (held) this.passKept(held.chunk, held.done);
  }

  private passKept(chunk: Buffer, done: TransformCallback): void {
    this.kept.push(chunk);
    this.keptBytes += chunk.length;
    this.hooks.copy(chunk);
    done(null, chunk);
    if (this.keptBytes > MAX_KEPT) {
      // Too much to keep: ask again from here (the older answer is ignored).
      this.stopAsking();
      this.askEdges();
      this.stopHolding();
    }
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
