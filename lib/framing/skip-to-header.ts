/**
 * After a refused Content-Length (over the frame cap), the bytes that follow are skipped —
 * counted, a bounded prefix kept to show — up to the next `Content-Length:`, which may begin
 * anywhere (a lying length's short body is glued to the next header) and even across chunks.
 */
import { concatBytes, copyBytes, formatBytes, OVERSIZED_PREVIEW_BYTES, oversizedFrame, Preview } from './frames';
import { CL_MATCH_LENGTH, findContentLength } from './header-bytes';
import type { NoiseFrame } from './types';

const KEEP = CL_MATCH_LENGTH - 1;

/** The detail of the `oversized` noise holding a refused header (`problem`: its other defect, if any). */
export function refusedLengthDetail(declared: number, maxFrame: number, problem: string | null): string {
  const also = problem === null ? '' : ` (and ${problem})`;
  return `declared Content-Length ${declared} is over the ${formatBytes(maxFrame)} frame cap${also}: refused at once; its bytes are skipped, not kept, and decoding resumes at the next "Content-Length:" header`;
}

export class SkipToHeader {
  private skipped = 0;
  private readonly preview = new Preview(OVERSIZED_PREVIEW_BYTES);
  /** The last bytes skipped: a `Content-Length:` cut by a chunk boundary begins there. */
  private readonly tail = new Uint8Array(KEEP);
  private tailLen = 0;

  /** Bytes skipped so far. */
  get count(): number {
    return this.skipped;
  }

  /** `declared`: the refused length, for the report. */
  constructor(private readonly declared: number) {}

  /** Skips bytes[p, end); returns where the next header starts, or -1 when all of them were skipped. */
  scan(bytes: Uint8Array, p: number, end: number): number {
    const m = findContentLength(bytes, p, end);
    const stop = m >= 0 ? m : end;
    this.preview.add(bytes, p, stop);
    this.skipped += stop - p;
    if (m < 0) this.keepTail(bytes, p, end);
    return m;
  }

  /**
   * At the start of a new chunk: when a `Content-Length:` begins in the bytes already skipped,
   * they are taken back (no longer counted) and returned, to be read as the start of a header.
   */
  takeBack(chunk: Uint8Array): Uint8Array | null {
    if (this.tailLen === 0) return null;
    const joined = concatBytes(this.tail.subarray(0, this.tailLen), chunk.subarray(0, Math.min(chunk.length, KEEP)));
    const m = findContentLength(joined, 0, joined.length);
    if (m < 0 || m >= this.tailLen) return null;
    this.skipped -= this.tailLen - m;
    const back = this.tail.slice(m, this.tailLen);
    this.tailLen = 0;
    return back;
  }

  /** The noise frame for what was skipped (null when nothing was); `ending` is added to its detail. */
  report(ending: string): NoiseFrame | null {
    if (this.skipped === 0) return null;
    const shown = this.preview.view().subarray(0, Math.min(this.preview.length, this.skipped));
    const detail = `${this.skipped} bytes after the refused Content-Length ${this.declared}, skipped up to the next header${ending} (shown: at most the first ${OVERSIZED_PREVIEW_BYTES})`;
    return oversizedFrame(detail, shown, this.skipped);
  }

  private keepTail(bytes: Uint8Array, p: number, end: number): void {
    if (end - p >= KEEP) {
      copyBytes(this.tail, 0, bytes, end - KEEP, end);
      this.tailLen = KEEP;
      return;
    }
    const joined = concatBytes(this.tail.subarray(0, this.tailLen), bytes.subarray(p, end));
    const from = Math.max(0, joined.length - KEEP);
    copyBytes(this.tail, 0, joined, from, joined.length);
    this.tailLen = joined.length - from;
  }
}
