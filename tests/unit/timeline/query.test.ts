import { describe, expect, it } from 'vitest';
import { EVENT_KINDS } from '@/lib/timeline/filter';
import { globToRegExp, parseComparison, parseQuery, setQueryTerm, tokenize } from '@/lib/timeline/query';
import { STATUS_NAMES } from '@/lib/timeline/status';

const parse = (q: string) => parseQuery(q, STATUS_NAMES, EVENT_KINDS);

describe('timeline query syntax', () => {
  it('reads the documented example into one term per key', () => {
    const q = parse('method:textDocument/* status:error latency:>500 dir:in kind:request id:3 has:findings');
    expect(q.problems).toEqual([]);
    expect(q.terms.map((t) => t.key)).toEqual(['method', 'status', 'latency', 'dir', 'kind', 'id', 'has']);
    expect(q.terms[2]).toMatchObject({ key: 'latency', cmp: { op: '>', value: 500 } });
    expect(q.terms[5]).toMatchObject({ key: 'id', values: [{ text: '3', quoted: false }] });
  });

  it('keeps quoted phrases together and remembers that an id value was quoted', () => {
    expect(tokenize('"two words" id:"3" plain').map((t) => t.text)).toEqual(['two words', 'id:3', 'plain']);
    const q = parse('id:"3"');
    expect(q.terms[0]).toMatchObject({ key: 'id', values: [{ text: '3', quoted: true }] });
  });

  it('negates with a leading minus and splits alternatives on commas', () => {
    const q = parse('-kind:stderr,exit method:a,b');
    expect(q.terms[0]).toMatchObject({ key: 'kind', values: ['stderr', 'exit'], negate: true });
    expect(q.terms[1]).toMatchObject({ key: 'method', values: ['a', 'b'], negate: false });
  });

  it('keeps a pasted URL as free text, not a field', () => {
    const q = parse('http://localhost:3000');
    expect(q.terms).toEqual([{ key: 'text', text: 'http://localhost:3000', negate: false }]);
  });

  it('says in plain words what is wrong with a bad value and leaves that term out', () => {
    const q = parse('latency:>fast status:weird dir:up kind:foo');
    expect(q.terms).toEqual([]);
    expect(q.problems).toHaveLength(4);
    expect(q.problems[0]).toMatch(/latency:>500/);
    expect(q.problems[1]).toMatch(/unknown status "weird"/);
    expect(q.problems[2]).toMatch(/in, out or meta/);
    expect(q.problems[3]).toMatch(/unknown kind "foo"/);
  });

  it('understands latency comparisons, units and ranges', () => {
    expect(parseComparison('>=1s')).toEqual({ op: '>=', value: 1000 });
    expect(parseComparison('<20ms')).toEqual({ op: '<', value: 20 });
    expect(parseComparison('100..500')).toEqual({ op: 'range', min: 100, max: 500 });
    expect(parseComparison('250')).toEqual({ op: '>=', value: 250 });
    expect(parseComparison('abc')).toBeUndefined();
  });

  it('matches method globs case-insensitively and anchored', () => {
    const re = globToRegExp('textDocument/*');
    expect(re.test('textDocument/hover')).toBe(true);
    expect(re.test('textdocument/didOpen')).toBe(true);
    expect(re.test('x/textDocument/hover')).toBe(false);
    expect(globToRegExp('a.b').test('axb')).toBe(false);
  });

  it('replaces one key in a query and keeps the rest as typed', () => {
    expect(setQueryTerm('status:error method:old "a b"', 'method', 'new/one')).toBe('status:error "a b" method:new/one');
    expect(setQueryTerm('method:x', 'method', null)).toBe('');
  });
});
