/**
 * One probe plan per dialect — the registry of what is probed, in order: checks before the
 * handshake, the handshake, the base checks (BASE_CHECKS and the spec's examples, minus the groups
 * the dialect does not use), the dialect's own checks, and the teardown. Typed by the dialect
 * registry, so a new JSON-RPC dialect fails to compile until it has a plan.
 */
import { BASE_CHECKS } from './base-checks';
import { ETHEREUM_AFTER } from './ethereum-checks';
import { LSP_BEFORE, LSP_HANDSHAKE, LSP_TEARDOWN } from './lsp-checks';
import { MCP_AFTER, MCP_HANDSHAKE } from './mcp-checks';
import { UNKNOWN_METHOD } from './messages';
import { SPEC_EXAMPLE_CHECKS } from './spec-examples';
import type { ProbeCheck, ProbeContext, ProbeDialectId, ProbeGroup } from './types';

export interface ProbePlan {
  harmless: ProbeContext['harmless'];
  knownNotification: ProbeContext['knownNotification'];
  before: readonly ProbeCheck[];
  handshake: readonly ProbeCheck[];
  after: readonly ProbeCheck[];
  teardown: readonly ProbeCheck[];
  /** Groups that are no part of this dialect, and why. */
  notPartOf: Partial<Record<ProbeGroup, string>>;
  /** Results for requests the peer sends during the probe (so it is not left waiting). */
  autoReplies: Record<string, unknown>;
}

const NONE: readonly ProbeCheck[] = [];

export const PROBE_PLANS: { readonly [K in ProbeDialectId]: ProbePlan } = {
  base: {
    harmless: { method: UNKNOWN_METHOD },
    knownNotification: { method: 'notify_hello', params: [7] },
    before: NONE,
    handshake: NONE,
    after: NONE,
    teardown: NONE,
    notPartOf: {},
    autoReplies: {},
  },
  lsp: {
    harmless: { method: UNKNOWN_METHOD },
    knownNotification: { method: '$/setTrace', params: { value: 'off' } },
    before: LSP_BEFORE,
    handshake: LSP_HANDSHAKE,
    after: NONE,
    teardown: LSP_TEARDOWN,
    notPartOf: { batch: 'LSP sends one message per Content-Length frame; JSON-RPC batches are no part of its base protocol.' },
    autoReplies: { 'client/registerCapability': null, 'client/unregisterCapability': null, 'window/workDoneProgress/create': null, 'workspace/configuration': [null] },
  },
  mcp: {
    harmless: { method: 'ping' },
    knownNotification: { method: 'notifications/cancelled', params: { requestId: 'probe-no-such-request', reason: 'rpcscope probe' } },
    before: NONE,
    handshake: MCP_HANDSHAKE,
    after: MCP_AFTER,
    teardown: NONE,
    notPartOf: { batch: 'MCP 2025-06-18 removed JSON-RPC batching.' },
    autoReplies: { 'roots/list': { roots: [] }, ping: {} },
  },
  ethereum: {
    harmless: { method: 'eth_chainId', params: [] },
    // Ethereum defines no client notifications: a read-only method, sent as one, must go unanswered.
    knownNotification: { method: 'eth_chainId', params: [] },
    before: NONE,
    handshake: NONE,
    after: ETHEREUM_AFTER,
    teardown: NONE,
    notPartOf: {},
    autoReplies: {},
  },
  a2a: {
    harmless: { method: UNKNOWN_METHOD },
    // A2A defines no client notifications: a read-only method of it, sent as one, must go unanswered too.
    knownNotification: { method: 'tasks/get', params: { id: 'probe-no-such-task' } },
    before: NONE,
    handshake: NONE,
    after: NONE,
    teardown: NONE,
    notPartOf: {},
    autoReplies: {},
  },
};

export const PROBE_DIALECTS = Object.keys(PROBE_PLANS) as ProbeDialectId[];

export function isProbeDialect(v: string): v is ProbeDialectId {
  return Object.hasOwn(PROBE_PLANS, v);
}

/** The checks of a plan in the order they run. */
export function planChecks(dialect: ProbeDialectId): ProbeCheck[] {
  const p = PROBE_PLANS[dialect];
  return [...p.before, ...p.handshake, ...SPEC_EXAMPLE_CHECKS, ...BASE_CHECKS, ...p.after, ...p.teardown];
}
