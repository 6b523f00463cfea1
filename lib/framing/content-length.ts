/**
 * `Content-Length` framing (LSP / DAP base protocol): `Name: value\r\n` header lines, a blank
 * line, then exactly Content-Length bytes of UTF-8 body.
 *
 * How it stays fast (each byte looked at a bounded number of times) and how it resynchronises
 * after bytes that are not a frame, rule by rule, is in README.md beside this file.
 */
import { HeaderBlock, LINE_BLANK, LINE_FIELD } from './header-block';
import { asciiString, CL_MATCH_LENGTH, findContentLength, isContentLengthAt, isContentLengthPrefix, isHeaderSyntax } from './header-bytes';
import { concatBytes, copyBytes, copyOut, DEFAULT_MAX_FRAME_BYTES, DEFAULT_MAX_HEADER_BYTES, formatBytes, indexOfByte, messageFrame as message, noiseFrame, UNFRAMED_PIECE_BYTES, utf8Cut } from './frames';
import type { Frame, FrameDecoder, FrameDecoderOptions, PendingFrame } from './types';
import { AsciiChunks, decodeLossy, decodeUtf8, trimPartialUtf8 } from './utf8';
import { base64Encode } from './base64';
import { refusedLengthDetail, SkipToHeader } from './skip-to-header';
import { CharCountCheck, jsonLineOnContentLengthHint } from './hints';

const HEADER: number = 0;
const BODY: number = 1;
const SKIP: number = 2;

const QUICK_PREFIX = Array.from('Content-Length: ', (c) => c.charCodeAt(0));
const UNFRAMED = 'bytes outside any frame (e.g. a banner printed on stdout); expected a "Content-Length: N" header';
const EMPTY = new Uint8Array(0);

export class ContentLengthDecoder implements FrameDecoder {
  private readonly maxFrame: number;
  private readonly maxHeader: number;
  private state: number = HEADER;

  /** An unfinished header block or unframed line, copied out of earlier chunks. */
  private readonly hb: Uint8Array;
  private hbLen = 0;
  /** Header progress, as offsets from the first byte of the pending block or line. */
  private inBlock = false;
  private lineOff = 0;
  private searchOff = 0;
  private needMore = false;
  private readonly block = new HeaderBlock();

  /** The frame being completed: its header bytes, declared body length, and body so far. */
  private headLen = 0;
  private head: Uint8Array = EMPTY;
  private bodyLen = 0;
  private bodyBuf: Uint8Array | null = null;
  /** Memory reused for bodies that arrive over several chunks (a fresh 1 MB array per frame costs more than copying into it). */
  private store: Uint8Array = EMPTY;
  private bodyFill = 0;
  /** A header block was read: the peer writes headers, so a JSON line is lost sync, not the other framing. */
  private sawHeader = false;
  /** Was the last body's length counted in characters? (checked when unframed bytes follow it) */
  private readonly charCount = new CharCountCheck();
  /** Set while skipping the bytes after a refused header. */
  private skipper: SkipToHeader | null = null;

  /** The chunk being pushed and, once needed, its text when it is all ASCII (null when it is not). */
  private chunk: Uint8Array | null = null;
  private chunkText: string | null | undefined = undefined;
  private readonly ascii = new AsciiChunks();

  constructor(options: FrameDecoderOptions = {}) {
    this.maxFrame = Math.max(0, options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES);
    this.maxHeader = Math.max(64, options.maxHeaderBytes ?? DEFAULT_MAX_HEADER_BYTES);
    this.hb = new Uint8Array(Math.max(this.maxHeader, UNFRAMED_PIECE_BYTES) + 16);
  }

  push(chunk: Uint8Array): Frame[] {
    const out: Frame[] = [];
    const n = chunk.length;
    this.chunk = chunk;
    this.chunkText = undefined;
    let p = 0;
    this.resumeAcrossChunks(chunk, out);
    while (this.hbLen > 0 && p < n) p = this.continueHeader(chunk, p, out);
    while (p < n) {
      if (this.state === HEADER) {
        this.needMore = false;
        const q = this.header(chunk, p, n, out);
        if (this.needMore) {
          copyBytes(this.hb, 0, chunk, q, n);
          this.hbLen = n - q;
          break;
        }
        const fs = q - this.headLen;
        const fe = q + this.bodyLen;
        if (this.state === BODY && fe <= n) {
          this.emitContiguous(chunk, fs, q, fe, out);
          p = fe;
          continue;
        }
        this.head = copyOut(chunk, fs, q);
        p = q;
      } else if (this.state === BODY) {
        p = this.fillBody(chunk, p, n, out);
      } else {
        p = this.skip(chunk, p, n, out);
      }
    }
    // An empty body is whole once its header is: it must not wait for the next chunk.
    if (this.state === BODY && this.bodyLen === 0) this.fillBody(chunk, n, n, out);
    this.chunk = null;
    this.chunkText = undefined;
    return out;
  }

