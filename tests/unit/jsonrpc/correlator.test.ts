import { describe, expect, it } from 'vitest';
import { Correlator, classify } from '../../../lib/jsonrpc';
import { Conversation, rpc } from './harness';

describe('pairing requests and answers', () => {
  it('pairs both directions even when the two sides use the same ids', () => {
    // A language server numbers its own requests from 0, like the client does.
    const conv = new Conversation();
    const ours = conv.out(0, rpc({ method: 'initialize', id: 0 }));
    const theirs = conv.in(1, rpc({ method: 'workspace/configuration', id: 0 }));
    const ourReply = conv.out(3, rpc({ result: [{}], id: 0 }));
    const theirReply = conv.in(10, rpc({ result: { capabilities: {} }, id: 0 }));
    expect(conv.ev(ourReply)).toMatchObject({ pair: theirs, state: 'answered', latencyMs: 2 });
    expect(conv.ev(theirReply)).toMatchObject({ pair: ours, state: 'answered', latencyMs: 10 });
    expect(conv.ev(ours)).toMatchObject({ pair: theirReply, state: 'answered' });
    expect(conv.ev(theirs)).toMatchObject({ pair: ourReply, state: 'answered' });
    expect(conv.c.pending()).toEqual([]);
    for (const seq of [ours, theirs, ourReply, theirReply]) expect(conv.ev(seq).findings).toEqual([]);
  });

  it('a request is pending until answered, and pending() lists it', () => {
    const conv = new Conversation();
    const req = conv.out(5, rpc({ method: 'slow', id: 'a' }));
    expect(conv.ev(req).state).toBe('pending');
    expect(conv.c.pending()).toEqual([{ seq: req, t: 5, dir: 'out', idKey: 's:a', id: 'a', method: 'slow', timedOut: false }]);
  });

  it('latency is measured per pair, with out-of-order answers', () => {
    const conv = new Conversation();
    const a = conv.out(0, rpc({ method: 'a', id: 1 }));
    const b = conv.out(2, rpc({ method: 'b', id: 2 }));
    const rb = conv.in(7, rpc({ result: 'b', id: 2 }));
    const ra = conv.in(20, rpc({ result: 'a', id: 1 }));
    expect(conv.ev(rb)).toMatchObject({ pair: b, latencyMs: 5 });
    expect(conv.ev(ra)).toMatchObject({ pair: a, latencyMs: 20 });
  });

  it('an error response is decoded with the standard catalog', () => {
    const conv = new Conversation();
    conv.out(0, rpc({ method: 'nope', id: 1 }));
    const r = conv.in(1, rpc({ error: { code: -32601, message: 'Method not found' }, id: 1 }));
    expect(conv.ev(r).error).toMatchObject({ code: -32601, name: 'Method not found', source: 'jsonrpc' });
  });

  it('a custom decoder gets the method of the request answered', () => {
    const seen: (string | undefined)[] = [];
    const conv = new Conversation({
      describe: (err, method) => {
        seen.push(method);
        return { code: err.code as number, message: String(err.message), name: 'X', meaning: 'm', source: 'test' };
      },
    });
    conv.out(0, rpc({ method: 'eth_call', id: 1 }));
    const r = conv.in(1, rpc({ error: { code: 3, message: 'execution reverted' }, id: 1 }));
    expect(seen).toEqual(['eth_call']);
    expect(conv.ev(r).error?.source).toBe('test');
  });
});

