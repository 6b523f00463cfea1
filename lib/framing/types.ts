/**
 * Streaming framing codecs. A decoder takes bytes in whatever chunks the transport delivers and
 * yields whole frames. It never throws and never goes silent: bytes it cannot make sense of come
 * out as a `noise` frame with the exact bytes and a reason, and decoding resumes at the next frame.
 */
import type { Framing } from '../session/types';

export type NoiseReason =
  /** Header block malformed: no Content-Length, `12abc`, `-1`, two different values, bad line. */
  | 'bad-header'
  /** Header block longer than the header cap (8 KiB) without a blank line. */
  | 'header-too-large'
  /** A line (newline framing) that is not JSON, e.g. a banner printed on stdout. */
  | 'not-json'
  /** A declared body larger than the frame cap (default 16 MiB), refused at its header; the bytes after it are skipped up to the next header, not buffered. */
  | 'oversized'
  /** Stream ended in the middle of a frame. */
  | 'incomplete';

/** Framing problems whose cause the bytes show; each is a rule of the rule table (lib/jsonrpc/rules/framing-rules.ts). */
export type FramingHintRule = 'framing-length-in-characters' | 'framing-newline-in-message' | 'framing-mismatch';

/** Why a frame went wrong, when the bytes make it knowable, and the framing that would read them. */
export interface FrameHint {
  rule: FramingHintRule;
  message: string;
  /** The framing the peer seems to use (for `framing-mismatch`). */
  suggest?: Framing;
}

export interface MessageFrame {
  type: 'message';
  /** Decoded body text (UTF-8), exactly the JSON payload. */
  body: string;
  /** Exact wire text of the whole frame, header included (content-length) or the line (newline, without its terminator). */
  raw: string;
  /** Present when the frame's bytes were not valid UTF-8. */
  rawBase64?: string;
  /** Parsed headers (content-length framing), names lower-cased. */
  headers?: Record<string, string>;
  hint?: FrameHint;
}

export interface NoiseFrame {
  type: 'noise';
  reason: NoiseReason;
  /** Human explanation, e.g. "Content-Length \"12abc\" is not a number". */
  detail: string;
  /** Exact bytes as text (lossy when not UTF-8; then rawBase64 holds them). For `oversized`, a bounded prefix. */
  raw: string;
  rawBase64?: string;
  /** Total byte count of the noise (may exceed raw's length for oversized frames). */
  byteLength: number;
  hint?: FrameHint;
}

export type Frame = MessageFrame | NoiseFrame;

export interface FrameDecoderOptions {
  /** Largest body accepted, in bytes (default 16 MiB). */
  maxFrameBytes?: number;
  /** Largest header block, in bytes (default 8 KiB). */
  maxHeaderBytes?: number;
}

/** What a decoder holds while it waits for more bytes (a frame whose body stalls shows while it waits). */
export interface PendingFrame {
  /** A header block, a body of known length, a line, bytes outside any frame, or bytes skipped after a refused length. */
  part: 'header' | 'body' | 'line' | 'unframed' | 'skip';
  /** Bytes of it received so far. */
  have: number;
  /** Bytes it needs in all, when known (a body's Content-Length). */
  need?: number;
}

export interface FrameDecoder {
  /** Feed the next chunk; returns the frames it completed (often none, sometimes many). */
  push(chunk: Uint8Array): Frame[];
  /** The unfinished frame it holds, or null when it is between frames. */
  pending(): PendingFrame | null;
  /** End of stream: returns what is left as frames (a truncated frame becomes `incomplete` noise). */
  flush(): Frame[];
}

export interface FramingCodec {
  name: Framing;
  createDecoder(options?: FrameDecoderOptions): FrameDecoder;
  /** Wire bytes for one message body (UTF-8 encoded), e.g. `Content-Length: N\r\n\r\n{...}`. */
  encode(body: string): Uint8Array;
}
