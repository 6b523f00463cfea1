import { describe, expect, it } from 'vitest';
import { emptyView, mergeEvents, mergePatches } from '@/components/stores/apply';
import type { SessionView } from '@/components/stores/types';
import type { EventPatch, SessionSummary, TrafficEvent } from '@/lib/session/types';
import { CHANGE_LOG_CAP } from '@/lib/timeline/changes';
import { EMPTY_FILTER, compileFilter, filterIndexes, type TimelineFilter } from '@/lib/timeline/filter';
import { IncrementalFilter } from '@/lib/timeline/incremental-filter';
import { ev } from './events';

const summary: SessionSummary = {
  id: 's1', name: 's1', target: { kind: 'stdio', command: 'node', framing: 'newline' }, status: 'open',
  startedAt: '2025-01-01T00:00:00.000Z', lastSeq: 0, counts: { events: 0, out: 0, in: 0, errors: 0, findings: 0 },
};

/** A small deterministic PRNG (mulberry32), so a failing seed can be replayed. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const METHODS = ['textDocument/hover', 'textDocument/completion', 'workspace/symbol', 'initialize'];
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
];

/**
 * A live session as the page receives it: requests arrive pending, answers arrive later and a
 * patch marks the request answered (some with errors, some late after timing out), findings
 * are patched in, a reconnect replays recent entries, and now and then an entry fills a gap.
 */
function* session(seed: number, batches: number): Generator<(view: SessionView) => void> {
  const r = rng(seed);
  let seq = 0;
  const open: number[] = [];
  const gaps: number[] = [];
  for (let b = 0; b < batches; b++) {
    const events: TrafficEvent[] = [];
    const patches: EventPatch[] = [];
    const replays: number[] = [];
    const size = 1 + Math.floor(r() * 12);
    for (let k = 0; k < size; k++) {
      const roll = r();
      if (roll < 0.4 || open.length === 0) {
        // Now and then a seq is skipped (the page missed it), to be filled in later.
        if (r() < 0.03) gaps.push(++seq);
        seq++;
        const method = METHODS[Math.floor(r() * METHODS.length)];
        events.push(ev({ seq, dir: 'out', kind: 'request', method, id: seq, idText: String(seq), state: 'pending', raw: `{"id":${seq},"method":"${method}"}` }));
        open.push(seq);
      } else if (roll < 0.75) {
        const req = open.splice(Math.floor(r() * open.length), 1)[0];
        const isError = r() < 0.2;
        const late = r() < 0.1;
        seq++;
        events.push(ev({
          seq, dir: 'in', kind: isError ? 'error' : 'response', id: req, idText: String(req), pair: req, latencyMs: Math.floor(r() * 80), state: late ? 'late' : 'answered',
          raw: `{"id":${req},"result":1}`, error: isError ? { code: -32000, message: 'x', name: 'Server error', meaning: '', source: 'jsonrpc' } : undefined,
        }));
        // The answer and the patch of its request come in the same or the next batch.
        patches.push({ seq: req, pair: seq, state: late ? 'late' : 'answered' });
      } else if (roll < 0.85) {
        patches.push({ seq: open[Math.floor(r() * open.length)], state: 'timed-out' });
      } else if (roll < 0.92 && seq > 0) {
        patches.push({ seq: 1 + Math.floor(r() * seq), findings: [{ rule: 'orphan-response', severity: 'warning', message: 'x' }] });
      } else if (roll < 0.96 && seq > 3) {
        replays.push(seq - Math.floor(r() * 3));
      } else if (gaps.length) {
        const g = gaps.shift()!;
        events.push(ev({ seq: g, dir: 'meta', kind: 'stderr', raw: `late gap ${g}` }));
      }
    }
    yield (view) => {
      // A reconnect re-delivers the server's copy of entries already held.
      for (const s of replays) {
        const i = view.indexBySeq.get(s);
        if (i !== undefined) events.push({ ...view.events[i] });
      }
      // Bridge order: sometimes the patch comes before the answer it refers to.
      if (r() < 0.5) { mergeEvents(view, events); mergePatches(view, patches); } else { mergePatches(view, patches); mergeEvents(view, events); }
    };
  }
}

function lookupIn(view: SessionView) {
  return (s: number) => {
    const i = view.indexBySeq.get(s);
    return i === undefined ? undefined : view.events[i];
  };
}

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
    expect(after).toEqual({ indexes: [0, 2], scan: 'incremental' });
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
    expect(inc.update(view.events, view.changes, compiled, lookup, view.indexBySeq)).toEqual({ indexes: [1], scan: 'full' });
  });
});
