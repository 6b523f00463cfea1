/**
 * How the Held panel words where a held message holds others up: per direction for a stdio tap,
 * per POST, reply, event stream or socket direction for the HTTP/WebSocket tap (its lanes), and
 * the panel's hint says which rule applies to this tap.
 */
import { describe, expect, it } from 'vitest';
import { Holder } from '@/lib/intercept/holder';
import { holdsUpWords, laneWords } from '@/lib/intercept/words';

describe('where a held message holds others up', () => {
  it('a stdio tap’s lane is its direction', () => {
    expect(laneWords('out', 'out')).toBe('in its direction (client → server)');
    expect(laneWords(undefined, 'in')).toBe('in its direction (server → client)');
  });

  it('the proxy tap names the POST, reply, event stream or socket direction', () => {
    expect(laneWords('post:4', 'out')).toBe('in this POST');
    expect(laneWords('reply:4', 'in')).toBe('in this reply');
    expect(laneWords('sse:9', 'in')).toBe('on this event stream');
    expect(laneWords('ws:2:out', 'out')).toBe('on WebSocket #2, client → server');
    expect(laneWords('ws:3:in', 'in')).toBe('on WebSocket #3, server → client');
  });

  it('the panel’s hint speaks of directions only for a stdio tap', () => {
    expect(holdsUpWords(false)).toMatch(/in its direction/);
    expect(holdsUpWords(true)).not.toMatch(/in its direction/);
    expect(holdsUpWords(true)).toMatch(/POST.*event stream.*WebSocket/);
  });

  it('the held list carries each message’s lane', () => {
    const h = new Holder<string>(() => 0);
    h.setBreakpoints(['method:a']);
    const body = '{"jsonrpc":"2.0","method":"a"}';
    h.offer('out', 'x', body.length, body, body, 'ws:2:out');
    h.offer('in', 'y', body.length, body, body);
    expect(h.held().map((f) => f.lane)).toEqual(['ws:2:out', 'in']);
  });
});
