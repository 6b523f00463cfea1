import { describe, expect, it } from 'vitest';
import { arrayElements, bodyOf, compactJson, formatJson, member, objectMembers, rootSpan, slice } from '@/lib/builder/json-text';

describe('Format keeps every token the user typed', () => {
  it('pretty-prints without touching big integers, decimals or escapes', () => {
    const text = '{"a":12345678901234567890,"b":1.0,"c":"x\\u0041\\n  y","d":[],"e":{},"f":[1e3,null,true]}';
    expect(formatJson(text)).toBe(
      [
        '{',
        '  "a": 12345678901234567890,',
        '  "b": 1.0,',
        '  "c": "x\\u0041\\n  y",',
        '  "d": [],',
        '  "e": {},',
        '  "f": [',
        '    1e3,',
        '    null,',
        '    true',
        '  ]',
        '}',
      ].join('\n'),
    );
  });

  it('refuses text that is not JSON instead of guessing', () => {
    expect(formatJson('{"a":')).toBeNull();
  });

  it('compacts to one line but keeps whitespace inside strings', () => {
    expect(compactJson('{\n  "a b" : [ 1 ,\t2 ],\r\n  "s": "  \\"  "\n}')).toBe('{"a b":[1,2],"s":"  \\"  "}');
  });

  it('formatting is stable (format twice = format once) and compacts back to the original', () => {
    const original = '{"x":[{"y":"}],{["},-0.5e-7]}';
    const once = formatJson(original)!;
    expect(formatJson(once)).toBe(once);
    expect(compactJson(once)).toBe(original);
  });
});

describe('spans point at the exact text of members and elements', () => {
  it('reads object members and array elements without re-serialising', () => {
    const text = ' { "id" : 9007199254740993 , "params" : [ "a,b" , {"k":"]"} ] } ';
    const root = rootSpan(text)!;
    expect(objectMembers(text, root).map((m) => m.key)).toEqual(['id', 'params']);
    expect(slice(text, member(text, root, 'id')!)).toBe('9007199254740993');
    const params = member(text, root, 'params')!;
    expect(arrayElements(text, params).map((s) => slice(text, s))).toEqual(['"a,b"', '{"k":"]"}']);
  });

  it('handles empty containers and escaped quotes in keys', () => {
    const text = '{"a\\"b":[],"c":{}}';
    const root = rootSpan(text)!;
    expect(objectMembers(text, root).map((m) => m.key)).toEqual(['a"b', 'c']);
    expect(arrayElements(text, member(text, root, 'a"b')!)).toEqual([]);
  });
});

describe('the JSON body of a recorded wire text', () => {
  it('strips a Content-Length header block', () => {
    expect(bodyOf('Content-Length: 7\r\n\r\n{"a":1}')).toBe('{"a":1}');
    expect(bodyOf('Content-Length: 7\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n[1]')).toBe('[1]');
  });
  it('leaves bare JSON alone', () => {
    expect(bodyOf('{"a":"b: c\\r\\n"}')).toBe('{"a":"b: c\\r\\n"}');
  });
});
