/**
 * MCP lifecycle rules over a conversation in recording order: initialize first, nothing but ping
 * until it is answered, notifications/initialized before normal operation, no server requests
 * (but ping) before that, never cancel initialize.
 *
 * The client is the side that sends `initialize`; until one is seen, `out` (rpcscope → target) is.
 */
import type { Direction, JsonRpcId } from '../session/types';
import { finding, opposite } from './lifecycle-util';
import { entriesOf, isAnswer, isCall, isRecord, type MessageEntry } from './messages';
import type { LifecycleChecker, LifecycleFinding, LifecycleInput } from './types';

export const MCP_SPEC = {
  initializeFirst: 'The initialization phase MUST be the first interaction between client and server. (MCP, Lifecycle)',
  noRequestsDuringInit:
    'The client SHOULD NOT send requests other than pings before the server has responded to the initialize request. (MCP, Lifecycle)',
  initializedRequired:
    'After successful initialization, the client MUST send an initialized notification to indicate it is ready to begin normal operations. (MCP, Lifecycle)',
  serverBeforeInitialized:
    'The server SHOULD NOT send requests other than pings and logging before receiving the initialized notification. (MCP, Lifecycle)',
  noCancelInitialize: 'The initialize request MUST NOT be cancelled by clients. (MCP, Utilities → Cancellation)',
  versionNegotiation:
    'If the server supports the requested protocol version, it MUST respond with the same version. Otherwise, the server MUST respond with another protocol version it supports. (MCP, Lifecycle → Version Negotiation)',
} as const;

type Phase = 'pre' | 'initializing' | 'answered' | 'ready';

export function createMcpLifecycleChecker(): LifecycleChecker {
  let clientDir: Direction = 'out';
  let phase: Phase = 'pre';
  let initKey: string | undefined;
  let initId: JsonRpcId | undefined;
  let requestedVersion: unknown;
  let initializedWarned = false;

  function onClientCall(seq: number, e: MessageEntry, out: LifecycleFinding[]): void {
    const method = e.method ?? '';
    if (method === 'notifications/cancelled') {
      const requestId = isRecord(e.params) ? e.params.requestId : undefined;
      if (initId !== undefined && requestId === initId && phase === 'initializing') {
        out.push(finding(seq, 'mcp-cancel-initialize', 'error', 'notifications/cancelled names the initialize request.', MCP_SPEC.noCancelInitialize, 'params.requestId'));
      }
      return;
    }
    if (method === 'notifications/initialized') {
      if (phase === 'answered') phase = 'ready';
      return;
    }
    if (e.kind !== 'request' || method === 'ping') return;
    if (phase === 'pre') {
      out.push(finding(seq, 'mcp-request-before-initialize', 'error', `\`${method}\` sent before \`initialize\`.`, MCP_SPEC.initializeFirst));
    } else if (phase === 'initializing') {
      out.push(
        finding(seq, 'mcp-request-during-initialize', 'warning', `\`${method}\` sent before the \`initialize\` request was answered.`, MCP_SPEC.noRequestsDuringInit),
      );
    } else if (phase === 'answered' && !initializedWarned) {
      // Once per session: every later request would repeat the same news.
      initializedWarned = true;
      out.push(
        finding(
          seq,
          'mcp-initialized-missing',
          'warning',
          `\`${method}\` sent after initialize was answered but before \`notifications/initialized\`.`,
          MCP_SPEC.initializedRequired,
        ),
      );
    }
  }

  function onServerCall(seq: number, e: MessageEntry, out: LifecycleFinding[]): void {
    if (e.kind !== 'request' || e.method === 'ping' || phase === 'ready') return;
    out.push(
      finding(
        seq,
        'mcp-server-request-before-initialized',
        'warning',
        `The server sent the request \`${e.method}\` before the client's \`notifications/initialized\`.`,
        MCP_SPEC.serverBeforeInitialized,
      ),
    );
  }

  function onServerAnswer(seq: number, e: MessageEntry, out: LifecycleFinding[]): void {
    if (initKey === undefined || e.idKey !== initKey) return;
    initKey = undefined;
    if (phase !== 'initializing') return;
    if (e.kind !== 'response') {
      phase = 'pre';
      return;
    }
    phase = 'answered';
    const chosen = isRecord(e.result) ? e.result.protocolVersion : undefined;
    if (typeof chosen === 'string' && typeof requestedVersion === 'string' && chosen !== requestedVersion) {
      out.push(
        finding(
          seq,
          'mcp-protocol-version-negotiated',
          'info',
          `The client asked for protocol ${requestedVersion}; the server answered with ${chosen}.`,
          MCP_SPEC.versionNegotiation,
          'result.protocolVersion',
        ),
      );
    }
  }

  return {
    observe({ seq, dir, classified }: LifecycleInput): LifecycleFinding[] {
      if (dir === 'meta') return [];
      const out: LifecycleFinding[] = [];
      for (const e of entriesOf(classified)) {
        if (isCall(e) && e.kind === 'request' && e.method === 'initialize' && (phase === 'pre' || dir === clientDir)) {
          clientDir = dir;
          phase = 'initializing';
          initKey = e.idKey;
          initId = e.id;
          requestedVersion = isRecord(e.params) ? e.params.protocolVersion : undefined;
          continue;
        }
        if (isCall(e)) {
          if (dir === clientDir) onClientCall(seq, e, out);
          else onServerCall(seq, e, out);
        } else if (isAnswer(e) && dir === opposite(clientDir)) {
          onServerAnswer(seq, e, out);
        }
      }
      return out;
    },
  };
}
