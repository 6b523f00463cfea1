/**
 * The entry's marks (lib/timeline/marks.ts: injected, consumed) as the app shows them, for the
 * export's timeline rows and inspector: a small labelled badge, its meaning in the title.
 */
import type { TrafficEvent } from '../lib/session/types';
import { entryMarks } from '../lib/timeline/marks';
import type { SeqLookup } from '../lib/timeline/status';
import { el } from './dom';

/** `cell` with the entry's badges put before its text (the cell itself when it has none). */
export function withMarks(cell: HTMLElement, ev: TrafficEvent, lookup: SeqLookup): HTMLElement {
  const marks = entryMarks(ev, lookup);
  for (const m of marks.reverse()) {
    const badge = el('span', `badge mark mark-${m.id}`, m.label);
    badge.title = m.title;
    cell.insertBefore(badge, cell.firstChild);
  }
  return cell;
}

/** The marks as one line for the inspector's table ('' when none). */
export function marksText(ev: TrafficEvent, lookup: SeqLookup): string {
  return entryMarks(ev, lookup).map((m) => `${m.label}: ${m.title}`).join('; ');
}
