/**
 * Debug Adapter Protocol messages share LSP's Content-Length framing but are not JSON-RPC: they
 * carry `seq` and `type` instead of `jsonrpc` and `id`. This is the one recogniser of DAP's wire
 * shape: the classifier labels such messages DAP (rather than calling them invalid requests), and
 * the DAP dialect (detection, lifecycle, failures) reads the facts it found.
 */
import type { DapMeta } from '../session/types';

/**
 * DAP's name: the classifier tags DAP messages with it (`protocol`), and the DAP dialect
 * (lib/dialects/dap.ts) is filed under it, so the protocol and its dialect are one word.
 */
export const DAP_PROTOCOL = 'dap';
/** What a dialect's messages are shaped as: JSON-RPC, or DAP's own base protocol. */
export type WireProtocol = 'jsonrpc' | typeof DAP_PROTOCOL;

const DAP_TYPES = new Set(['request', 'response', 'event']);

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * DapMeta when `value` is a DAP message as the spec's ProtocolMessage defines it: no `jsonrpc`
 * member, an integer `seq` ≥ 0, and by `type` — request: `command`; response: `request_seq`,
 * `success` and `command`; event: `event`. Anything else is not DAP.
 */
export function recognizeDap(value: unknown): DapMeta | undefined {
  if (!isRecord(value)) return undefined;
  // Every classified message passes here: the test most JSON-RPC fails (no numeric seq) goes first.
  const { seq, type } = value;
  if (typeof seq !== 'number' || 'jsonrpc' in value) return undefined;
  if (!Number.isInteger(seq) || seq < 0 || typeof type !== 'string' || !DAP_TYPES.has(type)) return undefined;
  const meta: DapMeta = { seq, type: type as DapMeta['type'] };
  if (type === 'request') {
    if (typeof value.command !== 'string') return undefined;
    meta.command = value.command;
  } else if (type === 'response') {
    if (typeof value.request_seq !== 'number' || typeof value.success !== 'boolean' || typeof value.command !== 'string') return undefined;
    meta.command = value.command;
    meta.request_seq = value.request_seq;
    meta.success = value.success;
  } else {
    if (typeof value.event !== 'string') return undefined;
    meta.event = value.event;
  }
  return meta;
}
