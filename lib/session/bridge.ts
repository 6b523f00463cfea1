/**
 * The browser's WebSocket (path /bridge, token required) and its message unions. Both sides
 * validate what they receive: the server with the zod schemas in lib/session/schemas.ts, the page
 * with cheap shape checks (components/stores/bridge-client.ts).
 */
import type { EventPatch, SessionSummary, TargetSpec, TrafficEvent } from './types';

export const BRIDGE_PATH = '/bridge';
/** Query parameter or `Sec-WebSocket-Protocol` entry (`rpcscope.token.<token>`) that carries the token. */
export const TOKEN_PARAM = 'token';
export const TOKEN_HEADER = 'x-rpcscope-token';

/**
 * The page's messages: `subscribe` starts (or resumes) the live feed of one session from just after
 * `sinceSeq` (0 = from the start); `unsubscribe` ends it. Typed from the schema that checks them.
 */
export type { ClientMessage } from './schemas';

export type ServerMessage =
  | { type: 'hello'; version: 1; sessions: SessionSummary[] }
  /** Events in seq order, delivered in batches. */
  | { type: 'events'; session: string; events: TrafficEvent[] }
  | { type: 'patches'; session: string; patches: EventPatch[] }
  | { type: 'session'; summary: SessionSummary }
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
