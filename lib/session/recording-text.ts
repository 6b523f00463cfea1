/**
 * The words the page shows for a session's recording health and for a feed that fell behind.
 * One place, so the session list, the session view and any export say the same thing.
 */
import type { SeqRange, SessionRecording } from './types';

const n = (v: number) => v.toLocaleString('en-US');
const plural = (v: number, one: string, many: string) => `${n(v)} ${v === 1 ? one : many}`;
const SHOWN_RANGES = 3;

export function describeRanges(ranges: readonly SeqRange[]): string {
  const shown = ranges.slice(0, SHOWN_RANGES).map((r) => (r.from === r.to ? `${n(r.from)}` : `${n(r.from)}–${n(r.to)}`));
  const more = ranges.length - shown.length;
  return `seq ${shown.join(', ')}${more > 0 ? ` and ${plural(more, 'more range', 'more ranges')}` : ''}`;
}

/** Null when everything was saved (no recording state, or a failure that lost nothing). */
export function describeRecording(recording: SessionRecording | undefined): string | null {
  if (!recording) return null;
  const lost: string[] = [];
  if (recording.notSaved > 0) lost.push(`${plural(recording.notSaved, 'entry', 'entries')} not saved (${describeRanges(recording.missing)})`);
  if (recording.changesNotSaved > 0) lost.push(`${plural(recording.changesNotSaved, 'later change', 'later changes')} not saved`);
  if (recording.state === 'failed') {
    return `recording failed: ${recording.why}${lost.length ? ` — ${lost.join('; ')}` : ''}`;
  }
  if (lost.length === 0) return null;
  return `${lost.join('; ')} — recording resumed${recording.lastFailure ? ` after: ${recording.lastFailure}` : ''}`;
}

export function describeBehind(behind: number | undefined): string | null {
  if (!behind) return null;
  return `this page is ${plural(behind, 'entry', 'entries')} behind — catching up from the store`;
}
