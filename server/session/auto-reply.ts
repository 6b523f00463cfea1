/**
 * Auto-reply rules: a language server that blocks on `workspace/configuration` (or an MCP server
 * asking `roots/list`, a debug adapter asking `runInTerminal`) keeps working while the user
 * explores. A JSON-RPC reply echoes the request's id exactly as written on the wire, so ids beyond
 * 2^53 survive; a dialect's routine answer may shape the value per request (lib/dialects/routine.ts); a DAP reply is a DAP response (the rule's value is its body) with `dapSeq` as its seq.
 */
import { composeDapResponse } from '../../lib/builder/dap-reply';
import { autoReplyResult } from '../../lib/dialects/routine';
import type { PipelineOutput } from '../../lib/session/pipeline';

export function buildAutoReply(out: PipelineOutput, rules: Record<string, unknown>, dapSeq: number): string | undefined {
  const { event } = out;
  const dap = event.dap;
  if (event.dir === 'in' && dap?.type === 'request' && dap.command !== undefined) {
    if (!Object.prototype.hasOwnProperty.call(rules, dap.command)) return undefined;
    const r = composeDapResponse(dap, dapSeq, { success: true, bodyText: JSON.stringify(rules[dap.command] ?? null) });
    return r.ok ? r.text : undefined;
  }
  if (event.dir !== 'in' || event.kind !== 'request' || event.method === undefined) return undefined;
  if (!Object.prototype.hasOwnProperty.call(rules, event.method)) return undefined;
  const idText = event.idText ?? JSON.stringify(event.id ?? null);
  // Some answers depend on what was asked (one settings value per workspace/configuration item).
  const value = out.classified?.value;
  const params = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as { params?: unknown }).params : undefined;
  const result = autoReplyResult(event.method, rules[event.method] ?? null, params);
  return `{"jsonrpc":"2.0","id":${idText},"result":${JSON.stringify(result ?? null)}}`;
}
