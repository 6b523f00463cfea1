import { describe, expect, it } from 'vitest';
import { formatJsonPath, parseJsonLossless, stringifyNode } from '@/lib/timeline/json';

describe('inspector JSON reader', () => {
  it('keeps integers beyond 2^53 exactly as sent', () => {
    const r = parseJsonLossless('{"id":9007199254740993,"x":1.50}');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(stringifyNode(r.node, 0)).toBe('{"id":9007199254740993,"x":1.50}');
  });

  it('keeps duplicate member names in order rather than dropping one', () => {
    const r = parseJsonLossless('{"a":1,"a":2}');
    expect(r.ok && r.node.t === 'object' && r.node.entries.map(([k]) => k)).toEqual(['a', 'a']);
  });

  it('decodes escapes and unicode in strings', () => {
    const r = parseJsonLossless('["a\\"b\\u00e9\\n", "日本"]');
    expect(r.ok && stringifyNode(r.node, 0)).toBe('["a\\"bé\\n","日本"]');
  });

  it('reports where broken JSON breaks instead of throwing', () => {
    for (const bad of ['{"a":1,', '{"a" 1}', '[1,]', '{"jsonrpc":"2.0"} trailing', '"open', '', 'nul']) {
      const r = parseJsonLossless(bad);
      expect(r.ok, bad).toBe(false);
      if (!r.ok) expect(r.error.length).toBeGreaterThan(3);
    }
    const r = parseJsonLossless('{"a":1,}');
    expect(r).toMatchObject({ ok: false, offset: 7 });
  });

  it('refuses absurd nesting without blowing the stack', () => {
    const r = parseJsonLossless('['.repeat(100_000));
    expect(r).toMatchObject({ ok: false, error: expect.stringMatching(/nested deeper/) });
  });

  it('pretty-prints with two-space indent', () => {
    const r = parseJsonLossless('{"a":[1,{"b":null}],"c":{}}');
    expect(r.ok && stringifyNode(r.node)).toBe('{\n  "a": [\n    1,\n    {\n      "b": null\n    }\n  ],\n  "c": {}\n}');
  });

  it('writes JSON paths users can paste', () => {
    expect(formatJsonPath(['params', 'textDocument', 'uri'])).toBe('$.params.textDocument.uri');
    expect(formatJsonPath(['items', 2, 'odd key'])).toBe('$.items[2]["odd key"]');
  });
});