describe('timeouts and late answers', () => {
  it('marks a request timed out, and still pairs a later answer as late on both sides', () => {
    const conv = new Conversation({ timeoutMs: 100 });
    const req = conv.out(0, rpc({ method: 'slow', id: 1 }));
    expect(conv.tick(99)).toEqual([]);
    conv.tick(100);
    expect(conv.ev(req).state).toBe('timed-out');
    expect(conv.c.pending()[0].timedOut).toBe(true);
    const ans = conv.in(250, rpc({ result: 1, id: 1 }));
    expect(conv.ev(ans)).toMatchObject({ pair: req, state: 'late', late: true, latencyMs: 250 });
    expect(conv.ev(req)).toMatchObject({ pair: ans, state: 'late', late: true });
    expect(conv.c.pending()).toEqual([]);
  });

  it('a timeout of 0 disables timeouts', () => {
    const conv = new Conversation({ timeoutMs: 0 });
    const req = conv.out(0, rpc({ method: 'slow', id: 1 }));
    conv.tick(1e9);
    expect(conv.ev(req).state).toBe('pending');
  });

  it('only requests past the timeout time out, each once', () => {
    const conv = new Conversation({ timeoutMs: 100 });
    const a = conv.out(0, rpc({ method: 'a', id: 1 }));
    const b = conv.out(50, rpc({ method: 'b', id: 2 }));
    expect(conv.tick(120).map((p) => p.seq)).toEqual([a]);
    expect(conv.ev(b).state).toBe('pending');
    expect(conv.tick(200).map((p) => p.seq)).toEqual([b]);
    expect(conv.tick(300)).toEqual([]);
  });

  it('requests still waiting when the target exits end as target-exited', () => {
    const conv = new Conversation({ timeoutMs: 100 });
    const old = conv.out(0, rpc({ method: 'a', id: 1 }));
    conv.tick(150);
    const fresh = conv.out(160, rpc({ method: 'b', id: 2 }));
    const batch = conv.out(170, JSON.stringify([{ jsonrpc: '2.0', method: 'c', id: 3 }]));
    conv.exited(180);
    expect(conv.ev(fresh).state).toBe('target-exited');
    expect(conv.ev(old).state).toBe('timed-out');
    expect(conv.ev(batch).state).toBe('target-exited');
    expect(conv.ev(batch).items![0].state).toBe('target-exited');
    expect(conv.c.pending()).toEqual([]);
  });

  it('a cancelled request is marked cancelled, and an answer still pairs', () => {
    const conv = new Conversation({ timeoutMs: 100 });
    const req = conv.out(0, rpc({ method: 'a', id: 1 }));
    conv.apply(conv.c.cancel(req));
    expect(conv.ev(req).state).toBe('cancelled');
    conv.tick(500);
    expect(conv.ev(req).state).toBe('cancelled');
    const ans = conv.in(600, rpc({ error: { code: -32800, message: 'cancelled' }, id: 1 }));
    expect(conv.ev(ans).pair).toBe(req);
  });
});

