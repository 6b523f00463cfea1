/**
 * Contracts of the protocol core. `classify` looks at one message text; the `Correlator` pairs
 * messages across a session. Both are pure: the server calls them once per message and the
 * results travel inside TrafficEvents.
 */
import type { BatchItem, DapMeta, Direction, EventKind, EventPatch, Finding, JsonRpcId, PairState } from '../session/types';

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
}

export interface CorrelationResult {
  /** Pairing facts for the message just observed. */
  pair?: number;
  latencyMs?: number;
  state?: PairState;
  late?: boolean;
  /** Batch entries with their pairing (same order as classified.items). */
  items?: BatchItem[];
  /** Findings that need the conversation to be seen (orphan, duplicate id, answer to a notification, batch reply shape …). */
  findings: Finding[];
  /** Changes to events recorded earlier (the request now answered, …). */
  patches: EventPatch[];
}

export interface CorrelatorOptions {
  /** Per-request timeout in ms; 0 disables. Default 60 000. */
  timeoutMs?: number;
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
}
