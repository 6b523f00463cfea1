/**
 * What the app's recorder hands its worker: rows packed into one text and one number buffer.
 * Whatever the events held — nulls, non-ASCII text, a lone surrogate kept in the body, 0 and
 * negative numbers — the worker unpacks exactly the rows that were made, so it stores them as
 * the main-thread recorder would.
 */
import { describe, expect, it } from 'vitest';
import type { TrafficEvent } from '@/lib/session/types';
import { rowOf } from '@/server/store/event-row';
import { packEvents, packRows, seqsOf, unpackRows } from '@/server/store/row-batch';

const events: TrafficEvent[] = [
  { seq: 1, t: 0, time: 1_700_000_000_000, dir: 'out', raw: '{"jsonrpc":"2.0","id":0,"method":"héllo/世界 😀"}', kind: 'request', id: 0, method: 'héllo/世界 😀', state: 'pending', findings: [] },
  { seq: 2, t: 1.25, time: 1_700_000_000_001, dir: 'in', raw: 'bad \ud800 text', rawBase64: 'YmFkIP8=', kind: 'noise', reason: 'not-json', findings: [] },
  {
    seq: 3, t: 2.5, time: 1_700_000_000_002, dir: 'in', raw: '{"jsonrpc":"2.0","id":0,"error":{"code":-32601,"message":""}}', kind: 'error', id: 0, state: 'answered', pair: 1, latencyMs: 0,
    error: { code: -32601, message: '', name: 'MethodNotFound', meaning: 'The method does not exist.', source: 'jsonrpc' }, findings: [{ rule: 'x', severity: 'info', message: 'm' }],
  },
];

describe('rows handed to the recorder\'s worker', () => {
  it('come out of the packing exactly as they went in', () => {
    const rows = events.map(rowOf);
    const packed = packRows(rows);
    expect(packed.count).toBe(3);
    expect(unpackRows(structuredClone(packed))).toEqual(rows);
  });

  it('made and packed in one pass, they are the rows rowOf makes, and a lost batch names their seqs', () => {
    const packed = packEvents(events);
    expect(unpackRows(structuredClone(packed))).toEqual(events.map(rowOf));
    expect(seqsOf(packed)).toEqual([1, 2, 3]);
    // The body is made with raw blanked in place and put back: the events are left as they were.
    expect(events[0].raw).toBe('{"jsonrpc":"2.0","id":0,"method":"héllo/世界 😀"}');
  });

  it('an empty batch packs to nothing', () => {
    expect(unpackRows(packRows([]))).toEqual([]);
  });
});
