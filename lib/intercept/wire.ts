/**
 * Intercepting over the app ↔ tap socket (lib/session/tap-wire.ts): the app asks (breakpoints,
 * forward, drop, release all), the tap answers every ask — and tells of every change on its own —
 * with a report of what is held now. The report lives in the app's memory (server/tap/intercepts.ts)
 * so a reloaded page sees the same held list; the frames themselves stay in the tap.
 */
import { z } from 'zod';
import { MAX_BREAKPOINTS, MAX_BREAKPOINT_CHARS } from './breakpoints';
import { MAX_HELD } from './holder';

/** Longest text a held frame shows (and a user may send edited); a larger frame is forwarded or dropped as it is. */
export const MAX_EDIT_CHARS = 1024 * 1024;

const hold = z.number().int().min(1);
const breakpoints = z.array(z.string().max(MAX_BREAKPOINT_CHARS)).max(MAX_BREAKPOINTS);

export const InterceptActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('set'), breakpoints }),
  z.object({ action: z.literal('forward'), hold, text: z.string().max(MAX_EDIT_CHARS).optional() }),
  z.object({ action: z.literal('drop'), hold }),
  z.object({ action: z.literal('release-all') }),
]);
export type InterceptAction = z.infer<typeof InterceptActionSchema>;

/** App → tap: one ask, named by `ref` (0: the tap's own, e.g. the app went away). */
export type TapInterceptAsk = { type: 'intercept'; ref: number } & InterceptAction;

export const HeldMessageSchema = z.object({
  hold,
  /** The entry's seq (0 while the recording has not given one). */
  seq: z.number().int().min(0),
  dir: z.enum(['out', 'in']),
  kind: z.string().max(40),
  method: z.string().max(1000).optional(),
  idText: z.string().max(1000).optional(),
  /** Wall-clock ms since it was held. */
  since: z.number(),
  /** Frames waiting behind it in its lane. */
  behind: z.number().int().min(0),
  /** Its lane (holder.ts HeldFrame), worded by lib/intercept/words.ts. */
  lane: z.string().max(80).optional(),
  /** The JSON text (absent past MAX_EDIT_CHARS: then only forward or drop). */
  text: z.string().max(MAX_EDIT_CHARS).optional(),
  bytes: z.number().int().min(0),
});
export type HeldMessage = z.infer<typeof HeldMessageSchema>;

/** Tap → app: what is held now. `ref` answers an ask; `error` says why that ask changed nothing. */
export const TapInterceptReportSchema = z.object({
  type: z.literal('intercept-report'),
  ref: z.number().int().min(0),
  on: z.boolean(),
  breakpoints,
  held: z.array(HeldMessageSchema).max(MAX_HELD),
  error: z.string().max(2000).optional(),
});
export type TapInterceptReport = z.infer<typeof TapInterceptReportSchema>;

/** What the page is told: the report, and whether the session's tap can intercept at all now. */
export interface InterceptStatus {
  /** A tap (stdio or HTTP/WebSocket) connected now (else breakpoints cannot be set, and nothing is held). */
  available: boolean;
  /** Why not, in words, when not. */
  why?: string;
  on: boolean;
  breakpoints: string[];
  held: HeldMessage[];
}

/** PUT …/intercept: the breakpoints (an empty list turns intercepting off and releases what is held). */
export const SetBreakpointsBodySchema = z.object({ breakpoints });
/** POST …/intercept/held/:hold/forward: `text` forwards it edited. */
export const ForwardHeldBodySchema = z.object({ text: z.string().max(MAX_EDIT_CHARS).optional() });
