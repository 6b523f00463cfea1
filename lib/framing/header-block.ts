/**
 * What one `Content-Length` header block has said so far, line by line. Each complete line is
 * looked at exactly once, so a block that arrives a byte at a time costs no more than one that
 * arrives whole.
 */
import {
  asciiString,
  contentTypeProblem,
  isContentLengthAt,
  parseDigits,
  tokenEnd,
} from './header-bytes';

export const LINE_FIELD = 0;
export const LINE_BLANK = 1;
const LINE_NOT_HEADER = 2;
export type LineKind = typeof LINE_FIELD | typeof LINE_BLANK | typeof LINE_NOT_HEADER;

const BARE_LF = 'header lines must end with \\r\\n; this block has a line ending in a bare \\n';

export class HeaderBlock {
  /** The Content-Length value, or -1 while none was seen. */
  contentLength = -1;
  /** Why the length cannot be used (malformed, conflicting); null when it can. */
  lengthProblem: string | null = null;
  /** Any other defect: the frame is then kept whole but reported as noise. */
  problem: string | null = null;
  headers: Record<string, string> = {};

  reset(): void {
    this.contentLength = -1;
    this.lengthProblem = null;
    this.problem = null;
    this.headers = {};
  }

  /** Why the block gives no usable length, or null when it does. */
  unusable(): string | null {
    if (this.lengthProblem !== null) return this.lengthProblem;
    if (this.contentLength < 0) return 'header block has no Content-Length header';
    return null;
  }

  /** Reads the line [ls, nl] (nl = index of its "\n") into the block. */
  line(bytes: Uint8Array, ls: number, nl: number): LineKind {
    const crlf = nl > ls && bytes[nl - 1] === 13;
    const ce = crlf ? nl - 1 : nl;
    if (ce === ls) {
      if (!crlf) this.addProblem(BARE_LF);
      return LINE_BLANK;
    }
    const t = tokenEnd(bytes, ls, ce);
    if (t === ls || t === ce || bytes[t] !== 58) return LINE_NOT_HEADER;
    if (!crlf) this.addProblem(BARE_LF);
    let v = t + 1;
    while (v < ce && (bytes[v] === 32 || bytes[v] === 9)) v++;
    let ve = ce;
    while (ve > v && (bytes[ve - 1] === 32 || bytes[ve - 1] === 9)) ve--;
    for (let i = v; i < ve; i++) {
      if (bytes[i] >= 0x80) {
        this.addProblem('header bytes must be ASCII; this block has a non-ASCII byte');
        break;
      }
    }
    if (t - ls === 14 && isContentLengthAt(bytes, ls)) {
      this.length(bytes, v, ve);
      return LINE_FIELD;
    }
    const name = asciiString(bytes, ls, t, true);
    const value = asciiString(bytes, v, ve);
    const prev = this.headers[name];
    this.headers[name] = prev === undefined ? value : `${prev}, ${value}`;
    if (name === 'content-type') {
      const p = contentTypeProblem(value);
      if (p !== null) this.addProblem(p);
    }
    return LINE_FIELD;
  }

  private length(bytes: Uint8Array, v: number, ve: number): void {
    const n = parseDigits(bytes, v, ve);
    const text = asciiString(bytes, v, ve);
    const prev = this.headers['content-length'];
    if (prev === undefined) this.headers['content-length'] = text;
    if (n < 0) {
      this.lengthProblem ??= `Content-Length "${text}" is not a non-negative whole number`;
      return;
    }
    if (this.contentLength >= 0 && n !== this.contentLength) {
      this.lengthProblem ??= `two different Content-Length values: "${prev}" and "${text}"`;
      return;
    }
    this.contentLength = n;
  }

  private addProblem(p: string): void {
    this.problem ??= p;
  }
}
