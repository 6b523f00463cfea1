/** Byte-level helpers for `Content-Length` header blocks (ASCII only, no string building on the hot path). */

/** "content-length:" in lower case, as bytes. */
const CL = Array.from('content-length:', (c) => c.charCodeAt(0));
export const CL_MATCH_LENGTH = CL.length;

/** RFC 9110 token characters (header names). */
const TCHAR = new Uint8Array(256);
for (const c of "!#$%&'*+-.^_`|~") TCHAR[c.charCodeAt(0)] = 1;
for (let c = 48; c <= 57; c++) TCHAR[c] = 1;
for (let c = 65; c <= 90; c++) TCHAR[c] = 1;
for (let c = 97; c <= 122; c++) TCHAR[c] = 1;

function lower(b: number): number {
  return b >= 65 && b <= 90 ? b | 32 : b;
}

/** bytes[i, i+15) is "content-length:" in any case. The caller ensures the bytes exist. */
export function isContentLengthAt(bytes: Uint8Array, i: number): boolean {
  for (let k = 0; k < CL_MATCH_LENGTH; k++) if (lower(bytes[i + k]) !== CL[k]) return false;
  return true;
}

/** bytes[i, end) (shorter than 15 bytes) could still grow into "content-length:". */
export function isContentLengthPrefix(bytes: Uint8Array, i: number, end: number): boolean {
  if (end - i >= CL_MATCH_LENGTH) return false;
  for (let k = 0; i + k < end; k++) if (lower(bytes[i + k]) !== CL[k]) return false;
  return true;
}

/** Start of the first "content-length:" lying wholly inside [from, end), or -1. */
export function findContentLength(bytes: Uint8Array, from: number, end: number): number {
  const last = end - CL_MATCH_LENGTH;
  for (let i = from; i <= last; i++) {
    // b | 32 === 99 holds exactly for 'c' and 'C'.
    if ((bytes[i] | 32) === 99 && isContentLengthAt(bytes, i)) return i;
  }
  return -1;
}

/** End of the header-name token starting at `i` (== i when there is none). */
export function tokenEnd(bytes: Uint8Array, i: number, end: number): number {
  let t = i;
  while (t < end && TCHAR[bytes[t]] === 1) t++;
  return t;
}

/** Whether [ls, nl] (nl = index of its "\n") looks like a `Name: value` header line. */
export function isHeaderSyntax(bytes: Uint8Array, ls: number, nl: number): boolean {
  const t = tokenEnd(bytes, ls, nl);
  return t > ls && t < nl && bytes[t] === 58;
}

/** Text of ASCII bytes (other bytes map to the same code point, which is only used for messages). */
export function asciiString(bytes: Uint8Array, from: number, to: number, lowerCase = false): string {
  let s = '';
  for (let i = from; i < to; i++) s += String.fromCharCode(lowerCase ? lower(bytes[i]) : bytes[i]);
  return s;
}

/** The value as a non-negative integer when it is 1–15 ASCII digits, else -1. */
export function parseDigits(bytes: Uint8Array, from: number, to: number): number {
  if (to <= from || to - from > 15) return -1;
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = bytes[i] - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

/** A problem with a Content-Type value, or null when it is acceptable (no charset, or utf-8/utf8). */
export function contentTypeProblem(value: string): string | null {
  const m = /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(value);
  if (!m) return null;
  const charset = m[1].toLowerCase();
  if (charset === 'utf-8' || charset === 'utf8') return null;
  return `Content-Type charset "${m[1]}" is not supported (the base protocol's only encoding is utf-8)`;
}
