/**
 * The browser's WebSocket (path /bridge, the page's cookie or the token required) and its message unions. Both sides
 * validate what they receive: the server with the zod schemas in lib/session/schemas.ts, the page
 * with cheap shape checks (components/stores/bridge-client.ts).
 */
import type { EntryText } from '../api/entries';
import type { EventPatch, SessionSummary, TrafficEvent } from './types';

export const BRIDGE_PATH = '/bridge';
/**
 * Where a script (not the page, which signs in with a cookie: lib/api/sign-in.ts) may put the token:
 * the `?token=` query parameter or the header. A WebSocket subprotocol never carries it.
 */
export const TOKEN_PARAM = 'token';
export const TOKEN_HEADER = 'x-rpcscope-token';

/**
 * The page's messages: `subscribe` starts (or resumes) the live feed of one session from just after
 * `sinceSeq` (0 = from the start); `unsubscribe` ends it. Typed from the schema that checks them.
 */
export type { ClientMessage } from './schemas';

export type ServerMessage =
  | { type: 'hello'; version: 1; sessions: SessionSummary[] }
  /**
   * Events in seq order, delivered in batches. `raw` (and `rawBase64`) is "" where the text was
   * left out (server/bridge-frames.ts): the page fetches it by seq; `texts` has the texts of the
   * batch's newest entries. A finding's `spec` is SPEC_BY_RULE where it is its rule's sentence
   * (lib/jsonrpc/rules/spec-ref.ts).
   */
  | { type: 'events'; session: string; events: TrafficEvent[]; texts?: EntryText[] }
  | { type: 'patches'; session: string; patches: EventPatch[] }
  | { type: 'session'; summary: SessionSummary }
  /**
   * The page could not keep up with a live session: its feed is `behind` entries behind and is
   * catching up from the store. Sent as it catches up, and with 0 once it is live again.
   */
  | { type: 'behind'; session: string; behind: number }
  | { type: 'error'; message: string };
