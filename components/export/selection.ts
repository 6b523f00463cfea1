/**
 * The timeline's current filter as an export selection: the seqs it shows, written as ranges
 * (`1-40,52,60-64`) so a long selection stays short in the request body.
 */
import type { TrafficEvent } from '@/lib/session/types';
import { compileFilter, filterIndexes, isEmptyFilter, type TimelineFilter } from '@/lib/timeline/filter';
import type { SessionView } from '@/components/stores/types';

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
  const lookup = (seq: number): TrafficEvent | undefined => {
    const i = view.indexBySeq.get(seq);
    return i === undefined ? undefined : view.events[i];
  };
  const seqs = filterIndexes(view.events, compiled, lookup).map((i) => view.events[i].seq);
  return { ranges: seqs.length ? seqRanges(seqs) : '', count: seqs.length, total };
}
