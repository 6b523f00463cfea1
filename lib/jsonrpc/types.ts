/**
 * Contracts of the protocol core. `classify` looks at one message text; the `Correlator` pairs
 * messages across a session. Both are pure: the server calls them once per message and the
 * results travel inside TrafficEvents.
 */
import type {
  BatchItem,
  DapMeta,
  DecodedError,
  Direction,
  EventKind,
  EventPatch,
  Finding,
  JsonRpcId,
  PairState,
} from '../session/types';

/**
 * What a message tries to be, even when it is invalid: the correlator pairs an invalid response
 * (both `result` and `error`, say) with its request, and expects an answer to an invalid request.
 */
export type MessageRole = 'request' | 'notification' | 'response' | 'error';

/** The error object as it appeared on the wire (types unchecked: rules report bad ones). */
export interface RawErrorObject {
  code: unknown;
  message: unknown;
  data?: unknown;
}

export interface ClassifiedItem {
  index: number;
  kind: EventKind;
  hasId: boolean;
  id?: JsonRpcId;
  /** Exact id text as written (integers beyond 2^53 stay exact). */
  idText?: string;
  /** Canonical key for id comparison by exact JSON value: `1` ≠ `"1"`, `0` and `""` are real ids. */
  idKey?: string;
  method?: string;
  error?: RawErrorObject;
  /** What the message tries to be (equals `kind` for valid messages; may be set on `invalid`). */
  role?: MessageRole;
  /**
   * For a batch: the batch's own findings plus every item's findings (item paths start `[i]`),
   * so a count of findings on the event is complete.
   */
  findings: Finding[];
}

export interface Classified extends ClassifiedItem {
  /** For kind `batch`: its entries, each classified on its own. */
  items?: ClassifiedItem[];
  /** Set when the message is recognised as another protocol (e.g. `dap`). */
  protocol?: string;
  dap?: DapMeta;
  /** The parsed JSON value (undefined for parse errors). Not sent to the browser. */
  value?: unknown;
}

/** What the correlator is told about each message, in recording order. */
export interface ObservedMessage {
  seq: number;
  /** ms since session start. */
  t: number;
  dir: Direction;
  classified: Classified;
  /**
   * HTTP: the seq of the request whose POST this message came back on. Such an answer belongs to
   * that request (a null-id error included), never to another one that merely shares its id.
   */
  exchange?: number;
}

export interface CorrelationResult {
  /** Pairing facts for the message just observed. */
  pair?: number;
  /** When the paired request was an entry of a batch: its index there. */
  pairIndex?: number;
  latencyMs?: number;
  state?: PairState;
  late?: boolean;
  /** For an error response: the error decoded with the answered request's method as context. */
  error?: DecodedError;
  /** Batch entries with their pairing (same order as classified.items). */
  items?: BatchItem[];
  /** Findings that need the conversation to be seen (orphan, duplicate id, answer to a notification, batch reply shape …). */
  findings: Finding[];
  /**
   * Changes to events recorded earlier (the request now answered, …). A patch's `items`, when
   * present, is the complete new items array of that event.
   */
  patches: EventPatch[];
}

export interface CorrelatorOptions {
  /** Per-request timeout in ms; 0 disables. Default 60 000. */
  timeoutMs?: number;
  /** Decodes error objects (default: lib/errors describeError with the standard catalog only). */
  describe?: (err: RawErrorObject, method?: string) => DecodedError;
  /** Most requests kept waiting for an answer; the oldest are forgotten past it. Default 100 000. */
  maxPending?: number;
}

export interface PendingRequest {
  seq: number;
  t: number;
  dir: Direction;
  idKey: string;
  id: JsonRpcId;
  method?: string;
  /** Inside a batch: the entry index. */
  index?: number;
  timedOut: boolean;
  /** No readable id (a parse error or invalid request we sent): only a null-id error can answer it. */
  noId?: boolean;
}
