/**
 * The conformance probe's contracts. A check is data: what it sends (message texts, built for the
 * dialect being probed), the level and the spec sentence it holds the peer to, and a pure judge
 * that reads what came back. The server (server/probe) sends, waits and hands the judge an
 * exchange; nothing here knows about sockets or processes.
 */
import type { ConnectableKind } from '../targets/registry';
import type { DialectId } from '../dialects/registry';
import type { DAP_PROTOCOL } from '../jsonrpc/dap';
import type { EventKind, Finding } from '../session/types';

/** RFC 2119 words as the spec uses them: a broken MUST fails the probe, a broken SHOULD is reported. */
export type ProbeLevel = 'MUST' | 'SHOULD';

/** DAP is not JSON-RPC, so it has no probe; every other dialect has a plan (plans.ts). */
export type ProbeDialectId = Exclude<DialectId, typeof DAP_PROTOCOL>;

/** Groups of checks; a dialect can say a whole group does not apply to it (LSP and MCP have no batches). */
export type ProbeGroup = 'spec-example' | 'batch' | 'notification' | 'id' | 'invalid-request' | 'parse-error' | 'lifecycle' | 'transport' | 'dialect';

/** What a check builds its messages from: the probed dialect's harmless request and notification. */
export interface ProbeContext {
  dialect: ProbeDialectId;
  targetKind: ConnectableKind;
  /** A request that changes nothing and is answered (MCP `ping`; an unknown method elsewhere, answered -32601). */
  harmless: { method: string; params?: unknown };
  /** A notification the dialect defines that changes nothing. */
  knownNotification: { method: string; params?: unknown };
  /** Whether this target's process was started by the probe (so ending it harms nobody). */
  ownProcess: boolean;
  /** Each message is its own exchange (HTTP POST): its replies come back on it, with a status. */
  perRequestExchanges: boolean;
}

/** One message the peer sent back in a check's window, as recorded. */
export interface ProbeReply {
  seq: number;
  kind: EventKind;
  /** The JSON text without its framing header. */
  body: string;
  /** HTTP status of the exchange it came back on. */
  status?: number;
  /** What the rules (lib/jsonrpc, the dialect) found on it. */
  findings: Finding[];
  /** For meta entries (exit, connection): what happened. */
  note?: string;
  exitCode?: number | null;
}

export interface ProbeExchange {
  /** What the check sent, with the seq each got. */
  sent: { seq: number; text: string }[];
  /** Answers the peer sent in the check's window (not requests or notifications it started itself). */
  replies: ProbeReply[];
  /** The target ended during the check: in words. */
  ended?: string;
  /** The exit code when a spawned target ended. */
  exitCode?: number | null;
  /** The window closed because time ran out, not because the peer was seen to be done. */
  timedOut: boolean;
}

export type ProbeOutcome = 'pass' | 'fail' | 'n/a' | 'skipped';

export interface Judgement {
  outcome: 'pass' | 'fail' | 'n/a';
  /** What the peer did, in words. */
  did: string;
  /** The level actually broken when it is weaker than the check's (a MUST check whose SHOULD part failed). */
  broke?: ProbeLevel;
}

export interface ProbeCheck {
  /** Stable id, `group/name`. */
  id: string;
  title: string;
  level: ProbeLevel;
  group: ProbeGroup;
  /** The sentence of the spec the check holds the peer to, quoted, with where it is. */
  spec: string;
  /** Methods it sends that change the peer's state: it runs only when the user allows them all. */
  changesState?: readonly string[];
  /** Methods that end the peer: allowed without asking when the probe started the target's process. */
  endsPeer?: boolean;
  /** Judge what an earlier check's messages got (sending nothing itself): two verdicts on one exchange. */
  judgesExchangeOf?: string;
  /** Message texts, sent in this order without waiting in between. */
  sends(ctx: ProbeContext): string[];
  judge(ex: ProbeExchange, ctx: ProbeContext): Judgement;
}

/** One check's line of the report card. */
export interface ProbeResult {
  id: string;
  title: string;
  level: ProbeLevel;
  spec: string;
  outcome: ProbeOutcome;
  /** Set when the outcome is a fail: the level broken. */
  broke?: ProbeLevel;
  did: string;
  /** The exchange, short: seq, direction and the first characters of each message. */
  exchange: { seq: number; dir: 'out' | 'in' | 'meta'; text: string }[];
  /** Rule findings on the replies (rule id and message), as the timeline shows them. */
  findings: { seq: number; rule: string; severity: string; message: string }[];
}

export interface ProbeReport {
  format: 'rpcscope-probe';
  version: 1;
  target: string;
  dialect: ProbeDialectId;
  /** How the dialect was chosen: by the user, or what detection saw. */
  dialectEvidence: string;
  startedAt: string;
  durationMs: number;
  /** The recorded session the probe drove, when it was recorded. */
  sessionId?: string;
  results: ProbeResult[];
  /** The target ended before every check ran (why, in words): the probe is incomplete and fails. */
  endedEarly?: string;
  counts: { passed: number; mustBroken: number; shouldBroken: number; notApplicable: number; skipped: number };
}
