'use client';
/**
 * The positions of the active session's events that pass the filter. Appends are scanned
 * incrementally (only the new tail); a filter that depends on pairing state re-scans fully,
 * at most every REFRESH_MS while entries stream in, so a flood cannot pin the main thread.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { TrafficEvent } from '@/lib/session/types';
import { compileFilter, filterIndexes, type CompiledFilter, type TimelineFilter } from '@/lib/timeline/filter';
import type { QueryDiagnostic } from '@/lib/timeline/query';
import { narrows } from '@/lib/timeline/narrow';
import type { SeqLookup } from '@/lib/timeline/status';
import type { SessionView } from '@/components/stores/types';

const REFRESH_MS = 250;

interface Cache {
  events: TrafficEvent[] | null;
  compiled: CompiledFilter | null;
  filter: TimelineFilter | null;
  count: number;
  tailSeq: number;
  fullAt: number;
  /** A tail-only scan ran for a state-dependent filter: a full scan is due. */
  needsFull: boolean;
  indexes: number[];
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

  const cache = useRef<Cache>({ events: null, compiled: null, filter: null, count: 0, tailSeq: -1, fullAt: 0, needsFull: false, indexes: [] });
  const scanMs = useRef(0);
  const [refreshTick, setRefreshTick] = useState(0);
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (refreshTimer.current) clearTimeout(refreshTimer.current);
  }, []);

  const version = view?.version ?? -1;
  const indexes = useMemo(() => {
    void version; // the events array is mutated in place; the version says it changed
    void refreshTick;
    const c = cache.current;
    if (!events) return [];
    const n = events.length;
    const sameEvents = c.events === events && n >= c.count && (c.count === 0 || events[c.count - 1]?.seq === c.tailSeq);
    const sameBase = sameEvents && c.compiled === compiled;
    const now = performance.now();
    let out: number[];
    if (sameBase && (!compiled.dependsOnState || now - c.fullAt < REFRESH_MS)) {
      if (n === c.count && !compiled.dependsOnState) return c.indexes;
      // Tail only; a state-dependent filter gets its full re-scan shortly.
      out = filterIndexes(events, compiled, lookup, c.count, c.indexes.slice());
      c.needsFull = compiled.dependsOnState;
    } else if (sameEvents && c.compiled && c.filter && !c.compiled.dependsOnState && !compiled.dependsOnState && narrows(c.filter, filter)) {
      // The new filter only narrows the last one (typing on): re-test its result, then the tail.
      const t0 = performance.now();
      out = [];
      const test = compiled.test;
      for (const i of c.indexes) if (test(events[i], lookup)) out.push(i);
      filterIndexes(events, compiled, lookup, c.count, out);
      scanMs.current = performance.now() - t0;
      c.fullAt = now;
      c.needsFull = false;
    } else {
      const t0 = performance.now();
      out = filterIndexes(events, compiled, lookup);
      scanMs.current = performance.now() - t0;
      c.fullAt = now;
      c.needsFull = false;
    }
    c.events = events;
    c.compiled = compiled;
    c.filter = filter;
    c.count = n;
    c.tailSeq = n ? events[n - 1].seq : -1;
    c.indexes = out;
    return out;
  }, [events, compiled, filter, lookup, version, refreshTick]);

  useEffect(() => {
    if (!cache.current.needsFull || refreshTimer.current) return;
    refreshTimer.current = setTimeout(() => {
      refreshTimer.current = null;
      setRefreshTick((t) => t + 1);
    }, REFRESH_MS);
  }, [indexes]);

  return { indexes, lookup, problems: compiled.problems, diagnostics: compiled.diagnostics, lastScanMs: scanMs.current };
}
