/**
 * The unit that flows: one TrafficEvent per thing that crossed the wire (or happened to the
 * connection). Computed once on the server, recorded, streamed to the browser and written to the
 * session file; nobody downstream re-derives it.
 *
 * Field names follow the session file format, version 1 (see docs in README "Session file").
 */
import type { TargetSpec } from '../targets/registry';
import type { ProbeReport } from '../probe/types';
import type { InterceptMark } from '../intercept/mark';

/** `out` travels to the target, `in` comes from it, `meta` is about the connection itself. */
export type Direction = 'out' | 'in' | 'meta';

export type EventKind =
  | 'request'
  | 'notification'
  | 'response'
  | 'error'
  | 'batch'
  | 'invalid'
  | 'parse-error'
  | 'not-jsonrpc'
  | 'noise'
  | 'stderr'
  | 'exit'
  | 'connection'
  /** An HTTP reply with an empty body (200/202/204 to a notification is normal, not an error). */
  | 'no-body';

/**
 * Pairing state. On a request: pending → answered | timed-out (→ late when the answer comes after
 * the timeout) | cancelled | target-exited. On a response: answered, late, orphan (matches nothing
 * pending) or duplicate (a second answer to one request).
 */
export type PairState =
  | 'pending'
  | 'answered'
  | 'timed-out'
  | 'late'
  | 'orphan'
  | 'duplicate'
  | 'cancelled'
  | 'target-exited'
  /** A response to a request that was a notification (never expected an answer). */
  | 'unexpected';

/** A JSON-RPC id as parsed. Big integers beyond 2^53 are kept exact in `idText`. */
export type JsonRpcId = string | number | null;

export type Severity = 'error' | 'warning' | 'info';

export interface Finding {
  /** Stable rule id, e.g. `jsonrpc-version`, `response-result-and-error`. */
  rule: string;
  severity: Severity;
  message: string;
  /** The spec sentence the rule enforces, quoted. */
  spec?: string;
  /** Dotted JSON path of the offending member, when there is one (e.g. `id`, `error.code`, `[2].method`). */
  path?: string;
}

export interface DecodedError {
  code: number | null;
  message: string;
  /** Catalog name, e.g. "Method not found". */
  name: string;
  meaning: string;
  /** Where the decoding came from: jsonrpc | lsp | mcp | ethereum | openrpc | application. */
  source: string;
  data?: unknown;
}

/** One entry of a batch (request side or reply side). */
export interface BatchItem {
  index: number;
  kind: EventKind;
  id?: JsonRpcId;
  idText?: string;
  method?: string;
  /** seq of the event that holds the matching item (the batch reply, or a separate message). */
  pair?: number;
  /** Index of the matching item inside the paired batch, when it is a batch. */
  pairIndex?: number;
  state?: PairState;
  latencyMs?: number;
  error?: DecodedError;
  findings: Finding[];
}

export interface HttpMeta {
  status?: number;
  statusText?: string;
  /** Exactly as received (names lower-cased by Node; multi-valued joined with ", "). */
  headers?: Record<string, string>;
  /** The request URL (redacted query secrets are the exporter's job). */
  url?: string;
  method?: string;
  /** This message was one event of a text/event-stream reply. */
  sse?: { event?: string; id?: string };
  /** seq of the POST this reply came back to (HTTP pairs replies with requests by itself). */
  requestSeq?: number;
}

export interface WsMeta {
  /** Which of a proxy tap's relayed WebSockets (lib/session/tap-connections.ts) this frame crossed. */
  conn?: number;
  binary?: boolean;
  closeCode?: number;
  closeReason?: string;
}

export interface ProcessMeta {
  pid?: number;
  exitCode?: number | null;
  signal?: string | null;
}

/** Facts about a DAP message (Debug Adapter Protocol is not JSON-RPC; we recognise it instead of flagging it). */
export interface DapMeta {
  seq: number;
  type: 'request' | 'response' | 'event' | string;
  command?: string;
  event?: string;
  request_seq?: number;
  success?: boolean;
}

