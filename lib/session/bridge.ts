/**
 * The browser's WebSocket (path /bridge, token required) and its message unions. Both sides
 * validate what they receive with the zod schemas in lib/session/schemas.ts.
 */
import type { EventPatch, SessionSummary, TargetSpec, TrafficEvent } from './types';

export const BRIDGE_PATH = '/bridge';
/** Query parameter or `Sec-WebSocket-Protocol` entry (`rpcscope.token.<token>`) that carries the token. */
export const TOKEN_PARAM = 'token';
export const TOKEN_HEADER = 'x-rpcscope-token';

export type ClientMessage =
  /** Start (or resume) the live feed of one session from just after `sinceSeq` (0 = from the start). */
  | { type: 'subscribe'; session: string; sinceSeq: number }
  | { type: 'unsubscribe'; session: string }
  /** Send one message text exactly as given (invalid JSON allowed). */
  | { type: 'send'; session: string; text: string; ref?: string };

export type ServerMessage =
  | { type: 'hello'; version: 1; sessions: SessionSummary[] }
  /** Events in seq order, delivered in batches. */
  | { type: 'events'; session: string; events: TrafficEvent[] }
  | { type: 'patches'; session: string; patches: EventPatch[] }
  | { type: 'session'; summary: SessionSummary }
  /**
   * The page could not keep up with a live session: its feed is `behind` entries behind and is
   * catching up from the store. Sent as it catches up, and with 0 once it is live again.
   */
  | { type: 'behind'; session: string; behind: number }
  /** The answer to a `send` (accepted, or why not). */
  | { type: 'sent'; session: string; ref?: string; ok: boolean; error?: string; seq?: number }
  | { type: 'error'; message: string };

/** HTTP API (all under /api, token required, JSON bodies, state changes only on POST/PUT/DELETE). */
export interface ApiRoutes {
  'GET /api/sessions': { res: { sessions: SessionSummary[] } };
  'POST /api/sessions': { req: { target: TargetSpec; name?: string; timeoutMs?: number }; res: { session: SessionSummary } };
  'GET /api/sessions/:id': { res: { session: SessionSummary } };
  'GET /api/sessions/:id/events': { res: { events: TrafficEvent[] } };
  'POST /api/sessions/:id/send': { req: { text: string }; res: { seq: number } };
  'POST /api/sessions/:id/close': { res: { session: SessionSummary } };
  'DELETE /api/sessions/:id': { res: { ok: true } };
}
