/**
 * Hints where the cause of a framing problem is knowable from the bytes themselves: a length
 * counted in characters, pretty-printed JSON on a newline stream, and the other framing's bytes
 * (a Content-Length header on a newline session, a JSON line on a Content-Length session). Each
 * check is a few byte comparisons, run only on frames that are already suspect.
 */
import type { Framing } from '../session/types';
import { isContentLengthAt, CL_MATCH_LENGTH } from './header-bytes';
import type { FrameHint } from './types';
import { decodeLossy } from './utf8';
import { copyOut } from './frames';

const OPEN_BRACE = 123;
const OPEN_BRACKET = 91;
const CLOSE_BRACE = 125;
const CLOSE_BRACKET = 93;
const COMMA = 44;
const COLON = 58;

function isBlank(b: number): boolean {
  return b === 32 || b === 9 || b === 13;
}

/** The first and last non-blank byte offsets of bytes[s, e), or null for a blank line. */
function trimmed(bytes: Uint8Array, s: number, e: number): [number, number] | null {
  let a = s;
  while (a < e && isBlank(bytes[a])) a++;
  let b = e - 1;
  while (b >= a && isBlank(bytes[b])) b--;
  return a < e && b >= a ? [a, b] : null;
}

function mismatch(suggest: Framing, message: string): FrameHint {
  return { rule: 'framing-mismatch', message, suggest };
}

/**
 * `body` was a frame's body (its length the declared Content-Length) and `rest` the unframed bytes
 * right after it, up to the next header. When body and rest together are exactly as many
 * characters (UTF-16 units) as the length declared, the sender counted characters, not bytes.
 */
export function lengthInCharactersHint(body: Uint8Array, rest: Uint8Array): FrameHint | undefined {
  if (rest.length === 0 || rest.length > 4 * body.length) return undefined;
  const whole = new Uint8Array(body.length + rest.length);
  whole.set(body, 0);
  whole.set(rest, body.length);
  const text = decodeLossy(whole);
  if (text.length !== body.length || text.indexOf('\uFFFD') >= 0) return undefined;
  return {
    rule: 'framing-length-in-characters',
    message: `Content-Length ${body.length} matches the length of the message in characters (UTF-16 units), not bytes: the message is ${whole.length} bytes of UTF-8, so its frame was cut short and these last ${rest.length} bytes came out as noise.`,
  };
}

/** A line of a newline-framed stream that can only be part of a JSON text spread over several lines. */
export function prettyPrintedHint(bytes: Uint8Array, s: number, e: number): FrameHint | undefined {
  const t = trimmed(bytes, s, e);
  if (t === null) return undefined;
  const first = bytes[t[0]];
  const last = bytes[t[1]];
  const opens = last === OPEN_BRACE || last === OPEN_BRACKET || last === COMMA || last === COLON;
  const closes = first === CLOSE_BRACE || first === CLOSE_BRACKET;
  if (!opens && !closes) return undefined;
  return {
    rule: 'framing-newline-in-message',
    message: 'This line is a piece of pretty-printed JSON: newline framing forbids newlines inside a message, so each message must be written on one line.',
  };
}

/** A `Content-Length:` header line on a newline-framed stream. */
export function contentLengthOnNewlineHint(bytes: Uint8Array, s: number, e: number): FrameHint | undefined {
  const t = trimmed(bytes, s, e);
  if (t === null || e - t[0] < CL_MATCH_LENGTH || !isContentLengthAt(bytes, t[0])) return undefined;
  return mismatch('content-length', 'A Content-Length header on a newline-framed stream: this peer uses Content-Length framing. Reconnect with framing content-length (or auto).');
}

/** A whole JSON object or array on its own line, outside any frame of a Content-Length stream. */
export function jsonLineOnContentLengthHint(bytes: Uint8Array, s: number, e: number): FrameHint | undefined {
  const t = trimmed(bytes, s, e);
  if (t === null) return undefined;
  const first = bytes[t[0]];
  const last = bytes[t[1]];
  const object = first === OPEN_BRACE && last === CLOSE_BRACE;
  const array = first === OPEN_BRACKET && last === CLOSE_BRACKET;
  if (!object && !array) return undefined;
  return mismatch('newline', 'A JSON message on its own line, without a Content-Length header: this peer uses newline framing. Reconnect with framing newline (or auto).');
}

/** Bodies kept for the characters-not-bytes check are at most this long. */
const KEPT_BODY_MAX = 64 * 1024;

/**
 * The last body a Content-Length decoder emitted, kept (copied) only when it had non-ASCII text:
 * when unframed bytes follow it up to the next header, they tell whether its length counted
 * characters. Checking there, not at the body, gives the same answer however the bytes are chunked.
 */
export class CharCountCheck {
  private body: Uint8Array | null = null;

  /**
   * bytes[from, to) was a body that decoded to `chars` UTF-16 units. Fewer units than bytes means
   * multi-byte text; a body cut inside its only multi-byte character (a last byte >= 0x80) decodes
   * to as many units as bytes, yet the bytes after it may complete that character.
   */
  keep(bytes: Uint8Array, from: number, to: number, chars: number): void {
    const multiByte = chars < to - from || (to > from && bytes[to - 1] >= 0x80);
    this.body = multiByte && to - from <= KEPT_BODY_MAX ? copyOut(bytes, from, to) : null;
  }

  clear(): void {
    this.body = null;
  }

  /** The hint for unframed bytes `rest` right after the kept body (`atHeader`: they end at a header); forgets the body. */
  hint(rest: Uint8Array, atHeader: boolean): FrameHint | undefined {
    const body = this.body;
    this.body = null;
    return body !== null && atHeader ? lengthInCharactersHint(body, rest) : undefined;
  }
}