  pending(): PendingFrame | null {
    if (this.state === BODY) return { part: 'body', have: this.bodyFill, need: this.bodyLen };
    if (this.state === SKIP) return { part: 'skip', have: this.skipper!.count };
    if (this.hbLen === 0) return null;
    return { part: this.inBlock || isContentLengthPrefix(this.hb, 0, this.hbLen) ? 'header' : 'unframed', have: this.hbLen };
  }

  flush(): Frame[] {
    const out: Frame[] = [];
    if (this.state === HEADER && this.hbLen > 0) {
      const bytes = this.hb.slice(0, this.hbLen);
      if (this.inBlock || isContentLengthPrefix(bytes, 0, bytes.length)) {
        out.push(noiseFrame('incomplete', 'the stream ended inside a header block', bytes));
      } else {
        out.push(noiseFrame('bad-header', `${UNFRAMED}; the stream ended before one`, bytes));
      }
    } else if (this.state === BODY) {
      const body = this.bodyBuf === null ? EMPTY : this.bodyBuf.subarray(0, this.bodyFill);
      const detail = `the stream ended after ${this.bodyFill} of the ${this.bodyLen} body bytes its Content-Length announced`;
      out.push(noiseFrame('incomplete', detail, concatBytes(this.head, body)));
    } else if (this.state === SKIP) {
      this.endSkip(out, ' (the stream ended before one)');
    }
    this.hbLen = 0;
    this.endFrame();
    this.store = EMPTY;
    return out;
  }

  /** Feeds chunk bytes to the header kept in `hb`; returns where the chunk should continue. */
  private continueHeader(chunk: Uint8Array, p: number, out: Frame[]): number {
    const k = Math.min(chunk.length - p, this.hb.length - this.hbLen);
    const oldLen = this.hbLen;
    copyBytes(this.hb, oldLen, chunk, p, p + k);
    this.hbLen += k;
    this.needMore = false;
    const q = this.header(this.hb, 0, this.hbLen, out);
    if (this.needMore && q < oldLen) {
      // The pending block began in an earlier chunk: keep it here, compacted.
      this.hb.copyWithin(0, q, this.hbLen);
      this.hbLen -= q;
      return p + k;
    }
    // Everything from q on is a copy of chunk bytes: continue in the chunk itself (offsets are relative).
    if (!this.needMore) this.head = this.hb.slice(q - this.headLen, q);
    this.hbLen = 0;
    return p + (q - oldLen);
  }

