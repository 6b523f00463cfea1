/**
 * A short stable id for a document's content, so the same document loaded twice is one document:
 * two FNV-1a 32-bit hashes with different offset bases, side by side (64 bits of hex). Not for
 * security; only to tell documents apart.
 */
export function contentId(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x9e3779b9;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) ^ (b >>> 15);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}
