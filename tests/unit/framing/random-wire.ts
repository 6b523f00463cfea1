/**
 * Random wire traffic for the decoder comparison: good frames mixed with everything a real peer
 * or a broken one puts on a pipe (banners, bad or missing Content-Length, wrong lengths, bare \n,
 * other charsets, non-UTF-8 bytes, oversized frames and headers, floods without a line break, a
 * stream cut off anywhere), and random ways to cut it into chunks.
 */
import { UNFRAMED_PIECE_BYTES } from '@/lib/framing';
import { between, pick, type Rand } from '../../fixtures/sessions/lsp-bodies';
import { concat, enc } from './helpers';

/** Characters bodies are made of: ASCII, 2-, 3- and 4-byte UTF-8, a BOM, line breaks, quotes. */
const CHARS = ['a', 'z', '0', ' ', '{', '}', '"', ':', ',', 'é', 'ü', '€', '中', '😀', '\uFEFF', '\r', '\n', '\t', '\\'];
const NOT_UTF8 = [[0xff], [0xfe, 0xfe], [0x80], [0xc3], [0xe2, 0x82], [0xf0, 0x9f, 0x98], [0xed, 0xa0, 0x80]];
const BANNERS = ['Server starting...', 'npm WARN deprecated', 'Listening on stdio', 'booting', '', '   ', 'X-Note: hello', 'Content-Type: text/plain'];

function text(rand: Rand, max: number): string {
  let s = '';
  const n = between(rand, 0, max);
  for (let i = 0; i < n; i++) s += pick(rand, CHARS);
  return s;
}

function maybeBadBytes(rand: Rand, s: string): Uint8Array {
  if (rand() > 0.15) return enc(s);
  const at = between(rand, 0, s.length);
  return concat(s.slice(0, at), new Uint8Array(pick(rand, NOT_UTF8)), s.slice(at));
}

function jsonBody(rand: Rand, max: number): Uint8Array {
  const inner = text(rand, max);
  const shape = pick(rand, ['obj', 'obj', 'arr', 'raw', 'bom']);
  const s = shape === 'obj' ? `{"jsonrpc":"2.0","id":${between(rand, 0, 99)},"m":"${inner}"}` : shape === 'arr' ? `[${JSON.stringify(inner)}]` : shape === 'bom' ? `\uFEFF{"a":"${inner}"}` : inner;
  return maybeBadBytes(rand, s);
}

const eol = (rand: Rand): string => (rand() < 0.93 ? '\r\n' : '\n');

function lengthLine(rand: Rand, n: number): string {
  const name = pick(rand, ['Content-Length', 'Content-Length', 'content-length', 'CONTENT-LENGTH', 'Content-length']);
  const value = pick(rand, [String(n), String(n), `0${n}`, ` ${n} `, `\t${n}`, `${n}abc`, '-1', '', '1234567890123456', String(n + 1)]);
  const space = pick(rand, [' ', ' ', '', '  ']);
  return `${name}:${space}${value}${eol(rand)}`;
}

function otherHeader(rand: Rand): string {
  return pick(rand, [
    'Content-Type: application/vscode-jsonrpc; charset=utf-8',
    'Content-Type: application/vscode-jsonrpc; charset=utf8',
    'Content-Type: application/json; charset=latin1',
    'Content-Type: application/json',
    'X-Trace: abc',
    'X-Trace: dup',
    'X-Name: café',
    'Bad Header Line',
  ]) + eol(rand);
}

const asText = new TextDecoder('utf-8', { ignoreBOM: true });

/** One Content-Length frame, usually good, sometimes subtly or grossly wrong. */
function contentLengthFrame(rand: Rand, maxBody: number): Uint8Array {
  const body = jsonBody(rand, maxBody);
  // Now and then the sender counts characters (UTF-16 units), not bytes: the classic non-ASCII bug.
  const declared = rand() < 0.1 ? asText.decode(body).length : body.length;
  const lines: string[] = [];
  const roll = rand();
  if (roll < 0.6) lines.push(`Content-Length: ${declared}\r\n`);
  else if (roll < 0.9) lines.push(lengthLine(rand, declared));
  if (rand() < 0.25) lines.splice(between(rand, 0, lines.length), 0, otherHeader(rand));
  if (rand() < 0.05) lines.push(lengthLine(rand, declared));
  if (lines.length === 0) lines.push(otherHeader(rand));
  const shortBy = rand() < 0.05 ? between(rand, 1, 3) : 0;
  return concat(lines.join(''), eol(rand), body.subarray(0, Math.max(0, body.length - shortBy)));
}

