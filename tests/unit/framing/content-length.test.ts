import { describe, expect, it } from 'vitest';
import { contentLengthCodec, type Frame, type NoiseFrame } from '@/lib/framing';
import { base64, concat, decodeAt, decodeInChunks, decodeWhole, enc, expectSameWhateverTheChunking, noise } from './helpers';

const codec = contentLengthCodec;
const frame = (body: string, extra = ''): string => `Content-Length: ${enc(body).length}\r\n${extra}\r\n${body}`;
const msg = (body: string, extra = '', headers: Record<string, string> = {}): Frame => ({
  type: 'message',
  body,
  raw: frame(body, extra),
  headers: { 'content-length': String(enc(body).length), ...headers },
});
const decode = (s: string | Uint8Array) => decodeWhole(codec, typeof s === 'string' ? enc(s) : s);

describe('content-length framing: well-formed frames', () => {
  it('yields each message with its exact wire text, body and headers', () => {
    const a = '{"jsonrpc":"2.0","id":1,"method":"initialize"}';
    const b = '{"jsonrpc":"2.0","id":1,"result":{}}';
    expect(decode(frame(a) + frame(b))).toEqual([msg(a), msg(b)]);
  });

  it('reads header names in any case and accepts other headers, including Content-Type with utf-8 or utf8', () => {
    const body = '{"id":0}';
    const input =
      `content-LENGTH: 8\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n${body}` +
      `Content-Type: application/vscode-jsonrpc; charset=utf8\r\nCONTENT-LENGTH:8\r\n\r\n${body}`;
    expect(decode(input)).toEqual([
      {
        type: 'message',
        body,
        raw: `content-LENGTH: 8\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n${body}`,
        headers: { 'content-length': '8', 'content-type': 'application/vscode-jsonrpc; charset=utf-8' },
      },
      {
        type: 'message',
        body,
        raw: `Content-Type: application/vscode-jsonrpc; charset=utf8\r\nCONTENT-LENGTH:8\r\n\r\n${body}`,
        headers: { 'content-length': '8', 'content-type': 'application/vscode-jsonrpc; charset=utf8' },
      },
    ]);
  });

  it('counts Content-Length in bytes, not characters, for multi-byte UTF-8', () => {
    const body = '{"text":"café 😀"}';
    expect(enc(body).length).toBeGreaterThan(body.length);
    expect(decode(frame(body))).toEqual([msg(body)]);
  });

  it('accepts the same Content-Length twice and an empty body', () => {
    expect(decode('Content-Length: 2\r\nContent-Length: 2\r\n\r\n{}Content-Length: 0\r\n\r\n')).toEqual([
      { type: 'message', body: '{}', raw: 'Content-Length: 2\r\nContent-Length: 2\r\n\r\n{}', headers: { 'content-length': '2' } },
      { type: 'message', body: '', raw: 'Content-Length: 0\r\n\r\n', headers: { 'content-length': '0' } },
    ]);
  });

  it('delivers an empty-body frame as soon as its header is complete, even when the header ended a chunk', () => {
    const empty = 'Content-Length: 0\r\n\r\n';
    const d = codec.createDecoder();
    expect(d.push(enc(empty.slice(0, -1)))).toEqual([]);
    expect(d.push(enc('\n'))).toEqual([msg('')]);
    expect(d.flush()).toEqual([]);
    expectSameWhateverTheChunking(codec, enc(frame('{}') + empty), [msg('{}'), msg('')]);
  });

  it('keeps a Content-Length written with leading zeros exactly as sent', () => {
    expect(decode('Content-Length: 002\r\n\r\n{}')).toEqual([
      { type: 'message', body: '{}', raw: 'Content-Length: 002\r\n\r\n{}', headers: { 'content-length': '002' } },
    ]);
    const frames = decode('Content-Length: 1234567890123456\r\n\r\n{}');
    expect(frames[0]).toMatchObject({ type: 'noise', reason: 'bad-header', raw: 'Content-Length: 1234567890123456\r\n\r\n' });
  });

  it('gives the same frames whatever the chunking, even split inside "é" and "😀"', () => {
    const a = '{"jsonrpc":"2.0","method":"log","params":{"m":"é😀ü"}}';
    const b = '{"jsonrpc":"2.0","id":7,"result":"😀"}';
    const input = enc(frame(a, 'Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n') + frame(b));
    expectSameWhateverTheChunking(codec, input, [
      msg(a, 'Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n', { 'content-type': 'application/vscode-jsonrpc; charset=utf-8' }),
      msg(b),
    ]);
  });

  it('round-trips encode → decode, for every body and every chunking', () => {
    const bodies = ['{}', '{"id":"é"}', '[1,2,3]', '', '{"a":"😀😀"}', 'not json at all'];
    const wire = concat(...bodies.map((b) => codec.encode(b)));
    expect(new TextDecoder().decode(codec.encode('{"x":"é"}'))).toBe('Content-Length: 10\r\n\r\n{"x":"é"}');
    expectSameWhateverTheChunking(codec, wire, bodies.map((b) => msg(b)));
  });

  it('keeps the exact bytes in base64 when a body is not valid UTF-8', () => {
    const bytes = concat('Content-Length: 4\r\n\r\n', new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]), frame('{}'));
    const frames = decode(bytes);
    expect(frames).toHaveLength(2);
    expect(frames[0]).toMatchObject({ type: 'message', body: '{\uFFFD\uFFFD}', rawBase64: base64(bytes.subarray(0, 25)) });
    expect(frames[1]).toEqual(msg('{}'));
    expectSameWhateverTheChunking(codec, bytes, frames);
  });

  it('keeps a byte-order mark at the start of a body as sent, however the body was chunked', () => {
    const body = '\uFEFF{"id":1}';
    expectSameWhateverTheChunking(codec, enc(frame(body) + frame('{"id":2}')), [msg(body), msg('{"id":2}')]);
  });
});

