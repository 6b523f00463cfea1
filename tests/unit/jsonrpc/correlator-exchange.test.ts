import { describe, expect, it } from 'vitest';
import { Conversation, rpc } from './harness';

describe('HTTP answers belong to the POST they came back on', () => {
  it('a null-id error pairs with the request of its own POST, not with an older request whose id is null', () => {
    const conv = new Conversation();
    const older = conv.out(0, rpc({ method: 'slow', id: null }));
    const broken = conv.out(1, '{"jsonrpc":"2.0","id":2,"method":');
    const parseError = conv.onPost(broken, 3, rpc({ error: { code: -32700, message: 'Parse error' }, id: null }));
    expect(conv.ev(parseError)).toMatchObject({ pair: broken, state: 'answered' });
    expect(conv.ev(older).state).toBe('pending');
    const slow = conv.onPost(older, 9, rpc({ result: 'done', id: null }));
    expect(conv.ev(slow)).toMatchObject({ pair: older, state: 'answered', latencyMs: 9 });
    expect(conv.c.pending()).toEqual([]);
  });

  it('a null-id error to a valid request on its POST answers that request', () => {
    const conv = new Conversation();
    const req = conv.out(0, rpc({ method: 'add', id: 5 }));
    const err = conv.onPost(req, 2, rpc({ error: { code: -32603, message: 'Internal error' }, id: null }));
    expect(conv.ev(err)).toMatchObject({ pair: req, state: 'answered' });
    expect(conv.ev(req)).toMatchObject({ pair: err, state: 'answered' });
  });

  it('an id that belongs to another POST does not steal that POST\'s request', () => {
    const conv = new Conversation();
    const a = conv.out(0, rpc({ method: 'a', id: 1 }));
    const b = conv.out(1, rpc({ method: 'b', id: 2 }));
    const wrong = conv.onPost(a, 2, rpc({ result: 'x', id: 2 }));
    expect(conv.ev(wrong).state).toBe('orphan');
    expect(conv.ev(b).state).toBe('pending');
    // The POST of `a` is over: `a` is settled by what came back on it, `b` still waits for its own.
    conv.endPost(a, wrong);
    expect(conv.ev(a)).toMatchObject({ state: 'answered', pair: wrong });
    expect(conv.ev(b).state).toBe('pending');
  });

  it('a POST that failed settles its request as target-exited, paired with the note of what failed', () => {
    const conv = new Conversation();
    const req = conv.out(0, rpc({ method: 'a', id: 1 }));
    const note = conv.send('meta', 4, '');
    conv.endPost(req, note, true);
    expect(conv.ev(req)).toMatchObject({ state: 'target-exited', pair: note });
    expect(conv.c.pending()).toEqual([]);
  });

  it('an answered request is left alone when its POST ends', () => {
    const conv = new Conversation();
    const req = conv.out(0, rpc({ method: 'a', id: 1 }));
    const ok = conv.onPost(req, 1, rpc({ result: 1, id: 1 }));
    expect(conv.endPost(req, ok)).toEqual([]);
    expect(conv.ev(req)).toMatchObject({ state: 'answered', pair: ok });
  });

  it('without an exchange (stdio, WebSocket) a null-id error still pairs with the oldest invalid request', () => {
    const conv = new Conversation();
    const bad = conv.out(0, '{"jsonrpc":"2.0","method":1}');
    const err = conv.in(1, rpc({ error: { code: -32600, message: 'Invalid Request' }, id: null }));
    expect(conv.ev(err)).toMatchObject({ pair: bad, state: 'answered' });
  });
});

