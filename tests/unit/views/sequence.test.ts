import { describe, expect, it } from 'vitest';
import { arrowOf, joinsOf, lanesFor } from '@/lib/views/sequence';
import { sequenceSvg } from '@/lib/views/sequence-svg';
import { COMPACT_AXIS, SCALED_AXIS, layoutAxis, rowAt, rowsIn } from '@/lib/views/time-axis';
import { conversation, ev, lookupOf } from '../timeline/events';

describe('the sequence diagram time axis', () => {
  it('gives every row its height and collapses a quiet stretch to a marked gap', () => {
    const axis = layoutAxis([0, 5, 10, 60_010, 60_020], COMPACT_AXIS);
    expect(Array.from(axis.top)).toEqual([0, 22, 44, 66 + 18, 88 + 18]);
    expect(axis.gaps).toEqual([{ row: 3, ms: 60_000 }]);
    expect(axis.height).toBe(110 + 18);
  });

  it('spaces rows by their time when scaled, up to the idle threshold', () => {
    const axis = layoutAxis([0, 100, 100, 2_100], SCALED_AXIS);
    // 100 ms → 20 px more; the same instant adds nothing; 2 s is idle: one gap, not 400 px.
    expect(Array.from(axis.top)).toEqual([0, 42, 64, 104]);
    expect(axis.gaps).toHaveLength(1);
  });

  it('never moves a row up when entries arrive a hair out of order', () => {
    const axis = layoutAxis([10, 9, 11], SCALED_AXIS);
    expect(axis.top[1]).toBeGreaterThan(axis.top[0]);
  });

  it('finds the rows on screen by binary search, also over 100k rows', () => {
    const times = Array.from({ length: 100_000 }, (_, i) => i * 3);
    const axis = layoutAxis(times, COMPACT_AXIS);
    expect(rowAt(axis, 0)).toBe(0);
    expect(rowAt(axis, 22 * 500 + 1)).toBe(500);
    const { start, end } = rowsIn(axis, 22 * 50_000, 22 * 50_000 + 220);
    expect([start, end]).toEqual([50_000, 50_010]);
    expect(rowsIn(axis, axis.height + 10, axis.height + 100)).toEqual({ start: 100_000, end: 100_000 });
  });
});

describe('lanes and arrows', () => {
  it('has two lanes for a connected target and three for a tapped conversation', () => {
    expect(lanesFor(false).map((l) => l.label)).toEqual(['rpcscope', 'target']);
    expect(lanesFor(true).map((l) => l.label)).toEqual(['client', 'rpcscope', 'server']);
  });

  it('points a sent request at the target and its answer back, errors red, notifications open-headed', () => {
    const events = [
      ev({ seq: 1, dir: 'out', kind: 'request', method: 'sum', id: 1, pair: 2, state: 'answered' }),
      ev({ seq: 2, dir: 'in', kind: 'error', id: 1, pair: 1, latencyMs: 12, state: 'answered', error: { code: -32601, message: 'no', name: 'Method not found', meaning: '', source: 'jsonrpc' } }),
      ev({ seq: 3, dir: 'in', kind: 'notification', method: 'log' }),
      ev({ seq: 4, dir: 'meta', kind: 'stderr', raw: 'boom' }),
    ];
    const lookup = lookupOf(events);
    const [req, err, note, stderr] = events.map((e) => arrowOf(e, 3, lookup));
    expect([req.from, req.to, req.head]).toEqual([0, 2, 'filled']);
    expect(req.tone).toBe('error'); // the request's status is its answer's: Method not found
    expect(req.title).toContain('sum');
    expect([err.from, err.to, err.tone, err.label]).toEqual([2, 0, 'error', '↳ sum']);
    expect(err.title).toContain('12.0 ms');
    expect([note.head, note.tone]).toEqual(['open', 'muted']);
    expect([stderr.from, stderr.to, stderr.head]).toEqual([2, 2, 'none']);
  });

  it('dashes a request that timed out and groups a batch', () => {
    const events = [
      ev({ seq: 1, dir: 'out', kind: 'request', method: 'slow', id: 1, state: 'timed-out' }),
      ev({ seq: 2, dir: 'out', kind: 'batch', items: [
        { index: 0, kind: 'request', method: 'a', id: 2, pair: 3, state: 'answered', findings: [] },
        { index: 1, kind: 'request', method: 'b', id: 3, pair: 3, state: 'answered', findings: [] },
      ] }),
      ev({ seq: 3, dir: 'in', kind: 'batch', items: [] }),
    ];
    const lookup = lookupOf(events);
    expect(arrowOf(events[0], 2, lookup).dashed).toBe(true);
    const batch = arrowOf(events[1], 2, lookup);
    expect(batch.batch).toBe(2);
    expect(batch.label).toBe('[2] a, b');
    // Both items answered by one reply: one join.
    const rows = [0, 1, 2];
    const rowOf = (s: number) => s - 1;
    expect(joinsOf(events, rows, rowOf, 2, lookup)).toEqual([{ fromRow: 1, toRow: 2, lane: 1, tone: 'muted', dashed: false }]);
  });

  it('joins each request to its own answer, and none when the answer is filtered out', () => {
    const events = conversation(200);
    const lookup = lookupOf(events);
    const all = events.map((_, i) => i);
    const rowOf = new Map(events.map((e, i) => [e.seq, i]));
    const joins = joinsOf(events, all, (s) => rowOf.get(s), 2, lookup);
    const answered = events.filter((e) => e.kind === 'request' && e.pair !== undefined);
    expect(joins).toHaveLength(answered.length);
    for (const j of joins) expect(events[j.toRow].pair).toBe(events[j.fromRow].seq);
    const requestsOnly = all.filter((i) => events[i].kind === 'request');
    const rowOf2 = new Map(requestsOnly.map((i, r) => [events[i].seq, r]));
    expect(joinsOf(events, requestsOnly, (s) => rowOf2.get(s), 2, lookup)).toEqual([]);
  });
});

describe('the SVG export', () => {
  it('is a standalone SVG with an arrow per entry and peer text escaped', () => {
    const events = [
      ev({ seq: 1, dir: 'out', kind: 'request', method: '<script>alert(1)</script>', id: 1, pair: 2, state: 'answered' }),
      ev({ seq: 2, dir: 'in', kind: 'response', id: 1, pair: 1, latencyMs: 3, state: 'answered' }),
    ];
    const svg = sequenceSvg(events, [0, 1], lookupOf(events), lanesFor(false));
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&#60;script&#62;');
    expect(svg.match(/<g data-seq=/g)).toHaveLength(2);
    expect(svg).not.toMatch(/href=|<image|<foreignObject/);
  });

  it('keeps the first 5000 rows and says how many it left out', () => {
    const events = conversation(5200);
    const svg = sequenceSvg(events, events.map((_, i) => i), lookupOf(events), lanesFor(false));
    expect(svg.match(/<g data-seq=/g)).toHaveLength(5000);
    expect(svg).toContain('… and 200 more entries');
  });
});
