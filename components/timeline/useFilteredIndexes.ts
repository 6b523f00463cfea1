'use client';
/**
 * The positions of the active session's events that pass the filter, kept by an
 * IncrementalFilter (lib/timeline/incremental-filter.ts): appends test only the new entries,
 * patches re-test only the entries they changed. The returned array is updated in place, like
 * `view.events`; consumers re-render on `view.version`.
 */
import { useMemo, useRef } from 'react';
import { compileFilter, type CompiledFilter, type TimelineFilter } from '@/lib/timeline/filter';
import { IncrementalFilter } from '@/lib/timeline/incremental-filter';
import type { QueryDiagnostic } from '@/lib/timeline/query';
import { narrows } from '@/lib/timeline/narrow';
import type { SeqLookup } from '@/lib/timeline/status';
import type { SessionView } from '@/components/stores/types';

interface Cache {
  filter: TimelineFilter | null;
  compiled: CompiledFilter | null;
}

export interface FilteredView {
  indexes: number[];
  lookup: SeqLookup;
  problems: string[];
  /** The problems with the span of query text each is about. */
  diagnostics: QueryDiagnostic[];
  /** ms the last full scan took (shown in the toolbar's tooltip, useful when judging big sessions). */
  lastScanMs: number;
}

export function useFilteredIndexes(view: SessionView | undefined, filter: TimelineFilter): FilteredView {
  const compiled = useMemo(() => compileFilter(filter), [filter]);
  const events = view?.events;
  const indexBySeq = view?.indexBySeq;
  const lookup = useMemo<SeqLookup>(() => {
    if (!events || !indexBySeq) return () => undefined;
    return (seq) => {
      const i = indexBySeq.get(seq);
      return i === undefined ? undefined : events[i];
    };
  }, [events, indexBySeq]);

  const kept = useRef<IncrementalFilter | null>(null);
  const last = useRef<Cache>({ filter: null, compiled: null });
  const scanMs = useRef(0);

  const version = view?.version ?? -1;
  const changes = view?.changes;
  const indexes = useMemo(() => {
    void version; // the events array is mutated in place; the version says it changed
    if (!events || !changes || !indexBySeq) return [];
    kept.current ??= new IncrementalFilter();
    const inc = kept.current;
    const prev = last.current;
    last.current = { filter, compiled };
    if (!inc.continues(events, changes, compiled) && prev.compiled && prev.filter && prev.compiled !== compiled &&
        inc.continues(events, changes, prev.compiled) && !prev.compiled.dependsOnState && !compiled.dependsOnState && narrows(prev.filter, filter)) {
      // The new filter only narrows the last one (typing on): bring the last result up to date,
      // re-test just it, and continue from there.
      const t0 = performance.now();
      const test = compiled.test;
      const out: number[] = [];
      for (const i of inc.update(events, changes, prev.compiled, lookup, indexBySeq).indexes) if (test(events[i], lookup)) out.push(i);
      inc.reset(events, changes, compiled, out);
      scanMs.current = performance.now() - t0;
      return out;
    }
    const t0 = performance.now();
    const { indexes: out, scan } = inc.update(events, changes, compiled, lookup, indexBySeq);
    if (scan === 'full') scanMs.current = performance.now() - t0;
    return out;
  }, [events, changes, indexBySeq, compiled, filter, lookup, version]);

  return { indexes, lookup, problems: compiled.problems, diagnostics: compiled.diagnostics, lastScanMs: scanMs.current };
}
