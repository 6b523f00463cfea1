/**
 * Reference decoders: the framing rules of lib/framing written as plainly as possible, so the
 * fast decoders can be changed by someone who did not write them. They read the whole stream at
 * once (no chunks, no state machine, no copies avoided) and share nothing with lib/framing but
 * its types and limits. Slow is fine; obvious is the point. The rules, in the order they apply,
 * are the ones lib/framing/README.md and the file comment of newline.ts describe; the hints are
 * the causes lib/framing/hints.ts names, each read here in its own plain way.
 */
import {
  DEFAULT_MAX_FRAME_BYTES,
  DEFAULT_MAX_HEADER_BYTES,
  OVERSIZED_PREVIEW_BYTES,
  UNFRAMED_PIECE_BYTES,
  type Frame,
  type FrameDecoderOptions,
  type FrameHint,
  type NoiseFrame,
} from '@/lib/framing';

type Reason = NoiseFrame['reason'];
/** A hint without its prose `message`: which rule, and the framing it suggests. */
export type RefHint = Omit<FrameHint, 'message'>;
type Comparable<F> = F extends Frame ? Omit<F, 'detail' | 'hint'> & { hint?: RefHint } : never;
/** A frame without its human `detail` and hint `message` (prose, not compared). */
export type RefFrame = Comparable<Frame>;

const CL = 'content-length:';
/** Bodies longer than this are not checked for a length counted in characters (the decoder keeps no more). */
const CHAR_CHECK_MAX_BODY = 64 * 1024;
const LF = 10;
const CR = 13;

/** Bytes → text exactly as written: a BOM is text too, bad bytes become U+FFFD. */
const lossy = new TextDecoder('utf-8', { ignoreBOM: true });
const strict = new TextDecoder('utf-8', { ignoreBOM: true, fatal: true });

function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    strict.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** One byte per char (for looking at ASCII header syntax). */
function latin1(bytes: Uint8Array, from: number, to: number): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset + from, to - from).toString('latin1');
}

function noise(reason: Reason, bytes: Uint8Array, byteLength = bytes.length): RefFrame {
  const frame: RefFrame = { type: 'noise', reason, raw: lossy.decode(bytes), byteLength };
  if (!isValidUtf8(bytes)) frame.rawBase64 = Buffer.from(bytes).toString('base64');
  return frame;
}

/** Drops a UTF-8 sequence cut off at the end of `bytes` (an oversized frame's preview ends anywhere). */
function dropCutCharacter(bytes: Uint8Array): Uint8Array {
  for (let back = 1; back <= Math.min(4, bytes.length); back++) {
    const b = bytes[bytes.length - back];
    if ((b & 0xc0) === 0x80) continue; // a continuation byte: keep looking for the lead byte
    const needs = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return back < needs ? bytes.subarray(0, bytes.length - back) : bytes;
  }
  return bytes;
}

/** `shown` is what is kept of a frame too large to keep: its header and the first bytes of its body. */
function oversized(shown: Uint8Array, byteLength: number): RefFrame {
  return noise('oversized', dropCutCharacter(shown), byteLength);
}

/** `word` (lower case) is at bytes[at], in any case. */
function startsWithIgnoringCase(bytes: Uint8Array, at: number, word: string): boolean {
  if (at + word.length > bytes.length) return false;
  for (let k = 0; k < word.length; k++) {
    const b = bytes[at + k];
    if ((b >= 65 && b <= 90 ? b + 32 : b) !== word.charCodeAt(k)) return false;
  }
  return true;
}

/** First "content-length:" (any case) that lies wholly inside [from, to), or -1. */
function findContentLength(bytes: Uint8Array, from: number, to: number): number {
  for (let i = from; i + CL.length <= to; i++) if (startsWithIgnoringCase(bytes, i, CL)) return i;
  return -1;
}

function indexOfLf(bytes: Uint8Array, from: number): number {
  return bytes.indexOf(LF, from);
}

