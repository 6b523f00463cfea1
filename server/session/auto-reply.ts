/**
 * Auto-reply rules: a language server that blocks on `workspace/configuration` (or an MCP server
 * asking `roots/list`) keeps working while the user explores. The reply echoes the request's id
 * exactly as written on the wire, so ids beyond 2^53 survive.
 */
import type { PipelineOutput } from '../../lib/session/pipeline';

export function buildAutoReply(out: PipelineOutput, rules: Record<string, unknown>): string | undefined {
  const { event } = out;
  if (event.dir !== 'in' || event.kind !== 'request' || event.method === undefined) return undefined;
  if (!Object.prototype.hasOwnProperty.call(rules, event.method)) return undefined;
  const idText = event.idText ?? JSON.stringify(event.id ?? null);
  return `{"jsonrpc":"2.0","id":${idText},"result":${JSON.stringify(rules[event.method] ?? null)}}`;
}
