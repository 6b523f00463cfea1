/**
 * Intercepting a stdio tap's conversation (issue 12 item 5), on the conversation thread: one
 * Holder (lib/intercept) for both directions, a gate in each direction's Splice. While no
 * breakpoint is set and nothing waits, the splices pass chunks as they came (the gate is not
 * asked). With breakpoints on, the splices cut at frame edges and hand each frame here: it is
 * copied to the recording when it arrives (held ones as `held`), and written when the holder
 * says — unchanged, re-framed with the user's text (Content-Length recomputed, other headers
 * kept), or not at all. Backpressure: past the holder's waiting cap, the direction stops reading.
 * When a direction ends (the tap is closing) everything held is released, as when the app that
 * set the breakpoints goes away.
 */
import { encodeNewline } from '../../lib/framing';
import type { DetectedFraming } from '../../lib/framing/auto';
import type { Side } from '../../lib/intercept/breakpoints';
import type { Release } from '../../lib/intercept/holder';
import { frameBody } from './frame-edges';
import { InterceptCore } from './intercept-core';
import type { InterceptOp } from './intercept-ops';
import type { Splice } from './splice';

/** What a Splice asks of its direction's gate (splice.ts). */
export interface SpliceGate {
  /** Cut at frame edges and hand frames here: breakpoints are on, or frames wait. */
  readonly cuts: boolean;
  /** Frames wait: whatever comes next must go behind them. */
  readonly waits: boolean;
  /** Too much waits: hold back the reader until `onDrain`. */
  readonly full: boolean;
  /** Bytes that arrived: a whole frame (`framing` set) that a breakpoint may hold, or other bytes. */
  take(bytes: Buffer, framing: DetectedFraming | null): void;
  onDrain(resume: () => void): void;
  /** The direction ended: release everything held. */
  end(): void;
}

export interface InterceptHooks {
  /** A copy of bytes that arrived (recorded as the direction's bytes). */
  copy(side: Side, bytes: Buffer): void;
  post(op: InterceptOp): void;
}

const HEADER_END = Buffer.from('\r\n\r\n');

/** The frame with `text` as its body: content-length re-counted (other headers kept), newline as one line. */
export function reframe(frame: Buffer, text: string, framing: DetectedFraming): Buffer {
  if (framing === 'newline') return Buffer.from(encodeNewline(text));
  const body = Buffer.from(text, 'utf8');
  const end = frame.indexOf(HEADER_END);
  const header = end < 0 ? '' : frame.subarray(0, end).toString('latin1');
  const lines = header.split('\r\n').filter((l) => l && !/^content-length[ \t]*:/i.test(l));
  return Buffer.concat([Buffer.from([`Content-Length: ${body.length}`, ...lines].join('\r\n') + '\r\n\r\n', 'latin1'), body]);
}

interface Waiting {
  side: Side;
  bytes: Buffer;
  framing: DetectedFraming | null;
}

export class TapInterceptor extends InterceptCore<Waiting> {
  private readonly resume: Record<Side, (() => void)[]> = { out: [], in: [] };

  constructor(
    private readonly splices: Record<Side, Splice>,
    private readonly hooks: InterceptHooks,
  ) {
    super(hooks.post);
    for (const side of ['out', 'in'] as const) splices[side].gate = this.gateFor(side);
  }

  private gateFor(side: Side): SpliceGate {
    const holder = this.holder;
    return {
      get cuts() {
        return holder.on || holder.waiting(side);
      },
      get waits() {
        return holder.waiting(side);
      },
      get full() {
        return holder.full(side);
      },
      take: (bytes, framing) => this.take(side, bytes, framing),
      onDrain: (resume) => this.resume[side].push(resume),
      end: () => {
        if (!this.holder.anyWaiting) return;
        this.write(this.holder.releaseAll());
        this.postState(0);
      },
    };
  }

  private take(side: Side, bytes: Buffer, framing: DetectedFraming | null): void {
    const w: Waiting = { side, bytes, framing };
    if (!framing || !this.holder.on) {
      this.hooks.copy(side, bytes);
      this.write(this.holder.after(side, w, bytes.length));
      return;
    }
    const raw = bytes.toString('utf8');
    const { out, held } = this.holder.offer(side, w, bytes.length, raw, frameBody(bytes, framing));
    if (held) {
      this.hooks.post({ op: 'held', side, chunk: new Uint8Array(bytes), frame: held });
      this.postState(0);
    } else {
      this.hooks.copy(side, bytes);
      if (this.holder.waiting(side)) this.scheduleState();
    }
    this.write(out);
  }

  /** Into its direction's splice: unchanged, re-framed with the user's text, or not at all. */
  protected writeOne(r: Release<Waiting>): string | undefined {
    const { side, bytes, framing } = r.payload;
    const splice = this.splices[side];
    let wire: Buffer | null = bytes;
    let sent: string | undefined;
    if (r.how === 'edit') {
      wire = reframe(bytes, r.text, framing ?? 'content-length');
      sent = wire.toString('utf8');
    } else if (r.how === 'drop') wire = null;
    // A direction that already ended (its reader closed) takes nothing more; the recording has the copy.
    if (wire && !splice.readableEnded && !splice.destroyed) splice.push(wire);
    return sent;
  }

  protected drained(): void {
    for (const side of ['out', 'in'] as const) if (!this.holder.full(side)) for (const go of this.resume[side].splice(0)) go();
  }
}