/** Moves a cut back (at most 3 bytes, never to `start` itself) so it does not split a UTF-8 character. */
function cutOnCharacter(bytes: Uint8Array, start: number, cut: number): number {
  let c = cut;
  while (c > start + 1 && cut - c < 3 && (bytes[c] & 0xc0) === 0x80) c--;
  return c;
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+/;

type Line = { kind: 'blank'; crlf: boolean } | { kind: 'field'; crlf: boolean; name: string; value: string } | { kind: 'other' };

/** A header line [from, lf) without its "\n". */
function readLine(bytes: Uint8Array, from: number, lf: number): Line {
  let text = latin1(bytes, from, lf);
  const crlf = text.endsWith('\r');
  if (crlf) text = text.slice(0, -1);
  if (text === '') return { kind: 'blank', crlf };
  const name = TOKEN.exec(text)?.[0];
  if (name === undefined || text[name.length] !== ':') return { kind: 'other' };
  return { kind: 'field', crlf, name: name.toLowerCase(), value: text.slice(name.length + 1).replace(/^[ \t]+|[ \t]+$/g, '') };
}

function charsetProblem(contentType: string): boolean {
  for (const param of contentType.split(';').slice(1)) {
    const [key, ...rest] = param.split('=');
    if (key.trim().toLowerCase() !== 'charset') continue;
    const charset = rest.join('=').trim().replace(/^"|"$/g, '').toLowerCase();
    return charset !== 'utf-8' && charset !== 'utf8';
  }
  return false;
}

interface Block {
  headers: Record<string, string>;
  lengths: string[];
  /** A defect that keeps the frame in sync but makes it noise. */
  flawed: boolean;
}

function usableLength(block: Block): number | null {
  if (block.lengths.length === 0) return null;
  if (!block.lengths.every((v) => /^[0-9]{1,15}$/.test(v))) return null;
  const values = new Set(block.lengths.map(Number));
  return values.size === 1 ? [...values][0] : null;
}

function concatBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

/** The text of a line with blanks (space, tab, CR) taken off both ends. */
function trimmedLine(bytes: Uint8Array): string {
  return latin1(bytes, 0, bytes.length).replace(/^[ \t\r]+|[ \t\r]+$/g, '');
}

/**
 * A length counted in characters: the body a frame was given and the unframed bytes after it
 * up to the next header are, together, exactly as many UTF-16 units as the declared length.
 */
function countedInCharacters(body: Uint8Array, rest: Uint8Array): boolean {
  if (rest.length === 0 || body.length > CHAR_CHECK_MAX_BODY) return false;
  const text = lossy.decode(concatBytes(body, rest));
  return text.length === body.length && !text.includes('\uFFFD');
}

/** A whole JSON object or array on its own line (the peer writes newline framing). */
function isJsonLine(line: Uint8Array): boolean {
  const t = trimmedLine(line);
  return (t.startsWith('{') && t.endsWith('}')) || (t.startsWith('[') && t.endsWith(']'));
}

export function referenceContentLength(bytes: Uint8Array, options: FrameDecoderOptions = {}): RefFrame[] {
  const maxFrame = Math.max(0, options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES);
  const maxHeader = Math.max(64, options.maxHeaderBytes ?? DEFAULT_MAX_HEADER_BYTES);
  const out: RefFrame[] = [];
  const end = bytes.length;
  let p = 0;
  /** A header block has begun somewhere: from then on a JSON line is lost sync, not the other framing. */
  let sawHeader = false;
  /** The body of the message just emitted, until anything else comes (for the characters check). */
  let lastBody: Uint8Array | null = null;

  /** Unframed bytes [from, cut): `atHeader` when a glued `Content-Length:` ends them, `wholeLine` when they are one whole line. */
  const unframed = (from: number, cut: number, atHeader: boolean, wholeLine: boolean): void => {
    const frame = noise('bad-header', bytes.subarray(from, cut));
    const rest = bytes.subarray(from, cut);
    if (lastBody !== null && atHeader && countedInCharacters(lastBody, rest)) frame.hint = { rule: 'framing-length-in-characters' };
    else if (lastBody === null && !sawHeader && wholeLine && isJsonLine(bytes.subarray(from, cut - 1))) frame.hint = { rule: 'framing-mismatch', suggest: 'newline' };
    lastBody = null;
    out.push(frame);
  };

  while (p < end) {
    // Outside a block: does one start here?
    let blockStarts = false;
    if (end - p >= CL.length) {
      blockStarts = startsWithIgnoringCase(bytes, p, CL);
    } else if (CL.startsWith(latin1(bytes, p, end).toLowerCase())) {
      out.push(noise('incomplete', bytes.subarray(p)));
      break;
    }
    if (!blockStarts) {
      const lf = indexOfLf(bytes, p);
      if (lf >= 0 && lf < p + UNFRAMED_PIECE_BYTES) {
        const glued = findContentLength(bytes, p + 1, lf);
        const line = glued < 0 ? readLine(bytes, p, lf) : null;
        // Any other line is unframed; a "Name: value\r\n" line starts a block.
        if (line?.kind !== 'field' || !line.crlf) {
          const cut = glued >= 0 ? glued : lf + 1;
          unframed(p, cut, glued >= 0, glued < 0);
          p = cut;
          continue;
        }
      } else if (end < p + UNFRAMED_PIECE_BYTES) {
        out.push(noise('bad-header', bytes.subarray(p)));
        break;
      } else {
        const limit = p + UNFRAMED_PIECE_BYTES;
        const glued = findContentLength(bytes, p + 1, limit);
        const cut = glued >= 0 ? glued : cutOnCharacter(bytes, p, limit - (CL.length - 1));
        unframed(p, cut, glued >= 0, false);
        p = cut;
        continue;
      }
    }

    // A header block from `start`, read line by line until its blank line.
    const start = p;
    sawHeader = true;
    lastBody = null;
    const limit = start + maxHeader;
    const block: Block = { headers: {}, lengths: [], flawed: false };
    let lineStart = start;
    let bodyStart = -1;
    while (bodyStart < 0) {
      const lf = indexOfLf(bytes, lineStart);
      if (lf < 0 || lf >= limit) {
        if (end < limit) {
          out.push(noise('incomplete', bytes.subarray(start)));
          return out;
        }
        // A character cut off by the cap is left to what follows.
        const cut = start + dropCutCharacter(bytes.subarray(start, limit)).length;
        out.push(noise('header-too-large', bytes.subarray(start, cut)));
        p = cut;
        break;
      }
      const line = readLine(bytes, lineStart, lf);
      if (line.kind === 'other') {
        // The block is cut short; that line is looked at again as a possible start.
        const cut = lineStart > start ? lineStart : lf + 1;
        out.push(noise('bad-header', bytes.subarray(start, cut)));
        p = cut;
        break;
      }
      if (!line.crlf) block.flawed = true;
      if (line.kind === 'blank') {
        bodyStart = lf + 1;
        break;
      }
      if (/[^\x00-\x7f]/.test(line.value)) block.flawed = true;
      if (line.name === 'content-length') {
        block.lengths.push(line.value);
        block.headers['content-length'] ??= line.value;
      } else {
        const prev = block.headers[line.name];
        block.headers[line.name] = prev === undefined ? line.value : `${prev}, ${line.value}`;
        if (line.name === 'content-type' && charsetProblem(line.value)) block.flawed = true;
      }
      lineStart = lf + 1;
    }
    if (bodyStart < 0) continue;

    const length = usableLength(block);
    if (length === null) {
      out.push(noise('bad-header', bytes.subarray(start, bodyStart)));
      p = bodyStart;
      continue;
    }
    const frameEnd = bodyStart + length;
    if (length > maxFrame) {
      // Refused at its header: the header alone is reported, then everything up to the next
      // `Content-Length:` (wherever it begins, even right after the header) is skipped as one noise.
      out.push(noise('oversized', bytes.subarray(start, bodyStart)));
      const next = findContentLength(bytes, bodyStart, end);
      const skipEnd = next >= 0 ? next : end;
      if (skipEnd > bodyStart) out.push(oversized(bytes.subarray(bodyStart, Math.min(skipEnd, bodyStart + OVERSIZED_PREVIEW_BYTES)), skipEnd - bodyStart));
      p = skipEnd;
      continue;
    }
    if (frameEnd > end) {
      out.push(noise('incomplete', bytes.subarray(start)));
      break;
    }
    const whole = bytes.subarray(start, frameEnd);
    if (block.flawed) {
      out.push(noise('bad-header', whole));
    } else {
      const frame: RefFrame = { type: 'message', body: lossy.decode(bytes.subarray(bodyStart, frameEnd)), raw: lossy.decode(whole), headers: block.headers };
      if (!isValidUtf8(whole)) frame.rawBase64 = Buffer.from(whole).toString('base64');
      out.push(frame);
      lastBody = bytes.subarray(bodyStart, frameEnd);
    }
    p = frameEnd;
  }
  return out;
}

/** A line that can only be a piece of a JSON text spread over lines: it opens one, or closes one. */
function isPrettyPrintedPiece(line: Uint8Array): boolean {
  const t = trimmedLine(line);
  return /[{[,:]$/.test(t) || /^[}\]]/.test(t);
}

function newlineHint(line: Uint8Array, json: boolean): RefHint | undefined {
  if (!json && trimmedLine(line).toLowerCase().startsWith(CL)) return { rule: 'framing-mismatch', suggest: 'content-length' };
  return isPrettyPrintedPiece(line) ? { rule: 'framing-newline-in-message' } : undefined;
}

/** Whether a JSON text could start with this line's first non-blank character. */
function mayBeJson(text: string): boolean {
  return /^[{["\-0-9]/.test(text) || text.startsWith('true') || text.startsWith('false') || text.startsWith('null');
}

export function referenceNewline(bytes: Uint8Array, options: FrameDecoderOptions = {}): RefFrame[] {
  const maxFrame = Math.max(0, options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES);
  const out: RefFrame[] = [];
  let p = 0;
  while (p < bytes.length) {
    const lf = indexOfLf(bytes, p);
    if (lf < 0) {
      // The stream ended without a line break. One byte of slack, as for a line's "\r".
      const rest = bytes.subarray(p);
      if (rest.length > maxFrame + 1) out.push(oversized(rest.subarray(0, OVERSIZED_PREVIEW_BYTES), rest.length));
      else if (/[^ \t\r]/.test(latin1(rest, 0, rest.length))) out.push(noise('incomplete', rest));
      break;
    }
    const lineEnd = lf > p && bytes[lf - 1] === CR ? lf - 1 : lf;
    const line = bytes.subarray(p, lineEnd);
    p = lf + 1;
    if (line.length > maxFrame) {
      out.push(oversized(line.subarray(0, OVERSIZED_PREVIEW_BYTES), line.length));
      continue;
    }
    const content = latin1(line, 0, line.length).replace(/^[ \t\r]+/, '');
    if (content === '') continue;
    const json = mayBeJson(content);
    const text = lossy.decode(line);
    const frame: RefFrame = json ? { type: 'message', body: text, raw: text } : noise('not-json', line);
    if (json && !isValidUtf8(line)) frame.rawBase64 = Buffer.from(line).toString('base64');
    const hint = newlineHint(line, json);
    if (hint) frame.hint = hint;
    out.push(frame);
  }
  return out;
}
