/**
 * Model Context Protocol: the SDKs' error codes and the spec's, methods, `notifications/cancelled`,
 * `notifications/progress`, and the initialize → notifications/initialized handshake.
 */
import type { ErrorCodeInfo } from '../errors/types';
import { decodeByCode, makeCatalog, numericCode, standardCodes } from './catalog';
import { createMcpLifecycleChecker } from './mcp-lifecycle';
import { mcpMethods } from './mcp-methods';
import { combineCheckers, createMcpToolChecker, mcpProgressLink } from './mcp-tools';
import { atSeq, idJson, isRecord, notificationText, renderJsonRpc } from './messages';
import { MCP_CLIENT_CAPABILITIES, mcpStart } from './mcp-start';
import type { DialectErrorInfo, DialectMarkers, DialectProfile, MessageTemplate } from './types';

/** Protocol revisions, newest first. The handshake template asks for the first. */
export const MCP_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;

const SDK = 'MCP SDKs’ ErrorCode (TypeScript SDK `ErrorCode`, Python SDK `types.py`)';
const SDK_HTTP = 'MCP TypeScript SDK, Streamable HTTP server transport';

export const mcpCatalog = makeCatalog('mcp', 'Model Context Protocol', [
  ...standardCodes('JSON-RPC 2.0 §5.1, restated in the MCP SDKs’ ErrorCode'),
  {
    code: -32000,
    name: 'ConnectionClosed',
    meaning: 'The connection closed before the request was answered (the SDK also reports a cancelled request this way).',
    definedIn: SDK,
  },
  {
    code: -32001,
    name: 'RequestTimeout',
    meaning: 'The request timed out waiting for an answer.',
    definedIn: SDK,
  },
  {
    code: -32002,
    name: 'ResourceNotFound',
    meaning:
      'resources/read for a URI the server does not have. SEP-2164 moves this to -32602 (Invalid params), which the TypeScript SDK already uses.',
    definedIn: 'MCP specification 2025-06-18, Server → Resources → Error Handling',
  },
  {
    code: -32042,
    name: 'UrlElicitationRequired',
    meaning: 'The request needs the user to complete URL-mode elicitation(s) first; error.data.elicitations lists them.',
    definedIn: 'MCP specification 2025-11-25, Client → Elicitation (URL mode); TypeScript SDK ErrorCode.UrlElicitationRequired',
  },
]);

/** Messages the SDK's Streamable HTTP transport sends with the generic -32000 / -32001 codes. */
const TRANSPORT_MESSAGES: ReadonlyArray<{ code: number; pattern: RegExp; info: ErrorCodeInfo }> = [
  {
    code: -32001,
    pattern: /^session not found/i,
    info: {
      code: -32001,
      name: 'SessionNotFound',
      meaning: 'The Mcp-Session-Id is unknown or expired (HTTP 404): start a new session with initialize.',
      definedIn: SDK_HTTP,
    },
  },
  {
    code: -32000,
    pattern: /^bad request: server not initialized/i,
    info: { code: -32000, name: 'ServerNotInitialized', meaning: 'A request arrived before initialize on this HTTP endpoint (HTTP 400).', definedIn: SDK_HTTP },
  },
  {
    code: -32000,
    pattern: /^bad request: mcp-session-id header is required/i,
    info: { code: -32000, name: 'SessionIdRequired', meaning: 'Requests after initialize must carry the Mcp-Session-Id header (HTTP 400).', definedIn: SDK_HTTP },
  },
  {
    code: -32000,
    pattern: /^bad request: unsupported protocol version/i,
    info: { code: -32000, name: 'UnsupportedProtocolVersion', meaning: 'The MCP-Protocol-Version header names a revision the server does not support (HTTP 400).', definedIn: SDK_HTTP },
  },
  {
    code: -32000,
    pattern: /^(not acceptable|unsupported media type|method not allowed|conflict|bad request)\b/i,
    info: { code: -32000, name: 'TransportError', meaning: 'The HTTP transport rejected the request before it reached the server (see the HTTP status and message).', definedIn: SDK_HTTP },
  },
];

export function decodeMcpError(error: { code: unknown; message: unknown; data?: unknown }): DialectErrorInfo | undefined {
  const code = numericCode(error);
  if (code !== undefined && typeof error.message === 'string') {
    const msg = error.message.slice(0, 2000);
    const hit = TRANSPORT_MESSAGES.find((t) => t.code === code && t.pattern.test(msg));
    if (hit) return { ...hit.info, source: 'mcp', matchedBy: 'message' };
  }
  return decodeByCode(mcpCatalog, error);
}

export const MCP_CLIENT_INFO = { name: 'rpcscope', version: '0.1.0' };

function short(v: unknown): string {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 40 ? `${s.slice(0, 37)}…` : s;
}

/**
 * MCP is recognised by its initialize (params with protocolVersion and clientInfo, or a result with
 * protocolVersion and serverInfo answering an initialize), or by a method only MCP uses. Its
 * `tasks/*` requests (2025-11-25) are no marker: A2A has `tasks/get` and `tasks/cancel` too.
 */
