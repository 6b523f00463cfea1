/**
 * The fast decoders against the reference ones (reference-decoder.ts) on seeded random traffic
 * cut into random chunks: both must give the very same frames. A failure prints the case's seed;
 * replay exactly that case with
 *   FRAMING_SEED=<seed> FRAMING_RUNS=1 npx vitest run tests/unit/framing/reference.test.ts
 */
import { describe, expect, it } from 'vitest';
import { getCodec, type Frame, type FramingCodec } from '@/lib/framing';
import { seededRandom } from '../../fixtures/sessions/lsp-bodies';
import { decodeAt, enc } from './helpers';
import { randomCuts, randomWire } from './random-wire';
import { referenceContentLength, referenceNewline, type RefFrame } from './reference-decoder';

const RUNS = Number(process.env.FRAMING_RUNS ?? 300);
const FIRST_SEED = Number(process.env.FRAMING_SEED ?? Math.floor(Math.random() * 2 ** 31));
/** A long soak (FRAMING_RUNS=3000) must not hit the default per-test timeout on a busy machine. */
const TIMEOUT_MS = 20_000 + RUNS * 40;

/** Frames without their prose (a noise `detail`, a hint's `message`): what the reference states too. */
function comparable(frames: Frame[]): RefFrame[] {
  return frames.map((f) => {
    const { hint, ...rest } = f;
    let kept: RefFrame = rest;
    if (rest.type === 'noise') {
      const { detail: _detail, ...noise } = rest;
      kept = noise;
    }
    if (hint === undefined) return kept;
    const { message: _message, ...ruleAndSuggest } = hint;
    return { ...kept, hint: ruleAndSuggest };
  });
}

const REFERENCES = { 'content-length': referenceContentLength, newline: referenceNewline } as const;

const short = (frame: RefFrame | undefined): string => {
  const text = JSON.stringify(frame) ?? 'nothing';
  return text.length > 300 ? `${text.slice(0, 150)} … ${text.slice(-150)}` : text;
};

/** The first frame where the two differ, both sides shortened (the frames can be 64 KiB). */
function firstDifference(actual: RefFrame[], expected: RefFrame[]): string | null {
  for (let i = 0; i < Math.max(actual.length, expected.length); i++) {
    if (JSON.stringify(actual[i]) !== JSON.stringify(expected[i])) return `frame ${i}:\n  fast:      ${short(actual[i])}\n  reference: ${short(expected[i])}`;
  }
  return null;
}

function compare(framing: keyof typeof REFERENCES, codec: FramingCodec): void {
  for (let run = 0; run < RUNS; run++) {
    const seed = (FIRST_SEED + run) >>> 0;
    const rand = seededRandom(seed);
    const { bytes, options } = randomWire(rand, framing);
    const { how, cuts } = randomCuts(rand, bytes);
    const expected = REFERENCES[framing](bytes, options);
    const actual = comparable(decodeAt(codec, bytes, cuts, options));
    const difference = firstDifference(actual, expected);
    // Checked by hand first so a failure prints a replayable seed and a short diff, not two 64 KiB frames.
    if (difference !== null) {
      expect.fail(`${framing} decoders disagree; replay with FRAMING_SEED=${seed} FRAMING_RUNS=1 (${bytes.length} bytes, chunks: ${how}, options ${JSON.stringify(options)})\n${difference}`);
    }
    expect(actual).toEqual(expected);
  }
}

describe('framing decoders agree with the plain reference decoders on random traffic in random chunks', () => {
  it('Content-Length: the same frames, noise reasons and bytes', () => {
    compare('content-length', getCodec('content-length'));
  }, TIMEOUT_MS);

  it('newline: the same frames, noise reasons and bytes', () => {
    compare('newline', getCodec('newline'));
  }, TIMEOUT_MS);
});

describe('the reference decoders themselves', () => {
  // Hand-checked cases, so the comparison above cannot pass by both sides being wrong the same way.
  it('reads a banner, a frame, a bad length and a cut-off frame the way the framing rules say', () => {
    const input = enc('hello\nContent-Length: 2\r\n\r\n{}Content-Length: x\r\n\r\n{}Content-Length: 9\r\n\r\n{');
    expect(referenceContentLength(input)).toEqual([
      { type: 'noise', reason: 'bad-header', raw: 'hello\n', byteLength: 6 },
      { type: 'message', body: '{}', raw: 'Content-Length: 2\r\n\r\n{}', headers: { 'content-length': '2' } },
      { type: 'noise', reason: 'bad-header', raw: 'Content-Length: x\r\n\r\n', byteLength: 21 },
      { type: 'noise', reason: 'bad-header', raw: '{}', byteLength: 2 },
      { type: 'noise', reason: 'incomplete', raw: 'Content-Length: 9\r\n\r\n{', byteLength: 22 },
    ]);
  });

  it('refuses a length over the cap at its header, then skips up to the next Content-Length, even one glued to a body', () => {
    const input = enc('Content-Length: 99\r\n\r\nabcContent-Length: 2\r\n\r\n{}');
    expect(referenceContentLength(input, { maxFrameBytes: 10 })).toEqual([
      { type: 'noise', reason: 'oversized', raw: 'Content-Length: 99\r\n\r\n', byteLength: 22 },
      { type: 'noise', reason: 'oversized', raw: 'abc', byteLength: 3 },
      { type: 'message', body: '{}', raw: 'Content-Length: 2\r\n\r\n{}', headers: { 'content-length': '2' } },
    ]);
  });

  const kinds = (frames: RefFrame[]) => frames.map((f) => [f.type === 'noise' ? f.reason : 'message', f.hint ?? null]);

  it('names a JSON line before any header and a length counted in characters', () => {
    // "中" is 3 bytes, 1 character: a length of 1 leaves 2 of its bytes outside the frame.
    const input = enc('{"a":1}\nContent-Length: 1\r\n\r\n中Content-Length: 2\r\n\r\n{}');
    expect(kinds(referenceContentLength(input))).toEqual([
      ['bad-header', { rule: 'framing-mismatch', suggest: 'newline' }],
      ['message', null],
      ['bad-header', { rule: 'framing-length-in-characters' }],
      ['message', null],
    ]);
  });

  it('names pretty-printed pieces and a Content-Length header on a newline stream', () => {
    expect(kinds(referenceNewline(enc('{\n  "a": 1\n}\nContent-Length: 2\n')))).toEqual([
      ['message', { rule: 'framing-newline-in-message' }],
      ['message', null],
      ['not-json', { rule: 'framing-newline-in-message' }],
      ['not-json', { rule: 'framing-mismatch', suggest: 'content-length' }],
    ]);
  });

  it('reads JSON lines, skips blank ones and keeps a banner and a last unterminated line as noise', () => {
    expect(referenceNewline(enc('{"a":1}\r\n\n  \nServer up\n[1'))).toEqual([
      { type: 'message', body: '{"a":1}', raw: '{"a":1}' },
      { type: 'noise', reason: 'not-json', raw: 'Server up', byteLength: 9 },
      { type: 'noise', reason: 'incomplete', raw: '[1', byteLength: 2 },
    ]);
  });
});
