/**
 * Where frames end in a tapped byte stream, so an injected message goes in between two real frames
 * (never inside one) and an answer the tap consumes can be cut out whole. A Content-Length stream
 * only reads its headers and counts body bytes; a newline stream only looks for line ends when
 * asked for edges. The stdio tap's recording thread follows every chunk (recording.ts); its
 * conversation thread follows them only while it cuts, starting from the recording thread's
 * `snapshot` at a point both agree on (splice.ts), so a flood costs the forwarding thread nothing here.
 * With `auto` framing the first bytes decide (lib/framing/auto.ts, the recording's own rule).
 * A stream it cannot follow (a header without Content-Length, a header past 8 KiB) is "lost":
 * from then on nothing is injected into it or cut out of it, and the bytes still pass untouched.
 */
import { DETECT_LIMIT, detectFraming, type DetectedFraming } from '../../lib/framing/auto';
import type { Framing } from '../../lib/session/types';

const MAX_HEADER = 8 * 1024;
const HEADER_END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = /(?:^|\r\n)content-length[ \t]*:[ \t]*(\d+)[ \t]*(?:\r\n|$)/i;

/** Everything a FrameEdges knows, to go on from on another thread (structured-clone safe). */
export interface EdgeState {
  chosen: DetectedFraming | null;
  sniffed: Uint8Array;
  seen: number;
  header: Uint8Array;
  remaining: number;
  lastByte: number;
  lost: boolean;
}

export class FrameEdges {
  private chosen: DetectedFraming | null;
  private sniffed: Buffer[] = [];
  private sniffedBytes = 0;
  private seen = 0;
  /** content-length: header bytes of the frame in progress, or the body bytes still to come. */
  private header: Buffer = Buffer.alloc(0);
  private remaining = -1;
  private lastByte = 10;
  lost = false;

  constructor(framing: Framing) {
    this.chosen = framing === 'content-length' || framing === 'newline' ? framing : null;
  }

  get framing(): DetectedFraming | null {
    return this.chosen;
  }

  /** Between two frames (or before the first): an injected frame may go here. */
  get atEdge(): boolean {
    if (this.lost) return false;
    if (this.seen === 0) return true;
    if (!this.chosen) return false;
    return this.chosen === 'newline' ? this.lastByte === 10 : this.remaining < 0 && this.header.length === 0;
  }

  /** Takes the next chunk; with `want`, returns the offsets in it just past each frame's end. */
  feed(chunk: Buffer, want: boolean): number[] {
    this.seen += chunk.length;
    if (this.lost || !chunk.length) return [];
    if (!this.chosen) {
      this.sniffed.push(chunk);
      this.sniffedBytes += chunk.length;
      const all = Buffer.concat(this.sniffed);
      this.chosen = detectFraming(all, all.length, false) ?? (this.sniffedBytes > DETECT_LIMIT ? 'content-length' : null);
      if (!this.chosen) return [];
      this.sniffed = [];
      // The bytes that decided are walked now; an edge among them is not offered (an injection waits for the next).
      const before = this.sniffedBytes - chunk.length;
      const edges = this.walk(all, want);
      return edges.filter((e) => e > before).map((e) => e - before);
    }
    return this.walk(chunk, want);
  }

