import { afterEach, describe, expect, it } from 'vitest';
import { PATCH_FIELDS, applyPatch, type EventPatch } from '@/lib/session/patch';
import { parseEventPatch } from '@/lib/session/schemas';
import type { TargetSpec, TrafficEvent } from '@/lib/session/types';
import { emptyView, mergeEvents, mergePatches } from '@/components/stores/apply';
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
    expect(view.events[0]).toEqual(inMemory);
    expect(inMemory).toMatchObject({ state: 'late', late: true, pair: 7, latencyMs: 12.5 });
    // The neighbour is untouched everywhere.
    expect(store.events.getEvent(s.id, 2)).toEqual(request(2));
    expect(view.events[1]).toEqual(request(2));
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