describe('content-length framing: bad input becomes noise and decoding resumes', () => {
  const good = '{"jsonrpc":"2.0","id":1,"result":true}';

  it('turns a banner printed before the first header into noise, then decodes the frame', () => {
    const input = 'Server starting...\nListening on stdio\r\n' + frame(good);
    const frames = decode(input);
    expect(frames).toEqual([noise('bad-header', 'Server starting...\n'), noise('bad-header', 'Listening on stdio\r\n'), msg(good)]);
    expect((frames[0] as NoiseFrame).detail).toMatch(/outside any frame/);
    expectSameWhateverTheChunking(codec, enc(input), frames);
  });

  it('finds a header glued to the end of a banner without a line break', () => {
    expect(decode('booting...' + frame(good))).toEqual([noise('bad-header', 'booting...'), msg(good)]);
  });

  it.each([
    ['12abc', /"12abc" is not a non-negative whole number/],
    ['-1', /"-1" is not a non-negative whole number/],
    ['', /"" is not a non-negative whole number/],
  ])('reports a malformed Content-Length %j, keeps its bytes, and decodes the next frame', (value, detail) => {
    const header = `Content-Length: ${value}\r\n\r\n`;
    const input = header + '{"lost":1}' + frame(good);
    const frames = decode(input);
    expect(frames).toEqual([noise('bad-header', header), noise('bad-header', '{"lost":1}'), msg(good)]);
    expect((frames[0] as NoiseFrame).detail).toMatch(detail);
    expectSameWhateverTheChunking(codec, enc(input), frames);
  });

  it('reports two different Content-Length values', () => {
    const header = 'Content-Length: 2\r\nContent-Length: 3\r\n\r\n';
    const frames = decode(header + '{}' + frame(good));
    expect(frames).toEqual([noise('bad-header', header), noise('bad-header', '{}'), msg(good)]);
    expect((frames[0] as NoiseFrame).detail).toMatch(/two different Content-Length values: "2" and "3"/);
  });

  it('reports a header block without Content-Length', () => {
    const header = 'Content-Type: application/json\r\n\r\n';
    const frames = decode(header + '{}\n' + frame(good));
    expect(frames).toEqual([noise('bad-header', header), noise('bad-header', '{}\n'), msg(good)]);
    expect((frames[0] as NoiseFrame).detail).toMatch(/no Content-Length/);
  });

  it('keeps header and body together as noise when lines end in a bare \\n, staying in sync', () => {
    const bad = 'Content-Length: 2\n\n{}';
    const frames = decode(bad + frame(good));
    expect(frames).toEqual([noise('bad-header', bad), msg(good)]);
    expect((frames[0] as NoiseFrame).detail).toMatch(/\\r\\n/);
  });

  it('refuses a charset other than utf-8', () => {
    const bad = 'Content-Length: 2\r\nContent-Type: application/json; charset=latin1\r\n\r\n{}';
    const frames = decode(bad + frame(good));
    expect(frames).toEqual([noise('bad-header', bad), msg(good)]);
    expect((frames[0] as NoiseFrame).detail).toMatch(/charset "latin1"/);
  });

  it('shows the surplus of a too-short Content-Length as noise before the next frame', () => {
    const input = 'Content-Length: 5\r\n\r\n{"a":1}' + frame(good);
    expect(decode(input)).toEqual([{ type: 'message', body: '{"a":', raw: 'Content-Length: 5\r\n\r\n{"a":', headers: { 'content-length': '5' } }, noise('bad-header', '1}'), msg(good)]);
  });

  it('cuts a header block over 8 KiB without its blank line, then decodes the next frame', () => {
    const long = 'Content-Length: 2\r\n' + 'X-Pad: ' + 'a'.repeat(9000) + '\r\n\r\n{}';
    const input = long + frame(good);
    const frames = decode(input);
    expect(frames[0]).toMatchObject({ type: 'noise', reason: 'header-too-large', byteLength: 8192, raw: long.slice(0, 8192) });
    expect(frames.at(-1)).toEqual(msg(good));
    // Everything before the good frame is accounted for, byte for byte.
    const noiseBytes = frames.slice(0, -1).reduce((n, f) => n + (f as NoiseFrame).byteLength, 0);
    expect(noiseBytes).toBe(enc(long).length);
    for (const size of [1, 7, 4096]) expect(decodeInChunks(codec, enc(input), size)).toEqual(frames);
  });

  it('cuts an over-long header block before a character that straddles the cap, whatever the chunking', () => {
    // 19 + 8 ASCII bytes, then 2-byte "é"s: the 8192nd byte is the first half of one.
    const long = 'Content-Length: 2\r\nX-Pads: ' + 'é'.repeat(4100);
    const input = enc(long + frame(good));
    expect(enc(long).subarray(0, 8192).at(-1)).toBe(0xc3);
    const frames = decode(input);
    expect(frames[0]).toEqual(noise('header-too-large', new TextDecoder().decode(enc(long).subarray(0, 8191)), 8191));
    expect(frames.at(-1)).toEqual(msg(good));
    for (const cut of [8191, 8192, 8193]) expect(decodeAt(codec, input, [cut]), `split at ${cut}`).toEqual(frames);
  });

  it('honours a configured header cap', () => {
    const frames = decodeWhole(codec, enc('Content-Length: 2\r\nX-A: ' + 'b'.repeat(100) + '\r\n\r\n{}' + frame(good)), { maxHeaderBytes: 64 });
    expect(frames[0]).toMatchObject({ type: 'noise', reason: 'header-too-large', byteLength: 64 });
    expect(frames.at(-1)).toEqual(msg(good));
  });

  it('refuses a declared length over the configured frame cap at once, skips the body counting it, then decodes the next frame', () => {
    const big = '{"data":"' + 'x'.repeat(5000) + '"}';
    const input = frame(big) + frame(good);
    const frames = decodeWhole(codec, enc(input), { maxFrameBytes: 1000 });
    const header = `Content-Length: ${big.length}\r\n\r\n`;
    expect(frames).toHaveLength(3);
    expect(frames[0]).toMatchObject({ type: 'noise', reason: 'oversized', byteLength: header.length, raw: header });
    expect((frames[0] as NoiseFrame).detail).toMatch(/over the 1000 bytes frame cap: refused at once/);
    expect(frames[1]).toMatchObject({ type: 'noise', reason: 'oversized', byteLength: big.length, raw: big.slice(0, 1024) });
    expect(frames[2]).toEqual(msg(good));
    for (const size of [1, 7, 333]) expect(decodeInChunks(codec, enc(input), size, { maxFrameBytes: 1000 })).toEqual(frames);
  });

  it('a lying Content-Length is refused as soon as its header arrives, and the frames after it still decode', () => {
    // 2 GB announced, a 20-byte body, then the next frame glued to it: nothing may be swallowed.
    const d = codec.createDecoder();
    const liar = 'Content-Length: 2000000000\r\n\r\n';
    expect(d.push(enc(liar))).toEqual([expect.objectContaining({ type: 'noise', reason: 'oversized', raw: liar })]);
    const rest = '{"jsonrpc":"2.0","x":1}' + frame(good) + frame(good);
    const later = [...d.push(enc(rest)), ...d.flush()];
    expect(later).toEqual([expect.objectContaining({ type: 'noise', reason: 'oversized', byteLength: 23, raw: '{"jsonrpc":"2.0","x":1}' }), msg(good), msg(good)]);
    const all = concat(liar, rest);
    expectSameWhateverTheChunking(codec, all, decodeWhole(codec, all));
  });

  it('skips a body over the default 16 MiB cap without keeping it', () => {
    const size = 16 * 1024 * 1024 + 1;
    const d = codec.createDecoder();
    const header = `Content-Length: ${size}\r\n\r\n`;
    const out = [...d.push(enc(header))];
    expect(out).toHaveLength(1);
    const block = new Uint8Array(1024 * 1024).fill(0x61);
    for (let sent = 0; sent < size; sent += block.length) out.push(...d.push(block.subarray(0, Math.min(block.length, size - sent))));
    out.push(...d.push(enc(frame(good))), ...d.flush());
    expect(out).toHaveLength(3);
    expect(out[0]).toMatchObject({ type: 'noise', reason: 'oversized', byteLength: header.length, raw: header });
    expect(out[1]).toMatchObject({ type: 'noise', reason: 'oversized', byteLength: size });
    expect((out[1] as NoiseFrame).raw).toBe('a'.repeat(1024));
    expect(out[2]).toEqual(msg(good));
  });

  it('reports a frame cut off by the end of the stream as incomplete, with its bytes', () => {
    const cut = 'Content-Length: 40\r\n\r\n{"jsonrpc":"2.0"';
    const frames = decode(frame(good) + cut);
    expect(frames).toEqual([msg(good), noise('incomplete', cut)]);
    expect((frames[1] as NoiseFrame).detail).toMatch(/16 of the 40 body bytes/);
    expect(decode('Content-Length: 4')).toEqual([noise('incomplete', 'Content-Length: 4')]);
    expect(decode('Content-Le')).toEqual([noise('incomplete', 'Content-Le')]);
    expect(decode('bye')).toEqual([noise('bad-header', 'bye')]);
  });

  it('gives the same frames for a mix of every bad input whatever the chunking', () => {
    const input = concat(
      'Server starting...\n',
      frame(good),
      'Content-Length: 12abc\r\n\r\n{"x":1}',
      'Content-Length: -1\r\n\r\n',
      'Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}',
      frame('{"é":"😀"}'),
      '\r\n',
      'Content-Length: 2\n\n{}',
      'Content-Length: 3\r\n\r\n',
      new Uint8Array([0x22, 0xc3, 0x22]),
      frame('{"big":"' + 'y'.repeat(80) + '"}'),
      frame(good),
      'Content-Length: 9\r\n\r\n{"cut',
    );
    const frames = decodeWhole(codec, input, { maxFrameBytes: 64 });
    expect(frames.map((f) => (f.type === 'noise' ? f.reason : 'message'))).toEqual([
      'bad-header', 'message', 'bad-header', 'bad-header', 'bad-header', 'bad-header', 'bad-header',
      'message', 'bad-header', 'bad-header', 'message', 'oversized', 'oversized', 'message', 'incomplete',
    ]);
    expectSameWhateverTheChunking(codec, input, frames, { maxFrameBytes: 64 });
  });

  it('never throws on random bytes and accounts for every byte', () => {
    let seed = 42;
    const rand = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
    const alphabet = enc('Content-Length: 12\r\n{}abc é');
    for (let round = 0; round < 50; round++) {
      const bytes = new Uint8Array(200 + Math.floor(rand() * 300));
      for (let i = 0; i < bytes.length; i++) bytes[i] = rand() < 0.1 ? Math.floor(rand() * 256) : alphabet[Math.floor(rand() * alphabet.length)];
      const frames = decodeWhole(codec, bytes);
      const total = frames.reduce((n, f) => n + (f.type === 'noise' ? f.byteLength : enc(f.raw).length), 0);
      if (!frames.some((f) => f.rawBase64)) expect(total).toBe(bytes.length);
      expect(decodeInChunks(codec, bytes, 3)).toEqual(frames);
    }
  });
});

describe('content-length framing: speed', () => {
  it('decodes a 1 MB message arriving in 7-byte chunks in linear time (seconds, not tens of seconds)', () => {
    const body = '{"data":"' + 'z'.repeat(1024 * 1024) + '"}';
    const started = performance.now();
    const frames = decodeInChunks(codec, enc(frame(body)), 7);
    const ms = performance.now() - started;
    expect(frames).toEqual([msg(body)]);
    // Quadratic re-copying takes 15+ s here; linear takes well under one. The bound leaves room for a busy machine.
    expect(ms).toBeLessThan(5000);
  });
});