describe('an HTTP session with thousands of requests still waiting', () => {
  /** Requests the target sent on its event stream that nobody answers: they wait for good. */
  const waitingFromTarget = (conv: Conversation, n: number, t: number) => {
    for (let i = 0; i < n; i++) conv.in(t, rpc({ method: 'sampling/createMessage', id: `srv-${t}-${i}` }));
  };
  const batchOf = (...entries: Record<string, unknown>[]) => JSON.stringify(entries.map((e) => ({ jsonrpc: '2.0', ...e })));

  it("pairs each new POST's reply with its own requests", () => {
    const conv = new Conversation({ timeoutMs: 0 });
    waitingFromTarget(conv, 5000, 0);
    // A batch whose reply misses an entry: that entry keeps waiting after its POST ends.
    const batch = conv.out(1, batchOf({ method: 'a', id: 1 }, { method: 'b', id: 2 }, { method: 'note' }));
    const partial = conv.onPost(batch, 2, batchOf({ result: 'a', id: 1 }));
    expect(conv.endPost(batch, partial)).toEqual([]);
    expect(conv.ev(batch).items?.map((it) => [it.state, it.pair])).toEqual([['answered', partial], ['pending', undefined], [undefined, undefined]]);

    // A null-id error on a POST goes to that POST's request, not to any of the thousands waiting.
    const single = conv.out(3, rpc({ method: 'echo', id: 'e' }));
    const err = conv.onPost(single, 4, rpc({ error: { code: -32603, message: 'Internal error' }, id: null }));
    expect(conv.ev(err)).toMatchObject({ pair: single, state: 'answered', latencyMs: 1 });

    // A notification's POST answered by an empty 202 settles nothing.
    const note = conv.out(5, rpc({ method: 'notifications/progress' }));
    expect(conv.endPost(note, conv.send('meta', 5, ''))).toEqual([]);

    // A batch POST that failed: every entry of it ends target-exited, the rest still waits.
    const lost = conv.out(6, batchOf({ method: 'c', id: 3 }, { method: 'd', id: 4 }));
    conv.endPost(lost, conv.send('meta', 7, ''), true);
    expect(conv.ev(lost).items?.map((it) => it.state)).toEqual(['target-exited', 'target-exited']);

    // The user cancels a batch: both its entries, and nothing else; a later reply on its POST still pairs.
    const given = conv.out(8, batchOf({ method: 'e', id: 5 }, { method: 'f', id: 6 }));
    conv.apply(conv.c.cancel(given));
    expect(conv.ev(given).items?.map((it) => it.state)).toEqual(['cancelled', 'cancelled']);
    expect(conv.ev(batch).items?.[1].state).toBe('pending');
    const after = conv.onPost(given, 12, batchOf({ result: 'f', id: 6 }, { result: 'e', id: 5 }));
    expect(conv.ev(after)).toMatchObject({ pair: given, state: 'answered', latencyMs: 4 });
    expect(conv.ev(given).items?.map((it) => it.state)).toEqual(['answered', 'answered']);

    // What waits: the target's 5000 and the batch's missing entry.
    expect(conv.c.pending().filter((p) => p.dir === 'out')).toEqual([expect.objectContaining({ seq: batch, index: 1, id: 2, method: 'b' })]);
    expect(conv.c.pending()).toHaveLength(5001);
  });

  it('past the memory cap, a forgotten request stays out of its POST: a late reply is an orphan and the POST\'s end settles nothing', () => {
    const conv = new Conversation({ timeoutMs: 0, maxPending: 3000 });
    const slow = conv.out(0, rpc({ method: 'slow', id: 'slow' }));
    const slowBatch = conv.out(0, batchOf({ method: 'g', id: 7 }, { method: 'h', id: 8 }));
    waitingFromTarget(conv, 3000, 1);
    expect(conv.c.pending()).toHaveLength(3000);
    const late = conv.onPost(slow, 2, rpc({ result: 'late', id: 'slow' }));
    expect(conv.ev(late).state).toBe('orphan');
    expect(conv.endPost(slow, late)).toEqual([]);
    expect(conv.endPost(slowBatch, conv.send('meta', 3, ''), true)).toEqual([]);
    expect(conv.ev(slow).pair).toBeUndefined();
    // A new POST still pairs (the cap forgot the target's oldest for it while it waited).
    const next = conv.out(4, rpc({ method: 'echo', id: 'slow' }));
    expect(conv.ev(conv.onPost(next, 5, rpc({ result: 1, id: 'slow' })))).toMatchObject({ pair: next, state: 'answered' });
    expect(conv.c.pending()).toHaveLength(2999);
    expect(conv.c.pending()[0].id).toBe('srv-1-1');
  });

  it('costs each POST about the same with 20 000 requests waiting as with 200', () => {
    /** CPU µs per POST (a request answered on it, then a notification's empty 202), the best of 3 runs of 2000. */
    const perPost = (waiting: number): number => {
      const conv = new Conversation({ timeoutMs: 0 });
      waitingFromTarget(conv, waiting, 0);
      const runs: number[] = [];
      for (let r = 0; r < 3; r++) {
        const c0 = process.cpuUsage();
        for (let i = r * 1000; i < (r + 1) * 1000; i++) {
          const req = conv.out(1, rpc({ method: 'echo', id: i }));
          conv.endPost(req, conv.onPost(req, 2, rpc({ result: i, id: i })));
          const note = conv.out(3, rpc({ method: 'notifications/progress' }));
          conv.endPost(note, conv.send('meta', 3, ''));
        }
        const c = process.cpuUsage(c0);
        runs.push((c.user + c.system) / 2000);
      }
      expect(conv.c.pending()).toHaveLength(waiting);
      return Math.min(...runs);
    };
    perPost(200); // warm-up
    const few = perPost(200);
    const many = perPost(20_000);
    // Walking everything that waits made it 8–12× (each POST's reply and its end looked at all of them).
    expect(many / few).toBeLessThan(3);
  });
});

