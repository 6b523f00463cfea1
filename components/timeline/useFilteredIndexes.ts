'use client';
/**
 * The positions of the active session's events that pass the filter, kept by an
 * IncrementalFilter (lib/timeline/incremental-filter.ts): appends test only the new entries,
 * patches re-test only the entries they changed. The returned array is updated in place, like
 * `view.events`; consumers re-render on `view.version`.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { compileFilter, type CompiledFilter, type TimelineFilter } from '@/lib/timeline/filter';
import { IncrementalFilter, type ScanBudget } from '@/lib/timeline/incremental-filter';
import type { QueryDiagnostic } from '@/lib/timeline/query';
import { narrows } from '@/lib/timeline/narrow';
import type { SeqLookup } from '@/lib/timeline/status';
import type { SessionView } from '@/components/stores/types';
import { useTextSearch } from './useTextSearch';

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
  /** While a full scan goes on over frames: the share of entries tested so far (0–1); null when complete. */
  scanning: number | null;
}

/**
 * A full scan tests entries for this long a task, then yields and goes on in the next one (issue
 * 11: at 1M entries a re-scan was one 150–250 ms task).
 */
export const SCAN_SLICE_MS = 24;
const budget: ScanBudget = { ms: SCAN_SLICE_MS, now: () => performance.now() };
/**
 * A new filter's pass goes on in the render for up to this long before it shows a partial
 * result: a partial result costs a render, a layout and a paint of its own (~25 ms at 1M
 * entries), more than the rest of a pass that is nearly done.
 */
const FIRST_SLICE_MS = 48;
const firstBudget: ScanBudget = { ms: FIRST_SLICE_MS, now: () => performance.now() };
/**
 * While a scan goes on, a render tests only this little (one look at the clock: a few thousand
 * entries); the slices run between renders (runSlices). At 1M entries a full timeline render
 * per 24 ms slice made `status:error` take 3.2 s for 0.36 s of testing.
 */
const inRender: ScanBudget = { ms: 0, now: () => 0 };
/** While a scan goes on, the result so far and the progress are shown this often (and when it ends). */
export const SCAN_SHOWN_EVERY_MS = 250;
/** A narrowed re-test goes over the last result at once only when that is at most this long. */
const NARROW_AT_ONCE = 100_000;

/** Runs `fn` in a task of its own soon (a message, not a timer: nested timers are held back 4 ms). */
function nextTask(fn: () => void): () => void {
  if (typeof MessageChannel === 'undefined') {
    const t = setTimeout(fn, 0);
    return () => clearTimeout(t);
  }
  const ch = new MessageChannel();
  let live = true;
  ch.port1.onmessage = () => {
    ch.port1.close();
    if (live) fn();
  };
  ch.port2.postMessage(null);
  return () => {
    live = false;
    ch.port1.close();
  };
}

interface ScanArgs {
  events: SessionView['events'];
  changes: SessionView['changes'];
  indexBySeq: SessionView['indexBySeq'];
  compiled: CompiledFilter;
  lookup: SeqLookup;
}

/** The last filtered rows per events array, with the filter they are for (the export selects what is shown). */
const shown = new WeakMap<readonly unknown[], { filter: TimelineFilter; indexes: number[] }>();

/** The rows the timeline shows for `filter`, when it has filtered this view with it. */
export function shownIndexes(view: SessionView, filter: TimelineFilter): number[] | undefined {
  const s = shown.get(view.events);
  return s && s.filter === filter ? s.indexes : undefined;
}