describe('findings that need the conversation', () => {
  it('an answer that matches nothing pending is an orphan (error)', () => {
    const conv = new Conversation();
    const r = conv.in(0, rpc({ result: 1, id: 42 }));
    expect(conv.ev(r).state).toBe('orphan');
    const f = conv.ev(r).findings.find((x) => x.rule === 'orphan-response')!;
    expect(f.severity).toBe('error');
    expect(f.spec).toBeTruthy();
  });

  it('an answer travelling the same way as its request is an orphan: each side owns its id space', () => {
    const conv = new Conversation();
    conv.out(0, rpc({ method: 'a', id: 1 }));
    const r = conv.out(1, rpc({ result: 1, id: 1 }));
    expect(conv.ev(r).state).toBe('orphan');
  });

  it('a second answer to one request is a duplicate', () => {
    const conv = new Conversation();
    const req = conv.out(0, rpc({ method: 'a', id: 1 }));
    const first = conv.in(1, rpc({ result: 1, id: 1 }));
    const second = conv.in(2, rpc({ result: 2, id: 1 }));
    expect(conv.ev(first).state).toBe('answered');
    expect(conv.ev(second)).toMatchObject({ state: 'duplicate', pair: req });
    expect(conv.rules(second)).toEqual(['duplicate-response']);
    expect(conv.ev(req).pair).toBe(first);
  });

  it('an id reused while still pending is flagged; answers pair oldest first', () => {
    const conv = new Conversation();
    const a = conv.out(0, rpc({ method: 'a', id: 7 }));
    const b = conv.out(1, rpc({ method: 'b', id: 7 }));
    expect(conv.rules(a)).toEqual([]);
    expect(conv.rules(b)).toEqual(['id-reused-pending']);
    const ra = conv.in(2, rpc({ result: 1, id: 7 }));
    const rb = conv.in(3, rpc({ result: 2, id: 7 }));
    expect(conv.ev(ra).pair).toBe(a);
    expect(conv.ev(rb).pair).toBe(b);
  });

  it('reusing an id after its answer came is fine', () => {
    const conv = new Conversation();
    conv.out(0, rpc({ method: 'a', id: 1 }));
    conv.in(1, rpc({ result: 1, id: 1 }));
    const again = conv.out(2, rpc({ method: 'a', id: 1 }));
    expect(conv.rules(again)).toEqual([]);
    const r = conv.in(3, rpc({ result: 1, id: 1 }));
    expect(conv.ev(r)).toMatchObject({ pair: again, state: 'answered' });
  });

  it('the same id in the other direction is not a reuse', () => {
    const conv = new Conversation();
    conv.out(0, rpc({ method: 'a', id: 1 }));
    const theirs = conv.in(1, rpc({ method: 'b', id: 1 }));
    expect(conv.rules(theirs)).toEqual([]);
  });

  it('an answer to a notification is flagged and marked unexpected', () => {
    // ganache-style: a notification gets a response without an id.
    const conv = new Conversation();
    const n = conv.out(0, rpc({ method: 'notify' }));
    const r = conv.in(1, rpc({ result: true }));
    expect(conv.ev(r)).toMatchObject({ state: 'unexpected', pair: n });
    expect(conv.rules(r)).toContain('notification-answered');
    expect(conv.ev(n)).toMatchObject({ state: 'unexpected', pair: r });
  });

  it('a null-id error answers the unparsable message we sent', () => {
    const conv = new Conversation();
    const bad = conv.out(0, '{"jsonrpc": "2.0", "method": "foobar, "params": "bar", "baz]');
    expect(conv.ev(bad).state).toBe('pending');
    const r = conv.in(2, rpc({ error: { code: -32700, message: 'Parse error' }, id: null }));
    expect(conv.ev(r)).toMatchObject({ pair: bad, state: 'answered', latencyMs: 2 });
    expect(conv.ev(r).findings).toEqual([]);
  });

  it('an invalid request we sent with a readable id pairs with an answer by that id or by null', () => {
    const conv = new Conversation();
    const a = conv.out(0, '{"jsonrpc":"1.0","method":"a","id":5}');
    const b = conv.out(1, '{"jsonrpc":"1.0","method":"b","id":6}');
    const ra = conv.in(2, rpc({ error: { code: -32600, message: 'Invalid Request' }, id: 5 }));
    const rb = conv.in(3, rpc({ error: { code: -32600, message: 'Invalid Request' }, id: null }));
    expect(conv.ev(ra).pair).toBe(a);
    expect(conv.ev(rb).pair).toBe(b);
    expect(conv.c.pending()).toEqual([]);
  });

  it('a request with a null id is answered by the null-id response', () => {
    const conv = new Conversation();
    const req = conv.out(0, rpc({ method: 'a', id: null }));
    expect(conv.rules(req)).toEqual(['request-null-id']);
    const r = conv.in(1, rpc({ result: 1, id: null }));
    expect(conv.ev(r).pair).toBe(req);
  });

  it('a null-id error with nothing to answer is a warning, not an orphan error', () => {
    const conv = new Conversation();
    const r = conv.in(0, rpc({ error: { code: -32700, message: 'Parse error' }, id: null }));
    expect(conv.ev(r).state).toBe('orphan');
    expect(conv.ev(r).findings.map((f) => [f.rule, f.severity])).toEqual([['null-id-unmatched', 'warning']]);
  });

  it('garbage from the target waits for nothing', () => {
    const conv = new Conversation();
    conv.in(0, '{not json');
    conv.in(0, '{"jsonrpc":"2.0","method":3}');
    expect(conv.c.pending()).toEqual([]);
  });

  it('messages of the meta direction and not-JSON-RPC ones are ignored', () => {
    const c = new Correlator();
    expect(c.observe({ seq: 1, t: 0, dir: 'meta', classified: classify('{"jsonrpc":"2.0","method":"a","id":1}') })).toEqual({ findings: [], patches: [] });
    expect(c.observe({ seq: 2, t: 0, dir: 'in', classified: classify('42') }).findings).toEqual([]);
    expect(c.pending()).toEqual([]);
  });

  it('memory stays bounded: past maxPending the oldest requests are forgotten', () => {
    const conv = new Conversation({ maxPending: 100 });
    for (let i = 0; i < 1000; i++) conv.out(i, rpc({ method: 'a', id: i }));
    expect(conv.c.pending()).toHaveLength(100);
    expect(conv.c.pending()[0].id).toBe(900);
    expect(conv.ev(conv.in(2000, rpc({ result: 1, id: 0 }))).state).toBe('orphan');
    expect(conv.ev(conv.in(2001, rpc({ result: 1, id: 950 }))).state).toBe('answered');
  });

  it('past maxPending the oldest still-waiting requests go first, in arrival order, answered ones skipped', () => {
    const conv = new Conversation({ maxPending: 10 });
    // Many answered requests between the waiting ones, so the arrival list compacts several times.
    for (let i = 0; i < 4999; i++) {
      conv.out(i, rpc({ method: 'a', id: i }));
      if (i % 3 !== 0) conv.in(i, rpc({ result: i, id: i }));
    }
    const waiting = conv.c.pending().map((p) => p.id);
    expect(waiting).toHaveLength(10);
    // Only multiples of 3 were left waiting: the newest ten of them remain, oldest first.
    expect(waiting).toEqual(Array.from({ length: 10 }, (_, k) => 4998 - 3 * (9 - k)));
    expect(conv.ev(conv.in(9000, rpc({ result: 1, id: 4968 }))).state).toBe('orphan');
    expect(conv.ev(conv.in(9001, rpc({ result: 1, id: 4971 }))).state).toBe('answered');
    // Nine wait now; the second new request forgets exactly the oldest one left (4974).
    conv.out(9002, rpc({ method: 'a', id: 'new' }));
    conv.out(9003, rpc({ method: 'a', id: 'newer' }));
    expect(conv.c.pending().map((p) => p.id)).toEqual([...waiting.slice(2), 'new', 'newer']);
  });
});

