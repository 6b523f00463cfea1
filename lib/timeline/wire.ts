/**
 * Reading the raw wire text an event carries: split a framing header from its body, and turn
 * base64 (bytes that were not UTF-8) into a hex dump.
 */

export interface WireParts {
  /** Framing header block including its blank line (`Content-Length: 42\r\n\r\n`), or ''. */
  header: string;
  body: string;
}

/** Content-Length framing puts headers before a blank line; other wire text is all body. */
export function splitWire(raw: string): WireParts {
  if (!/^[A-Za-z][A-Za-z0-9-]*:/.test(raw)) return { header: '', body: raw };
  const crlf = raw.indexOf('\r\n\r\n');
  const lf = raw.indexOf('\n\n');
  let end = -1;
  if (crlf >= 0 && (lf < 0 || crlf <= lf)) end = crlf + 4;
  else if (lf >= 0) end = lf + 2;
  if (end < 0 || end > 8192 + 4) return { header: '', body: raw };
  return { header: raw.slice(0, end), body: raw.slice(end) };
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_INDEX = (() => {
  const t = new Int16Array(128).fill(-1);
  for (let i = 0; i < B64.length; i++) t[B64.charCodeAt(i)] = i;
  t['-'.charCodeAt(0)] = 62; // base64url, in case a producer used it
  t['_'.charCodeAt(0)] = 63;
  return t;
})();

/** Decodes base64 (standard or url-safe, padding optional); skips characters outside the alphabet. */
export function base64ToBytes(b64: string): Uint8Array {
  const out = new Uint8Array(Math.floor((b64.length * 3) / 4) + 3);
  let bits = 0;
  let acc = 0;
  let n = 0;
  for (let i = 0; i < b64.length; i++) {
    const c = b64.charCodeAt(i);
    const v = c < 128 ? B64_INDEX[c] : -1;
    if (v < 0) continue;
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[n++] = (acc >> bits) & 0xff;
    }
  }
  return out.subarray(0, n);
}

export interface HexLine {
  offset: string;
  hex: string;
  ascii: string;
}

/** Classic 16-bytes-a-line dump; stops after `maxBytes` so a huge frame stays responsive. */
export function hexDump(bytes: Uint8Array, maxBytes = 64 * 1024): { lines: HexLine[]; truncated: boolean } {
  const len = Math.min(bytes.length, maxBytes);
  const lines: HexLine[] = [];
  for (let off = 0; off < len; off += 16) {
    let hex = '';
    let ascii = '';
    for (let j = 0; j < 16; j++) {
      if (off + j < len) {
        const b = bytes[off + j];
        hex += b.toString(16).padStart(2, '0') + (j === 7 ? '  ' : ' ');
        ascii += b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.';
      } else {
        hex += j === 7 ? '    ' : '   ';
      }
    }
    lines.push({ offset: off.toString(16).padStart(8, '0'), hex: hex.trimEnd(), ascii });
  }
  return { lines, truncated: bytes.length > maxBytes };
}
