/**
 * How rows read by pages (./row-pages.ts) land in a SessionView: appended in place like the
 * bridge's events (./apply.ts), a row the view already holds replaced (and recorded as a change,
 * so filters re-test it). Rows come in seq order after what the view holds, so this is a push.
 */
import { recordChange } from '@/lib/timeline/changes';
import type { EntryRow } from '@/lib/timeline/row';
import type { SessionView } from './types';

export function mergeRows(view: SessionView, rows: readonly EntryRow[]): boolean {
  const events = view.events;
  let changed = false;
  for (const row of rows) {
    const top = events.length ? events[events.length - 1].seq : 0;
    if (row.seq > top) {
      events.push(row);
      changed = true;
      continue;
    }
    const idx = view.indexBySeq.get(row.seq);
    if (idx === undefined) continue; // inside a gap: the bridge's replay puts it in order
    events[idx] = row;
    recordChange(view.changes, row.seq);
    changed = true;
  }
  return changed;
}