const mcpMarkers: DialectMarkers = {
  onlyMethods: new Set([
    'notifications/initialized',
    'notifications/cancelled',
    'notifications/progress',
    'notifications/message',
    'notifications/tools/list_changed',
    'notifications/resources/list_changed',
    'notifications/resources/updated',
    'notifications/prompts/list_changed',
    'notifications/roots/list_changed',
    'tools/list',
    'tools/call',
    'resources/list',
    'resources/read',
    'resources/templates/list',
    'prompts/list',
    'prompts/get',
    'sampling/createMessage',
    'elicitation/create',
  ]),
  createRecognizer() {
    /** idKeys of `initialize` requests seen (a few), to recognise their result. */
    const initializeIds: string[] = [];
    return (msg) => {
      for (const e of msg.entries) {
        if (e.kind === 'request' && e.method === 'initialize') {
          if (e.idKey !== undefined && initializeIds.length < 16) initializeIds.push(e.idKey);
          const p = e.params;
          if (isRecord(p) && typeof p.protocolVersion === 'string' && isRecord(p.clientInfo)) {
            return `initialize request${atSeq(msg.seq)} has params.protocolVersion ${short(p.protocolVersion)} and params.clientInfo`;
          }
        } else if (e.kind === 'response' && e.idKey !== undefined && initializeIds.includes(e.idKey) && isRecord(e.result)) {
          const r = e.result;
          if (typeof r.protocolVersion === 'string' && isRecord(r.serverInfo)) {
            return `initialize result${atSeq(msg.seq)} has result.protocolVersion ${short(r.protocolVersion)} and result.serverInfo`;
          }
        }
      }
      return undefined;
    };
  },
};

/** The handshake the builder inserts and the one-step start sends. */
const handshakeTemplate: MessageTemplate = {
  id: 'mcp-handshake',
  title: 'MCP handshake',
  summary: '`initialize`, then `notifications/initialized` once the result is in.',
  steps: [
    {
      kind: 'request',
      method: 'initialize',
      params: { protocolVersion: MCP_PROTOCOL_VERSIONS[0], capabilities: MCP_CLIENT_CAPABILITIES, clientInfo: MCP_CLIENT_INFO },
      expect: 'result: { protocolVersion, capabilities, serverInfo, instructions? }; the server may pick an older protocolVersion.',
    },
    { kind: 'notification', method: 'notifications/initialized', expect: 'No answer (notification).' },
  ],
};

export const mcpProfile: DialectProfile<'mcp'> = {
  id: 'mcp',
  title: 'Model Context Protocol',
  label: 'MCP',
  summary: 'MCP: AI client ↔ tool server over stdio (one JSON message per line) or Streamable HTTP.',
  specUrl: 'https://modelcontextprotocol.io/specification',
  wire: 'jsonrpc',
  // MCP stdio: "Messages are delimited by newlines, and MUST NOT contain embedded newlines."
  framing: 'newline',
  errors: mcpCatalog,
  decodeError: decodeMcpError,
  // The SDK's transport errors share -32000/-32001 and differ by message.
  errorsByMessage: true,
  markers: mcpMarkers,
  methods: mcpMethods,
  // "When the request has not received a success or error response within the timeout period, the
  // sender SHOULD issue a cancellation notification for that request and stop waiting for a response."
  cancelOnTimeout: true,
  cancel(target, options) {
    if (target.method === 'initialize') return { ok: false, reason: 'MCP forbids cancelling the initialize request.' };
    const id = idJson(target.id, target.idText);
    if (id === undefined) return { ok: false, reason: 'The pending request has no usable id (MCP ids are strings or integers, never null).' };
    const members: Array<readonly [string, string]> = [['requestId', id]];
    const reason = options?.reason ?? 'Cancelled from rpcscope';
    if (reason) members.push(['reason', JSON.stringify(reason.slice(0, 500))]);
    return { ok: true, method: 'notifications/cancelled', text: notificationText('notifications/cancelled', members) };
  },
  progress: {
    methods: ['notifications/progress'],
    howTo: 'Put `_meta: { progressToken }` in a request’s params; the receiver may then send notifications/progress { progressToken, progress, total?, message? }.',
    link: mcpProgressLink,
  },
  // Streamable HTTP's event stream carries one response (plus requests and notifications), not many.
  streamingMethods: new Set(),
  templates: [
    handshakeTemplate,
    {
      id: 'mcp-list-tools',
      title: 'List tools',
      summary: 'tools/list (first page).',
      steps: [{ kind: 'request', method: 'tools/list', params: {}, expect: 'result: { tools: [...], nextCursor? }' }],
    },
    {
      id: 'mcp-call-tool',
      title: 'Call a tool',
      summary: 'tools/call with a name and arguments, asking for progress.',
      steps: [
        {
          kind: 'request',
          method: 'tools/call',
          params: { name: 'echo', arguments: { message: 'hello' }, _meta: { progressToken: 'rpcscope-1' } },
          expect: 'result: { content: [...], isError? }; a failing tool answers isError: true, not a JSON-RPC error.',
        },
      ],
    },
    {
      id: 'mcp-ping',
      title: 'Ping',
      summary: 'ping (allowed at any time, even before initialization).',
      steps: [{ kind: 'request', method: 'ping', expect: 'result: {}' }],
    },
  ],
  start: mcpStart(handshakeTemplate.steps),
  render: (step, options) => renderJsonRpc(step, options?.id),
  createLifecycleChecker: () => combineCheckers(createMcpLifecycleChecker(), createMcpToolChecker()),
};

/**
 * For what only MCP sessions have (the MCP panes, Streamable HTTP's session rules): whether a
 * session's dialect id is MCP's, asked here so no other file spells the id.
 */
export const isMcpDialect = (id: string | undefined): boolean => id === mcpProfile.id;
