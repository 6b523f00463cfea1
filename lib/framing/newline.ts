/**
 * Newline-delimited framing (MCP stdio): one JSON message per line, ended by `\n` or `\r\n`.
 *
 * - Blank lines (empty or only spaces/tabs) are skipped.
 * - The decoder only rules out what cannot possibly be JSON, by its first non-blank character:
 *   a line must start with `{`, `[`, `"`, `-`, a digit, or the words `true` / `false` / `null`.
 *   Anything else (a banner such as "Server starting...", a log line) is `not-json` noise. Whether
 *   a plausible line really parses is classification's call, so `{oops` is a message that
 *   classification reports as a parse error.
 * - `raw` and `body` are the line without its terminator; `byteLength` of noise likewise.
 * - A line longer than the frame cap is `oversized` noise: its first bytes are kept, the rest only
 *   counted. A last line without its `\n` at end of stream is `incomplete` noise.
 *
 * Speed: lines inside a chunk are sliced out of it in place (from one decode of the chunk when it
 * is ASCII); only an unfinished line is copied aside, into a buffer that grows by doubling.
 */
import { copyBytes, DEFAULT_MAX_FRAME_BYTES, formatBytes, noiseFrame, OVERSIZED_PREVIEW_BYTES, oversizedFrame, Preview } from './frames';
import { contentLengthOnNewlineHint, prettyPrintedHint } from './hints';
import type { Frame, FrameDecoder, FrameDecoderOptions, FramingCodec, MessageFrame, NoiseFrame, PendingFrame } from './types';
import { AsciiChunks, decodeUtf8, encodeUtf8 } from './utf8';

export class NewlineDecoder implements FrameDecoder {
  private readonly maxFrame: number;
  /** The unfinished line, copied out of earlier chunks. */
  private buf = new Uint8Array(256);
  private len = 0;
  /** Set while an over-cap line is being counted instead of kept. */
  private preview: Preview | null = null;
  private skipped = 0;
  private lastByte = 0;

  private chunk: Uint8Array | null = null;
  private chunkText: string | null | undefined = undefined;
  private readonly ascii = new AsciiChunks();

  constructor(options: FrameDecoderOptions = {}) {
    this.maxFrame = Math.max(0, options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES);
  }

  push(chunk: Uint8Array): Frame[] {
    const out: Frame[] = [];
    const n = chunk.length;
    let p = 0;
    if (this.len > 0 || this.preview !== null) {
      const nl = findNewline(chunk, 0);
      if (nl < 0) {
        this.absorb(chunk, 0, n);
        return out;
      }
      this.absorb(chunk, 0, nl);
      this.endPending(out);
      p = nl + 1;
    }
    this.chunk = chunk;
    this.chunkText = undefined;
    while (p < n) {
      const nl = findNewline(chunk, p);
      if (nl < 0) {
        this.absorb(chunk, p, n);
        break;
      }
      this.line(chunk, p, nl, out);
      p = nl + 1;
    }
    this.chunk = null;
    this.chunkText = undefined;
    return out;
  }

  pending(): PendingFrame | null {
    if (this.preview !== null) return { part: 'line', have: this.skipped };
    return this.len > 0 ? { part: 'line', have: this.len } : null;
  }

  flush(): Frame[] {
    const out: Frame[] = [];
    if (this.preview !== null) {
      out.push(oversizedFrame(this.oversizedDetail(this.skipped, ' (the stream ended before its line break)'), this.preview.view(), this.skipped));
    } else if (this.len > 0) {
      const bytes = this.buf.slice(0, this.len);
      if (contentStart(bytes, 0, bytes.length) < bytes.length) {
        out.push(noiseFrame('incomplete', 'the stream ended in the middle of a line (no closing \\n)', bytes));
      }
    }
    this.len = 0;
    this.preview = null;
    this.skipped = 0;
    return out;
  }

  /** Keeps bytes[from, to) of the unfinished line, or only counts them once the line is over the cap. */
  private absorb(bytes: Uint8Array, from: number, to: number): void {
    const add = to - from;
    if (add === 0) return;
    this.lastByte = bytes[to - 1];
    if (this.preview !== null) {
      this.preview.add(bytes, from, to);
      this.skipped += add;
      return;
    }
    // One byte of slack: a trailing "\r" is part of the terminator, not of the line.
    if (this.len + add > this.maxFrame + 1) {
      this.preview = new Preview(OVERSIZED_PREVIEW_BYTES);
      this.preview.add(this.buf, 0, this.len);
      this.preview.add(bytes, from, to);
      this.skipped = this.len + add;
      this.len = 0;
      return;
    }
    if (this.len + add > this.buf.length) {
      let size = this.buf.length * 2;
      while (size < this.len + add) size *= 2;
      const grown = new Uint8Array(Math.min(size, this.maxFrame + 1));
      grown.set(this.buf.subarray(0, this.len));
      this.buf = grown;
    }
    copyBytes(this.buf, this.len, bytes, from, to);
    this.len += add;
  }

