/**
 * Keeping redacted wire text self-consistent. A `Content-Length` header counts body bytes, so
 * replacing a secret changes what it should say. The rule: the header is rewritten so that
 * (declared − actual) stays what it was. A correct header stays correct; a header that was
 * wrong on the wire (a finding worth sharing) stays wrong by the same number of bytes. Each
 * rewrite is counted, and the file records the count under `content-length-rewritten`.
 *
 * Bytes that were not valid UTF-8 travel as `rawBase64`; they are redacted as a Latin-1 view
 * (one char per byte), where ASCII secrets and token shapes read the same and byte offsets are
 * string offsets.
 */

const HEADER_BLOCK = /^((?:[A-Za-z][A-Za-z0-9-]*:[^\r\n]*\r?\n)+)\r?\n/;
const CONTENT_LENGTH_LINE = /^(content-length:[ \t]*)(\d{1,15})/im;

export interface HeaderSplit {
  head: string;
  body: string;
}

/** A leading header block (stream framing) and the rest, or null when there is none. */
export function splitHeaderBlock(text: string): HeaderSplit | null {
  const m = HEADER_BLOCK.exec(text);
  if (!m) return null;
  return { head: text.slice(0, m[0].length), body: text.slice(m[0].length) };
}

export function declaredLength(head: string): number | undefined {
  const m = CONTENT_LENGTH_LINE.exec(head);
  return m ? Number(m[2]) : undefined;
}

/**
 * `after` with its Content-Length rewritten to keep `before`'s declared − actual difference.
 * `measure` gives a body's length in bytes. Returns the text and whether it changed.
 */
export function keepContentLengthConsistent(
  before: string,
  after: string,
  measure: (body: string) => number,
): { text: string; rewritten: boolean } {
  const old = splitHeaderBlock(before);
  const now = splitHeaderBlock(after);
  if (!old || !now) return { text: after, rewritten: false };
  const declared = declaredLength(old.head);
  if (declared === undefined) return { text: after, rewritten: false };
  const delta = declared - measure(old.body);
  const want = Math.max(0, measure(now.body) + delta);
  if (declaredLength(now.head) === want) return { text: after, rewritten: false };
  const head = now.head.replace(CONTENT_LENGTH_LINE, (_m, name: string) => `${name}${want}`);
  return { text: head + now.body, rewritten: true };
}

/** The same rule for a Content-Length recorded among HTTP reply headers, against the body. */
export function adjustedHeaderLength(
  declaredText: string,
  bodyBefore: string,
  bodyAfter: string,
  measure: (body: string) => number,
): string | undefined {
  if (!/^\d{1,15}$/.test(declaredText.trim())) return undefined;
  const declared = Number(declaredText.trim());
  const want = Math.max(0, measure(bodyAfter) + declared - measure(bodyBefore));
  return want === declared ? undefined : String(want);
}

const encoder = new TextEncoder();
export const utf8Length = (s: string): number => encoder.encode(s).length;
export const latin1Length = (s: string): number => s.length;

/** One char per byte. */
export function bytesToLatin1(bytes: Uint8Array): string {
  let out = '';
  const CHUNK = 8192;
  for (let i = 0; i < bytes.length; i += CHUNK) {
    out += String.fromCharCode(...bytes.subarray(i, Math.min(bytes.length, i + CHUNK)));
  }
  return out;
}

export function latin1ToBytes(s: string): Uint8Array {
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i) & 0xff;
  return out;
}

/** A text as it would appear in the Latin-1 view of its UTF-8 bytes. */
export const utf8AsLatin1 = (s: string): string => bytesToLatin1(encoder.encode(s));

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_INDEX = new Int16Array(128).fill(-1);
for (let i = 0; i < B64.length; i++) B64_INDEX[B64.charCodeAt(i)] = i;

/** Standard base64 (padding optional) to bytes; null when it is not base64. */
export function base64Decode(text: string): Uint8Array | null {
  const s = text.replace(/=+$/, '');
  if (s.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((s.length * 3) / 4));
  let o = 0;
  for (let i = 0; i < s.length; i += 4) {
    let v = 0;
    const n = Math.min(4, s.length - i);
    for (let k = 0; k < 4; k++) {
      const c = k < n ? s.charCodeAt(i + k) : 65; // 'A' pads the last group with zero bits
      const d = c < 128 ? B64_INDEX[c] : -1;
      if (d < 0) return null;
      v = (v << 6) | d;
    }
    out[o++] = (v >> 16) & 0xff;
    if (n > 2) out[o++] = (v >> 8) & 0xff;
    if (n > 3) out[o++] = v & 0xff;
  }
  return out.subarray(0, o);
}
