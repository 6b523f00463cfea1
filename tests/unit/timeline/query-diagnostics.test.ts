import { describe, expect, it } from 'vitest';
import { EMPTY_FILTER, EVENT_KINDS, compileFilter } from '@/lib/timeline/filter';
import { parseQuery } from '@/lib/timeline/query';
import { KEY_ALIASES, QUERY_FIELDS, QUERY_KEYS } from '@/lib/timeline/query-fields';
import { STATUS_NAMES } from '@/lib/timeline/status';

const parse = (q: string) => parseQuery(q, STATUS_NAMES, EVENT_KINDS);
const underlined = (q: string) => parse(q).diagnostics.map((d) => q.slice(d.start, d.end));

describe('the filter says where it did not understand', () => {
  it('underlines an unknown field and names the real ones instead of silently matching nothing', () => {
    const q = parse('method:ping bogus:xyz');
    expect(q.terms.map((t) => t.key)).toEqual(['method']);
    expect(underlined('method:ping bogus:xyz')).toEqual(['bogus:xyz']);
    expect(q.diagnostics[0].message).toMatch(/unknown field "bogus:"/);
    for (const k of QUERY_KEYS) expect(q.diagnostics[0].message).toContain(k);
  });

  it('underlines a bad latency value exactly where it was typed', () => {
    const text = 'dir:in   latency:>abc status:ok';
    const q = parse(text);
    expect(underlined(text)).toEqual(['latency:>abc']);
    expect(q.diagnostics[0].message).toMatch(/write a number like latency:>500/);
    expect(q.terms.map((t) => t.key)).toEqual(['dir', 'status']);
  });

  it('spans a negated or quoted term whole, quotes included', () => {
    const text = '-status:"weird" kind:foo,request';
    expect(underlined(text)).toEqual(['-status:"weird"', 'kind:foo,request']);
    // The good alternative still filters.
    expect(parse(text).terms).toEqual([{ key: 'kind', values: ['request'], negate: false }]);
  });

  it('keeps URLs, times and quoted phrases as text with no complaint', () => {
    for (const text of ['http://localhost:3000/rpc', '12:30:01', '"bogus:xyz"']) {
      const q = parse(text);
      expect(q.diagnostics, text).toEqual([]);
      expect(q.terms[0].key, text).toBe('text');
    }
  });

  it('reports a field with no value', () => {
    expect(parse('status:').diagnostics.map((d) => d.message)).toEqual(['"status:" needs a value']);
  });

  it('hands the diagnostics to the compiled filter, which leaves the bad term out', () => {
    const compiled = compileFilter({ ...EMPTY_FILTER, query: 'bogus:xyz' });
    expect(compiled.diagnostics).toHaveLength(1);
    expect(compiled.problems).toEqual(compiled.diagnostics.map((d) => d.message));
    expect(compiled.all).toBe(true);
  });

  it('accepts every spelling the field table lists, which is what the ? sheet shows', () => {
    for (const k of QUERY_KEYS) {
      for (const spelling of [k, ...QUERY_FIELDS[k].aliases]) expect(KEY_ALIASES[spelling]).toBe(k);
      const example = parse(QUERY_FIELDS[k].example);
      expect(example.diagnostics, QUERY_FIELDS[k].example).toEqual([]);
      expect(example.terms[0].key).toBe(k);
    }
  });
});
