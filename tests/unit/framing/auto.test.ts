import { describe, expect, it } from 'vitest';
import { AutoDecoder, contentLengthCodec, detectFraming, encoderFor, newlineCodec } from '@/lib/framing';
import { concat, enc } from './helpers';

const good = '{"jsonrpc":"2.0","id":1,"result":true}';
const detect = (s: string, final = false) => detectFraming(enc(s), enc(s).length, final);

describe('auto framing: the first bytes pick', () => {
  it('a Content-Length header means content-length, a JSON line means newline, a banner before them is passed over', () => {
    expect(detect(`Content-Length: 38\r\n\r\n${good}`)).toBe('content-length');
    expect(detect('content-type: x\r\n')).toBe('content-length');
    expect(detect(`${good}\n`)).toBe('newline');
    expect(detect(`Server starting...\n${good}\n`)).toBe('newline');
    expect(detect('Server starting...\nContent-Length: 2\r\n\r\n{}')).toBe('content-length');
  });

  it('waits while the bytes do not tell yet', () => {
    expect(detect('Content-Le')).toBeUndefined();
    expect(detect('Server starting')).toBeUndefined();
  });

  it('decodes with the framing it picked, from the first byte on, and then encodes with it', () => {
    for (const [name, codec] of [['content-length', contentLengthCodec], ['newline', newlineCodec]] as const) {
      const wire = concat('Server starting...\n', codec.encode(good), codec.encode(good));
      const d = new AutoDecoder();
      const frames = [...d.push(wire.subarray(0, 5)), ...d.push(wire.subarray(5)), ...d.flush()];
      expect(d.chosen).toBe(name);
      expect(frames.map((f) => f.type)).toEqual(['noise', 'message', 'message']);
      expect(new TextDecoder().decode(encoderFor('auto', d)(good))).toBe(new TextDecoder().decode(codec.encode(good)));
    }
  });

  it('before the peer spoke, sends a Content-Length frame whose body ends with a line break', () => {
    const wire = new TextDecoder().decode(encoderFor('auto', new AutoDecoder())(good));
    expect(wire).toBe(`Content-Length: ${good.length + 1}\r\n\r\n${good}\n`);
    // Both framings read that as one message.
    expect(contentLengthCodec.createDecoder().push(enc(wire))).toEqual([expect.objectContaining({ type: 'message', body: good + '\n' })]);
    expect(newlineCodec.createDecoder().push(enc(wire)).filter((f) => f.type === 'message')).toEqual([expect.objectContaining({ body: good })]);
  });

  it('a chosen framing is never changed by auto, and explicit framings encode as before', () => {
    expect(new TextDecoder().decode(encoderFor('newline', null)(good))).toBe(good + '\n');
    expect(new TextDecoder().decode(encoderFor('content-length', null)(good))).toBe(`Content-Length: ${good.length}\r\n\r\n${good}`);
  });
});