  /**
   * Reads header blocks and unframed lines from bytes[base, end). Returns the end of a complete
   * usable header block (state BODY or SKIP), or, with `needMore` set, the start of the pending
   * block or line.
   */
  private header(bytes: Uint8Array, base: number, end: number, out: Frame[]): number {
    for (;;) {
      if (!this.inBlock) {
        const avail = end - base;
        if (this.searchOff === 0 && avail >= 21 && bytes[base] === 67) {
          const q = this.quickHeader(bytes, base, end, out);
          if (q > 0) return q;
        }
        if (avail >= CL_MATCH_LENGTH) {
          if (isContentLengthAt(bytes, base)) {
            this.charCount.clear();
            this.sawHeader = true;
            this.inBlock = true;
            continue;
          }
        } else if (avail === 0 || isContentLengthPrefix(bytes, base, end)) {
          this.needMore = true;
          return base;
        }
        const limit = base + UNFRAMED_PIECE_BYTES;
        const nl = indexOfByte(bytes, 10, base + this.searchOff, Math.min(end, limit));
        let cut: number;
        /** The noise ends where a `Content-Length:` begins (a body's end glued to the next header). */
        let atHeader: boolean;
        if (nl >= 0) {
          const k = findContentLength(bytes, base + 1, nl);
          atHeader = k >= 0;
          if (k < 0 && nl > base && bytes[nl - 1] === 13 && isHeaderSyntax(bytes, base, nl)) {
            this.charCount.clear();
            this.sawHeader = true;
            this.inBlock = true;
            continue;
          }
          cut = k >= 0 ? k : nl + 1;
        } else if (end < limit) {
          this.searchOff = avail;
          this.needMore = true;
          return base;
        } else {
          // No line break in a whole piece: cut it, keeping a possible partial "content-length:" for the next.
          const k = findContentLength(bytes, base + 1, limit);
          atHeader = k >= 0;
          cut = k >= 0 ? k : utf8Cut(bytes, base, limit - (CL_MATCH_LENGTH - 1));
        }
        const noise = noiseFrame('bad-header', UNFRAMED, bytes.subarray(base, cut));
        // Only a whole line before any header says "wrong framing"; later ones are lost sync.
        const hint = this.charCount.hint(bytes.subarray(base, cut), atHeader) ?? (!this.sawHeader && nl >= 0 && cut === nl + 1 ? jsonLineOnContentLengthHint(bytes, base, nl) : undefined);
        if (hint) noise.hint = hint;
        out.push(noise);
        base = cut;
        this.searchOff = 0;
        continue;
      }

      const limit = base + this.maxHeader;
      const nl = indexOfByte(bytes, 10, base + this.searchOff, Math.min(end, limit));
      if (nl < 0) {
        if (end < limit) {
          this.searchOff = end - base;
          this.needMore = true;
          return base;
        }
        // Only bytes before the cap decide the cut (the byte at the cap may not have arrived yet).
        const cut = base + trimPartialUtf8(bytes.subarray(base, limit)).length;
        const detail = `header block longer than ${formatBytes(this.maxHeader)} without the blank line that ends it`;
        out.push(noiseFrame('header-too-large', detail, bytes.subarray(base, cut)));
        base = cut;
        this.endFrame();
        continue;
      }
      const ls = base + this.lineOff;
      const kind = this.block.line(bytes, ls, nl);
      if (kind !== LINE_FIELD && kind !== LINE_BLANK && ls > base) {
        // The block ends without its blank line; the odd line is looked at again as a possible start.
        const detail = 'header block cut short by a line that is not a "Name: value" header';
        out.push(noiseFrame('bad-header', detail, bytes.subarray(base, ls)));
        base = ls;
        this.endFrame();
        continue;
      }
      if (kind !== LINE_FIELD && kind !== LINE_BLANK) {
        // Cannot happen (a block only opens on a header line); kept so a bad first line can never stall decoding.
        out.push(noiseFrame('bad-header', UNFRAMED, bytes.subarray(base, nl + 1)));
        base = nl + 1;
        this.endFrame();
        continue;
      }
      this.lineOff = this.searchOff = nl + 1 - base;
      if (kind === LINE_FIELD) continue;

      const hdrEnd = nl + 1;
      const unusable = this.block.unusable();
      if (unusable !== null) {
        out.push(noiseFrame('bad-header', unusable, bytes.subarray(base, hdrEnd)));
        base = hdrEnd;
        this.endFrame();
        continue;
      }
      this.startBody(bytes, base, hdrEnd - base, this.block.contentLength, out);
      return hdrEnd;
    }
  }

  /**
   * The usual header, exactly `Content-Length: N\r\n\r\n`, read in one go; -1 for anything else,
   * which the general line-by-line reading then handles (with the same result for this form).
   */
  private quickHeader(bytes: Uint8Array, base: number, end: number, out: Frame[]): number {
    for (let k = 0; k < QUICK_PREFIX.length; k++) if (bytes[base + k] !== QUICK_PREFIX[k]) return -1;
    const digits = base + QUICK_PREFIX.length;
    let i = digits;
    let n = 0;
    while (i < end && i - digits < 15) {
      const d = bytes[i] - 48;
      if (d < 0 || d > 9) break;
      n = n * 10 + d;
      i++;
    }
    if (i === digits || i + 4 > end || bytes[i] !== 13 || bytes[i + 1] !== 10 || bytes[i + 2] !== 13 || bytes[i + 3] !== 10) return -1;
    // Leading zeros are legal; keep the value exactly as written.
    const text = bytes[digits] === 48 && i - digits > 1 ? asciiString(bytes, digits, i) : String(n);
    this.block.contentLength = n;
    this.block.headers = { 'content-length': text };
    this.charCount.clear();
    this.sawHeader = true;
    this.inBlock = true;
    this.startBody(bytes, base, i + 4 - base, n, out);
    return i + 4;
  }

