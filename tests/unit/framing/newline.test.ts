import { describe, expect, it } from 'vitest';
import { newlineCodec, type Frame, type NoiseFrame } from '@/lib/framing';
import { base64, concat, decodeInChunks, decodeWhole, enc, expectSameWhateverTheChunking, noise } from './helpers';

const codec = newlineCodec;
const msg = (line: string): Frame => ({ type: 'message', body: line, raw: line });
const decode = (s: string | Uint8Array) => decodeWhole(codec, typeof s === 'string' ? enc(s) : s);

describe('newline framing', () => {
  const a = '{"jsonrpc":"2.0","id":1,"method":"tools/list"}';
  const b = '{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}';

  it('yields one message per line, ended by \\n or \\r\\n, without the terminator', () => {
    expect(decode(`${a}\n${b}\r\n`)).toEqual([msg(a), msg(b)]);
  });

  it('skips blank lines', () => {
    expect(decode(`\n${a}\n\r\n  \t\n${b}\n\n`)).toEqual([msg(a), msg(b)]);
  });

  it('turns a line that cannot be JSON into not-json noise and decodes the next line', () => {
    const frames = decode(`Server starting...\r\n${a}\nnpm WARN something\n${b}\n`);
    expect(frames).toEqual([noise('not-json', 'Server starting...'), msg(a), noise('not-json', 'npm WARN something'), msg(b)]);
    expect((frames[0] as NoiseFrame).detail).toMatch(/starts with "S"/);
  });

  it('passes on lines that may be JSON, leaving the verdict to classification', () => {
    const lines = ['42', '-1', '"text"', 'true', 'false', 'null', '[1]', '{oops', '  {"padded":true}  '];
    expect(decode(lines.join('\n') + '\n')).toEqual(lines.map(msg));
  });

  it('gives the same frames whatever the chunking, even split inside "é" and "😀"', () => {
    const input = enc(`banner\n{"m":"é😀ü"}\r\n\n${a}\n[{"x":"😀"}]\nlog: 😀\n${b}\n`);
    expectSameWhateverTheChunking(codec, input, [
      noise('not-json', 'banner'),
      msg('{"m":"é😀ü"}'),
      msg(a),
      msg('[{"x":"😀"}]'),
      noise('not-json', 'log: 😀'),
      msg(b),
    ]);
  });

  it('round-trips encode → decode for every chunking, sending an embedded line break as a space', () => {
    const bodies = ['{}', '{"id":"é"}', '[1,2]', '{"a":"😀"}'];
    expectSameWhateverTheChunking(codec, concat(...bodies.map((x) => codec.encode(x))), bodies.map(msg));
    expect(new TextDecoder().decode(codec.encode('{\n  "id": 1\r\n}'))).toBe('{   "id": 1  }\n');
  });

  it('keeps the exact bytes in base64 when a line is not valid UTF-8', () => {
    const bad = new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x7d]);
    const input = concat(bad, '\n', a, '\n');
    const frames = decode(input);
    expect(frames).toEqual([{ type: 'message', body: '{"\uFFFD"}', raw: '{"\uFFFD"}', rawBase64: base64(bad) }, msg(a)]);
    expectSameWhateverTheChunking(codec, input, frames);
  });

  it('keeps a byte-order mark a line starts with in the noise it becomes', () => {
    expectSameWhateverTheChunking(codec, enc(`\uFEFF{"id":1}\n${a}\n`), [noise('not-json', '\uFEFF{"id":1}'), msg(a)]);
  });

  it('reports a line over the configured cap as oversized with a bounded prefix, then decodes the next line', () => {
    const long = '{"data":"' + 'x'.repeat(3000) + '"}';
    const input = enc(`${long}\r\n${a}\n`);
    const frames = decodeWhole(codec, input, { maxFrameBytes: 100 });
    expect(frames).toEqual([noise('oversized', long.slice(0, 1024), long.length), msg(a)]);
    expect((frames[0] as NoiseFrame).detail).toMatch(/over the 100 bytes frame cap/);
    for (const size of [1, 7, 500, 4096]) expect(decodeInChunks(codec, input, size, { maxFrameBytes: 100 })).toEqual(frames);
  });

  it('treats the cap exactly the same way whatever the chunking', () => {
    const input = enc(`${'1'.repeat(10)}\r\n${'2'.repeat(11)}\r\n${'3'.repeat(11)}\n${'4'.repeat(12)}`);
    const expected = [msg('1'.repeat(10)), noise('oversized', '2'.repeat(11)), noise('oversized', '3'.repeat(11)), noise('oversized', '4'.repeat(12))];
    expectSameWhateverTheChunking(codec, input, expected, { maxFrameBytes: 10 });
  });

  it('reports a last line without its line break as incomplete at end of stream', () => {
    const frames = decode(`${a}\n{"jsonrpc":"2.0","id":2`);
    expect(frames).toEqual([msg(a), noise('incomplete', '{"jsonrpc":"2.0","id":2')]);
    expect(decode(`${a}\n   `)).toEqual([msg(a)]);
  });

  it('decodes a 1 MB line arriving in 7-byte chunks in linear time', () => {
    const line = '{"data":"' + 'z'.repeat(1024 * 1024) + '"}';
    const started = performance.now();
    expect(decodeInChunks(codec, enc(line + '\n'), 7)).toEqual([msg(line)]);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
