/**
 * What the timeline's status column says about messages a tap's breakpoint held: "held" while it
 * waits, "dropped" once dropped (whatever its pairing says), and its usual status once forwarded;
 * `status:held`, `status:dropped` and `status:edited` find them, and the fast tags agree with the full status.
 */
import { describe, expect, it } from 'vitest';
import { EMPTY_FILTER, compileFilter, filterIndexes } from '@/lib/timeline/filter';
import { eventStatus, eventTags } from '@/lib/timeline/status';
import { ev, lookupOf } from './events';

const events = [
  ev({ seq: 1, dir: 'out', kind: 'request', method: 'tools/call', id: 1, state: 'pending', intercept: { state: 'held', hold: 1, since: 0 } }),
  ev({ seq: 2, dir: 'out', kind: 'request', method: 'tools/call', id: 2, pair: 3, state: 'answered', intercept: { state: 'dropped', hold: 2, heldMs: 900 } }),
  ev({ seq: 3, dir: 'in', kind: 'error', id: 2, pair: 2, injected: true, error: { code: -32000, message: 'rpcscope tap: dropped at a breakpoint', name: 'Server error', meaning: '', source: 'standard' } }),
  ev({ seq: 4, dir: 'out', kind: 'request', method: 'tools/call', id: 3, state: 'pending', intercept: { state: 'forwarded', hold: 3, heldMs: 10 } }),
  ev({ seq: 5, dir: 'in', kind: 'response', id: 9, intercept: { state: 'held', hold: 4, since: 0 } }),
  ev({ seq: 6, dir: 'out', kind: 'request', method: 'ping', id: 4, state: 'pending' }),
  ev({ seq: 7, dir: 'out', kind: 'request', method: 'tools/call', id: 5, state: 'pending', intercept: { state: 'edited', hold: 5, heldMs: 10, sent: '{}' } }),
];
const lookup = lookupOf(events);
const status = (seq: number) => eventStatus(events[seq - 1], lookup);

describe('the status column of intercepted messages', () => {
  it('a held message says held, request or answer', () => {
    expect(status(1)).toMatchObject({ label: 'held', tone: 'warn' });
    expect(status(5)).toMatchObject({ label: 'held', tone: 'warn' });
  });

  it('a dropped request says dropped, even once the tap’s own error answered it', () => {
    expect(status(2)).toMatchObject({ label: 'dropped', tone: 'error' });
  });

  it('a forwarded one shows its usual status again, edited or not (an edited one carries the edited mark)', () => {
    expect(status(4).label).toBe('pending');
    expect(status(7).label).toBe('pending');
  });

  it('status:held and status:dropped find them, and a held request is still pending', () => {
    const pick = (query: string) => filterIndexes(events, compileFilter({ ...EMPTY_FILTER, query }), lookup).map((i) => events[i].seq);
    expect(pick('status:held')).toEqual([1, 5]);
    expect(pick('status:dropped')).toEqual([2]);
    expect(pick('status:pending')).toEqual([1, 4, 6, 7]);
    expect(pick('status:edited')).toEqual([7]);
  });

  it('the fast tags agree with the full status', () => {
    for (const e of events) expect(eventTags(e, lookup), `#${e.seq}`).toBe(eventStatus(e, lookup).tags);
  });
});
