/**
 * Debug Adapter Protocol messages share LSP's Content-Length framing but are not JSON-RPC: they
 * carry `seq` and `type` instead of `jsonrpc` and `id`. rpcscope recognises them and labels them
 * DAP rather than calling them invalid requests.
 */
import type { DapMeta } from '../session/types';

/** DapMeta when `o` is a DAP message (numeric `seq`, `type` request|response|event, no `jsonrpc`). */
export function dapMeta(o: Record<string, unknown>): DapMeta | undefined {
  const seq = o.seq;
  const type = o.type;
  if (typeof seq !== 'number' || o.jsonrpc !== undefined) return undefined;
  if (type !== 'request' && type !== 'response' && type !== 'event') return undefined;
  const meta: DapMeta = { seq, type };
  if (typeof o.command === 'string') meta.command = o.command;
  if (typeof o.event === 'string') meta.event = o.event;
  if (typeof o.request_seq === 'number') meta.request_seq = o.request_seq;
  if (typeof o.success === 'boolean') meta.success = o.success;
  return meta;
}
