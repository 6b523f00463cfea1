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
import { Holder, type HeldFrame, type Release } from '../../lib/intercept/holder';
import type { InterceptAction, TapInterceptAsk } from '../../lib/intercept/wire';
import { MAX_EDIT_CHARS } from '../../lib/intercept/wire';
import { frameBody } from './frame-edges';
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

const STATE_THROTTLE_MS = 250;
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

export class TapInterceptor {
  private readonly holder = new Holder<Waiting>();
  private readonly resume: Record<Side, (() => void)[]> = { out: [], in: [] };
  private stateTimer: NodeJS.Timeout | null = null;
  /** An ask is being handled: its answer carries the state, so changes during it post none of their own. */
  private asking = false;

  constructor(
    private readonly splices: Record<Side, Splice>,
    private readonly hooks: InterceptHooks,
  ) {
    for (const side of ['out', 'in'] as const) splices[side].gate = this.gateFor(side);
  }

  /** The app's ask; every ask is answered with the state after it. */
  ask(ask: TapInterceptAsk): void {
    this.asking = true;
    let error: string | undefined;
    try {
      error = this.act(ask);
    } finally {
      this.asking = false;
    }
    this.postState(ask.ref, error);
  }

  private act(a: InterceptAction): string | undefined {
    switch (a.action) {
      case 'set': {
        const r = this.holder.setBreakpoints(a.breakpoints);
        if (!r.ok) return r.error;
        this.write(r.out);
        return undefined;
      }
      case 'forward': {
        if (a.text !== undefined && a.text.length > MAX_EDIT_CHARS) return `an edited message is at most ${MAX_EDIT_CHARS} characters`;
        const r = this.holder.forward(a.hold, a.text);
        if (!r.ok) return r.error;
        this.write(r.out);
        return undefined;
      }
      case 'drop': {
        const r = this.holder.drop(a.hold);
        if (!r.ok) return r.error;
        this.write(r.out);
        return undefined;
      }
      case 'release-all':
        this.write(this.holder.releaseAll());
        return undefined;
      default: {
        const never: never = a;
        return `unknown intercept action ${JSON.stringify(never)}`;
      }
    }
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
        if (!this.holder.waiting('out') && !this.holder.waiting('in')) return;
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

  /** Writes what the holder released, in order, each into its direction's splice. */
  private write(out: Release<Waiting>[]): void {
    for (const r of out) {
      const { side, bytes, framing } = r.payload;
      const splice = this.splices[side];
      let wire: Buffer | null = bytes;
      if (r.how === 'edit') {
        wire = reframe(bytes, r.text, framing ?? 'content-length');
        this.hooks.post({ op: 'decided', hold: r.hold, how: 'edit', heldMs: r.heldMs, released: false, sent: wire.toString('utf8') });
      } else if (r.how === 'drop') {
        wire = null;
        this.hooks.post({ op: 'decided', hold: r.hold, how: 'drop', heldMs: r.heldMs, released: false });
      } else if (r.how === 'forward') {
        this.hooks.post({ op: 'decided', hold: r.hold, how: 'forward', heldMs: r.heldMs, released: r.released });
      }
      // A direction that already ended (its reader closed) takes nothing more; the recording has the copy.
      if (wire && !splice.readableEnded && !splice.destroyed) splice.push(wire);
    }
    if (!out.length) return;
    for (const side of ['out', 'in'] as const) if (!this.holder.full(side)) for (const go of this.resume[side].splice(0)) go();
    if (!this.asking && out.some((r) => r.how !== 'pass')) this.postState(0);
  }

  private scheduleState(): void {
    if (this.stateTimer) return;
    this.stateTimer = setTimeout(() => {
      this.stateTimer = null;
      this.postState(0);
    }, STATE_THROTTLE_MS);
    this.stateTimer.unref();
  }

  private postState(ref: number, error?: string): void {
    const held: HeldFrame[] = this.holder.held();
    this.hooks.post({ op: 'intercept-state', ref, on: this.holder.on, breakpoints: [...this.holder.queries], held, ...(error ? { error } : {}) });
  }
}
