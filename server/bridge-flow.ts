/**
 * A bridge subscriber's flow control: the limits that decide when a page is sent more, held back or
 * sent back to catching up from the recorder, and what the bridge keeps per subscription.
 */
import type { FrameBatch } from './bridge-frames';

export const PAGE = 2000;
/** Above this many bytes queued in the socket, wait before sending more. */
export const HIGH_WATER = 4 * 1024 * 1024;
/**
 * A subscriber this far behind stops queueing in memory and catches up from the recorder: entries
 * queued here plus, for a page that acknowledges (`ack`), those sent but not yet applied — with
 * rows of ~50 bytes a stalled tab would otherwise park a million entries in the kernel's socket
 * buffers before anything queued here.
 */
export const MAX_QUEUED_EVENTS = 20_000;
/** Catching up from the recorder waits while a page that acknowledges has this many entries unapplied. */
export const REPLAY_WINDOW = 10_000;
export const MAX_CLIENT_MESSAGE = 32 * 1024 * 1024;
/**
 * A live frame carries at most this many entries: the page reads one frame in one task (~2 µs an
 * entry), so a catch-up never blocks it for long.
 */
export const LIVE_FRAME = 4096;
/**
 * A page that acknowledges gets a session's next live frame once it acknowledged the last one
 * (or after this long, in case an ack never comes): what the session hands on meanwhile — every
 * FLUSH_EVENTS events in a flood (server/session/outbox.ts) — joins that next frame, so the page
 * takes one frame per turn of its own intake instead of many small ones (issue 11: a frame per
 * hand-on cost the page ~15 µs an entry).
 */
export const ACK_WAIT_MS = 250;

export interface Subscription {
  mode: 'replay' | 'live';
  /** Highest seq delivered (or being delivered) to this client. */
  cursor: number;
  batches: FrameBatch[];
  queued: number;
  patches: string[];
  /** Fell behind the live feed and is catching up from the recorder (the page is told how far). */
  lagging: boolean;
  /** The last seq the page said it applied; -1 for a client that does not acknowledge (no flow control). */
  acked: number;
  /** When the last live rows frame went out (Date.now()), for ACK_WAIT_MS. */
  sentAt: number;
}

export const unapplied = (sub: Subscription): number => (sub.acked < 0 ? 0 : Math.max(0, sub.cursor - sub.acked));
