/** Standard base64 (RFC 4648, with padding) of raw bytes. Pure: no Buffer, no btoa. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

export function base64Encode(bytes: Uint8Array): string {
  const n = bytes.length;
  const parts: string[] = [];
  // Build in slices so one huge frame does not grow a single string char by char.
  const SLICE = 3 * 4096;
  for (let start = 0; start < n; start += SLICE) {
    const end = Math.min(n, start + SLICE);
    let s = '';
    let i = start;
    for (; i + 2 < end; i += 3) {
      const v = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
      s += ALPHABET[v >> 18] + ALPHABET[(v >> 12) & 63] + ALPHABET[(v >> 6) & 63] + ALPHABET[v & 63];
    }
    if (i < end) {
      const b0 = bytes[i];
      const b1 = i + 1 < end ? bytes[i + 1] : 0;
      s += ALPHABET[b0 >> 2] + ALPHABET[((b0 & 3) << 4) | (b1 >> 4)];
      s += i + 1 < end ? ALPHABET[(b1 & 15) << 2] + '=' : '==';
    }
    parts.push(s);
  }
  return parts.join('');
}
