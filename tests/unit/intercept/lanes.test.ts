/**
 * The holder's lanes (the HTTP/WebSocket tap): a held message holds only what comes behind it in
 * its own lane — one POST, one event stream, one socket direction — while other lanes in the same
 * direction flow; a lane whose connection ended lets its messages go, held ones marked released.
 */
import { describe, expect, it } from 'vitest';
import { Holder, type Release } from '@/lib/intercept/holder';

const req = (id: number, method: string) => JSON.stringify({ jsonrpc: '2.0', id, method });
const names = (out: Release<string>[]) => out.map((r) => `${r.how}:${r.payload}${r.how === 'forward' && r.released ? ' (released)' : ''}`);

function holder() {
  const h = new Holder<string>();
  expect(h.setBreakpoints(['method:hold']).ok).toBe(true);
  const offer = (lane: string, name: string, body: string) => h.offer('in', name, body.length, body, body, lane);
  return { h, offer };
}

describe('intercept lanes', () => {
  it('a held event holds the later events of its stream, not another stream in the same direction', () => {
    const { h, offer } = holder();
    const held = offer('sse:1', 'a', req(1, 'hold')).held!;
    expect(offer('sse:1', 'b', req(2, 'other')).out).toEqual([]);
    expect(names(offer('sse:2', 'c', req(3, 'other')).out)).toEqual(['pass:c']);
    expect(h.held()).toMatchObject([{ hold: held.hold, behind: 1 }]);
    expect(h.waiting('sse:1')).toBe(true);
    expect(h.waiting('sse:2')).toBe(false);
    const fwd = h.forward(held.hold, req(1, 'edited'));
    expect(fwd.ok && names(fwd.out)).toEqual(['edit:a', 'pass:b']);
    expect(h.anyWaiting).toBe(false);
  });

  it('a lane whose connection ended lets everything go, the held ones marked released; others stay held', () => {
    const { h, offer } = holder();
    offer('ws:1:in', 'a', req(1, 'hold'));
    expect(h.after('ws:1:in', 'binary', 10)).toEqual([]);
    const other = offer('ws:2:in', 'b', req(2, 'hold')).held!;
    expect(names(h.releaseLane('ws:1:in'))).toEqual(['forward:a (released)', 'pass:binary']);
    expect(h.held().map((x) => x.hold)).toEqual([other.hold]);
    expect(names(h.act({ action: 'release-all' }).out)).toEqual(['forward:b (released)']);
  });

  it('an ask it cannot carry out says why and changes nothing', () => {
    const { h, offer } = holder();
    offer('post:1', 'a', req(1, 'hold'));
    expect(h.act({ action: 'drop', hold: 99 })).toEqual({ out: [], error: expect.stringMatching(/nothing is held as #99/) });
    expect(h.held()).toHaveLength(1);
  });
});
