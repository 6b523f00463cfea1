import { afterEach, describe, expect, it } from 'vitest';
import { PATCH_FIELDS, applyPatch, type EventPatch } from '@/lib/session/patch';
import { parseEventPatch } from '@/lib/session/schemas';
import type { TargetSpec, TrafficEvent } from '@/lib/session/types';
import { emptyView, mergeEvents, mergePatches } from '@/components/stores/apply';
import { entryTexts, withText } from '@/components/stores/entry-texts';
import { tempStores } from './temp-store';

const target: TargetSpec = { kind: 'tcp', host: '127.0.0.1', port: 9, framing: 'newline' };
const temp = tempStores();
afterEach(() => temp.cleanup());

const request = (seq: number): TrafficEvent => ({
  seq, t: seq, time: 1_700_000_000_000 + seq, dir: 'out', raw: `{"jsonrpc":"2.0","id":${seq},"method":"m"}`,
  kind: 'request', id: seq, method: 'm', state: 'pending', findings: [],
});

/** A patch that changes every member a patch may carry, so a member one place forgets shows up. */
const everything: EventPatch = {
  seq: 1,
  pair: 7,
  latencyMs: 12.5,
  state: 'late',
  late: true,
  items: [{ index: 0, kind: 'request', id: 1, method: 'm', pair: 7, state: 'late', latencyMs: 12.5, findings: [] }],
  findings: [{ rule: 'late-answer', severity: 'warning', message: 'answered after the timeout' }],
  error: { code: -32601, message: 'nope', name: 'Method not found', meaning: 'no such method', source: 'jsonrpc' },
  progress: { seq: 9, progress: 2, total: 5, message: 'halfway' },
  intercept: { state: 'edited', hold: 3, heldMs: 1500, sent: 'Content-Length: 2\r\n\r\n{}' },
};

describe('a late answer patched onto a recorded request', () => {
  it('the example patch covers every patchable member', () => {
    expect(Object.keys(everything).filter((k) => k !== 'seq').sort()).toEqual([...PATCH_FIELDS].sort());
    expect(parseEventPatch(everything)).toEqual({ ok: true, value: everything });
  });

  it('reads back from the store exactly as the page and the CLI show it', () => {
    const store = temp.open(temp.dir());
    const s = store.sessions.create({ name: 'patched', target, status: 'open' });
    store.events.appendMany(s.id, [request(1), request(2)]);
    expect(store.events.applyPatches(s.id, [everything, { seq: 99, state: 'answered' }])).toEqual({ applied: 1, missing: [99] });

    const view = emptyView(store.sessions.require(s.id));
    mergeEvents(view, [request(1), request(2)]);
    expect(mergePatches(view, [everything, { seq: 99, state: 'answered' }])).toBe(true);

    const inMemory = request(1);
    applyPatch(inMemory, everything);

    const recorded = store.events.getEvent(s.id, 1);
    expect(recorded).toEqual(inMemory);
    // The page's row holds everything but the wire text, which its text cache keeps.
    expect(withText(view.events[0], entryTexts.peek(s.id, 1)!)).toEqual(inMemory);
    expect(inMemory).toMatchObject({ state: 'late', late: true, pair: 7, latencyMs: 12.5 });
    // The neighbour is untouched everywhere.
    expect(store.events.getEvent(s.id, 2)).toEqual(request(2));
    expect(withText(view.events[1], entryTexts.peek(s.id, 2)!)).toEqual(request(2));
    // The store's summary counts the error and the finding the patch brought.
    expect(store.sessions.require(s.id).counts).toMatchObject({ errors: 1, findings: 1 });
  });

  it('members a patch leaves out keep their values', () => {
    const ev = { ...request(3), state: 'answered' as const, pair: 4, latencyMs: 3 };
    applyPatch(ev, { seq: 3, findings: [{ rule: 'x', severity: 'info', message: 'y' }] });
    expect(ev).toMatchObject({ state: 'answered', pair: 4, latencyMs: 3, findings: [{ rule: 'x' }] });
  });

  it('a patch cannot rewrite the wire text, and bad values are refused', () => {
    const r = parseEventPatch({ seq: 1, raw: 'rewritten' });
    expect(r.ok).toBe(true); // zod strips unknown members; the raw text is never taken from a patch
    if (r.ok) expect(r.value).toEqual({ seq: 1 });
    expect(parseEventPatch({ seq: 1, state: 'bogus' }).ok).toBe(false);
    expect(parseEventPatch({ seq: -1 }).ok).toBe(false);
  });
});

describe('a target exits with many requests still waiting', () => {
  it('every waiting request reads back as target-exited, key order and text kept, unknown seqs reported', () => {
    const store = temp.open(temp.dir());
    const s = store.sessions.create({ name: 'exited', target, status: 'open' });
    const events = Array.from({ length: 500 }, (_, i) => request(i + 1));
    // A raw text that is not well-formed UTF-16 stays inside the body: the set-based update must keep it.
    events[9] = { ...events[9], raw: '{"id":10,"method":"\ud800"}' };
    // One without a state yet: the patch adds it at the end, as in memory.
    const { state: _drop, ...stateless } = events[19];
    events[19] = stateless;
    store.events.appendMany(s.id, events);
    const patches: EventPatch[] = [
      ...events.slice(0, 300).map((e) => ({ seq: e.seq, state: 'target-exited' as const })),
      // A full patch in the middle of the run, then the state again for the same event: order counts.
      { seq: 5, pair: 400, latencyMs: 3, state: 'answered' },
      { seq: 5, state: 'timed-out' },
      ...events.slice(300).map((e) => ({ seq: e.seq, state: 'target-exited' as const })),
      { seq: 9999, state: 'target-exited' },
    ];
    expect(store.events.applyPatches(s.id, patches)).toEqual({ applied: patches.length - 1, missing: [9999] });
    for (const e of events) {
      const inMemory = structuredClone(e);
      for (const p of patches) if (p.seq === e.seq) applyPatch(inMemory, p);
      const recorded = store.events.getEvent(s.id, e.seq);
      expect(recorded).toEqual(inMemory);
      expect(Object.keys(recorded ?? {})).toEqual(Object.keys(inMemory));
    }
    expect(store.events.getEvent(s.id, 5)).toMatchObject({ state: 'timed-out', pair: 400 });
    expect(store.events.getEvent(s.id, 10)?.raw).toBe('{"id":10,"method":"\ud800"}');
    expect(store.events.listEvents(s.id, { limit: 1000 }).filter((e) => e.state === 'target-exited')).toHaveLength(499);
  });
});
