/**
 * What the stdio tap's conversation thread tells its recording thread about intercepting
 * (intercept.ts → intercept-host.ts), alongside recording-ops.ts's copies: a frame held (its
 * bytes are its recording copy), a decision on one, and the intercept state after each change
 * or ask. The app's asks travel the other way as HostReply `intercept`.
 */
import type { HeldFrame } from '../../lib/intercept/holder';
import type { Side } from '../../lib/intercept/breakpoints';
import type { WireExtras } from '../../lib/session/pipeline';

/** A whole message of the HTTP/WebSocket tap (a POST body, a reply body, an SSE event, a frame), recorded as its copy is. */
export interface HeldMessageCopy {
  side: Side;
  body: string;
  extras: WireExtras;
  /** The HTTP exchange it belongs to (proxy-http.ts's numbers); `opens`: it is the exchange's request. */
  exchange?: { id: number; opens?: boolean };
}

export type InterceptOp =
  /** A frame a breakpoint held, copied when it arrived (it is recorded now; the patch marks it held). */
  | { op: 'held'; side: Side; chunk: Uint8Array; frame: HeldFrame }
  /** The HTTP/WebSocket tap's held message (proxy-intercept.ts): recorded now, marked held. */
  | { op: 'held-message'; message: HeldMessageCopy; frame: HeldFrame }
  /** The tap answered the client itself for a dropped POST or reply (it never reached its side): recorded marked injected. */
  | { op: 'drop-answer'; message: HeldMessageCopy }
  /** What became of held frame `hold`: `sent` is the edited frame's exact text. */
  | { op: 'decided'; hold: number; how: 'forward' | 'edit' | 'drop'; heldMs: number; released: boolean; sent?: string }
  /** Breakpoints and what is held now; `ref` answers the app's ask (0: a change of the tap's own). */
  | { op: 'intercept-state'; ref: number; on: boolean; breakpoints: string[]; held: HeldFrame[]; error?: string };
