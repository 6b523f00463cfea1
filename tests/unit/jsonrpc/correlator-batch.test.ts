import { describe, expect, it } from 'vitest';
import { Conversation } from './harness';

const req = (method: string, id?: unknown) => ({ jsonrpc: '2.0', method, ...(id !== undefined ? { id } : {}) });
const ok = (id: unknown, result: unknown = 1) => ({ jsonrpc: '2.0', result, id });
const err = (id: unknown, code: number, message = 'x') => ({ jsonrpc: '2.0', error: { code, message }, id });
const j = (v: unknown) => JSON.stringify(v);

describe('batches', () => {
  it('pairs each entry of an out-of-order reply with its request entry', () => {
    const conv = new Conversation();
    const b = conv.out(0, j([req('a', 1), req('n'), req('b', 2), req('c', 3)]));
    expect(conv.ev(b).state).toBe('pending');
    expect(conv.ev(b).items!.map((i) => i.state)).toEqual(['pending', undefined, 'pending', 'pending']);
    const r = conv.in(6, j([ok(3), ok(1), ok(2)]));
    const reply = conv.ev(r);
    expect(reply).toMatchObject({ pair: b, state: 'answered', latencyMs: 6 });
    expect(reply.items!.map((i) => [i.pair, i.pairIndex, i.state])).toEqual([
      [b, 3, 'answered'],
      [b, 0, 'answered'],
      [b, 2, 'answered'],
    ]);
    const sent = conv.ev(b);
    expect(sent).toMatchObject({ pair: r, state: 'answered' });
    expect(sent.items!.map((i) => [i.pair, i.pairIndex])).toEqual([
      [r, 1],
      [undefined, undefined],
      [r, 2],
      [r, 0],
    ]);
    expect(reply.findings).toEqual([]);
  });

  it('a reply that misses entries says which', () => {
    const conv = new Conversation();
    const b = conv.out(0, j([req('a', 1), req('b', 2), req('c', 3)]));
    const r = conv.in(1, j([ok(1)]));
    const f = conv.ev(r).findings.find((x) => x.rule === 'batch-reply-missing')!;
    expect(f.message).toContain('id 2');
    expect(f.message).toContain('id 3');
    expect(conv.ev(b).state).toBe('pending');
    expect(conv.ev(b).items!.map((i) => i.state)).toEqual(['answered', 'pending', 'pending']);
  });

  it('a reply that answers one entry twice is flagged on that entry', () => {
    const conv = new Conversation();
    conv.out(0, j([req('a', 1), req('b', 2)]));
    const r = conv.in(1, j([ok(1), ok(2), ok(1, 'again')]));
    const items = conv.ev(r).items!;
    expect(items[2].state).toBe('duplicate');
    expect(items[2].findings.map((f) => f.rule)).toEqual(['batch-reply-duplicate']);
    expect(conv.rules(r)).toEqual(['batch-reply-duplicate']);
  });

  it('an empty batch answered with one Invalid Request object is right', () => {
    const conv = new Conversation();
    const b = conv.out(0, '[]');
    expect(conv.rules(b)).toEqual(['batch-empty']);
    const r = conv.in(1, j(err(null, -32600, 'Invalid Request')));
    expect(conv.ev(r)).toMatchObject({ pair: b, state: 'answered' });
    expect(conv.ev(r).findings).toEqual([]);
  });

  it('an empty batch answered with an array, an empty array or another code is flagged', () => {
    for (const reply of [j([err(null, -32600)]), '[]', j(err(null, -32700))]) {
      const conv = new Conversation();
      const b = conv.out(0, '[]');
      const r = conv.in(1, reply);
      expect(conv.rules(r), reply).toContain('empty-batch-reply');
      expect(conv.ev(r).pair).toBe(b);
      expect(conv.ev(b).state).toBe('answered');
    }
  });

  it('a batch of notifications only must get nothing; any answer is flagged', () => {
    for (const reply of ['[]', j([ok(null)]), j(ok(null))]) {
      const conv = new Conversation();
      const b = conv.out(0, j([req('n1'), req('n2')]));
      expect(conv.ev(b).state).toBeUndefined();
      expect(conv.c.pending()).toEqual([]);
      const r = conv.in(1, reply);
      expect(conv.rules(r), reply).toContain('batch-all-notifications-answered');
      expect(conv.ev(r)).toMatchObject({ state: 'unexpected', pair: b });
      expect(conv.ev(b)).toMatchObject({ state: 'unexpected', pair: r });
    }
  });

  it('a peer that answers a batch with separate messages: paired per entry, and flagged', () => {
    const conv = new Conversation();
    const b = conv.out(0, j([req('a', 1), req('b', 2)]));
    const r2 = conv.in(3, j(ok(2)));
    const r1 = conv.in(5, j(ok(1)));
    expect(conv.ev(r2)).toMatchObject({ pair: b, pairIndex: 1, state: 'answered', latencyMs: 3 });
    expect(conv.ev(r1)).toMatchObject({ pair: b, pairIndex: 0, state: 'answered', latencyMs: 5 });
    expect(conv.rules(r2)).toEqual(['batch-reply-not-array']);
    expect(conv.rules(r1)).toEqual(['batch-reply-not-array']);
    const items = conv.ev(b).items!;
    expect(items.map((i) => [i.pair, i.pairIndex, i.latencyMs])).toEqual([
      [r1, undefined, 5],
      [r2, undefined, 3],
    ]);
    expect(conv.ev(b)).toMatchObject({ state: 'answered', pair: r2, latencyMs: 5 });
  });

  it('invalid entries are answered by null-id Invalid Request errors of the same reply', () => {
    const conv = new Conversation();
    const b = conv.out(0, '[1,2,3]');
    const r = conv.in(1, j([err(null, -32600), err(null, -32600), err(null, -32600)]));
    expect(conv.ev(r).findings).toEqual([]);
    expect(conv.ev(b).items!.map((i) => i.state)).toEqual(['answered', 'answered', 'answered']);
    expect(new Set(conv.ev(b).items!.map((i) => i.pairIndex))).toEqual(new Set([0, 1, 2]));
  });

  it('a batch entry that times out is late when its answer comes; the batch is timed out meanwhile', () => {
    const conv = new Conversation({ timeoutMs: 50 });
    const b = conv.out(0, j([req('a', 1), req('b', 2)]));
    conv.in(10, j(ok(1)));
    conv.tick(60);
    expect(conv.ev(b).state).toBe('timed-out');
    expect(conv.ev(b).items!.map((i) => i.state)).toEqual(['answered', 'timed-out']);
    const late = conv.in(100, j(ok(2)));
    expect(conv.ev(late)).toMatchObject({ state: 'late', late: true, pair: b });
    expect(conv.ev(b).items![1]).toMatchObject({ state: 'late', pair: late });
    expect(conv.ev(b).state).toBe('late');
  });

  it('a request sent alone but answered in an array is paired and flagged', () => {
    const conv = new Conversation();
    const q = conv.out(0, j(req('a', 1)));
    const r = conv.in(1, j([ok(1)]));
    expect(conv.ev(r).items![0]).toMatchObject({ pair: q, state: 'answered' });
    expect(conv.rules(r)).toEqual(['single-answered-in-batch']);
    expect(conv.ev(q)).toMatchObject({ pair: r, state: 'answered' });
  });

  it('ids repeated inside one batch are flagged on the entry', () => {
    const conv = new Conversation();
    const b = conv.out(0, j([req('a', 1), req('b', 1)]));
    expect(conv.ev(b).items![1].findings.map((f) => f.rule)).toEqual(['id-reused-pending']);
    expect(conv.rules(b)).toEqual(['id-reused-pending']);
  });

  it('a reply entry matching nothing is an orphan on that entry only', () => {
    const conv = new Conversation();
    conv.out(0, j([req('a', 1)]));
    const r = conv.in(1, j([ok(1), ok(99)]));
    expect(conv.ev(r).items!.map((i) => i.state)).toEqual(['answered', 'orphan']);
    expect(conv.ev(r).items![1].findings.map((f) => f.rule)).toEqual(['orphan-response']);
    expect(conv.ev(r).state).toBe('answered');
  });

  it('batch reply entries carry their decoded errors', () => {
    const conv = new Conversation();
    conv.out(0, j([req('a', 1)]));
    const r = conv.in(1, j([err(1, -32602, 'bad params')]));
    expect(conv.ev(r).items![0].error).toMatchObject({ code: -32602, name: 'Invalid params', message: 'bad params' });
  });
});
