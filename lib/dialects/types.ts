/**
 * Dialect profiles: what a protocol built on JSON-RPC (or, for DAP, next to it) adds on top of the
 * base spec — its error table, its methods, how to cancel, its progress messages, its handshake and
 * its lifecycle rules. Profiles are pure data plus pure functions; the server picks one per session
 * (auto-detected or chosen by the user) and consults it while decoding.
 */
import type { ErrorCodeInfo } from '../errors/types';
import type { FixedCatalog } from './catalog';
import type { Classified, RawErrorObject } from '../jsonrpc/types';
import type { WireProtocol } from '../jsonrpc/dap';
import type { Direction, Finding, Framing, JsonRpcId } from '../session/types';
import type { MessageEntry } from './messages';
import type { DialectStart } from './start';

/** The id list is the registry's keys (registry.ts); re-exported here for the profiles' users. */
export type { DialectId } from './registry';

/** Who sends a method. For DAP "client" is the development tool and "server" the debug adapter. */
export type MethodDirection = 'client→server' | 'server→client' | 'both';

/** `event` exists only in DAP (one-way messages from the adapter, like notifications). */
export type MethodKind = 'request' | 'notification' | 'event';

export interface MethodInfo {
  name: string;
  direction: MethodDirection;
  kind: MethodKind;
  summary: string;
  /** Protocol version that introduced it, when that matters (e.g. "3.17", "2025-06-18"). */
  since?: string;
}

/** An error decoded with everything the dialect knows (the code, and for some dialects the message or data). */
export interface DialectErrorInfo extends ErrorCodeInfo {
  /** Catalog source id (lsp | mcp | ethereum …), shown to users. */
  source: string;
  /** What identified it: the code alone, the message text (generic codes such as -32000), or the data. */
  matchedBy: 'code' | 'message' | 'data';
  /** The error comes from a wallet/provider layer (EIP-1193), not from the node. */
  providerLevel?: boolean;
  /** Extra decoding, e.g. the revert reason of an Ethereum `execution reverted`. */
  detail?: string;
}

export interface ErrorDecodeContext {
  /** Method of the request the error answers, when known. */
  method?: string;
}

/** The pending request to cancel. */
export interface CancelTarget {
  id?: JsonRpcId;
  /** Exact id text from the wire (keeps big integers exact); preferred over `id` when valid. */
  idText?: string;
  method?: string;
  /** DAP: the `seq` of the pending request. */
  dapSeq?: number;
}

export interface CancelOptions {
  /** Human reason (MCP `reason`). */
  reason?: string;
  /** DAP: the `seq` to give the cancel request itself. */
  seq?: number;
}

export type CancelResult =
  | { ok: true; method: string; text: string }
  | { ok: false; reason: string };

export interface ProgressInfo {
  /** Methods (or DAP events) that carry progress. */
  methods: readonly string[];
  /** How progress is requested or set up, in one sentence. */
  howTo: string;
  /** When progress names its request by a token: how to read it (lib/session/progress-links.ts links them). */
  link?: ProgressLink;
}

/** How a dialect's progress notifications name the request they report on. */
export interface ProgressLink {
  /** Notification methods that carry progress. */
  methods: readonly string[];
  /** The token a request asks progress under (from its params), if any. */
  requestToken(params: unknown): unknown;
  /** The token a progress notification names (from its params). */
  notificationToken(params: unknown): unknown;
  /** What the notification says: how far, of how much, and why. */
  read(params: unknown): ProgressState;
  /** The params of a request that asks for progress under `token` (MCP: `_meta.progressToken`). */
  askFor?(params: Record<string, unknown>, token: string): Record<string, unknown>;
}

export interface ProgressState {
  progress?: number;
  total?: number;
  message?: string;
}

export interface TemplateStep {
  kind: 'request' | 'notification';
  method: string;
  params?: unknown;
  /** What a correct answer looks like, shown next to the step. */
  expect?: string;
}

/** A ready-made message sequence the builder can insert (a handshake, a typical call). */
export interface MessageTemplate {
  id: string;
  title: string;
  summary: string;
  steps: readonly TemplateStep[];
}

