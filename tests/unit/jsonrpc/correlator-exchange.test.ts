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
