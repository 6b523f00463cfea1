import { describe, expect, it } from 'vitest';
import { emptyView, mergeEvents, mergePatches } from '@/components/stores/apply';
import type { EventPatch } from '@/lib/session/types';
import { CHANGE_LOG_CAP } from '@/lib/timeline/changes';
import { EMPTY_FILTER, compileFilter, filterIndexes, type CompiledFilter, type TextSearch, type TimelineFilter } from '@/lib/timeline/filter';
import type { EntryRow } from '@/lib/timeline/row';
import { IncrementalFilter } from '@/lib/timeline/incremental-filter';
import { ev } from './events';
import { lookupIn, session, summary } from './live-batches';

const FILTERS: Array<[string, Partial<TimelineFilter>]> = [
  ['everything', {}],
  ['pending only', { pendingOnly: true }],
  ['errors only', { errorsOnly: true }],
  ['findings only', { findingsOnly: true }],
  ['status:ok', { query: 'status:ok' }],
  ['not pending', { query: '-status:pending' }],
  ['method of a response', { query: 'method:textDocument/*' }],
  ['latency over 40 ms', { query: 'latency:>40' }],
  ['kind and direction', { kinds: ['request', 'response'], dirs: ['out'] }],
  ['free text', { query: 'hover' }],
  // Read from the row facts (lib/timeline/row-facts.ts) rather than the rows:
  ['status:error', { query: 'status:error' }],
  ['errors or pending', { errorsOnly: true, pendingOnly: true }],
  ['hide stderr/meta', { hideSecondary: true }],
  ['not a notification, not hover', { query: '-kind:notification -method:textDocument/hover' }],
  ['a batch item\'s method', { query: 'method:batch/*' }],
  ['has findings or an error', { query: 'has:findings,error' }],
  ['status and method', { query: 'status:ok method:textDocument/completion', dirs: ['in'] }],
];