function banner(rand: Rand): Uint8Array {
  return concat(maybeBadBytes(rand, pick(rand, BANNERS) + text(rand, 6)), rand() < 0.8 ? eol(rand) : '');
}

/** A header that never ends, or a line far longer than any cap. */
function huge(rand: Rand, size: number): Uint8Array {
  const fill = pick(rand, ['x', 'é', '😀', '中']);
  const head = rand() < 0.5 ? 'Content-Length: 5\r\nX-Long: ' : '';
  return enc(head + fill.repeat(Math.ceil(size / enc(fill).length)));
}

function newlineLine(rand: Rand, maxBody: number): Uint8Array {
  const kind = rand();
  const line =
    kind < 0.55 ? jsonBody(rand, maxBody)
    : kind < 0.65 ? enc(pick(rand, ['true', 'tru', 'false', 'null', 'nul', '42', '-', '  {"pad":1}  ', '\t', '\r']))
    : kind < 0.8 ? maybeBadBytes(rand, pick(rand, BANNERS) + text(rand, 8))
    : enc(pick(rand, ['', ' ', '\r']));
  return concat(line, rand() < 0.85 ? '\n' : '\r\n');
}

export interface WireCase {
  bytes: Uint8Array;
  /** Small caps make oversized frames and headers common. */
  options: { maxFrameBytes?: number; maxHeaderBytes?: number };
}

export function randomWire(rand: Rand, framing: 'content-length' | 'newline'): WireCase {
  const small = rand() < 0.3;
  const options = small ? { maxFrameBytes: between(rand, 0, 80), maxHeaderBytes: between(rand, 64, 120) } : {};
  const maxBody = small ? 120 : 40;
  const parts: Uint8Array[] = [];
  // A newline peer on a Content-Length session: its first JSON line says so (a hint).
  if (framing === 'content-length' && rand() < 0.1) parts.push(concat(jsonBody(rand, maxBody), eol(rand)));
  const count = between(rand, 1, 14);
  for (let i = 0; i < count; i++) {
    const r = rand();
    if (framing === 'content-length') {
      if (r < 0.65) parts.push(contentLengthFrame(rand, maxBody));
      else if (r < 0.85) parts.push(banner(rand));
      else if (r < 0.9) parts.push(newlineLine(rand, maxBody));
      else if (r < 0.985) parts.push(huge(rand, small ? between(rand, 50, 300) : between(rand, 8100, 8300)));
      else parts.push(huge(rand, between(rand, UNFRAMED_PIECE_BYTES - 40, UNFRAMED_PIECE_BYTES * 2 + 40)));
    } else {
      if (r < 0.8) parts.push(newlineLine(rand, maxBody));
      else if (r < 0.9) parts.push(contentLengthFrame(rand, maxBody));
      else parts.push(concat(huge(rand, small ? between(rand, 50, 300) : 600), pick(rand, ['\n', '\r\n', '\r'])));
    }
  }
  let bytes = concat(...parts);
  // Now and then the stream ends anywhere, even inside a character or a "\r\n".
  if (rand() < 0.25) bytes = bytes.subarray(0, between(rand, 0, bytes.length));
  return { bytes, options };
}

/** Where to cut the bytes into chunks: one byte at a time, tiny, larger, at tricky places, or not at all. */
export function randomCuts(rand: Rand, bytes: Uint8Array): { how: string; cuts: number[] } {
  const n = bytes.length;
  const how = pick(rand, ['1-byte', 'tiny', 'sizes', 'tricky', 'whole']);
  const cuts: number[] = [];
  // Byte-sized chunks of a 100 KiB flood cost seconds and find nothing small chunks would not.
  if (how === '1-byte' && n <= 10_000) {
    for (let i = 1; i < n; i++) cuts.push(i);
  } else if (how === 'tiny' || how === 'sizes' || how === '1-byte') {
    const max = how === 'sizes' || n > 30_000 ? 4096 : 8;
    for (let i = between(rand, 1, max); i < n; i += between(rand, 1, max)) cuts.push(i);
  } else if (how === 'tricky') {
    // Right after a "\r", inside a multi-byte character, inside a header name: the places a decoder trips.
    for (let i = 1; i < n; i++) {
      const tricky = bytes[i - 1] === 13 || (bytes[i] & 0xc0) === 0x80 || bytes[i] === 58 || bytes[i - 1] === 58;
      if ((tricky && rand() < 0.7) || rand() < 0.02) cuts.push(i);
    }
  }
  return { how, cuts };
}
