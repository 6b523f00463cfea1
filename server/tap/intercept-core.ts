/**
 * What every tap's interceptor shares (the stdio tap's intercept.ts, the HTTP/WebSocket tap's
 * proxy-intercept.ts): one Holder (lib/intercept), the app's asks answered with the state after
 * them, the decisions told to the recording thread (`decided` ops) and the state reported on every
 * change of the tap's own (throttled while frames only pile up behind a held one). How a released
 * frame is written is the subclass's: a splice, an HTTP exchange, an event stream, a socket.
 */
import { Holder, type HeldFrame, type Release } from '../../lib/intercept/holder';
import type { TapInterceptAsk } from '../../lib/intercept/wire';
import type { InterceptOp } from './intercept-ops';

const STATE_THROTTLE_MS = 250;

export abstract class InterceptCore<T> {
  protected readonly holder = new Holder<T>();
  private stateTimer: NodeJS.Timeout | null = null;
  /** An ask is being handled: its answer carries the state, so changes during it post none of their own. */
  private asking = false;

  constructor(protected readonly post: (op: InterceptOp) => void) {}

  /** The app's ask; every ask is answered with the state after it. */
  ask(ask: TapInterceptAsk): void {
    this.asking = true;
    let error: string | undefined;
    try {
      const r = this.holder.act(ask);
      this.write(r.out);
      error = r.error;
    } finally {
      this.asking = false;
    }
    this.postState(ask.ref, error);
  }

  /** Writes one released frame (`edit`: with the user's text; `drop`: not at all). Returns the exact text sent when edited, if it differs from `r.text`. */
  protected abstract writeOne(r: Release<T>): string | undefined;

  /** Called after a batch of releases: resume readers that were held back. */
  protected abstract drained(): void;

  /** Writes what the holder released, in order, and tells the recording what became of held frames. */
  protected write(out: Release<T>[]): void {
    for (const r of out) {
      const sent = this.writeOne(r);
      if (r.how === 'edit') this.post({ op: 'decided', hold: r.hold, how: 'edit', heldMs: r.heldMs, released: false, sent: sent ?? r.text });
      else if (r.how === 'drop') this.post({ op: 'decided', hold: r.hold, how: 'drop', heldMs: r.heldMs, released: false });
      else if (r.how === 'forward') this.post({ op: 'decided', hold: r.hold, how: 'forward', heldMs: r.heldMs, released: r.released });
    }
    if (!out.length) return;
    this.drained();
    if (!this.asking && out.some((r) => r.how !== 'pass')) this.postState(0);
  }

  /** Frames pile up behind a held one: say so soon, not once per frame. */
  protected scheduleState(): void {
    if (this.stateTimer) return;
    this.stateTimer = setTimeout(() => {
      this.stateTimer = null;
      this.postState(0);
    }, STATE_THROTTLE_MS);
    this.stateTimer.unref();
  }

  protected postState(ref: number, error?: string): void {
    const held: HeldFrame[] = this.holder.held();
    this.post({ op: 'intercept-state', ref, on: this.holder.on, breakpoints: [...this.holder.queries], held, ...(error ? { error } : {}) });
  }
}
