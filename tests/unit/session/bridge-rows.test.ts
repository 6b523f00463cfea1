/**
 * The bridge's columnar batches (lib/session/bridge-rows.ts, in the one row shape of
 * lib/timeline/row-columns.ts): what the page reads back is every entry as sent (its wire text
 * apart), every kind of member and id included, with the rule table's sentences put back and
 * repeated findings shared between rows instead of copied.
 */
import { describe, expect, it } from 'vitest';
import { encodeRows } from '@/lib/session/bridge-rows';
import { RULES } from '@/lib/jsonrpc/rules/table';
import { columnsReader, rowColumnsProblem, type RowColumns } from '@/lib/timeline/row-columns';
import type { EntryRow } from '@/lib/timeline/row';
import type { TrafficEvent } from '@/lib/session/types';

const SENTENCE = RULES.get('jsonrpc-version')!.spec!;

const events: TrafficEvent[] = [
  { seq: 1, t: 0.5, time: 1000, dir: 'meta', raw: '', kind: 'connection', note: 'started x (pid 7)', findings: [], process: { pid: 7 } },
  { seq: 2, t: 1.25, time: 1001, dir: 'out', raw: '{"id":0}', kind: 'request', id: 0, method: 'a/b', state: 'pending', findings: [{ rule: 'jsonrpc-version', severity: 'error', message: 'no jsonrpc', spec: SENTENCE }] },
  { seq: 3, t: 2, time: 1002, dir: 'out', raw: '{"id":"x"}', kind: 'request', id: 'x', method: 'a/b', state: 'answered', pair: 4, latencyMs: 3.5, findings: [{ rule: 'jsonrpc-version', severity: 'error', message: 'no jsonrpc', spec: SENTENCE }] },
  { seq: 4, t: 3, time: 1003, dir: 'in', raw: '{}', kind: 'error', id: null, pair: 3, latencyMs: 3.5, findings: [{ rule: 'own', severity: 'warning', message: 'm', spec: 'a dialect sentence', path: 'error.code' }, { rule: 'bare', severity: 'info', message: 'n' }], error: { code: -32601, message: 'nope', name: 'MethodNotFound', meaning: 'gone', source: 'jsonrpc' }, masked: ['TOKEN'] },
  { seq: 6, t: 4, time: 1004, dir: 'in', raw: '[]', kind: 'batch', findings: [], items: [{ index: 0, kind: 'response', id: 9, findings: [] }] as unknown as TrafficEvent['items'], http: { status: 200 } as TrafficEvent['http'] },
  { seq: 7, t: 5, time: 1005, dir: 'in', raw: '{}', kind: 'error', id: 3, findings: [], error: { code: null, message: 'odd', name: '', meaning: '', source: 'application', data: { why: [1, 2] } } },
  { seq: 8, t: 6, time: 1006, dir: 'in', raw: '{}', kind: 'error', id: 4, findings: [{ rule: 'orphan', severity: 'error', message: 'no request 4', path: 'id' }], error: { code: -32601, message: 'nope 4', name: 'Method not found', meaning: 'The method does not exist.', source: 'jsonrpc' } },
  { seq: 9, t: 7, time: 1007, dir: 'in', raw: '{}', kind: 'error', id: 5, idText: '5.0', findings: [], error: { code: -32601, message: 'nope 5', name: 'Method not found', meaning: 'The method does not exist.', source: 'jsonrpc' } },
];

const roundTrip = (evs: TrafficEvent[], from = 0): EntryRow[] => {
  const cols: unknown = JSON.parse(encodeRows(evs));
  expect(rowColumnsProblem(cols)).toBeNull();
  return columnsReader(cols as RowColumns, (x) => x).rows(from);
};

const withoutText = ({ raw: _raw, rawBase64: _b64, ...rest }: TrafficEvent) => rest;
const defined = (r: object) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined));

describe('a columnar bridge batch', () => {
  it('reads back as the entries sent, without their wire text', () => {
    expect(roundTrip(events).map(defined)).toEqual(events.map(withoutText));
  });

  it("keeps the ids 0, '' and null apart from an absent id", () => {
    const ids: TrafficEvent[] = [0, '', null, undefined].map((id, i) => ({ seq: i + 1, t: i, time: i, dir: 'in', raw: '', kind: 'response', findings: [], ...(id === undefined ? {} : { id }) }));
    expect(roundTrip(ids).map((r) => ('id' in defined(r) ? r.id : 'absent'))).toEqual([0, '', null, 'absent']);
  });

  it("sends a rule's sentence once by reference, and a dialect's own sentence as it is", () => {
    const json = encodeRows(events);
    expect(json).not.toContain(SENTENCE);
    expect(json.split('a dialect sentence').length).toBe(2);
  });

  it('shares one finding between the rows of a batch that carry the same one, and sends it once', () => {
    const [, a, b] = roundTrip(events);
    expect(a.findings).toEqual(b.findings);
    expect(a.findings[0]).toBe(b.findings[0]);
    expect(encodeRows(events).split('no jsonrpc').length).toBe(2);
  });

  it('leaves the events it sent as they were (their sentences marked only while they are written)', () => {
    const evs = structuredClone(events);
    encodeRows(evs);
    expect(evs).toEqual(events);
  });

  it('starts at the row a page has not seen yet', () => {
    expect(roundTrip(events, 3).map((r) => r.seq)).toEqual([4, 6, 7, 8, 9]);
  });

  it("sends an error's catalog words once a batch, and an id's own text only where it says more than the id", () => {
    const json = encodeRows(events);
    expect(json.split('The method does not exist.').length).toBe(2);
    const [eight, nine] = roundTrip(events, 6);
    expect(eight.error).toEqual(events[6].error);
    expect(nine.idText).toBe('5.0');
    expect(roundTrip(events, 1)[0].idText).toBeUndefined();
  });

  it('refuses columns of different lengths', () => {
    const cols = JSON.parse(encodeRows(events)) as Record<string, unknown[]>;
    cols.kind.pop();
    expect(rowColumnsProblem(cols)).toMatch(/kind column/);
  });
});
