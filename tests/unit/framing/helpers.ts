import { expect } from 'vitest';
import type { Frame, FrameDecoderOptions, FramingCodec, NoiseFrame } from '@/lib/framing';

export const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

export function concat(...parts: (Uint8Array | string)[]): Uint8Array {
  const arrays = parts.map((p) => (typeof p === 'string' ? enc(p) : p));
  const out = new Uint8Array(arrays.reduce((n, a) => n + a.length, 0));
  let o = 0;
  for (const a of arrays) {
    out.set(a, o);
    o += a.length;
  }
  return out;
}

/** Decodes `bytes` cut at the given offsets, then flushes. */
export function decodeAt(codec: FramingCodec, bytes: Uint8Array, cuts: number[], options?: FrameDecoderOptions): Frame[] {
  const d = codec.createDecoder(options);
  const frames: Frame[] = [];
  let prev = 0;
  for (const c of [...cuts, bytes.length]) {
    // Copy each piece so a decoder that keeps a view of a chunk it was given would be caught.
    frames.push(...d.push(bytes.slice(prev, c)));
    prev = c;
  }
  frames.push(...d.flush());
  return frames;
}

export function decodeWhole(codec: FramingCodec, bytes: Uint8Array, options?: FrameDecoderOptions): Frame[] {
  return decodeAt(codec, bytes, [], options);
}

export function decodeInChunks(codec: FramingCodec, bytes: Uint8Array, size: number, options?: FrameDecoderOptions): Frame[] {
  const cuts: number[] = [];
  for (let i = size; i < bytes.length; i += size) cuts.push(i);
  return decodeAt(codec, bytes, cuts, options);
}

/**
 * Asserts the decoder gives exactly `expected` for the whole input, for every single split point,
 * one byte at a time, and a few other chunk sizes; a failure names the cut that caused it.
 */
export function expectSameWhateverTheChunking(codec: FramingCodec, bytes: Uint8Array, expected: Frame[], options?: FrameDecoderOptions): void {
  expect(decodeWhole(codec, bytes, options), 'whole input').toEqual(expected);
  for (let i = 1; i < bytes.length; i++) expect(decodeAt(codec, bytes, [i], options), `split at byte ${i}`).toEqual(expected);
  for (const size of [1, 2, 3, 7, 64]) expect(decodeInChunks(codec, bytes, size, options), `chunks of ${size}`).toEqual(expected);
}

export function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64');
}

export function message(body: string, raw: string, headers?: Record<string, string>): Frame {
  return headers ? { type: 'message', body, raw, headers } : { type: 'message', body, raw };
}

/** A noise frame with these exact bytes and reason (any detail text). */
export function noise(reason: NoiseFrame['reason'], raw: string, byteLength = enc(raw).length): Frame {
  return { type: 'noise', reason, detail: expect.any(String) as unknown as string, raw, byteLength };
}
