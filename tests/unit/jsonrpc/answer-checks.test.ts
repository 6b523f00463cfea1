import { describe, expect, it } from 'vitest';
import { RULES } from '../../../lib/jsonrpc';
import { Conversation, rpc } from './harness';

const specOf = (rule: string) => RULES.get(rule)!.spec;
const only = (conv: Conversation, seq: number, rule: string) => conv.ev(seq).findings.filter((f) => f.rule === rule);

describe('an answer is checked against the request it answers', () => {
  it('a normal result to a request whose params were a String is flagged: -32600 was due', () => {
    const conv = new Conversation();
    const req = conv.out(0, rpc({ method: 'echo', params: 'bar', id: 2 }));
    const ans = conv.in(1, rpc({ result: 'bar', id: 2 }));
    expect(conv.ev(ans)).toMatchObject({ pair: req, state: 'answered' });
    const [f] = only(conv, ans, 'invalid-request-answered');
    expect(f).toMatchObject({ severity: 'error', spec: '-32600 Invalid Request: The JSON sent is not a valid Request object.' });
    expect(f.message).toMatch(/params is the String "bar"/);
  });

  it('the conformant answer to the same request, -32600 with its id, raises nothing', () => {
    const conv = new Conversation();
    conv.out(0, rpc({ method: 'echo', params: 'bar', id: 2 }));
    const ans = conv.in(1, rpc({ error: { code: -32600, message: 'Invalid Request' }, id: 2 }));
    expect(conv.ev(ans).findings).toEqual([]);
    expect(conv.ev(ans).error?.name).toBe('Invalid Request');
  });

  it('-32601 to a request whose method is not a String names the code that was due', () => {
    const conv = new Conversation();
    conv.out(0, rpc({ method: 1, params: [1], id: 3 }));
    const ans = conv.in(1, rpc({ error: { code: -32601, message: 'Method not found' }, id: 3 }));
    expect(only(conv, ans, 'invalid-request-wrong-code')).toEqual([expect.objectContaining({ severity: 'error', path: 'error.code', message: expect.stringMatching(/code due is -32600 Invalid Request, not -32601/) })]);
  });

  it('a -32700 answer to valid JSON is a false claim, and the decoded error does not repeat it', () => {
    const conv = new Conversation();
    conv.out(0, rpc({ method: 'sum', params: [1, 2], id: 9 }));
    const ans = conv.in(1, rpc({ error: { code: -32700, message: 'Parse error' }, id: 9 }));
    expect(only(conv, ans, 'parse-error-misclaimed')).toEqual([expect.objectContaining({ severity: 'error', spec: specOf('parse-error-misclaimed') })]);
    const err = conv.ev(ans).error!;
    expect(err.name).toBe('Parse error');
    expect(err.meaning).toMatch(/^The code says Parse error, but the request was valid JSON/);
    expect(err.meaning).not.toMatch(/Invalid JSON was received/);
  });

  it('a -32700 answer to text that really was not JSON raises nothing', () => {
    const conv = new Conversation();
    conv.out(0, '{"jsonrpc":"2.0","method":"foobar, "params":"bar", "baz]');
    const ans = conv.in(1, rpc({ error: { code: -32700, message: 'Parse error' }, id: null }));
    expect(conv.ev(ans).findings).toEqual([]);
    expect(conv.ev(ans).error?.meaning).not.toMatch(/false/);
  });

  it('an error with id null although the request id was readable is flagged, and still paired', () => {
    const conv = new Conversation();
    const req = conv.out(0, JSON.stringify({ method: 'echo', params: [1], id: 1 }));
    const ans = conv.in(1, rpc({ error: { code: -32600, message: 'Invalid request' }, id: null }));
    expect(conv.ev(ans)).toMatchObject({ pair: req, state: 'answered' });
    expect(only(conv, ans, 'error-null-id-readable')).toEqual([expect.objectContaining({ severity: 'error', path: 'id', message: expect.stringMatching(/readable id 1/) })]);
  });

  it('an error with id null to a request whose id could not be read raises nothing', () => {
    const conv = new Conversation();
    conv.out(0, rpc({ method: 'echo', id: { a: 1 } }));
    const ans = conv.in(1, rpc({ error: { code: -32600, message: 'Invalid Request' }, id: null }));
    expect(conv.ev(ans).findings).toEqual([]);
  });

  it('-32601 for a method the peer answered before, and one it answers later, are both flagged', () => {
    const conv = new Conversation();
    conv.out(0, rpc({ method: 'echo', params: [1], id: 1 }));
    const ok = conv.in(1, rpc({ result: [1], id: 1 }));
    conv.out(2, rpc({ method: 'echo', params: [2], id: 2 }));
    const nf = conv.in(3, rpc({ error: { code: -32601, message: 'Method not found' }, id: 2 }));
    expect(only(conv, nf, 'method-not-found-misclaimed')).toEqual([expect.objectContaining({ severity: 'warning', message: expect.stringContaining(`#${ok}`) })]);

    conv.out(4, rpc({ method: 'late', id: 3 }));
    const nf2 = conv.in(5, rpc({ error: { code: -32601, message: 'Method not found' }, id: 3 }));
    expect(conv.ev(nf2).findings).toEqual([]);
    conv.out(6, rpc({ method: 'late', id: 4 }));
    const ok2 = conv.in(7, rpc({ result: true, id: 4 }));
    expect(only(conv, nf2, 'method-not-found-misclaimed')).toEqual([expect.objectContaining({ message: expect.stringContaining(`later, in #${ok2}`) })]);
  });

  it('-32601 for a method the peer never answers raises nothing', () => {
    const conv = new Conversation();
    conv.out(0, rpc({ method: 'echo', id: 1 }));
    conv.in(1, rpc({ result: null, id: 1 }));
    conv.out(2, rpc({ method: 'nope', id: 2 }));
    const nf = conv.in(3, rpc({ error: { code: -32601, message: 'Method not found' }, id: 2 }));
    expect(conv.ev(nf).findings).toEqual([]);
  });

  it('checks the entries of a batch reply one by one', () => {
    const conv = new Conversation();
    conv.out(0, JSON.stringify([{ jsonrpc: '2.0', method: 'a', params: 5, id: 1 }, { jsonrpc: '2.0', method: 'b', id: 2 }]));
    const reply = conv.in(1, JSON.stringify([{ jsonrpc: '2.0', result: 5, id: 1 }, { jsonrpc: '2.0', result: 0, id: 2 }]));
    expect(conv.ev(reply).findings.map((f) => [f.rule, f.path])).toEqual([['invalid-request-answered', '[0]']]);
    expect(conv.ev(reply).items![0].findings.map((f) => f.rule)).toEqual(['invalid-request-answered']);
  });
});

