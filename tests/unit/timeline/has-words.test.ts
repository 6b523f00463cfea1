/**
 * The filter's `has:` field: every word the `?` sheet offers finds exactly the entries that carry
 * that thing, an unknown word is reported with the words there are, and the old spellings
 * (`has:finding`, `has:errors`) still work.
 */
import { describe, expect, it } from 'vitest';
import { EMPTY_FILTER, compileFilter, filterIndexes, parseFilterQuery } from '@/lib/timeline/filter';
import { HAS_NAMES } from '@/lib/timeline/has-words';
import { QUERY_FIELDS } from '@/lib/timeline/query-fields';
import { ev, lookupOf } from './events';

const finding = { rule: 'jsonrpc-id-type', severity: 'warning' as const, message: 'id is a float' };
const events = [
  ev({ seq: 1, dir: 'out', kind: 'request', method: 'sum', id: 1, pair: 2, state: 'answered', http: { status: 200 } }),
  ev({ seq: 2, dir: 'in', kind: 'error', id: 1, pair: 1, error: { code: -32601, message: 'Method not found', name: 'Method not found', meaning: 'no such method', source: 'jsonrpc' } }),
  ev({ seq: 3, dir: 'in', kind: 'notification', method: 'log', findings: [finding] }),
  ev({ seq: 4, dir: 'in', kind: 'batch', items: [{ index: 0, kind: 'response', id: 7, findings: [] }] }),
  ev({ seq: 5, dir: 'out', kind: 'notification', method: 'ping', injected: true }),
  ev({ seq: 6, dir: 'meta', kind: 'stderr' }),
];
const lookup = lookupOf(events);
const pick = (query: string) => filterIndexes(events, compileFilter({ ...EMPTY_FILTER, query }), lookup).map((i) => events[i].seq);

describe('the filter’s has: words', () => {
  it('each word finds the entries that carry it', () => {
    expect(pick('has:http')).toEqual([1]);
    expect(pick('has:pair')).toEqual([1, 2]);
    expect(pick('has:findings')).toEqual([3]);
    expect(pick('has:items')).toEqual([4]);
    expect(pick('has:injected')).toEqual([5]);
    expect(pick('has:method')).toEqual([1, 3, 5]);
    expect(pick('has:id')).toEqual([1, 2]);
    expect(pick('has:error')).toContain(2);
  });

  it('the old spellings mean the same words', () => {
    expect(pick('has:finding')).toEqual(pick('has:findings'));
    expect(pick('has:errors')).toEqual(pick('has:error'));
  });

  it('an unknown word is reported with the words there are, and filters nothing in', () => {
    const parsed = parseFilterQuery('has:colour');
    expect(parsed.problems.join(' ')).toContain('has:colour');
    for (const word of HAS_NAMES) expect(parsed.problems.join(' ')).toContain(`has:${word}`);
  });

  it('the ? sheet lists every word', () => {
    for (const word of HAS_NAMES) expect(QUERY_FIELDS.has.syntax).toContain(word);
  });
});
