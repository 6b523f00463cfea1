/**
 * What the stdio tap's conversation thread tells its recording thread about intercepting
 * (intercept.ts → intercept-host.ts), alongside recording-ops.ts's copies: a frame held (its
 * bytes are its recording copy), a decision on one, and the intercept state after each change
 * or ask. The app's asks travel the other way as HostReply `intercept`.
 */
import type { HeldFrame } from '../../lib/intercept/holder';
import type { Side } from '../../lib/intercept/breakpoints';

export type InterceptOp =
  /** A frame a breakpoint held, copied when it arrived (it is recorded now; the patch marks it held). */
  | { op: 'held'; side: Side; chunk: Uint8Array; frame: HeldFrame }
  /** What became of held frame `hold`: `sent` is the edited frame's exact text. */
  | { op: 'decided'; hold: number; how: 'forward' | 'edit' | 'drop'; heldMs: number; released: boolean; sent?: string }
  /** Breakpoints and what is held now; `ref` answers the app's ask (0: a change of the tap's own). */
  | { op: 'intercept-state'; ref: number; on: boolean; breakpoints: string[]; held: HeldFrame[]; error?: string };