  /** The unfinished line just got its "\n". */
  private endPending(out: Frame[]): void {
    if (this.preview !== null) {
      const length = this.skipped - (this.lastByte === 13 ? 1 : 0);
      const shown = this.preview.view().subarray(0, length);
      out.push(oversizedFrame(this.oversizedDetail(length, ''), shown, length));
      this.preview = null;
      this.skipped = 0;
    } else {
      // The line's bytes are copied out by the decode below, so the buffer can be reused at once.
      this.line(this.buf, 0, this.len, out);
    }
    this.len = 0;
  }

  /** One line bytes[s, nl) without its "\n". */
  private line(bytes: Uint8Array, s: number, nl: number, out: Frame[]): void {
    const e = nl > s && bytes[nl - 1] === 13 ? nl - 1 : nl;
    if (e - s > this.maxFrame) {
      const shown = bytes.subarray(s, Math.min(e, s + OVERSIZED_PREVIEW_BYTES));
      out.push(oversizedFrame(this.oversizedDetail(e - s, ''), shown, e - s));
      return;
    }
    const c = contentStart(bytes, s, e);
    if (c === e) return;
    if (!mayBeJson(bytes, c, e)) {
      const shown = String.fromCharCode(bytes[c]);
      const what = bytes[c] < 0x80 ? `it starts with "${shown}"` : 'it starts with a non-ASCII byte';
      const noise: NoiseFrame = noiseFrame('not-json', `a line that cannot be JSON (${what}), e.g. a log line printed on stdout`, bytes.subarray(s, e));
      const hint = contentLengthOnNewlineHint(bytes, c, e) ?? prettyPrintedHint(bytes, c, e);
      if (hint) noise.hint = hint;
      out.push(noise);
      return;
    }
    // A line that can only be a piece of a multi-line JSON text (a valid message never ends with "{" or ",").
    const hint = prettyPrintedHint(bytes, c, e);
    if (bytes === this.chunk) {
      if (this.chunkText === undefined) this.chunkText = this.ascii.text(bytes);
      if (this.chunkText !== null) {
        const text = this.chunkText.slice(s, e);
        const frame: MessageFrame = { type: 'message', body: text, raw: text };
        if (hint) frame.hint = hint;
        out.push(frame);
        return;
      }
    }
    const d = decodeUtf8(bytes.subarray(s, e));
    const frame: MessageFrame = { type: 'message', body: d.text, raw: d.text };
    if (d.base64 !== undefined) frame.rawBase64 = d.base64;
    if (hint) frame.hint = hint;
    out.push(frame);
  }

  private oversizedDetail(length: number, tail: string): string {
    return `a line of ${length} bytes is over the ${formatBytes(this.maxFrame)} frame cap${tail}; its bytes were skipped, not kept (shown: at most the first ${OVERSIZED_PREVIEW_BYTES})`;
  }
}

/** Index of the next "\n" from `from`, or -1. A short tail is scanned in place: the native indexOf call costs more there. */
function findNewline(bytes: Uint8Array, from: number): number {
  const n = bytes.length;
  if (n - from > 32) return bytes.indexOf(10, from);
  for (let i = from; i < n; i++) if (bytes[i] === 10) return i;
  return -1;
}

/** Index of the first byte that is not a space, tab or "\r" in [s, e) (== e for a blank line). */
function contentStart(bytes: Uint8Array, s: number, e: number): number {
  let i = s;
  while (i < e) {
    const b = bytes[i];
    if (b !== 32 && b !== 9 && b !== 13) break;
    i++;
  }
  return i;
}

function startsWith(bytes: Uint8Array, i: number, e: number, word: string): boolean {
  if (e - i < word.length) return false;
  for (let k = 0; k < word.length; k++) if (bytes[i + k] !== word.charCodeAt(k)) return false;
  return true;
}

/** Whether a JSON text could start at bytes[c] (see the file comment). */
function mayBeJson(bytes: Uint8Array, c: number, e: number): boolean {
  const b = bytes[c];
  if (b === 123 || b === 91 || b === 34 || b === 45 || (b >= 48 && b <= 57)) return true;
  if (b === 116) return startsWith(bytes, c, e, 'true');
  if (b === 102) return startsWith(bytes, c, e, 'false');
  if (b === 110) return startsWith(bytes, c, e, 'null');
  return false;
}

/**
 * Wire bytes for one message: the text and a "\n". A line break inside the text would split it
 * into several messages on the wire, so each "\r" or "\n" in it is sent as a space (outside JSON
 * strings that is the same JSON; inside one, a raw line break was invalid JSON anyway).
 */
export function encodeNewline(body: string): Uint8Array {
  const line = /[\r\n]/.test(body) ? body.replace(/[\r\n]/g, ' ') : body;
  return encodeUtf8(`${line}\n`);
}

export const newlineCodec: FramingCodec = {
  name: 'newline',
  createDecoder: (options) => new NewlineDecoder(options),
  encode: encodeNewline,
};