  private walk(chunk: Buffer, want: boolean): number[] {
    this.lastByte = chunk[chunk.length - 1];
    if (this.chosen === 'newline') {
      if (!want) return [];
      const edges: number[] = [];
      for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) edges.push(i + 1);
      return edges;
    }
    const edges: number[] = [];
    let pos = 0;
    while (pos < chunk.length) {
      if (this.remaining >= 0) {
        const take = Math.min(this.remaining, chunk.length - pos);
        this.remaining -= take;
        pos += take;
        if (this.remaining === 0) {
          this.remaining = -1;
          if (want) edges.push(pos);
        }
        continue;
      }
      // The usual header, `Content-Length: N\r\n\r\n` wholly inside this chunk, read in one pass.
      if (!this.header.length) {
        const body = plainHeader(chunk, pos);
        if (body > 0) {
          this.remaining = plainValue;
          pos = body;
          if (this.remaining === 0) {
            this.remaining = -1;
            if (want) edges.push(pos);
          }
          continue;
        }
      }
      // Any other header wholly inside this chunk is read in place (no copy per frame).
      if (!this.header.length) {
        const at = headerEnd(chunk, pos);
        if (at >= 0 && at - pos <= MAX_HEADER) {
          const length = plainLength(chunk, pos, at) ?? Number(CONTENT_LENGTH.exec(chunk.toString('latin1', pos, at))?.[1] ?? NaN);
          if (Number.isNaN(length)) return this.lose();
          pos = at + HEADER_END.length;
          this.remaining = length;
          if (this.remaining === 0) {
            this.remaining = -1;
            if (want) edges.push(pos);
          }
          continue;
        }
      }
      const window = Buffer.concat([this.header, chunk.subarray(pos, pos + MAX_HEADER + HEADER_END.length)]);
      const end = window.indexOf(HEADER_END);
      if (end < 0) {
        if (window.length > MAX_HEADER) return this.lose();
        this.header = window;
        return edges;
      }
      const m = CONTENT_LENGTH.exec(window.subarray(0, end).toString('latin1'));
      if (!m) return this.lose();
      pos += end + HEADER_END.length - this.header.length;
      this.header = Buffer.alloc(0);
      this.remaining = Number(m[1]);
      if (this.remaining === 0) {
        this.remaining = -1;
        if (want) edges.push(pos);
      }
    }
    return edges;
  }

  /** From here on nothing is injected or cut (the stream cannot be followed, or bytes were missed). */
  lose(): number[] {
    this.lost = true;
    return [];
  }

  snapshot(): EdgeState {
    const sniffed = this.sniffed.length ? Buffer.concat(this.sniffed) : new Uint8Array(0);
    return { chosen: this.chosen, sniffed, seen: this.seen, header: new Uint8Array(this.header), remaining: this.remaining, lastByte: this.lastByte, lost: this.lost };
  }

  /** Goes on from `state` (another FrameEdges' snapshot after the same bytes). */
  restore(state: EdgeState): void {
    this.chosen = state.chosen;
    this.sniffed = state.sniffed.length ? [Buffer.from(state.sniffed)] : [];
    this.sniffedBytes = state.sniffed.length;
    this.seen = state.seen;
    this.header = Buffer.from(state.header);
    this.remaining = state.remaining;
    this.lastByte = state.lastByte;
    this.lost = state.lost;
  }
}

const PLAIN = Buffer.from('Content-Length: ');
const MAX_DIGITS = 15;
let plainValue = 0;

/**
 * Where the body starts when the header at `pos` is exactly `Content-Length: N` and nothing else
 * (its length is left in plainValue), or -1. Plain byte reads, no native call, string or regex:
 * this runs once per frame on the conversation thread (100k frames cost ~3 ms instead of ~30).
 */
function plainHeader(chunk: Buffer, pos: number): number {
  const digitsAt = pos + PLAIN.length;
  if (digitsAt + 5 > chunk.length) return -1;
  for (let i = 0; i < PLAIN.length; i++) if (chunk[pos + i] !== PLAIN[i]) return -1;
  let n = 0;
  let i = digitsAt;
  for (; i < chunk.length && i - digitsAt < MAX_DIGITS; i++) {
    const d = chunk[i] - 48;
    if (d < 0 || d > 9) break;
    n = n * 10 + d;
  }
  if (i === digitsAt || i + 4 > chunk.length || chunk[i] !== 13 || chunk[i + 1] !== 10 || chunk[i + 2] !== 13 || chunk[i + 3] !== 10) return -1;
  plainValue = n;
  return i + 4;
}
/** The usual header, exactly `Content-Length: N` and nothing else, read without a string or a regex. */
function plainLength(chunk: Buffer, pos: number, end: number): number | undefined {
  if (end - pos <= PLAIN.length || end - pos > PLAIN.length + 15 || chunk.compare(PLAIN, 0, PLAIN.length, pos, pos + PLAIN.length) !== 0) return undefined;
  let n = 0;
  for (let i = pos + PLAIN.length; i < end; i++) {
    const d = chunk[i] - 48;
    if (d < 0 || d > 9) return undefined;
    n = n * 10 + d;
  }
  return n;
}

/** Where `\r\n\r\n` starts in chunk at or after pos (searching by byte: far faster than a Buffer needle), or -1. */
function headerEnd(chunk: Buffer, pos: number): number {
  for (let i = chunk.indexOf(13, pos); i >= 0 && i + 3 < chunk.length && i - pos <= MAX_HEADER; i = chunk.indexOf(13, i + 1)) {
    if (chunk[i + 1] === 10 && chunk[i + 2] === 13 && chunk[i + 3] === 10) return i;
  }
  return -1;
}

/** The JSON text of one whole frame (content-length: after its header block). */
export function frameBody(frame: Buffer, framing: DetectedFraming): string {
  if (framing === 'newline') return frame.toString('utf8');
  const end = frame.indexOf(HEADER_END);
  return end < 0 ? '' : frame.subarray(end + HEADER_END.length).toString('utf8');
}
