import { describe, expect, it } from 'vitest';
import { INJECT_ID_PREFIX, InjectBook, MAX_INJECT_BYTES } from '../../../lib/inject/inject';

describe('injecting into a tapped conversation', () => {
  it('gives an injected request an id neither side can have chosen, whatever id the user wrote', () => {
    const book = new InjectBook();
    const a = book.prepare('{"jsonrpc":"2.0","id":1,"method":"ping"}', 'server');
    const b = book.prepare('{"jsonrpc":"2.0","id":1,"method":"ping"}', 'server');
    if (!a.ok || !b.ok) throw new Error('refused');
    expect(a.ids).toEqual([`${INJECT_ID_PREFIX}1`]);
    expect(b.ids).toEqual([`${INJECT_ID_PREFIX}2`]);
    expect(JSON.parse(a.body)).toEqual({ jsonrpc: '2.0', id: `${INJECT_ID_PREFIX}1`, method: 'ping' });
  });

  it('forwards notifications and responses exactly as written', () => {
    const book = new InjectBook();
    const text = '{ "jsonrpc": "2.0", "method": "window/logMessage", "params": {"message":"é"} }';
    expect(book.prepare(text, 'client')).toEqual({ ok: true, body: text, ids: [] });
    const reply = '{"jsonrpc":"2.0","id":7,"result":null}';
    expect(book.prepare(reply, 'server')).toEqual({ ok: true, body: reply, ids: [] });
  });

  it('consumes the answer to an injected request, from the side it was sent to only', () => {
    const book = new InjectBook();
    const p = book.prepare('{"jsonrpc":"2.0","id":"x","method":"ping"}', 'server');
    if (!p.ok) throw new Error(p.error);
    const answer = { jsonrpc: '2.0', id: p.ids[0], result: 'pong' };
    expect(book.consumes(answer, 'client')).toBe(false);
    expect(book.consumes({ jsonrpc: '2.0', id: 'x', result: 'pong' }, 'server')).toBe(false);
    expect(book.waiting('server')).toEqual(p.ids);
    expect(book.consumes(answer, 'server')).toBe(true);
    // Answered once: a second answer with the same id is the real side's business again.
    expect(book.consumes(answer, 'server')).toBe(false);
    expect(book.waiting('server')).toEqual([]);
  });

  it('consumes a batch answer only when it answers injected requests alone', () => {
    const book = new InjectBook();
    const p = book.prepare('[{"jsonrpc":"2.0","id":1,"method":"a"},{"jsonrpc":"2.0","method":"note"},{"jsonrpc":"2.0","id":2,"method":"b"}]', 'server');
    if (!p.ok) throw new Error(p.error);
    expect(p.ids).toHaveLength(2);
    const mixed = [{ jsonrpc: '2.0', id: p.ids[0], result: 1 }, { jsonrpc: '2.0', id: 5, result: 2 }];
    expect(book.consumes(mixed, 'server')).toBe(false);
    const ours = p.ids.map((id) => ({ jsonrpc: '2.0', id, result: 0 }));
    expect(book.consumes(ours, 'server')).toBe(true);
  });

  it('refuses what is not JSON-RPC, or too large, in words, and remembers nothing', () => {
    const book = new InjectBook();
    expect(book.prepare('{nope', 'server')).toMatchObject({ ok: false, error: expect.stringMatching(/must be JSON/) });
    expect(book.prepare('{"id":1,"method":"x"}', 'server')).toMatchObject({ ok: false, error: expect.stringMatching(/not a JSON-RPC 2.0/) });
    expect(book.prepare('[{"jsonrpc":"2.0","method":"x"},3]', 'server')).toMatchObject({ ok: false, error: expect.stringMatching(/batch item 2/) });
    expect(book.prepare('[]', 'server')).toMatchObject({ ok: false, error: expect.stringMatching(/at least one/) });
    const big = JSON.stringify({ jsonrpc: '2.0', method: 'x', params: 'a'.repeat(MAX_INJECT_BYTES) });
    expect(book.prepare(big, 'server')).toMatchObject({ ok: false, error: expect.stringMatching(/at most/) });
    expect(book.waiting('server')).toEqual([]);
  });
});
