/**
 * MCP's own checks (specification 2025-06-18 and later): the initialize handshake, the protocol
 * version it settles on, ping, and on Streamable HTTP the 202 rule for a POST that needs no answer.
 */
import { MCP_PROTOCOL_VERSIONS, mcpProfile } from '../dialects/mcp';
import { MCP_HTTP_SPEC } from '../dialects/mcp-http';
import { isRecord } from '../dialects/messages';
import { answers, didText, expectNothing, fail, idKeyOf, notApplicable, pass, singleEntry } from './judge';
import { requestText } from './messages';
import { templateText } from './template-step';
import type { ProbeCheck, ProbeExchange } from './types';

const MCP = 'MCP, Basic → Lifecycle';

function initializeResult(ex: ProbeExchange): Record<string, unknown> | undefined {
  const one = singleEntry(ex);
  if ('problem' in one || one.entry.kind !== 'response' || one.entry.idKey !== idKeyOf('probe-initialize')) return undefined;
  return isRecord(one.entry.result) ? one.entry.result : undefined;
}

export const MCP_HANDSHAKE: readonly ProbeCheck[] = [
  {
    id: 'lifecycle/mcp-initialize',
    title: 'initialize is answered with protocolVersion, capabilities and serverInfo',
    level: 'MUST',
    group: 'lifecycle',
    spec: `The server MUST respond with its own capabilities and information. (${MCP} → Initialization)`,
    sends: () => [templateText(mcpProfile, 'mcp-handshake', 0, '"probe-initialize"')],
    judge: (ex) => {
      const did = didText(ex);
      const r = initializeResult(ex);
      if (!r) return fail(did);
      const missing = ['protocolVersion', 'capabilities', 'serverInfo'].filter((k) => !(k in r));
      return missing.length === 0 && isRecord(r.capabilities) && isRecord(r.serverInfo) ? pass(did) : fail(`${did} (missing ${missing.join(', ') || 'an object'})`);
    },
  },
  {
    id: 'lifecycle/mcp-protocol-version',
    title: `the server answers the version asked (${MCP_PROTOCOL_VERSIONS[0]}) or another one it supports`,
    level: 'MUST',
    group: 'lifecycle',
    spec: `If the server supports the requested protocol version, it MUST respond with the same version. Otherwise, the server MUST respond with another protocol version it supports. (${MCP} → Version Negotiation)`,
    judgesExchangeOf: 'lifecycle/mcp-initialize',
    sends: () => [],
    judge: (ex) => {
      const r = initializeResult(ex);
      const v = r?.protocolVersion;
      if (typeof v !== 'string') return fail(`${didText(ex)} (no protocolVersion string)`);
      if (v === MCP_PROTOCOL_VERSIONS[0]) return pass(`answered protocolVersion ${JSON.stringify(v)}, the one asked`);
      const known = (MCP_PROTOCOL_VERSIONS as readonly string[]).includes(v);
      return known ? pass(`answered protocolVersion ${JSON.stringify(v)}, an earlier revision`) : fail(`answered protocolVersion ${JSON.stringify(v)}, which is no MCP revision`);
    },
  },
  {
    id: 'lifecycle/mcp-initialized',
    title: 'notifications/initialized is not answered',
    level: 'MUST',
    group: 'lifecycle',
    spec: `After successful initialization, the client MUST send an initialized notification to indicate it is ready to begin normal operations. (${MCP}); notifications MUST NOT be answered (MCP, Basic → Notifications).`,
    sends: () => [templateText(mcpProfile, 'mcp-handshake', 1)],
    judge: expectNothing,
  },
];

export const MCP_AFTER: readonly ProbeCheck[] = [
  {
    id: 'lifecycle/mcp-ping',
    title: 'ping is answered with an empty result',
    level: 'MUST',
    group: 'dialect',
    spec: 'The receiver MUST respond promptly with an empty response. (MCP, Basic → Utilities → Ping)',
    sends: () => [requestText('ping', '"probe-ping"')],
    judge: (ex) => {
      const did = didText(ex);
      const one = singleEntry(ex);
      if ('problem' in one || one.entry.idKey !== idKeyOf('probe-ping') || one.entry.kind !== 'response') return fail(did);
      const r = one.entry.result;
      return isRecord(r) && Object.keys(r).length === 0 ? pass(did) : fail(`${did} (the result is due to be {})`);
    },
  },
  {
    id: 'transport/mcp-http-202',
    title: 'over Streamable HTTP, a POST carrying only a notification is answered 202 Accepted with no body',
    level: 'MUST',
    group: 'transport',
    spec: MCP_HTTP_SPEC.accepted,
    judgesExchangeOf: 'lifecycle/mcp-initialized',
    sends: () => [],
    judge: (ex, ctx) => {
      const did = didText(ex);
      if (!ctx.perRequestExchanges) return notApplicable('not an HTTP target');
      const first = ex.replies[0];
      if (!first) return fail(did);
      return first.status === 202 && answers(ex).length === 0 ? pass(did) : fail(did);
    },
  },
];
