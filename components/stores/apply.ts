/**
 * How bridge data lands in a SessionView. The events array is append-mostly and large (100k+),
 * so it is mutated in place and the view object is replaced with a bumped `version`: components
 * re-render on the new view without copying the array on every batch. An event's wire text goes
 * to the page's text cache (./entry-texts.ts); the view keeps a compact row without it
 * (lib/timeline/compact-row.ts), found by seq through the rows themselves (lib/timeline/seq-index.ts).
 */
import { applyPatch } from '@/lib/session/patch';
import type { EventPatch, SessionSummary, TrafficEvent } from '@/lib/session/types';
import { emptyChangeLog, recordChange } from '@/lib/timeline/changes';
import type { EntryRow } from '@/lib/timeline/row';
import { SeqIndex } from '@/lib/timeline/seq-index';
import { entryTexts } from './entry-texts';
import type { SessionView } from './types';

export function emptyView(summary: SessionSummary): SessionView {
  const events: EntryRow[] = [];
  return { summary, events, indexBySeq: new SeqIndex(events), changes: emptyChangeLog(), version: 0 };
}

function lastSeq(view: SessionView): number {
  const n = view.events.length;
  return n ? view.events[n - 1].seq : 0;
}

/** Entries in full (the API's): their texts go to the text cache, their rows are merged as mergeRows does. */
export function mergeEvents(view: SessionView, incoming: readonly TrafficEvent[]): boolean {
  const sessionId = view.summary.id;
  return mergeRows(view, incoming.map((full) => entryTexts.take(sessionId, full)));
}

/**
 * Appends new rows (the bridge's, made straight from its columns); a row the view already holds (a
 * replay after reconnect) replaces the old copy, because the server's copy carries the latest
 * pairing state. Returns whether anything changed.
 */
export function mergeRows(view: SessionView, incoming: readonly EntryRow[]): boolean {
  let changed = false;
  for (const ev of incoming) {
    const top = lastSeq(view);
    if (ev.seq > top) {
      view.events.push(ev);
      changed = true;
      continue;
    }
    const idx = view.indexBySeq.get(ev.seq);
    if (idx !== undefined) {
      view.events[idx] = ev;
      recordChange(view.changes, ev.seq);
      changed = true;
      continue;
    }
    // A seq inside a gap (rare: a replay after events were skipped): insert in order.
    let lo = 0;
    let hi = view.events.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (view.events[mid].seq < ev.seq) lo = mid + 1;
      else hi = mid;
    }
    view.events.splice(lo, 0, ev);
    view.changes.reorders++;
    changed = true;
  }
  return changed;
}

/** Applies later changes (answered, timed out, late …) to events already held; unknown seqs are skipped. */
export function mergePatches(view: SessionView, patches: readonly EventPatch[]): boolean {
  let changed = false;
  for (const p of patches) {
    const idx = view.indexBySeq.get(p.seq);
    if (idx === undefined) continue; // the event itself will arrive from the recorder with this state
    // A new object, so rows holding the old one re-render.
    const next: EntryRow = { ...view.events[idx] };
    applyPatch(next, p);
    view.events[idx] = next;
    recordChange(view.changes, p.seq);
    changed = true;
  }
  return changed;
}

/** How far back to look for still-pending entries when resuming after a reconnect. */
const RESUME_WINDOW = 5000;

/**
 * Where to resume after a reconnect: just after the last seq held, or earlier when recent
 * requests are still pending, so changes to them made while the page was away are not lost.
 */
export function resumeSeq(view: SessionView | undefined): number {
  if (!view || view.events.length === 0) return 0;
  const events = view.events;
  let from = lastSeq(view);
  const stop = Math.max(0, events.length - RESUME_WINDOW);
  for (let i = events.length - 1; i >= stop; i--) {
    const st = events[i].state;
    if (st === 'pending' || st === 'timed-out') from = events[i].seq - 1;
  }
  return from;
}

export function withVersion(view: SessionView, summary?: SessionSummary): SessionView {
  return { ...view, summary: summary ?? view.summary, version: view.version + 1 };
}
