/**
 * What an entry of a tapped conversation says about being intercepted (issue 12 item 5). The tap
 * records every frame when it arrives, held or not; a held frame's entry carries `state: 'held'`
 * until the user decides, and then a patch says what became of it. The entry's `raw` stays the
 * text that arrived; an edited frame keeps what was written instead in `sent`, so the inspector
 * shows both.
 */
import { z } from 'zod';
import { LIMITS } from '../session/schema-blocks';

export type InterceptMark =
  /** Waiting in the tap since `since` (wall-clock ms); nothing has reached the other side. */
  | { state: 'held'; hold: number; since: number }
  /** Went on as it arrived (`released`: by turning breakpoints off or the tap closing, not by a click). */
  | { state: 'forwarded'; hold: number; heldMs: number; released?: boolean }
  /** Went on as edited: `sent` is the exact frame written (framing header recomputed). */
  | { state: 'edited'; hold: number; heldMs: number; sent: string }
  /** Never written to the other side. */
  | { state: 'dropped'; hold: number; heldMs: number };

export type InterceptState = InterceptMark['state'];

const hold = z.number().int().min(1);
const heldMs = z.number().nonnegative();

export const InterceptMarkSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('held'), hold, since: z.number() }),
  z.object({ state: z.literal('forwarded'), hold, heldMs, released: z.boolean().optional() }),
  z.object({ state: z.literal('edited'), hold, heldMs, sent: z.string().max(LIMITS.rawChars) }),
  z.object({ state: z.literal('dropped'), hold, heldMs }),
]);

/** Words for the inspector and the held list. */
export function describeMark(mark: InterceptMark): string {
  const secs = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  switch (mark.state) {
    case 'held': return 'held by a breakpoint: the other side has not received it';
    case 'forwarded': return `held ${secs(mark.heldMs)}, then forwarded unchanged${mark.released ? ' (released: breakpoints off or the tap closed)' : ''}`;
    case 'edited': return `held ${secs(mark.heldMs)}, then forwarded edited (below: what was sent)`;
    case 'dropped': return `held ${secs(mark.heldMs)}, then dropped: never written to the other side`;
  }
}