export interface RenderOptions {
  /** JSON-RPC id for a request step. */
  id?: JsonRpcId;
  /** DAP `seq` for the message. */
  seq?: number;
}

/** One message as the lifecycle checker sees it, in recording order. */
export interface LifecycleInput {
  seq: number;
  dir: Direction;
  classified: Classified;
}

/** A finding, and the seq of the event it belongs to. */
export interface LifecycleFinding {
  seq: number;
  finding: Finding;
}

export interface LifecycleChecker {
  /** Feed messages in recording order; returns findings for this message or for earlier ones. */
  observe(msg: LifecycleInput): LifecycleFinding[];
}

/** One message as detection sees it: the classification, its entries (a batch flattened), and where it was. */
export interface MarkerInput {
  classified: Classified;
  entries: readonly MessageEntry[];
  /** Recording seq of the message, when known (evidence says it with `atSeq`). */
  seq: number | undefined;
}

/** Reads one session's messages in recording order; returns the evidence, in words, once it is certain. */
export type MarkerRecognizer = (msg: MarkerInput) => string | undefined;

/**
 * How a dialect is told apart in traffic. Detection is sticky and the first marker wins, so each
 * marker must be specific enough never to fire on another dialect's traffic: a method name that
 * two protocols share (MCP and A2A both have `tasks/get`) is no marker on its own.
 */
export interface DialectMarkers {
  /** Methods only this dialect uses: one request or notification naming one decides the session. */
  onlyMethods: ReadonlySet<string>;
  /** Method-name prefixes only this dialect uses (LSP's `textDocument/`). */
  onlyPrefixes?: readonly string[];
  /** Everything that is not one method name (initialize shapes, the wire shape, names that count in twos): fresh per session. */
  createRecognizer?(): MarkerRecognizer;
}

export interface DialectProfile<Id extends string = string> {
  /** The registry key it is filed under (registry.ts checks they agree). */
  id: Id;
  title: string;
  /** What users call it, short: the dialect picker's entry and the badge on errors it decoded. */
  label: string;
  summary: string;
  /** Where the protocol is specified. */
  specUrl?: string;
  /** DAP is not JSON-RPC: its messages are rendered and recognised differently. */
  wire: WireProtocol;
  /**
   * The framing its messages use on a byte stream (stdio, TCP, a Unix socket): choosing the dialect
   * in the connect form sets it. null: the dialect says nothing about streams (HTTP-only, or any).
   */
  framing: Exclude<Framing, 'auto'> | null;
  /** How rpcscope starts a session for the user (handshake, routine answers); absent: no one-step start. */
  start?: DialectStart;
  /** Codes this dialect defines (the base profile defines none; the standard catalog follows it). */
  errors: FixedCatalog;
  /** Decode an error object as this dialect would (uses message/data where the code is generic). */
  decodeError(error: RawErrorObject, ctx?: ErrorDecodeContext): DialectErrorInfo | undefined;
  /** decodeError reads the message too, not only the code (so a cache of decodings must key on it). */
  errorsByMessage: boolean;
  /** How detection recognises it; null for the fallback every session starts on (plain JSON-RPC). */
  markers: DialectMarkers | null;
  methods: readonly MethodInfo[];
  /** The message that cancels a pending request, or why this dialect cannot cancel. */
  cancel(target: CancelTarget, options?: CancelOptions): CancelResult;
  /** The dialect says a request that timed out is cancelled (MCP: the sender SHOULD issue a cancellation). */
  cancelOnTimeout?: boolean;
  progress: ProgressInfo;
  /**
   * Methods answered by a stream: several responses with the request's id on its one HTTP exchange
   * (A2A's message/stream over SSE). The responses after the first are the stream going on, not
   * duplicate answers. Empty for dialects where one request gets one response.
   */
  streamingMethods: ReadonlySet<string>;
  templates: readonly MessageTemplate[];
  /** Message text (pretty JSON) for one template step. */
  render(step: TemplateStep, options?: RenderOptions): string;
  createLifecycleChecker(): LifecycleChecker;
}
