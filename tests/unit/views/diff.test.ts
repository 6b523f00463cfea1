import { describe, expect, it } from 'vitest';
import { align } from '@/lib/views/align';
import { jsonDiff } from '@/lib/views/json-diff';
import { compareEntries, diffSessions, stepsOf } from '@/lib/views/session-diff';
import type { TrafficEvent } from '@/lib/session/types';
import { ev, lookupOf } from '../timeline/events';

/** Length of a longest common subsequence, the plain quadratic way: what a shortest edit script must keep. */
function lcsLength(a: string[], b: string[]): number {
  const dp = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = 1; i <= a.length; i++) for (let j = 1; j <= b.length; j++) dp[i][j] = a[i - 1] === b[j - 1] ? dp[i - 1][j - 1] + 1 : Math.max(dp[i - 1][j], dp[i][j - 1]);
  return dp[a.length][b.length];
}

function random(seed: number) {
  let s = seed;
  return () => ((s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
}

describe('aligning method sequences', () => {
  it('keeps a longest common subsequence and accounts for every element of both sides', () => {
    const rnd = random(7);
    for (let round = 0; round < 200; round++) {
      const a = Array.from({ length: Math.floor(rnd() * 30) }, () => 'abcd'[Math.floor(rnd() * 4)]);
      const b = Array.from({ length: Math.floor(rnd() * 30) }, () => 'abcd'[Math.floor(rnd() * 4)]);
      const { ops, gaveUp } = align(a, b);
      expect(gaveUp).toBe(false);
      const same = ops.filter((o) => o.op === 'same');
      expect(same).toHaveLength(lcsLength(a, b));
      for (const o of same) if (o.op === 'same') expect(a[o.a]).toBe(b[o.b]);
      // In order, each index exactly once.
      expect(ops.flatMap((o) => (o.op === 'added' ? [] : [o.a]))).toEqual(a.map((_, i) => i));
      expect(ops.flatMap((o) => (o.op === 'removed' ? [] : [o.b]))).toEqual(b.map((_, i) => i));
    }
  });

  it('gives up aligning past the edit limit, still listing every element', () => {
    const a = Array.from({ length: 300 }, (_, i) => `a${i}`);
    const b = Array.from({ length: 300 }, (_, i) => `b${i}`);
    const r = align(['x', ...a, 'y'], ['x', ...b, 'y'], 100);
    expect(r.gaveUp).toBe(true);
    expect(r.ops[0]).toEqual({ op: 'same', a: 0, b: 0 });
    expect(r.ops.at(-1)).toEqual({ op: 'same', a: 301, b: 301 });
    expect(r.ops).toHaveLength(602);
  });
});

describe('JSON diff', () => {
  it('lists changed, added and removed members by path', () => {
    const { changes } = jsonDiff({ a: 1, b: [1, 2], c: { d: 'x' } }, { a: 2, b: [1], c: { d: 'x', e: null } });
    expect(changes).toEqual([
      { path: '$.a', kind: 'changed', before: 1, after: 2 },
      { path: '$.b[1]', kind: 'removed', before: 2 },
      { path: '$.c.e', kind: 'added', after: null },
    ]);
    expect(jsonDiff({ x: [1, 2] }, { x: [1, 2] }).changes).toEqual([]);
    expect(jsonDiff(Array.from({ length: 300 }, (_, i) => i), [], 200)).toMatchObject({ more: true });
  });
});

let seq = 0;
/** A call and its answer as the pipeline records them (raw with Content-Length framing). */
function call(method: string, params: unknown, answer: { result?: unknown; error?: { code: number; message: string } }, latencyMs: number): TrafficEvent[] {
  const id = ++seq;
  const req = ev({ seq: ++seq, dir: 'out', kind: 'request', method, id, raw: JSON.stringify({ jsonrpc: '2.0', id, method, params }), state: 'answered' });
  const body = JSON.stringify({ jsonrpc: '2.0', id, ...answer });
  const res = ev({ seq: ++seq, dir: 'in', kind: answer.error ? 'error' : 'response', id, pair: req.seq, latencyMs, state: 'answered', raw: `Content-Length: ${body.length}\r\n\r\n${body}` });
  req.pair = res.seq;
  return [req, res];
}

describe('session diff', () => {
  const before = [
    ev({ seq: 0, dir: 'meta', kind: 'connection', note: 'connected' }),
    ...call('initialize', {}, { result: { capabilities: { hover: true } } }, 5),
    ...call('hover', { line: 1 }, { result: { contents: 'old' } }, 10),
    ...call('shutdown', null, { result: null }, 2),
  ];
  const after = [
    ...call('initialize', {}, { result: { capabilities: { hover: true } } }, 6),
    ...call('hover', { line: 1 }, { result: { contents: 'new' } }, 900),
    ...call('definition', { line: 1 }, { error: { code: -32601, message: 'no' } }, 1),
  ];
  const a = { events: before, lookup: lookupOf(before) };
  const b = { events: after, lookup: lookupOf(after) };

  it('sees each session as its messages, answers folded into their requests', () => {
    expect(stepsOf(before, a.lookup).map((s) => s.key)).toEqual(['out initialize', 'out hover', 'out shutdown']);
    expect(stepsOf(before, a.lookup)[1].answer?.latencyMs).toBe(10);
  });

  it('aligns by method and shows a changed result, a slower call, a missing and an extra message', () => {
    const d = diffSessions(a, b, { latencyThresholdMs: 100 });
    expect(d.rows.map((r) => r.kind)).toEqual(['same', 'same', 'missing', 'extra']);
    const [init, hover, missing, extra] = d.rows;
    expect(init.kind === 'same' && init.diff.outcome).toBe('same');
    expect(init.kind === 'same' && init.diff.latencyChanged).toBe(false);
    expect(hover.kind === 'same' && hover.diff).toMatchObject({ outcome: 'differs', changes: [{ path: '$.contents', before: 'old', after: 'new' }], latencyChanged: true, latency: { a: 10, b: 900 } });
    expect(missing.kind === 'missing' && missing.a.ev.method).toBe('shutdown');
    expect(extra.kind === 'extra' && extra.b.ev.method).toBe('definition');
    expect(d.counts).toEqual({ same: 1, changed: 1, missing: 1, extra: 1, slower: 1, faster: 0 });
  });

  it('tells a result from an error and an answer from none', () => {
    const x = call('m', [], { result: 1 }, 1);
    const y = call('m', [], { error: { code: -1, message: 'bad' } }, 1);
    const z = [ev({ seq: 999, dir: 'out', kind: 'request', method: 'm', id: 1, raw: '{"jsonrpc":"2.0","id":1,"method":"m","params":[]}', state: 'timed-out' })];
    const vsError = diffSessions({ events: x, lookup: lookupOf(x) }, { events: y, lookup: lookupOf(y) }, { latencyThresholdMs: 100 }).rows[0];
    expect(vsError.kind === 'same' && vsError.diff.outcome).toBe('result-vs-error');
    const vsNone = diffSessions({ events: x, lookup: lookupOf(x) }, { events: z, lookup: lookupOf(z) }, { latencyThresholdMs: 100 }).rows[0];
    expect(vsNone.kind === 'same' && vsNone.diff.outcome).toBe('answered-vs-not');
  });

  it('compares any two entries by their whole message', () => {
    const [r1] = call('sum', [1, 2], { result: 3 }, 1);
    const [r2] = call('sum', [1, 5], { result: 6 }, 1);
    expect(compareEntries(r1, r2).changes.filter((c) => c.path.startsWith('$.params'))).toEqual([{ path: '$.params[1]', kind: 'changed', before: 2, after: 5 }]);
  });
});
