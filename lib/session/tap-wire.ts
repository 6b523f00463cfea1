/**
 * How a tap hands its entries to a running app on the same data directory: a WebSocket at
 * TAP_PATH, authenticated by the key the app keeps in the data directory (TAP_KEY_FILE, readable
 * by the owner only, like the database). The tap sends its summary first, then events and patches
 * in seq order; the app answers with the highest seq it stored, so the tap knows what to record
 * itself should the app go away.
 */
import { z } from 'zod';
import { MAX_INJECT_BYTES, type InjectTo } from '../inject/inject';
import type { TapInterceptAsk } from '../intercept/wire';
import { EventPatchSchema, SessionSummarySchema, TrafficEventSchema } from './schemas';

export const TAP_PATH = '/tap';
export const TAP_KEY_HEADER = 'x-rpcscope-tap-key';
export const TAP_KEY_FILE = 'tap.key';
/** Entries per message; a larger batch is sent in pieces. */
export const TAP_BATCH = 2000;
/** Largest message either side accepts (a batch of large frames, JSON-escaped). */
export const TAP_MAX_MESSAGE_BYTES = 256 * 1024 * 1024;

export const TapMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('summary'), summary: SessionSummarySchema }),
  z.object({ type: z.literal('events'), events: z.array(TrafficEventSchema).min(1).max(TAP_BATCH) }),
  z.object({ type: z.literal('patches'), patches: z.array(EventPatchSchema).min(1).max(TAP_BATCH) }),
]);
export type TapMessage = z.infer<typeof TapMessageSchema>;

/**
 * What the app answers after each message: the highest event seq and the number of messages it
 * has handed to its recorder, or why it refused (then it closes).
 */
export type TapReply = { type: 'stored'; seq: number; messages: number } | { type: 'refused'; reason: string } | TapInject | TapInterceptAsk | TapStop;

/**
 * The user chose "Stop tap" in the app (issue 12): the tap releases what it holds and ends its
 * conversation as the client closing it would (stdio: the server's stdin closes; proxy: it stops
 * listening). The session ends with the tap's last summary; there is no other answer.
 */
export interface TapStop {
  type: 'stop';
}

/**
 * The app asks the tap to inject the composer's text (issue 12 item 4); `ref` names the ask. The
 * tap answers with a TapInjectAnswer (outside the stored/confirmed count: it is no entry).
 */
export interface TapInject {
  type: 'inject';
  ref: number;
  to: InjectTo;
  text: string;
  /** The proxy tap's WebSocket to write into (lib/session/tap-connections.ts); absent: the newest open one. */
  conn?: number;
}

export const TapInjectAnswerSchema = z.discriminatedUnion('type', [
  /** Written into the conversation and recorded as entry `seq`. */
  z.object({ type: z.literal('injected'), ref: z.number().int(), seq: z.number().int() }),
  z.object({ type: z.literal('inject-refused'), ref: z.number().int(), error: z.string().max(2000) }),
]);
export type TapInjectAnswer = z.infer<typeof TapInjectAnswerSchema>;
/** Longest text an inject ask carries (the book's own limit decides; this bounds the JSON). */
export const TAP_INJECT_MAX_CHARS = MAX_INJECT_BYTES;
