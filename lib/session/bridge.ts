/**
 * The browser's WebSocket (path /bridge, the page's cookie or the token required) and its message unions. Both sides
 * validate what they receive: the server with the zod schemas in lib/session/schemas.ts, the page
 * with cheap shape checks (components/stores/bridge-client.ts).
 */
import type { EntryText } from '../api/entries';
import type { RowColumns } from '../timeline/row-columns';
import type { EventPatch, SessionSummary } from './types';

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
   * Entries in seq order, in columnar batches (lib/timeline/row-columns.ts: read them with columnsReader), without
   * their wire text: `texts` has the texts of the batches' newest entries, the page fetches the rest
   * by seq. `from[k]`, when present, is the first row of `batches[k]` that is new to this page.
   */
  | { type: 'rows'; session: string; batches: RowColumns[]; from?: number[]; texts?: EntryText[] }
  | { type: 'patches'; session: string; patches: EventPatch[] }
  | { type: 'session'; summary: SessionSummary }
  /**
   * The page could not keep up with a live session: its feed is `behind` entries behind and is
   * catching up from the store. Sent as it catches up, and with 0 once it is live again.
   */
  | { type: 'behind'; session: string; behind: number }
  | { type: 'error'; message: string };
