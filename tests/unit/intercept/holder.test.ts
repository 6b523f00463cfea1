import { describe, expect, it } from 'vitest';
import { checkBreakpoints } from '../../../lib/intercept/breakpoints';
import { Holder, type Release } from '../../../lib/intercept/holder';

const req = (id: number, method: string) => JSON.stringify({ jsonrpc: '2.0', id, method });
const res = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, result: null });
const names = (out: Release<string>[]) => out.map((r) => `${r.how}:${r.payload}`);

function holder(queries: string[]) {
  let now = 1000;
  const h = new Holder<string>(() => now);
  const set = h.setBreakpoints(queries);
  expect(set.ok).toBe(true);
  return { h, tick: (ms: number) => (now += ms), offer: (dir: 'out' | 'in', name: string, body: string) => h.offer(dir, name, body.length, body, body) };
}

describe('intercept holder', () => {
  it('passes everything while no breakpoint is set (off by default)', () => {
    const h = new Holder<string>();
    expect(h.on).toBe(false);
    expect(names(h.offer('out', 'a', 1, req(1, 'x'), req(1, 'x')).out)).toEqual(['pass:a']);
  });

  it('holds a matching request and everything behind it in that direction, not the other', () => {
    const { h, offer, tick } = holder(['method:textDocument/documentSymbol']);
    const a = offer('out', 'a', req(1, 'textDocument/documentSymbol'));
    expect(a.out).toEqual([]);
    expect(a.held).toMatchObject({ hold: 1, dir: 'out', kind: 'request', method: 'textDocument/documentSymbol', idText: '1' });
    expect(offer('out', 'b', req(2, 'other')).out).toEqual([]);
    expect(names(offer('in', 'c', JSON.stringify({ jsonrpc: '2.0', method: 'note' })).out)).toEqual(['pass:c']);
    expect(h.held()).toMatchObject([{ hold: 1, behind: 1 }]);
    tick(2500);
    const f = h.forward(1, '{"edited":true}');
    expect(f.ok && f.out).toEqual([
      { how: 'edit', payload: 'a', hold: 1, heldMs: 2500, text: '{"edited":true}' },
      { how: 'pass', payload: 'b' },
    ]);
    expect(h.held()).toEqual([]);
  });

  it('an answer counts as its request’s method, as in the timeline; kind:request holds only the request', () => {
    const both = holder(['method:ping']);
    both.h.offer('out', 'r', 1, req(7, 'ping'), req(7, 'ping'));
    expect(both.offer('in', 'answer', res(7)).held).toMatchObject({ kind: 'response' });
    const onlyRequests = holder(['method:ping kind:request']);
    onlyRequests.offer('out', 'r', req(7, 'ping'));
    expect(onlyRequests.offer('in', 'answer', res(7)).held).toBeUndefined();
  });

  it('a later held frame waits for the one ahead even when decided first', () => {
    const { h, offer } = holder(['dir:out']);
    offer('out', 'a', req(1, 'x'));
    offer('out', 'b', req(2, 'y'));
    const second = h.drop(2);
    expect(second.ok && second.out).toEqual([]);
    const first = h.forward(1);
    expect(first.ok && names(first.out)).toEqual(['forward:a', 'drop:b']);
  });

  it('turning breakpoints off releases everything held, marked released', () => {
    const { h, offer } = holder(['kind:request']);
    offer('out', 'a', req(1, 'x'));
    offer('in', 'b', req(2, 'y'));
    const off = h.setBreakpoints([]);
    expect(off.ok && off.out.map((r) => r.how === 'forward' && r.released)).toEqual([true, true]);
    expect(h.on).toBe(false);
    expect(names(offer('out', 'c', req(3, 'x')).out)).toEqual(['pass:c']);
  });

  it('refuses breakpoints it would only half understand, changing nothing', () => {
    const { h, offer } = holder(['method:a']);
    const bad = h.setBreakpoints(['bogus:1']);
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error).toMatch(/unknown field "bogus:"/);
    expect(h.queries).toEqual(['method:a']);
    expect(checkBreakpoints(['latency:>5'])[0].diagnostics[0].message).toMatch(/not known while a message is in flight/);
    expect(checkBreakpoints(['-seq:3'])[0].diagnostics[0]).toMatchObject({ start: 0, end: 6 });
    expect(offer('out', 'x', req(1, 'a')).held).toBeDefined();
  });

  it('a decision on something not held says so', () => {
    const { h } = holder(['method:a']);
    const r = h.forward(99);
    expect(!r.ok && r.error).toMatch(/nothing is held as #99/);
  });

  it('bytes that are no frame wait behind held frames, in order', () => {
    const { h, offer } = holder(['method:a']);
    offer('out', 'a', req(1, 'a'));
    expect(h.after('out', 'tail', 4)).toEqual([]);
    const f = h.forward(1);
    expect(f.ok && names(f.out)).toEqual(['forward:a', 'pass:tail']);
    expect(names(h.after('out', 'now', 3))).toEqual(['pass:now']);
  });
});
