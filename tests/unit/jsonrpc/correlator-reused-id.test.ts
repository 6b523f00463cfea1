import { describe, expect, it } from 'vitest';
import { Correlator, classify } from '../../../lib/jsonrpc';

const ask = (id: number) => classify(`{"jsonrpc":"2.0","method":"work","id":${id}}`);
const answer = (id: number) => classify(`{"jsonrpc":"2.0","result":true,"id":${id}}`);

describe('a peer that reuses one id while its requests still wait', () => {
  it('pairs each answer with the oldest request still waiting under that id, in order, as answers and new requests interleave', () => {
    const c = new Correlator({ timeoutMs: 0 });
    let seq = 0;
    const asked: number[] = [];
    const send = () => {
      asked.push(++seq);
      c.observe({ seq, t: seq, dir: 'out', classified: ask(1) });
    };
    const reply = () => c.observe({ seq: ++seq, t: seq, dir: 'in', classified: answer(1) }).pair;
    send();
    send();
    expect(reply()).toBe(asked[0]);
    send(); // appended after the new oldest: its chain's end moved with it
    send();
    expect(reply()).toBe(asked[1]);
    expect(reply()).toBe(asked[2]);
    send();
    expect(reply()).toBe(asked[3]);
    expect(reply()).toBe(asked[4]);
    expect(c.observe({ seq: ++seq, t: seq, dir: 'in', classified: answer(1) }).state).toBe('duplicate');
  });

  it('past the pending cap forgets the oldest under the reused id and still pairs the rest in order', () => {
    const c = new Correlator({ timeoutMs: 0, maxPending: 3 });
    for (let s = 1; s <= 5; s++) c.observe({ seq: s, t: s, dir: 'out', classified: ask(7) });
    expect(c.pending().map((p) => p.seq)).toEqual([3, 4, 5]);
    const pairs = [6, 7, 8].map((s) => c.observe({ seq: s, t: s, dir: 'in', classified: answer(7) }).pair);
    expect(pairs).toEqual([3, 4, 5]);
  });

  it('takes 100k requests under one id, half of them past the cap, in linear time (each one is added at the chain\'s end, not walked to)', () => {
    // Before, every request walked the whole chain of its id: ~4·10⁹ steps here, tens of seconds; now well under a second.
    const c = new Correlator({ timeoutMs: 0, maxPending: 50_000 });
    const req = ask(1);
    const started = performance.now();
    for (let s = 1; s <= 100_000; s++) c.observe({ seq: s, t: s, dir: 'out', classified: req });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(c.pending()).toHaveLength(50_000);
    expect(c.observe({ seq: 100_001, t: 100_001, dir: 'in', classified: answer(1) }).pair).toBe(50_001);
  }, 30_000);

  it('answers a null-id error with the oldest invalid request still waiting after the cap forgot thousands of them', () => {
    const c = new Correlator({ timeoutMs: 0, maxPending: 1000 });
    const invalid = classify('{"jsonrpc":"2.0","method":5,"id":3}');
    for (let s = 1; s <= 5000; s++) c.observe({ seq: s, t: s, dir: 'out', classified: invalid });
    expect(c.pending()).toHaveLength(1000);
    const err = classify('{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Request"},"id":null}');
    expect(c.observe({ seq: 5001, t: 5001, dir: 'in', classified: err }).pair).toBe(4001);
    expect(c.observe({ seq: 5002, t: 5002, dir: 'in', classified: err }).pair).toBe(4002);
  });
});
