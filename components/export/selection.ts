/**
 * The timeline's current filter as an export selection: the seqs it shows, written as ranges
 * (`1-40,52,60-64`) so a long selection stays short in the request body.
 */
import { compileFilter, filterIndexes, isEmptyFilter, type TimelineFilter } from '@/lib/timeline/filter';
import type { EntryRow } from '@/lib/timeline/row';
import type { SessionView } from '@/components/stores/types';
import { shownIndexes } from '@/components/timeline/useFilteredIndexes';

export interface Selection {
  /** null when the filter hides nothing: export the whole session. */
  ranges: string | null;
  count: number;
  total: number;
}

export function seqRanges(seqs: readonly number[]): string {
  const parts: string[] = [];
  let i = 0;
  while (i < seqs.length) {
    const from = seqs[i];
    let to = from;
    while (i + 1 < seqs.length && seqs[i + 1] === to + 1) to = seqs[++i];
    parts.push(from === to ? String(from) : `${from}-${to}`);
    i++;
  }
  return parts.join(',');
}

export function filteredSelection(view: SessionView, filter: TimelineFilter): Selection {
  const total = view.events.length;
  if (isEmptyFilter(filter)) return { ranges: null, count: total, total };
  const compiled = compileFilter(filter);
  if (compiled.all) return { ranges: null, count: total, total };
  const lookup = (seq: number): EntryRow | undefined => {
    const i = view.indexBySeq.get(seq);
    return i === undefined ? undefined : view.events[i];
  };
  // What the timeline shows for this filter (its free words answered by the server's search);
  // recomputed here only when the timeline has not filtered this view.
  const indexes = shownIndexes(view, filter) ?? filterIndexes(view.events, compiled, lookup);
  const seqs = indexes.map((i) => view.events[i].seq);
  return { ranges: seqs.length ? seqRanges(seqs) : '', count: seqs.length, total };
}
