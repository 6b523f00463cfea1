/**
 * What a tapped conversation's injected entries look like in every view: a labelled mark on the
 * injected message (worded by the side it went to), a "consumed" mark on the answer the tap kept
 * from the real side, nothing on ordinary traffic, and `has:injected` finds them.
 */
import { describe, expect, it } from 'vitest';
import { EMPTY_FILTER, compileFilter, filterIndexes } from '@/lib/timeline/filter';
import { entryMarks } from '@/lib/timeline/marks';
import { ev, lookupOf } from './events';

const events = [
  ev({ seq: 1, dir: 'out', kind: 'request', method: 'initialize', id: 1, pair: 2, state: 'answered' }),
  ev({ seq: 2, dir: 'in', kind: 'response', id: 1, pair: 1 }),
  ev({ seq: 3, dir: 'out', kind: 'request', method: 'tools/list', id: 'rpcscope-inject-1', pair: 4, state: 'answered', injected: true }),
  ev({ seq: 4, dir: 'in', kind: 'response', id: 'rpcscope-inject-1', pair: 3 }),
  ev({ seq: 5, dir: 'in', kind: 'notification', method: 'notifications/message', injected: true }),
  ev({ seq: 6, dir: 'in', kind: 'request', method: 'roots/list', id: 'rpcscope-inject-2', pair: 7, state: 'answered', injected: true }),
  ev({ seq: 7, dir: 'out', kind: 'error', id: 'rpcscope-inject-2', pair: 6 }),
  ev({ seq: 8, dir: 'meta', kind: 'connection', note: 'tapping', injected: true }),
];
const lookup = lookupOf(events);
const marksOf = (seq: number) => entryMarks(events[seq - 1], lookup).map((m) => [m.label, m.title]);

describe('entry marks of a tapped conversation', () => {
  it('ordinary traffic carries no mark', () => {
    expect(marksOf(1)).toEqual([]);
    expect(marksOf(2)).toEqual([]);
  });

  it('an injected request to the server is marked injected, and says it went to the server', () => {
    expect(marksOf(3)).toEqual([['injected', expect.stringMatching(/written to the server as if from the client/)]]);
  });

  it('the answer the tap kept is marked consumed, naming the side that never saw it', () => {
    expect(marksOf(4)).toEqual([['consumed', expect.stringMatching(/not passed on to the client/)]]);
    expect(marksOf(7)).toEqual([['consumed', expect.stringMatching(/not passed on to the server/)]]);
  });

  it('messages injected to the client say so', () => {
    expect(marksOf(5)).toEqual([['injected', expect.stringMatching(/written to the client as if from the server/)]]);
    expect(marksOf(6)[0][0]).toBe('injected');
  });

  it('connection notes are never marked', () => {
    expect(marksOf(8)).toEqual([]);
  });

  it('has:injected finds exactly the injected messages, and -has:injected the rest', () => {
    const pick = (query: string) => filterIndexes(events, compileFilter({ ...EMPTY_FILTER, query }), lookup).map((i) => events[i].seq);
    expect(pick('has:injected')).toEqual([3, 5, 6, 8]);
    expect(pick('-has:injected')).toEqual([1, 2, 4, 7]);
  });
});

describe('entry marks of intercepted messages', () => {
  const held = [
    ev({ seq: 1, dir: 'out', kind: 'request', method: 'tools/call', id: 1, state: 'pending', intercept: { state: 'held', hold: 1, since: 0 } }),
    ev({ seq: 2, dir: 'out', kind: 'request', method: 'tools/call', id: 2, state: 'pending', intercept: { state: 'edited', hold: 2, heldMs: 40, sent: '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{}}' } }),
    ev({ seq: 3, dir: 'in', kind: 'response', id: 9, intercept: { state: 'edited', hold: 3, heldMs: 10, sent: '{}' } }),
    ev({ seq: 4, dir: 'out', kind: 'request', method: 'ping', id: 3, state: 'pending', intercept: { state: 'forwarded', hold: 4, heldMs: 10 } }),
  ];
  const look = lookupOf(held);
  const marks = (seq: number) => entryMarks(held[seq - 1], look).map((m) => [m.label, m.title]);

  it('a message forwarded edited is marked edited, naming the side that got the edit', () => {
    expect(marks(2)).toEqual([['edited', expect.stringMatching(/the server received the edited text/)]]);
    expect(marks(3)).toEqual([['edited', expect.stringMatching(/the client received the edited text/)]]);
  });

  it('held, and forwarded unchanged, carry no mark (the status column says held)', () => {
    expect(marks(1)).toEqual([]);
    expect(marks(4)).toEqual([]);
  });

  it('status:edited finds the edited ones', () => {
    const pick = (query: string) => filterIndexes(held, compileFilter({ ...EMPTY_FILTER, query }), look).map((i) => held[i].seq);
    expect(pick('status:edited')).toEqual([2, 3]);
  });
});