  /**
   * A usable header of `headLen` bytes at bytes[from]. A declared length over the cap is refused at
   * once (a lying length must not swallow what follows): the header is reported, and the bytes
   * after it are skipped, counted, up to the next `Content-Length:`, where decoding resumes.
   */
  private startBody(bytes: Uint8Array, from: number, headLen: number, bodyLen: number, out: Frame[]): void {
    this.headLen = headLen;
    this.bodyLen = bodyLen;
    if (bodyLen > this.maxFrame) {
      out.push(noiseFrame('oversized', refusedLengthDetail(bodyLen, this.maxFrame, this.block.problem), bytes.subarray(from, from + headLen)));
      this.state = SKIP;
      this.skipper = new SkipToHeader(bodyLen);
    } else {
      this.state = BODY;
    }
  }

  private fillBody(bytes: Uint8Array, p: number, end: number, out: Frame[]): number {
    if (this.bodyBuf === null) {
      const len = this.bodyLen;
      if (end - p >= len) {
        this.emitSplit(bytes.subarray(p, p + len), out);
        return p + len;
      }
      if (this.store.length < len) this.store = new Uint8Array(Math.max(len, Math.min(this.store.length * 2, this.maxFrame)));
      this.bodyBuf = this.store.length === len ? this.store : this.store.subarray(0, len);
    }
    const take = Math.min(this.bodyLen - this.bodyFill, end - p);
    copyBytes(this.bodyBuf, this.bodyFill, bytes, p, p + take);
    this.bodyFill += take;
    if (this.bodyFill === this.bodyLen) this.emitSplit(this.bodyBuf, out);
    return p + take;
  }

  /** Skips bytes after a refused header up to the next `Content-Length:` (which may start anywhere, even mid-line). */
  private skip(bytes: Uint8Array, p: number, end: number, out: Frame[]): number {
    const m = this.skipper!.scan(bytes, p, end);
    if (m < 0) return end;
    this.endSkip(out, '');
    return m;
  }

  /** While skipping, a header may begin in the bytes skipped before this chunk: read them again as its start. */
  private resumeAcrossChunks(chunk: Uint8Array, out: Frame[]): void {
    if (this.state !== SKIP) return;
    const back = this.skipper!.takeBack(chunk);
    if (back === null) return;
    this.endSkip(out, '');
    copyBytes(this.hb, 0, back, 0, back.length);
    this.hbLen = back.length;
  }

  /** Reports the bytes skipped after a refused header (if any) and goes back to reading headers. */
  private endSkip(out: Frame[], ending: string): void {
    const noise = this.skipper!.report(ending);
    if (noise) out.push(noise);
    this.endFrame();
  }

  /** A whole frame lying in bytes[fs, fe) with its body at [bs, fe). */
  private emitContiguous(bytes: Uint8Array, fs: number, bs: number, fe: number, out: Frame[]): void {
    if (this.block.problem !== null) {
      out.push(noiseFrame('bad-header', this.block.problem, bytes.subarray(fs, fe)));
    } else {
      if (bytes === this.chunk && this.chunkText === undefined) this.chunkText = this.ascii.text(bytes);
      const text = bytes === this.chunk ? this.chunkText : null;
      if (text != null) {
        out.push(message(text.slice(bs, fe), text.slice(fs, fe), this.block.headers, undefined));
      } else {
        // Header bytes are ASCII (anything else is a problem), so the body starts at the same offset in the text.
        const d = decodeUtf8(bytes.subarray(fs, fe));
        out.push(message(d.text.slice(bs - fs), d.text, this.block.headers, d.base64));
        this.endFrame();
        this.charCount.keep(bytes, bs, fe, d.text.length - (bs - fs));
        return;
      }
    }
    this.endFrame();
  }

  /** A whole frame whose header is in `this.head` and body in `body`. */
  private emitSplit(body: Uint8Array, out: Frame[]): void {
    if (this.block.problem !== null) {
      out.push(noiseFrame('bad-header', this.block.problem, concatBytes(this.head, body)));
    } else {
      const d = decodeUtf8(body);
      const b64 = d.base64 === undefined ? undefined : base64Encode(concatBytes(this.head, body));
      out.push(message(d.text, decodeLossy(this.head) + d.text, this.block.headers, b64));
      this.endFrame();
      this.charCount.keep(body, 0, body.length, d.text.length);
      return;
    }
    this.endFrame();
  }

  private endFrame(): void {
    this.state = HEADER;
    this.inBlock = false;
    this.lineOff = 0;
    this.searchOff = 0;
    this.block.reset();
    this.headLen = 0;
    this.head = EMPTY;
    this.bodyLen = 0;
    this.bodyBuf = null;
    this.bodyFill = 0;
    this.skipper = null;
  }
}