describe('a big batch answered on its POST', () => {
  it('costs each entry about the same in a batch of 30 000 as in one of 1 000, and pairs every entry', () => {
    /** CPU µs per entry of a batch of `k` requests and its whole reply on the POST, the best of 3. */
    const perEntry = (k: number): number => {
      const body = JSON.stringify(Array.from({ length: k }, (_, i) => ({ jsonrpc: '2.0', method: 'm', id: i })));
      const reply = JSON.stringify(Array.from({ length: k }, (_, i) => ({ jsonrpc: '2.0', result: i, id: i })));
      const runs: number[] = [];
      for (let r = 0; r < 3; r++) {
        const conv = new Conversation({ timeoutMs: 0 });
        const c0 = process.cpuUsage();
        const batch = conv.out(0, body);
        const answer = conv.onPost(batch, 1, reply);
        conv.endPost(batch, answer);
        const c = process.cpuUsage(c0);
        runs.push((c.user + c.system) / k);
        expect(conv.ev(answer)).toMatchObject({ pair: batch, state: 'answered' });
        const items = conv.ev(batch).items ?? [];
        expect(items.filter((it) => it.state === 'answered' && it.pair === answer)).toHaveLength(k);
        expect(items[k - 1].pairIndex).toBe(k - 1);
        expect(conv.c.pending()).toEqual([]);
      }
      return Math.min(...runs);
    };
    perEntry(1000); // warm-up (the big one too: its first runs grow the heap)
    perEntry(30_000);
    const few = perEntry(1000);
    const many = perEntry(30_000);
    // Each answer looked through the batch's entries (is any still waiting?): ~k² cheap steps for a batch
    // of k, 6–9× here. Linear is 1–2×, up to ~3× when a major GC lands in the big runs: the bound is 6, to
    // stay green on a loaded machine and still fail a walk per entry (30× and more).
    expect(many / few).toBeLessThan(6);
  });
});