describe('DAP', () => {
  const dap = (o: Record<string, unknown>) => JSON.stringify(o);

  it('pairs responses with requests by request_seq, per direction', () => {
    const conv = new Conversation();
    const init = conv.out(0, dap({ seq: 1, type: 'request', command: 'initialize', arguments: {} }));
    const ev = conv.in(1, dap({ seq: 1, type: 'event', event: 'initialized' }));
    // A reverse request from the adapter, with a seq that collides with ours.
    const rit = conv.in(2, dap({ seq: 2, type: 'request', command: 'runInTerminal', arguments: {} }));
    const ritReply = conv.out(4, dap({ seq: 2, type: 'response', request_seq: 2, success: true, command: 'runInTerminal' }));
    const initReply = conv.in(9, dap({ seq: 3, type: 'response', request_seq: 1, success: true, command: 'initialize' }));
    expect(conv.ev(initReply)).toMatchObject({ pair: init, state: 'answered', latencyMs: 9, kind: 'not-jsonrpc' });
    expect(conv.ev(ritReply)).toMatchObject({ pair: rit, state: 'answered', latencyMs: 2 });
    expect(conv.ev(init).state).toBe('answered');
    expect(conv.ev(ev).state).toBeUndefined();
    for (const s of [init, ev, rit, ritReply, initReply]) expect(conv.ev(s).findings).toEqual([]);
  });

  it('a DAP response to nothing is an orphan; a second one a duplicate', () => {
    const conv = new Conversation();
    const o = conv.in(0, dap({ seq: 1, type: 'response', request_seq: 9, success: true, command: 'x' }));
    expect(conv.rules(o)).toEqual(['dap-orphan-response']);
    conv.out(1, dap({ seq: 1, type: 'request', command: 'threads' }));
    conv.in(2, dap({ seq: 2, type: 'response', request_seq: 1, success: true, command: 'threads' }));
    const dup = conv.in(3, dap({ seq: 3, type: 'response', request_seq: 1, success: true, command: 'threads' }));
    expect(conv.ev(dup).state).toBe('duplicate');
  });

  it('DAP requests time out like any other', () => {
    const conv = new Conversation({ timeoutMs: 10 });
    const r = conv.out(0, dap({ seq: 1, type: 'request', command: 'launch' }));
    conv.tick(10);
    expect(conv.ev(r).state).toBe('timed-out');
  });
});

describe('long sessions', () => {
  it('keeps no trace of answered requests beyond a bounded window, with or without timeouts', () => {
    for (const timeoutMs of [0, 1000]) {
      const c = new Correlator({ timeoutMs });
      const req = classify('{"jsonrpc":"2.0","method":"a","id":1}');
      const res = classify('{"jsonrpc":"2.0","result":1,"id":1}');
      let seq = 0;
      for (let i = 0; i < 50_000; i++) {
        c.observe({ seq: ++seq, t: i, dir: 'out', classified: req });
        const r = c.observe({ seq: ++seq, t: i, dir: 'in', classified: res });
        expect(r.state).toBe('answered');
        if (i % 1000 === 0) c.tick(i);
      }
      expect(c.pending()).toEqual([]);
      // Internal queues stay small: the timeout queue holds at most the last timeout's worth.
      const internal = c as unknown as { queue: unknown[] };
      expect(internal.queue.length).toBeLessThan(timeoutMs === 0 ? 1 : 5000);
    }
  });
});

describe('null ids', () => {
  it('a success with no id does not count as the answer to our unparsable message', () => {
    const conv = new Conversation();
    const bad = conv.out(0, '{oops');
    const r = conv.in(1, rpc({ result: 1 }));
    expect(conv.ev(r).state).toBe('orphan');
    expect(conv.ev(bad).state).toBe('pending');
    const e = conv.in(2, rpc({ error: { code: -32700, message: 'Parse error' }, id: null }));
    expect(conv.ev(e).pair).toBe(bad);
  });
});
