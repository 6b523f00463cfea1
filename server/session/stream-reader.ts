/**
 * The byte-stream half of a live session (stdio, tcp, unix): the framing decoder, the encoder that
 * matches what it decided (`auto`), and what is worth a timeline note about the stream itself — the
 * framing `auto` chose, and a frame whose bytes stopped coming (shown while it waits, not only at
 * the end of the stream).
 */
import { AutoDecoder, encoderFor } from '../../lib/framing/auto';
import { getCodec } from '../../lib/framing/registry';
import type { Frame, FrameDecoder, PendingFrame } from '../../lib/framing/types';
import type { Framing } from '../../lib/session/types';

/** A frame that gets no byte for this long is reported while it waits (once per stall). */
const STALL_MS = 2000;

export class StreamReader {
  private readonly decoder: FrameDecoder;
  /** The decoder's unfinished frame as last seen, since when, and whether its stall was reported. */
  private stall: { key: string; since: number; reported: boolean } | null = null;

  constructor(
    private readonly framing: Framing,
    maxFrameBytes: number | undefined,
  ) {
    this.decoder = getCodec(framing).createDecoder({ maxFrameBytes });
  }

  /** The frames these bytes complete, and a note when they made `auto` choose a framing. */
  push(chunk: Uint8Array): { frames: Frame[]; note?: string } {
    const auto = this.decoder instanceof AutoDecoder ? this.decoder : null;
    const before = auto?.chosen;
    const frames = this.decoder.push(chunk);
    if (auto && before === null && auto.chosen) return { frames, note: `framing detected: ${auto.chosen} (from the peer's first bytes)` };
    return { frames };
  }

  flush(): Frame[] {
    return this.decoder.flush();
  }

  /** A message framed as the peer reads it (`auto`: as it was detected, or in a form both read). */
  encode(text: string): Uint8Array {
    return encoderFor(this.framing, this.decoder)(text);
  }

  /** Called on the session's tick: the words for a frame stalled long enough, once per stall. */
  stalled(now: number): string | undefined {
    const p = this.decoder.pending();
    if (!p) {
      this.stall = null;
      return undefined;
    }
    const key = `${p.part}:${p.have}`;
    if (!this.stall || this.stall.key !== key) {
      this.stall = { key, since: now, reported: false };
      return undefined;
    }
    if (this.stall.reported || now - this.stall.since < STALL_MS) return undefined;
    this.stall.reported = true;
    return stallWords(p, `waiting ${Math.round((now - this.stall.since) / 1000)} s`);
  }
}

function stallWords(p: PendingFrame, waited: string): string {
  switch (p.part) {
    case 'body': return `frame incomplete: ${p.have} of ${p.need} bytes, ${waited}`;
    case 'skip': return `skipping after a refused Content-Length: ${p.have} bytes so far and no next header, ${waited}`;
    case 'header': return `frame incomplete: a header of ${p.have} bytes without its blank line, ${waited}`;
    case 'unframed': return `${p.have} bytes outside any frame, waiting for a line break or the next header, ${waited}`;
    case 'line': return `frame incomplete: a line of ${p.have} bytes without its line break, ${waited}`;
  }
}