describe('a batch answered by null-id errors', () => {
  const err = (code: number, message: string) => ({ jsonrpc: '2.0', error: { code, message }, id: null });
  /** [state, pair, pairIndex] of each entry, the way the batch's rows show them. */
  const rows = (items: { state?: string; pair?: number; pairIndex?: number }[] | undefined) => (items ?? []).map((it) => [it.state, it.pair, it.pairIndex]);

  it('on its POST: the invalid entries take the first errors, the valid requests the rest, oldest first', () => {
    const conv = new Conversation({ timeoutMs: 0 });
    const batch = conv.out(0, JSON.stringify([{ jsonrpc: '2.0', method: 'a', id: 1 }, { jsonrpc: '2.0', method: 1 }, { jsonrpc: '2.0', method: 'b', id: 2 }, { jsonrpc: '2.0', method: 2 }]));
    const reply = conv.onPost(batch, 1, JSON.stringify([err(-32600, 'Invalid Request'), err(-32600, 'Invalid Request'), err(-32603, 'Internal error'), err(-32603, 'Internal error')]));
    expect(rows(conv.ev(batch).items)).toEqual([['answered', reply, 2], ['answered', reply, 0], ['answered', reply, 3], ['answered', reply, 1]]);
    expect(rows(conv.ev(reply).items)).toEqual([['answered', batch, 1], ['answered', batch, 3], ['answered', batch, 0], ['answered', batch, 2]]);
    // A null id is a finding on an error to a request whose id could be read, not on one to an invalid entry.
    expect(conv.ev(reply).items?.map((it) => it.findings.map((f) => f.rule))).toEqual([[], [], ['error-null-id', 'error-null-id-readable'], ['error-null-id', 'error-null-id-readable']]);
    expect(conv.c.pending()).toEqual([]);
  });

  it("over a stream: errors go to the reply's own batch first, then to the oldest invalid entry still waiting", () => {
    const conv = new Conversation({ timeoutMs: 0 });
    const older = conv.out(0, JSON.stringify([{ jsonrpc: '2.0', method: 1 }, { jsonrpc: '2.0', method: 2 }]));
    const batch = conv.out(1, JSON.stringify([{ jsonrpc: '2.0', method: 'a', id: 7 }, { jsonrpc: '2.0', method: 3 }, { jsonrpc: '2.0', method: 4 }]));
    const reply = conv.in(2, JSON.stringify([{ jsonrpc: '2.0', result: 'a', id: 7 }, err(-32600, 'Invalid Request'), err(-32600, 'Invalid Request'), err(-32600, 'Invalid Request'), err(-32600, 'Invalid Request')]));
    expect(rows(conv.ev(batch).items)).toEqual([['answered', reply, 0], ['answered', reply, 1], ['answered', reply, 2]]);
    expect(rows(conv.ev(older).items)).toEqual([['answered', reply, 3], ['answered', reply, 4]]);
    expect(conv.ev(reply)).toMatchObject({ pair: batch, state: 'answered' });
    expect(conv.c.pending()).toEqual([]);
  });

  /**
   * CPU µs per entry of a batch of `k` and its reply of k null-id errors, the best of 3; `send`
   * records the reply (on the batch's POST, or over a stream). Checks every entry pairs in order.
   */
  const perEntry = (k: number, entry: (i: number) => Record<string, unknown>, send: (conv: Conversation, batch: number, reply: string) => number): number => {
    const body = JSON.stringify(Array.from({ length: k }, (_, i) => ({ jsonrpc: '2.0', ...entry(i) })));
    const reply = JSON.stringify(Array.from({ length: k }, () => err(-32600, 'Invalid Request')));
    const runs: number[] = [];
    for (let r = 0; r < 3; r++) {
      const conv = new Conversation({ timeoutMs: 0 });
      const c0 = process.cpuUsage();
      const batch = conv.out(0, body);
      const answer = send(conv, batch, reply);
      const c = process.cpuUsage(c0);
      runs.push((c.user + c.system) / k);
      expect(conv.ev(answer)).toMatchObject({ pair: batch, state: 'answered' });
      const items = conv.ev(batch).items ?? [];
      expect(items.filter((it, i) => it.state === 'answered' && it.pair === answer && it.pairIndex === i)).toHaveLength(k);
      expect(conv.c.pending()).toEqual([]);
    }
    return Math.min(...runs);
  };
  const ratio = (big: number, entry: (i: number) => Record<string, unknown>, send: (conv: Conversation, batch: number, reply: string) => number): number => {
    perEntry(1000, entry, send); // warm-up (the big one too: the first grows the heap)
    perEntry(big, entry, send);
    return perEntry(big, entry, send) / perEntry(1000, entry, send);
  };
  // A linear walk is 1–2× big ÷ 1 000, up to ~5× when a major GC of the big batch's heap lands in its
  // runs (seen alone on a quiet machine): hence 8. The walks these replace were ~k²/2 steps.
  const LINEAR = 8;

  it('of 30 000 requests on its POST costs each entry about what one of 1 000 does', () => {
    // Each error filtered the POST's entries for those still waiting: 20–37× at 30 000.
    expect(ratio(30_000, (i) => ({ method: 'm', id: i }), (conv, batch, reply) => conv.onPost(batch, 1, reply))).toBeLessThan(LINEAR);
  });

  it('of 50 000 invalid entries over a stream costs each entry about what one of 1 000 does', () => {
    // Each error walked the invalid entries from the oldest, past those already answered (a cheap step:
    // ~10× at 30 000, so this one is measured at 50 000, the most a batch holds).
    expect(ratio(50_000, () => ({ method: 1 }), (conv, _batch, reply) => conv.in(1, reply))).toBeLessThan(LINEAR);
  });
});