describe('silence where the spec requires an answer', () => {
  it('a request with no answer after the timeout names the MUST it breaks', () => {
    const conv = new Conversation({ timeoutMs: 4000 });
    const req = conv.out(0, rpc({ method: 'slow', id: 1 }));
    conv.tick(3999);
    expect(conv.ev(req).findings).toEqual([]);
    conv.tick(4000);
    expect(conv.ev(req).state).toBe('timed-out');
    expect(conv.ev(req).findings).toEqual([
      expect.objectContaining({ rule: 'no-response', severity: 'error', spec: 'When a rpc call is made, the Server MUST reply with a Response, except for in the case of Notifications.', message: expect.stringMatching(/4 s timeout/) }),
    ]);
  });

  it('an unparsable message we sent must get a Parse error: its silence says so', () => {
    const conv = new Conversation({ timeoutMs: 1000 });
    const req = conv.out(0, '{oops');
    conv.tick(1000);
    expect(conv.ev(req).findings.find((f) => f.rule === 'no-response')?.message).toMatch(/Parse error \(-32700\)/);
  });

  it('a request answered in time, a notification, and a request the peer sent raise no no-response finding', () => {
    const conv = new Conversation({ timeoutMs: 1000 });
    const a = conv.out(0, rpc({ method: 'a', id: 1 }));
    conv.in(10, rpc({ result: 1, id: 1 }));
    const n = conv.out(20, rpc({ method: 'note' }));
    const theirs = conv.in(30, rpc({ method: 'workspace/configuration', id: 0 }));
    conv.tick(5000);
    for (const seq of [a, n, theirs]) expect(conv.ev(seq).findings).toEqual([]);
    expect(conv.ev(theirs).state).toBe('timed-out');
  });
});
