/**
 * Auto-reply rules: a language server that blocks on `workspace/configuration` (or an MCP server
 * asking `roots/list`, a debug adapter asking `runInTerminal`) keeps working while the user
 * explores. A JSON-RPC reply echoes the request's id exactly as written on the wire, so ids beyond
 * 2^53 survive; a DAP reply is a DAP response (the rule's value is its body) with `dapSeq` as its seq.
 */
import { composeDapResponse } from '../../lib/builder/dap-reply';
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
  return `{"jsonrpc":"2.0","id":${idText},"result":${JSON.stringify(rules[event.method] ?? null)}}`;
}