export interface TrafficEvent {
  seq: number;
  /** ms since session start (fractional). */
  t: number;
  /** Wall-clock ms since epoch. */
  time: number;
  dir: Direction;
  /** Exact wire text, framing header included on stream transports. */
  raw: string;
  /** Present only when the bytes were not valid UTF-8: then `raw` is a lossy rendering. */
  rawBase64?: string;
  kind: EventKind;
  id?: JsonRpcId;
  /** The id exactly as written on the wire (keeps integers beyond 2^53 exact). */
  idText?: string;
  method?: string;
  pair?: number;
  latencyMs?: number;
  state?: PairState;
  error?: DecodedError;
  findings: Finding[];
  items?: BatchItem[];
  /** Why a noise frame is noise: bad-header | not-json | oversized | incomplete | banner ... */
  reason?: string;
  /** Detected protocol of this message when it is not plain JSON-RPC (e.g. `dap`). */
  protocol?: string;
  dap?: DapMeta;
  http?: HttpMeta;
  ws?: WsMeta;
  process?: ProcessMeta;
  /** Human text for meta events ("connected", "exited with code 1", "connection refused: …"). */
  note?: string;
  /** Timed out but answered later: the answer is still paired. */
  late?: boolean;
  /** A progress notification: the seq of the request whose progress token it names. */
  progressOf?: number;
  /** A request: the latest progress reported on it, and the seq of the notification that said so. */
  progress?: { seq: number; progress?: number; total?: number; message?: string };
  /**
   * Only on the copies the app shows (never recorded): the secret variables whose values this copy
   * has masked (lib/redaction/display-mask.ts). The inspector's reveal asks for the entry in clear.
   */
  masked?: string[];
  /** Sent by rpcscope into a tapped conversation (lib/inject), not by either real side. */
  injected?: boolean;
  /** Held by a tap's breakpoint (lib/intercept/mark.ts), and what became of it. */
  intercept?: InterceptMark;
}

/** A later change to an event already emitted: its type and `applyPatch` live in ./patch. */
export type { EventPatch } from './patch';

/** `auto` lets the peer's first bytes pick content-length or newline (lib/framing/auto.ts). */
export type Framing = 'content-length' | 'newline' | 'auto';

// One home for the target kinds: lib/targets (one file per kind, one registry).
export type { HttpTarget } from '../targets/http';
export type { WebSocketTarget } from '../targets/websocket';
export type { StdioTarget } from '../targets/stdio';
export type { TcpTarget } from '../targets/tcp';
export type { TargetKind, TargetSpec } from '../targets/registry';

export interface SessionOptions {
  /** Per-request timeout in ms (default 60 000 in the app, 10 000 in the CLI). */
  timeoutMs?: number;
  /** Frame size cap in bytes (default 16 MiB). */
  maxFrameBytes?: number;
  /** Auto-replies to requests the target sends: method → result. */
  autoReplies?: Record<string, unknown>;
  /** Dialect chosen up front (an id of lib/dialects/registry); detected from traffic when absent. */
  dialect?: string;
}

export type SessionStatus = 'connecting' | 'open' | 'closed' | 'failed';

/** The protocol dialect a session speaks: detected from traffic, or chosen by the user. */
export interface SessionDialect {
  /** An id of lib/dialects/registry (a string: an old session file may name one this build lacks). */
  id: string;
  /** Which message and members decided it, in words. */
  evidence?: string;
  /** The user chose it; detection no longer changes it. */
  overridden?: boolean;
}

/** Seqs `from` to `to`, both included. */
export interface SeqRange {
  from: number;
  to: number;
}

/**
 * Whether the recording kept up. Absent from a summary when every entry was saved. While the store
 * refuses writes (disk full, I/O error, database busy) the session keeps running from memory and
 * the recorder retries by itself; once a write succeeds again the state is back to `ok`, and what
 * was lost stays listed: `notSaved` entries in the `missing` seq ranges (they add up), and
 * `changesNotSaved` later changes (an answer pairing, a timeout) to entries that were saved.
 */
export type SessionRecording =
  | { state: 'ok'; notSaved: number; changesNotSaved: number; missing: SeqRange[]; lastFailure?: string }
  | { state: 'failed'; why: string; since: string; notSaved: number; changesNotSaved: number; missing: SeqRange[] };

export interface SessionSummary {
  id: string;
  name: string;
  target: TargetSpec;
  status: SessionStatus;
  startedAt: string;
  endedAt?: string;
  /** Highest seq recorded so far. */
  lastSeq: number;
  counts: { events: number; out: number; in: number; errors: number; findings: number };
  /** Last failure in plain words ("command not found: foo", "connection refused 127.0.0.1:9"). */
  failure?: string;
  imported?: boolean;
  tags?: string[];
  dialect?: SessionDialect;
  recording?: SessionRecording;
  /** The session this one was reconnected from: same target, a new recording. */
  reconnectOf?: string;
}

/** Session file, version 1: what `rpcscope call --out` writes and what sharing exports. */
export interface SessionFileV1 {
  format: 'rpcscope-session';
  version: 1;
  target: TargetSpec;
  startedAt: string;
  name?: string;
  redactions?: { kind: string; count: number }[];
  events: TrafficEvent[];
  /** Teammates' comments on entries (a team server's published sessions); absent in older files. */
  comments?: SessionComment[];
  /** The conformance probe's report when a probe drove this session (lib/probe/schema.ts); absent otherwise. */
  probe?: ProbeReport;
}

/** A comment on one entry of a session, by `seq`. */
export interface SessionComment {
  id: number;
  seq: number;
  author: string;
  text: string;
  /** ISO time it was made. */
  at: string;
}
