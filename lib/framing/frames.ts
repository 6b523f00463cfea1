/** Building blocks shared by the framing codecs: limits, frame constructors, byte helpers. */
import type { MessageFrame, NoiseFrame, NoiseReason } from './types';
import { decodeUtf8, trimPartialUtf8 } from './utf8';

export const DEFAULT_MAX_FRAME_BYTES = 16 * 1024 * 1024;
export const DEFAULT_MAX_HEADER_BYTES = 8 * 1024;
/** How much of an oversized frame is kept to show (the rest is counted, never buffered). */
export const OVERSIZED_PREVIEW_BYTES = 1024;
/**
 * Bytes outside any frame (a banner, a lost-sync body) come out as noise at each line break, or in
 * pieces of at most this size when there is no line break, so a flood of unframed output stays
 * bounded and visible.
 */
export const UNFRAMED_PIECE_BYTES = 64 * 1024;

export function noiseFrame(reason: NoiseReason, detail: string, bytes: Uint8Array, byteLength = bytes.length): NoiseFrame {
  const decoded = decodeUtf8(bytes);
  const frame: NoiseFrame = { type: 'noise', reason, detail, raw: decoded.text, byteLength };
  if (decoded.base64 !== undefined) frame.rawBase64 = decoded.base64;
  return frame;
}

export function messageFrame(body: string, raw: string, headers: Record<string, string>, rawBase64: string | undefined): MessageFrame {
  const frame: MessageFrame = { type: 'message', body, raw, headers };
  if (rawBase64 !== undefined) frame.rawBase64 = rawBase64;
  return frame;
}

/** Noise for a frame too large to keep: `shown` is its bounded prefix, `byteLength` its full size. */
export function oversizedFrame(detail: string, shown: Uint8Array, byteLength: number): NoiseFrame {
  return noiseFrame('oversized', detail, trimPartialUtf8(shown), byteLength);
}

export function concatBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

/**
 * Copies src[from, to) into dst at `at`. Small copies go byte by byte: making the `subarray` view
 * that `set` needs costs more than copying a few bytes, and tiny chunks are common on pipes.
 */
export function copyBytes(dst: Uint8Array, at: number, src: Uint8Array, from: number, to: number): void {
  if (to - from <= 64) {
    for (let i = from; i < to; i++) dst[at++] = src[i];
  } else {
    dst.set(src.subarray(from, to), at);
  }
}

/** A copy of src[from, to) in fresh memory (Buffer#slice would only be a view of the caller's chunk). */
export function copyOut(src: Uint8Array, from: number, to: number): Uint8Array {
  const out = new Uint8Array(to - from);
  copyBytes(out, 0, src, from, to);
  return out;
}

/** Index of `byte` in bytes[from, to), or -1. */
export function indexOfByte(bytes: Uint8Array, byte: number, from: number, to: number): number {
  for (let i = from; i < to; i++) if (bytes[i] === byte) return i;
  return -1;
}

/** Moves `cut` back (by at most 3) so it does not split a UTF-8 character, but never to or below `min`. */
export function utf8Cut(bytes: Uint8Array, min: number, cut: number): number {
  let c = cut;
  while (c > min + 1 && cut - c < 3 && (bytes[c] & 0xc0) === 0x80) c--;
  return c;
}

/** A preview buffer that keeps the first `cap` bytes it is given and counts the rest. */
export class Preview {
  readonly bytes: Uint8Array;
  length = 0;
  constructor(cap: number) {
    this.bytes = new Uint8Array(cap);
  }
  add(src: Uint8Array, from: number, to: number): void {
    const take = Math.min(this.bytes.length - this.length, to - from);
    if (take <= 0) return;
    copyBytes(this.bytes, this.length, src, from, from + take);
    this.length += take;
  }
  view(): Uint8Array {
    return this.bytes.subarray(0, this.length);
  }
}

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024 && n % (1024 * 1024) === 0) return `${n / (1024 * 1024)} MiB`;
  if (n >= 1024 && n % 1024 === 0) return `${n / 1024} KiB`;
  return `${n} bytes`;
}
