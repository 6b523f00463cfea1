import { describe, expect, it } from 'vitest';
import { contentLengthCodec, newlineCodec, type Frame } from '@/lib/framing';
import { concat, decodeWhole, enc, expectSameWhateverTheChunking } from './helpers';

const rules = (frames: Frame[]) => frames.map((f) => f.hint?.rule ?? null);
const clFrame = (body: string, length = enc(body).length) => `Content-Length: ${length}\r\n\r\n${body}`;
const good = '{"jsonrpc":"2.0","id":1,"result":true}';

describe('a Content-Length counted in characters, not bytes', () => {
  const body = '{"jsonrpc":"2.0","id":1,"result":"café 😀"}';
  const input = enc(clFrame(body, body.length) + clFrame(good));

  it('is named on the bytes it cuts off, whatever the chunking, and the next frame decodes', () => {
    const frames = decodeWhole(contentLengthCodec, input);
    expect(frames.map((f) => f.type)).toEqual(['message', 'noise', 'message']);
    // "é" and "😀" are 6 bytes but 3 UTF-16 units: the last 3 bytes were cut off.
    expect(frames[1]).toMatchObject({ byteLength: 3, hint: { rule: 'framing-length-in-characters' } });
    expect(frames[1].hint?.message).toContain(`Content-Length ${body.length} matches the length of the message in characters`);
    expectSameWhateverTheChunking(contentLengthCodec, input, frames);
  });

  it('is named when the length cuts the message inside its only non-ASCII character', () => {
    // "中" is 3 bytes but 1 UTF-16 unit: a length of 1 keeps its lead byte and cuts off the other two.
    const cut = enc(clFrame('中', 1) + clFrame(good));
    const frames = decodeWhole(contentLengthCodec, cut);
    expect(frames.map((f) => f.type)).toEqual(['message', 'noise', 'message']);
    expect(frames[1]).toMatchObject({ byteLength: 2, hint: { rule: 'framing-length-in-characters' } });
    expectSameWhateverTheChunking(contentLengthCodec, cut, frames);
  });

  it('an honest length in bytes has no hint, and neither has an unrelated lost body', () => {
    expect(rules(decodeWhole(contentLengthCodec, enc(clFrame(body) + clFrame(good))))).toEqual([null, null]);
    expect(rules(decodeWhole(contentLengthCodec, enc(clFrame('{"a":"é"}', 5) + clFrame(good))))).toEqual([null, null, null]);
  });
});

describe('pretty-printed JSON on a newline-framed stream', () => {
  it('every piece line says newline framing forbids newlines inside a message', () => {
    const pretty = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { a: [1, 2] } }, null, 2) + '\n';
    const frames = decodeWhole(newlineCodec, enc(pretty));
    expect(frames.length).toBeGreaterThan(3);
    const hinted = frames.filter((f) => f.hint?.rule === 'framing-newline-in-message');
    // "{", "\"result\": {", "\"a\": [", "1,", "]", "}" … each can only be a piece.
    expect(hinted.map((f) => f.raw.trim())).toEqual(['{', '"jsonrpc": "2.0",', '"id": 1,', '"result": {', '"a": [', '1,', ']', '}', '}']);
    expect(hinted[0].hint?.message).toMatch(/newline framing forbids newlines inside a message/);
  });

  it('one message per line has no hint', () => {
    expect(rules(decodeWhole(newlineCodec, enc(good + '\n[1,2]\n"s"\n')))).toEqual([null, null, null]);
  });
});

describe('the other framing, detected in the first bytes', () => {
  it('Content-Length frames on a newline session name content-length', () => {
    const frames = decodeWhole(newlineCodec, enc(clFrame(good) + '\n'));
    expect(frames[0]).toMatchObject({ type: 'noise', hint: { rule: 'framing-mismatch', suggest: 'content-length' } });
  });

  it('JSON lines on a Content-Length session name newline, but only before any header was seen', () => {
    const frames = decodeWhole(contentLengthCodec, enc(good + '\n' + good + '\n'));
    expect(frames.map((f) => f.hint?.suggest ?? null)).toEqual(['newline', 'newline']);
    expect(rules(decodeWhole(contentLengthCodec, concat(clFrame(good), 'Content-Length: x\r\n\r\n', good + '\n')))).toEqual([null, null, null]);
  });
});

describe('a decoder shows the frame it is waiting for', () => {
  it('Content-Length: the body so far and its declared size; nothing between frames', () => {
    const d = contentLengthCodec.createDecoder();
    expect(d.pending()).toBeNull();
    d.push(enc('Content-Length: 100\r\n\r\n{"jsonrpc"'));
    expect(d.pending()).toEqual({ part: 'body', have: 10, need: 100 });
    d.push(enc('x'.repeat(90)));
    expect(d.pending()).toBeNull();
    d.push(enc('Content-Len'));
    expect(d.pending()).toEqual({ part: 'header', have: 11 });
  });

  it('a refused length shows the bytes it skips; a newline stream its unfinished line', () => {
    const d = contentLengthCodec.createDecoder({ maxFrameBytes: 10 });
    d.push(enc('Content-Length: 50\r\n\r\n{"a":'));
    expect(d.pending()).toEqual({ part: 'skip', have: 5 });
    const n = newlineCodec.createDecoder();
    n.push(enc('{"a":1}\n{"b"'));
    expect(n.pending()).toEqual({ part: 'line', have: 4 });
  });
});
