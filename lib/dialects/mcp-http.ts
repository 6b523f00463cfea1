/**
 * MCP's Streamable HTTP rules, checked on each reply to a POST: rpcscope knows what the POST
 * carried and whether it named a session, so it can say where the server's answer breaks the
 * transport's MUSTs. Pure: the server hands the facts in (server/session/mcp-http.ts).
 */
import type { Classified } from '../jsonrpc/types';
import type { Finding } from '../session/types';
import { entriesOf, isRecord } from './messages';

export const MCP_HTTP_SPEC = {
  accepted:
    'If the input is a JSON-RPC response or notification: If the server accepts the input, the server MUST return HTTP status code 202 Accepted with no body. (MCP, Transports → Streamable HTTP → Sending Messages to the Server)',
  session404:
    'The server MAY terminate the session at any time, after which it MUST respond to requests containing that session ID with HTTP 404 Not Found. (MCP, Transports → Streamable HTTP → Session Management)',
  responseId: 'Responses MUST include the same ID as the request they correspond to. (MCP, Basic → Responses)',
} as const;

/** What one POST carried, noted when it was sent. */
export interface McpPostFacts {
  /** Only responses and notifications: the server owes 202 Accepted and no body. */
  answersOnly: boolean;
  /** The id of the one request it carried, as written, when it had a readable one. */
  requestIdText?: string;
  /** It carried an Mcp-Session-Id. */
  carriedSession: boolean;
}

/** What came back on it: the status, and the body's classification when there was a body. */
export interface McpReplyFacts {
  status?: number;
  body?: Classified;
  /** The 202 rule is said once per POST, on its first reply. */
  first: boolean;
}

/** What the POST carried, from its classification. */
export function postFacts(c: Classified, carriedSession: boolean): McpPostFacts {
  const entries = entriesOf(c);
  const answersOnly = entries.length > 0 && entries.every((e) => e.kind === 'response' || e.kind === 'error' || e.kind === 'notification');
  const single = c.kind === 'request' && c.hasId && c.id !== null ? (c.idText ?? JSON.stringify(c.id)) : undefined;
  return { answersOnly, carriedSession, ...(single !== undefined ? { requestIdText: single } : {}) };
}

const SESSION_WORDS = /session/i;

export function checkMcpHttpReply(post: McpPostFacts, reply: McpReplyFacts): Finding[] {
  const out: Finding[] = [];
  const status = reply.status ?? 0;
  if (reply.first && post.answersOnly && status >= 200 && status <= 299 && (status !== 202 || reply.body)) {
    out.push({
      rule: 'mcp-http-accepted',
      severity: 'warning',
      message: `A POST carrying only notifications or responses was answered HTTP ${status}${reply.body ? ' with a body' : ''}, not 202 Accepted with no body.`,
      spec: MCP_HTTP_SPEC.accepted,
    });
  }
  const body = reply.body;
  const error = body ? errorOf(body) : undefined;
  if (!body || !error) return out;
  const message = typeof error.message === 'string' ? error.message.slice(0, 200) : '';
  if (post.carriedSession && status >= 400 && status <= 499 && status !== 404 && SESSION_WORDS.test(message)) {
    out.push({
      rule: 'mcp-http-session-404',
      severity: 'error',
      message: `The server refused the Mcp-Session-Id with HTTP ${status} (${JSON.stringify(message)}); a session it does not know is answered 404 Not Found, which tells the client to initialize again.`,
      spec: MCP_HTTP_SPEC.session404,
    });
  }
  if (post.requestIdText !== undefined && (!body.hasId || body.id === null)) {
    out.push({
      rule: 'mcp-http-error-id',
      severity: 'warning',
      message: `The error body has ${body.hasId ? 'id null' : 'no id'}, though the request it answers had id ${post.requestIdText}.`,
      spec: MCP_HTTP_SPEC.responseId,
      path: 'id',
    });
  }
  return out;
}

/** The error object of an error body, including one so broken (no id) that it classified as invalid. */
function errorOf(body: Classified): Record<string, unknown> | undefined {
  if (body.kind === 'error') return isRecord(body.error) ? body.error : {};
  const v = body.value;
  return body.kind === 'invalid' && isRecord(v) && isRecord(v.error) && !('result' in v) && !('method' in v) ? v.error : undefined;
}