describe('incremental filter: the timeline shows the same entries as a full re-filter', () => {
  for (const [name, f] of FILTERS) {
    it(`${name}: same result after every batch of appends, patches, replays and gap fills`, () => {
      const compiled = compileFilter({ ...EMPTY_FILTER, ...f });
      for (const seed of [1, 2, 3]) {
        const view = emptyView(summary);
        const inc = new IncrementalFilter();
        const lookup = lookupIn(view);
        let incremental = 0;
        for (const apply of session(seed, 200)) {
          apply(view);
          const { indexes, scan } = inc.update(view.events, view.changes, compiled, lookup, view.indexBySeq);
          if (scan === 'incremental') incremental++;
          expect(indexes, `seed ${seed} at ${view.events.length} entries`).toEqual(filterIndexes(view.events, compiled, lookup));
        }
        // Most batches were absorbed without a full scan (gap fills force one).
        expect(incremental).toBeGreaterThan(150);
      }
    });
  }

  it('a filter typed mid-session shows the same entries as a full re-filter (its pass reads facts kept up to date by appends and patches)', () => {
    const everything = compileFilter(EMPTY_FILTER);
    const compiled = FILTERS.map(([, f]) => compileFilter({ ...EMPTY_FILTER, ...f }));
    for (const seed of [4, 5]) {
      const view = emptyView(summary);
      const inc = new IncrementalFilter();
      const lookup = lookupIn(view);
      let b = 0;
      for (const apply of session(seed, 300)) {
        apply(view);
        // The user switches between no filter and one of the filters: each switch is a new pass.
        inc.update(view.events, view.changes, everything, lookup, view.indexBySeq);
        const [name] = FILTERS[b % FILTERS.length];
        const c = compiled[b++ % FILTERS.length];
        const { indexes, scan } = inc.update(view.events, view.changes, c, lookup, view.indexBySeq);
        expect(scan).toBe('full');
        expect(indexes, `${name}, seed ${seed} at ${view.events.length} entries`).toEqual(filterIndexes(view.events, c, lookup));
      }
    }
  });

  it('a word the server found shows the same entries as asking every row, while entries arrive, move and change', () => {
    const everything = compileFilter(EMPTY_FILTER);
    for (const seed of [6, 7]) {
      const view = emptyView(summary);
      const inc = new IncrementalFilter();
      const lookup = lookupIn(view);
      let compiled: CompiledFilter | null = null;
      let b = 0;
      for (const apply of session(seed, 300)) {
        apply(view);
        if (b++ === 120) {
          // The server's answer: the entries so far about hover (and the next seq, not here yet), by seq.
          const through = view.events[view.events.length - 1].seq + 1;
          const seqs = new Set(view.events.filter((e) => e.method?.includes('hover') || e.pair !== undefined && lookup(e.pair)?.method?.includes('hover')).map((e) => e.seq));
          seqs.add(through);
          expect(seqs.size).toBeGreaterThan(10);
          const search: TextSearch = () => Object.assign((e: EntryRow) => e.seq <= through && seqs.has(e.seq), { hits: { seqs, through } });
          compiled = compileFilter({ ...EMPTY_FILTER, query: 'hover' }, undefined, search);
        }
        if (!compiled) continue;
        if (b % 3 === 0) inc.update(view.events, view.changes, everything, lookup, view.indexBySeq);
        const { indexes } = inc.update(view.events, view.changes, compiled, lookup, view.indexBySeq);
        expect(indexes, `seed ${seed} at ${view.events.length} entries`).toEqual(filterIndexes(view.events, compiled, lookup));
      }
    }
  });

  it('a session with more distinct methods than the facts can code still filters by method right (the rest asked of the rows)', () => {
    const view = emptyView(summary);
    const lookup = lookupIn(view);
    // 70k requests, each its own method, and an answer to the last: past the table's 65,534 codes.
    const events = Array.from({ length: 70_000 }, (_, i) => ev({ seq: i + 1, dir: 'out', kind: 'request', method: `m/${i}`, state: 'pending' }));
    events.push(ev({ seq: 70_001, dir: 'in', kind: 'response', pair: 70_000 }));
    mergeEvents(view, events);
    const inc = new IncrementalFilter();
    inc.update(view.events, view.changes, compileFilter(EMPTY_FILTER), lookup, view.indexBySeq);
    for (const query of ['method:m/69999', 'method:m/1', 'method:m/6999*', '-method:m/*']) {
      const compiled = compileFilter({ ...EMPTY_FILTER, query });
      expect(inc.update(view.events, view.changes, compiled, lookup, view.indexBySeq).indexes, query).toEqual(filterIndexes(view.events, compiled, lookup));
    }
    // The last request and its answer (whose method is its request's), both past the codes.
    expect(inc.update(view.events, view.changes, compileFilter({ ...EMPTY_FILTER, query: 'method:m/69999' }), lookup, view.indexBySeq).indexes).toEqual([69_999, 70_000]);
  });

  it('a pending-only view drops a request as soon as its answer patches it, without a full scan', () => {
    const view = emptyView(summary);
    const lookup = lookupIn(view);
    const compiled = compileFilter({ ...EMPTY_FILTER, pendingOnly: true });
    const inc = new IncrementalFilter();
    mergeEvents(view, [1, 2, 3].map((s) => ev({ seq: s, dir: 'out', kind: 'request', method: 'm', state: 'pending' })));
    expect(inc.update(view.events, view.changes, compiled, lookup, view.indexBySeq).indexes).toEqual([0, 1, 2]);
    mergeEvents(view, [ev({ seq: 4, dir: 'in', kind: 'response', pair: 2, state: 'answered' })]);
    mergePatches(view, [{ seq: 2, pair: 4, state: 'answered' }]);
    const after = inc.update(view.events, view.changes, compiled, lookup, view.indexBySeq);
    expect(after).toEqual({ indexes: [0, 2], scan: 'incremental', pending: 0 });
  });

  it('a reader that fell behind a trimmed change log starts over and is still right', () => {
    const view = emptyView(summary);
    const lookup = lookupIn(view);
    const compiled = compileFilter({ ...EMPTY_FILTER, pendingOnly: true });
    const inc = new IncrementalFilter();
    mergeEvents(view, [ev({ seq: 1, dir: 'out', kind: 'request', method: 'm', state: 'pending' }), ev({ seq: 2, dir: 'out', kind: 'request', method: 'm', state: 'pending' })]);
    inc.update(view.events, view.changes, compiled, lookup, view.indexBySeq);
    const patches: EventPatch[] = [];
    for (let k = 0; k <= CHANGE_LOG_CAP; k++) patches.push({ seq: 2, state: 'pending' });
    patches.push({ seq: 1, state: 'answered' }, { seq: 2, state: 'pending' });
    mergePatches(view, patches);
    expect(view.changes.base).toBeGreaterThan(0);
    expect(inc.update(view.events, view.changes, compiled, lookup, view.indexBySeq)).toEqual({ indexes: [1], scan: 'full', pending: 0 });
  });
});
