import { describe, expect, it } from 'vitest';
import { canonicalNumber, classify, extractIdTokens, formatId, idKey, sameId } from '../../../lib/jsonrpc';
import { Conversation, rpc } from './harness';

describe('ids compare by exact JSON value', () => {
  it('1 and "1" are different ids', () => {
    expect(sameId(1, '1')).toBe(false);
    expect(idKey(1)).toBe('n:1');
    expect(idKey('1')).toBe('s:1');
  });

  it('0 and "" are real ids, distinct from null and from each other', () => {
    expect(idKey(0)).toBe('n:0');
    expect(idKey('')).toBe('s:');
    expect(idKey(null)).toBe('null');
    expect(idKey(-0)).toBe('n:0');
    expect(sameId(0, '')).toBe(false);
    expect(sameId(0, null)).toBe(false);
    const c = classify(rpc({ method: 'a', id: 0 }));
    expect(c).toMatchObject({ kind: 'request', hasId: true, id: 0, idKey: 'n:0' });
    expect(classify(rpc({ method: 'a', id: '' }))).toMatchObject({ kind: 'request', hasId: true, id: '', idKey: 's:' });
  });

  it('ids of non-spec types have no key', () => {
    expect(idKey(true)).toBeUndefined();
    expect(idKey({})).toBeUndefined();
    expect(idKey([1])).toBeUndefined();
  });

  it('an integer beyond 2^53 is kept exactly as sent', () => {
    const c = classify('{"jsonrpc":"2.0","method":"a","id":12345678901234567890}');
    expect(c.idText).toBe('12345678901234567890');
    expect(c.idKey).toBe('n:12345678901234567890');
    expect(formatId(c.id, c.idText)).toBe('12345678901234567890');
    // Two big ids that the same double stands for stay apart.
    const d = classify('{"jsonrpc":"2.0","method":"a","id":12345678901234567891}');
    expect(d.id).toBe(c.id);
    expect(d.idKey).not.toBe(c.idKey);
  });

  it('safe integers carry no idText (the common case stays cheap)', () => {
    expect(classify(rpc({ method: 'a', id: 42 })).idText).toBeUndefined();
    expect(classify(rpc({ method: 'a', id: 9007199254740991 })).idText).toBeUndefined();
  });

  it('a fractional id keeps its wire text and gets a warning', () => {
    const c = classify('{"jsonrpc":"2.0","method":"a","id":1.50}');
    expect(c.idText).toBe('1.50');
    expect(c.idKey).toBe('n:1.5');
    expect(c.findings.map((f) => f.rule)).toEqual(['id-fractional']);
    expect(c.findings[0].severity).toBe('warning');
  });

  it('equal numbers written differently are one id', () => {
    expect(canonicalNumber('1.50')).toBe('1.5');
    expect(canonicalNumber('1E2')).toBe('100');
    expect(canonicalNumber('12345678901234567890')).toBe('12345678901234567890');
    expect(canonicalNumber('1.2345678901234567890e19')).toBe('12345678901234567890');
    expect(canonicalNumber('-0.0')).toBe('0');
    expect(canonicalNumber('0.001')).toBe('0.001');
    expect(canonicalNumber('1e-30')).toBe('1e-30');
    expect(canonicalNumber('1e400')).toBe('1e400');
    expect(canonicalNumber('abc')).toBeUndefined();
    expect(classify('{"jsonrpc":"2.0","method":"a","id":1e400}').idKey).toBe('n:1e400');
  });

  it('finds the raw id token in a batch, per entry, ignoring nested and escaped look-alikes', () => {
    const text = '[{"jsonrpc":"2.0","params":{"id":1},"method":"a","id":18446744073709551615},{"jsonrpc":"2.0","result":1,"\\u0069d" : 99999999999999999999 ,"x":"\\"id\\":5"},3]';
    const t = extractIdTokens(text);
    expect(t.items.get(0)).toBe('18446744073709551615');
    expect(t.items.get(1)).toBe('99999999999999999999');
    expect(t.items.has(2)).toBe(false);
    const c = classify(text);
    expect(c.items![0].idText).toBe('18446744073709551615');
    expect(c.items![1].idKey).toBe('n:99999999999999999999');
  });

  it('the last duplicate id member wins, as with JSON.parse', () => {
    const c = classify('{"jsonrpc":"2.0","id":1,"method":"a","id":123456789012345678901}');
    expect(c.idText).toBe('123456789012345678901');
  });
});

describe('ids in the conversation', () => {
  it('a response with id "1" does not answer a request with id 1', () => {
    const conv = new Conversation();
    const req = conv.out(0, rpc({ method: 'a', id: 1 }));
    const wrong = conv.in(1, rpc({ result: 1, id: '1' }));
    expect(conv.ev(wrong).state).toBe('orphan');
    expect(conv.rules(wrong)).toContain('orphan-response');
    const right = conv.in(2, rpc({ result: 1, id: 1 }));
    expect(conv.ev(right).pair).toBe(req);
  });

  it('id 0 and id "" pair like any other id', () => {
    const conv = new Conversation();
    const a = conv.out(0, rpc({ method: 'a', id: 0 }));
    const b = conv.out(0, rpc({ method: 'b', id: '' }));
    const rb = conv.in(2, rpc({ result: 'b', id: '' }));
    const ra = conv.in(3, rpc({ result: 'a', id: 0 }));
    expect(conv.ev(rb).pair).toBe(b);
    expect(conv.ev(ra).pair).toBe(a);
    expect(conv.ev(a).state).toBe('answered');
    expect(conv.ev(b).state).toBe('answered');
  });

  it('a big id answered with its exact text pairs; rounded, it does not', () => {
    const conv = new Conversation();
    const req = conv.out(0, '{"jsonrpc":"2.0","method":"a","id":12345678901234567890}');
    const rounded = conv.in(1, '{"jsonrpc":"2.0","result":1,"id":12345678901234567000}');
    expect(conv.ev(rounded).state).toBe('orphan');
    const exact = conv.in(2, '{"jsonrpc":"2.0","result":1,"id":12345678901234567890}');
    expect(conv.ev(exact).pair).toBe(req);
    expect(conv.ev(exact).idText).toBe('12345678901234567890');
  });
});
