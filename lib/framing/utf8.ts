/**
 * UTF-8 helpers shared by the framing codecs. Decoding is lossy-first (the fast path) and only
 * re-checks strictly when the lossy result contains U+FFFD, which is either a replaced bad byte or
 * a genuine U+FFFD in the input.
 */
import { base64Encode } from './base64';

// ignoreBOM: a leading U+FEFF is part of the bytes, not a marker to drop. Without it a body
// decoded on its own (split over chunks) lost its BOM while the same body sliced out of a whole
// frame kept it, so the frame depended on how the transport happened to chunk it.
const lossy = new TextDecoder('utf-8', { ignoreBOM: true });
const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const encoder = new TextEncoder();

export interface DecodedText {
  text: string;
  /** Set only when the bytes are not valid UTF-8 (then `text` is a lossy rendering). */
  base64?: string;
}

/** True when `bytes` are not valid UTF-8 although the lossy decode produced `text`. */
function isInvalid(bytes: Uint8Array, text: string): boolean {
  if (text.indexOf('\uFFFD') < 0) return false;
  try {
    strict.decode(bytes);
    return false;
  } catch {
    return true;
  }
}

export function decodeUtf8(bytes: Uint8Array): DecodedText {
  const text = lossy.decode(bytes);
  return isInvalid(bytes, text) ? { text, base64: base64Encode(bytes) } : { text };
}

/** Decodes without the validity report, for text that is only shown as a preview. */
export function decodeLossy(bytes: Uint8Array): string {
  return lossy.decode(bytes);
}

export function isValidUtf8(bytes: Uint8Array): boolean {
  return !isInvalid(bytes, lossy.decode(bytes));
}

export function encodeUtf8(text: string): Uint8Array {
  return encoder.encode(text);
}

/**
 * A one-byte-per-char view of a whole chunk, when the chunk is pure ASCII: then byte offsets are
 * string offsets and every frame inside it is a `slice` of one decode (much cheaper than one
 * TextDecoder call per small message). Returns null when the chunk has any non-ASCII byte.
 */
function asciiText(bytes: Uint8Array): string | null {
  const text = lossy.decode(bytes);
  // Every multi-byte character shortens the string; a replaced bad byte keeps the length but is U+FFFD.
  if (text.length !== bytes.length || text.indexOf('\uFFFD') >= 0) return null;
  return text;
}

/**
 * `asciiText` for a stream of chunks: after a chunk that was not ASCII, the next few skip the try
 * (non-ASCII traffic would otherwise pay for a whole-chunk decode it then throws away).
 */
export class AsciiChunks {
  private skip = 0;
  text(bytes: Uint8Array): string | null {
    if (this.skip > 0) {
      this.skip--;
      return null;
    }
    const text = asciiText(bytes);
    if (text === null) this.skip = 8;
    return text;
  }
}

/** Bytes of `bytes` that end on a UTF-8 character boundary (drops a trailing partial sequence). */
export function trimPartialUtf8(bytes: Uint8Array): Uint8Array {
  const n = bytes.length;
  let i = n - 1;
  // Walk back over at most 3 continuation bytes to the lead byte of the last sequence.
  while (i >= 0 && n - i <= 4 && (bytes[i] & 0xc0) === 0x80) i--;
  if (i < 0) return bytes;
  const lead = bytes[i];
  const need = lead < 0x80 ? 1 : lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return n - i < need ? bytes.subarray(0, i) : bytes;
}
