/**
 * `auto` framing: the peer's first bytes pick the framing. A line that starts with
 * `Content-Length:` (or another `Name: value` header) means Content-Length framing; a line that
 * starts with `{` or `[` means newline framing; other lines before them (a banner) are passed
 * over. Until the peer has spoken, messages are sent in a form both kinds of peer read: a
 * Content-Length frame whose body ends with a line break (valid JSON, and a whole line to a
 * line-reading peer). Once it picked, the chosen codec decodes and encodes everything.
 */
import type { Framing } from '../session/types';
import { contentLengthCodec } from './content-length-codec';
import { copyBytes } from './frames';
import { CL_MATCH_LENGTH, isContentLengthAt, isContentLengthPrefix, isHeaderSyntax } from './header-bytes';
import { newlineCodec } from './newline';
import type { Frame, FrameDecoder, FrameDecoderOptions, FramingCodec, PendingFrame } from './types';

/** The framings auto can choose, by name. */
const CHOICES = { 'content-length': contentLengthCodec, newline: newlineCodec } satisfies Partial<Record<Framing, FramingCodec>>;
export type DetectedFraming = keyof typeof CHOICES;

/** Bytes looked at before giving up and choosing Content-Length (a very long banner). */
export const DETECT_LIMIT = 64 * 1024;

/** The framing the first bytes show, or undefined while they do not tell yet. */
export function detectFraming(bytes: Uint8Array, end: number, final: boolean): DetectedFraming | undefined {
  let s = 0;
  while (s < end) {
    let c = s;
    while (c < end && (bytes[c] === 32 || bytes[c] === 9 || bytes[c] === 13)) c++;
    if (c < end && bytes[c] !== 10) {
      if (bytes[c] === 123 || bytes[c] === 91) return 'newline';
      if (end - c >= CL_MATCH_LENGTH) {
        if (isContentLengthAt(bytes, c)) return 'content-length';
      } else if (isContentLengthPrefix(bytes, c, end) && !final) {
        return undefined;
      }
    }
    let nl = c;
    while (nl < end && bytes[nl] !== 10) nl++;
    if (nl === end) return undefined;
    if (nl > c && bytes[nl - 1] === 13 && isHeaderSyntax(bytes, c, nl)) return 'content-length';
    s = nl + 1;
  }
  return undefined;
}

export class AutoDecoder implements FrameDecoder {
  private inner: FrameDecoder | null = null;
  private chosenName: DetectedFraming | null = null;
  private buf = new Uint8Array(256);
  private len = 0;

  constructor(private readonly options: FrameDecoderOptions = {}) {}

  /** The framing the peer's bytes picked, once they did. */
  get chosen(): DetectedFraming | null {
    return this.chosenName;
  }

  push(chunk: Uint8Array): Frame[] {
    if (this.inner) return this.inner.push(chunk);
    this.keep(chunk);
    const found = detectFraming(this.buf, this.len, false);
    if (found === undefined && this.len < DETECT_LIMIT) return [];
    const kept = this.take();
    return this.choose(found ?? 'content-length').push(kept);
  }

  pending(): PendingFrame | null {
    if (this.inner) return this.inner.pending();
    return this.len > 0 ? { part: 'unframed', have: this.len } : null;
  }

  flush(): Frame[] {
    if (!this.inner) {
      if (this.len === 0) return [];
      // The stream ended before the bytes told: read what there is as lines (a banner, a message).
      const found = detectFraming(this.buf, this.len, true) ?? 'newline';
      const kept = this.take();
      const inner = this.choose(found);
      return [...inner.push(kept), ...inner.flush()];
    }
    return this.inner.flush();
  }

  private choose(name: DetectedFraming): FrameDecoder {
    this.chosenName = name;
    this.inner = CHOICES[name].createDecoder(this.options);
    return this.inner;
  }

  /** The bytes kept while detecting, handed over once (the buffer is released). */
  private take(): Uint8Array {
    const bytes = this.buf.slice(0, this.len);
    this.buf = new Uint8Array(0);
    this.len = 0;
    return bytes;
  }

  private keep(chunk: Uint8Array): void {
    if (this.len + chunk.length > this.buf.length) {
      let size = this.buf.length * 2;
      while (size < this.len + chunk.length) size *= 2;
      const grown = new Uint8Array(size);
      grown.set(this.buf.subarray(0, this.len));
      this.buf = grown;
    }
    copyBytes(this.buf, this.len, chunk, 0, chunk.length);
    this.len += chunk.length;
  }
}

/** Before the peer spoke: a Content-Length frame whose body ends with "\n", read by both kinds of peer. */
export function encodeEither(body: string): Uint8Array {
  return contentLengthCodec.encode(body.endsWith('\n') ? body : body + '\n');
}

/** How to encode a message for a session on `framing`, given what its decoder picked so far. */
export function encoderFor(framing: Framing, decoder: FrameDecoder | null): (body: string) => Uint8Array {
  if (framing !== 'auto') return CHOICES[framing].encode;
  const chosen = decoder instanceof AutoDecoder ? decoder.chosen : null;
  return chosen ? CHOICES[chosen].encode : encodeEither;
}

export const autoCodec: FramingCodec = {
  name: 'auto',
  createDecoder: (options) => new AutoDecoder(options),
  encode: encodeEither,
};
