import { describe, expect, it } from 'vitest';
import { FRAMINGS, getCodec, isFraming, type Frame } from '@/lib/framing';
import { concat, expectSameWhateverTheChunking } from './helpers';

describe('framing registry', () => {
  it('lists every framing a target can choose, each under its own name', () => {
    expect([...FRAMINGS].sort()).toEqual(['auto', 'content-length', 'newline']);
    for (const name of FRAMINGS) expect(getCodec(name).name).toBe(name);
    expect(isFraming('newline')).toBe(true);
    expect(isFraming('toString')).toBe(false);
    expect(() => getCodec('bogus' as never)).toThrow(/unknown framing "bogus"/);
  });
});

// The shared suite every registered framing must pass.
describe.each(FRAMINGS)('%s framing: shared behaviour', (name) => {
  const codec = getCodec(name);
  const bodies = ['{"jsonrpc":"2.0","id":0,"method":"a"}', '{"jsonrpc":"2.0","id":"","result":"é"}', '[{"jsonrpc":"2.0","method":"😀"}]'];

  it('decodes what it encodes, in order, whatever the chunking', () => {
    const wire = concat(...bodies.map((b) => codec.encode(b)));
    const frames = expectFramesOf(codec.createDecoder().push(wire));
    // auto, before the peer spoke, ends each body with a line break (still the same JSON) so line-reading peers see it.
    expect(frames.map((f) => (name === 'auto' ? f.body.replace(/\n$/, '') : f.body))).toEqual(bodies);
    expectSameWhateverTheChunking(codec, wire, frames);
  });

  it('keeps a banner as noise and still decodes the message after it', () => {
    const wire = concat('Server starting...\n', codec.encode(bodies[0]));
    const d = codec.createDecoder();
    const frames = [...d.push(wire), ...d.flush()];
    expect(frames.map((f) => f.type)).toEqual(['noise', 'message']);
    expect(frames[0]).toMatchObject({ raw: expect.stringContaining('Server starting...') });
  });

  it('reports a message cut off by the end of the stream as incomplete', () => {
    const wire = codec.encode(bodies[1]);
    const d = codec.createDecoder();
    const frames = [...d.push(wire.subarray(0, wire.length - 3)), ...d.flush()];
    expect(frames).toEqual([expect.objectContaining({ type: 'noise', reason: 'incomplete', byteLength: wire.length - 3 })]);
  });

  it('does not depend on the chunk memory once push returns (transports may reuse their buffers)', () => {
    const wire = concat(...bodies.map((b) => codec.encode(b)));
    const expected = [...codec.createDecoder().push(wire)];
    for (const size of [1, 5, 13]) {
      const d = codec.createDecoder();
      const frames = [];
      const scratch = Buffer.alloc(size);
      for (let i = 0; i < wire.length; i += size) {
        const n = Math.min(size, wire.length - i);
        scratch.set(wire.subarray(i, i + n));
        frames.push(...d.push(scratch.subarray(0, n)));
        scratch.fill(0x41);
      }
      frames.push(...d.flush());
      expect(frames, `chunks of ${size} in one reused Buffer`).toEqual(expected);
    }
  });

  it('gives the same frames for ASCII chunks that follow a non-ASCII one', () => {
    const chunks = [codec.encode('{"id":1,"m":"é"}'), ...Array.from({ length: 12 }, (_, i) => concat(codec.encode(`{"id":${i}}`), codec.encode('[]')))];
    const d = codec.createDecoder();
    const frames = chunks.flatMap((c) => d.push(c));
    expect(frames).toEqual(codec.createDecoder().push(concat(...chunks)));
    expect(frames).toHaveLength(25);
  });

  it('returns nothing from an empty chunk and nothing more after flush', () => {
    const d = codec.createDecoder();
    expect(d.push(new Uint8Array(0))).toEqual([]);
    expect(d.flush()).toEqual([]);
    expect(d.flush()).toEqual([]);
  });
});

function expectFramesOf(frames: Frame[]): Extract<Frame, { type: 'message' }>[] {
  for (const f of frames) expect(f.type).toBe('message');
  return frames as Extract<Frame, { type: 'message' }>[];
}