export function useFilteredIndexes(view: SessionView | undefined, wanted: TimelineFilter): FilteredView {
  // Free words may be answered by the server: `filter` is the one whose answer is here.
  const { filter, search } = useTextSearch(view, wanted);
  const compiled = useMemo(() => compileFilter(filter, undefined, search), [filter, search]);
  // The box underlines what is wrong with what was typed, not with the filter still shown.
  const typed = useMemo(() => (wanted === filter ? compiled : compileFilter(wanted)), [wanted, filter, compiled]);
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
  /** CPU ms of the scan going on, summed over its slices. */
  const scanSoFar = useRef(0);
  const pending = useRef(0);
  /** A full scan (a new filter) is going on over slices; entries that only arrived are tested in the render. */
  const fullScan = useRef(false);
  /** What the slices between renders test: the view and filter of the last render. */
  const args = useRef<ScanArgs | null>(null);
  // Bumped when the slices between renders have something to show (at most every SCAN_SHOWN_EVERY_MS).
  const [slice, setSlice] = useState(0);

  /** One update of the kept result, its time counted into the scan going on. */
  const step = (a: ScanArgs, b: ScanBudget): number[] => {
    const inc = (kept.current ??= new IncrementalFilter());
    const t0 = performance.now();
    const { indexes: out, scan, pending: left } = inc.update(a.events, a.changes, a.compiled, a.lookup, a.indexBySeq, b);
    if (scan === 'full') scanSoFar.current = 0;
    if (scan === 'full') fullScan.current = left > 0;
    else if (left === 0) fullScan.current = false;
    if (scan === 'full' || pending.current > 0) scanSoFar.current += performance.now() - t0;
    if (left === 0 && (scan === 'full' || pending.current > 0)) scanMs.current = scanSoFar.current;
    pending.current = left;
    return out;
  };

  const version = view?.version ?? -1;
  const changes = view?.changes;
  const indexes = useMemo(() => {
    void version; // the events array is mutated in place; the version says it changed
    void slice;
    if (!events || !changes || !indexBySeq) return [];
    kept.current ??= new IncrementalFilter();
    const inc = kept.current;
    const prev = last.current;
    last.current = { filter, compiled };
    const a: ScanArgs = { events, changes, indexBySeq, compiled, lookup };
    args.current = a;
    if (!inc.continues(events, changes, compiled) && prev.compiled && prev.filter && prev.compiled !== compiled &&
        inc.continues(events, changes, prev.compiled) && !prev.compiled.dependsOnState && !compiled.dependsOnState && narrows(prev.filter, filter) &&
        inc.pending === 0 && !prev.compiled.all && inc.update(events, changes, prev.compiled, lookup, indexBySeq).indexes.length <= NARROW_AT_ONCE) {
      // The new filter only narrows the last one (typing on): bring the last result up to date,
      // re-test just it, and continue from there.
      const t0 = performance.now();
      const test = compiled.test;
      const out: number[] = [];
      for (const i of inc.update(events, changes, prev.compiled, lookup, indexBySeq).indexes) if (test(events[i], lookup)) out.push(i);
      inc.reset(events, changes, compiled, out);
      scanMs.current = performance.now() - t0;
      pending.current = 0;
      return out;
    }
    // A full scan going on is left to the slices; a new one shows its first slice now, and
    // appended entries are tested here (while a big session loads: no extra render for them).
    const goesOn = inc.continues(events, changes, compiled);
    return step(a, !goesOn ? firstBudget : fullScan.current && inc.pending > 0 ? inRender : budget);
  }, [events, changes, indexBySeq, compiled, filter, lookup, version, slice]);

  // While entries are left to test, slices run one task each, outside React; the view re-renders
  // with the result so far every SCAN_SHOWN_EVERY_MS, and once when it is complete.
  const left = pending.current;
  const scanGoesOn = left > 0;
  useEffect(() => {
    if (!scanGoesOn) return;
    let shownAt = performance.now();
    let cancel = nextTask(function run() {
      const a = args.current;
      if (!a) return;
      step(a, budget);
      const now = performance.now();
      if (pending.current === 0 || now - shownAt >= SCAN_SHOWN_EVERY_MS) {
        shownAt = now;
        setSlice((n) => n + 1);
      }
      if (pending.current > 0) cancel = nextTask(run);
    });
    return () => cancel();
  }, [scanGoesOn]);

  // The export's "shown entries" are only a complete result.
  if (events && filter === wanted && left === 0) shown.set(events, { filter: wanted, indexes });
  const total = events?.length ?? 0;
  return {
    indexes, lookup, problems: typed.problems, diagnostics: typed.diagnostics, lastScanMs: scanMs.current,
    scanning: left > 0 && total > 0 ? (total - left) / total : null,
  };
}
