/**
 * One line per transport, keyed by target kind (lib/targets): a kind without a transport here
 * fails to compile, and a stream transport must say its framing (SessionTransport).
 */
import type { TargetSpec } from '../../lib/session/types';
import { notConnectable, type ConnectableKind } from '../../lib/targets/registry';
import { createHttpTransport } from './http';
import { createStdioTransport } from './stdio';
import { createTcpTransport } from './tcp';
import type { SessionTransport, TransportEvents, TransportOptions } from './types';
import { createUnixTransport } from './unix';
import { createWebSocketTransport } from './websocket';

type FactoryFor<K extends ConnectableKind> = (
  target: Extract<TargetSpec, { kind: K }>,
  events: TransportEvents,
  options?: TransportOptions,
) => SessionTransport;

// Kinds rpcscope only records (a tap) have no transport: connecting to one is refused in words.
const factories: { [K in ConnectableKind]: FactoryFor<K> } = {
  http: createHttpTransport,
  websocket: createWebSocketTransport,
  stdio: createStdioTransport,
  tcp: createTcpTransport,
  unix: createUnixTransport,
};

export function createTransport(target: TargetSpec, events: TransportEvents, options?: TransportOptions): SessionTransport {
  const refused = notConnectable(target.kind);
  if (refused) throw new Error(refused);
  const factory = factories[target.kind as ConnectableKind] as FactoryFor<ConnectableKind> | undefined;
  if (!factory) throw new Error(`unknown target kind: ${String((target as { kind?: unknown }).kind)}`);
  return factory(target as never, events, options);
}

export { killAllStdioTargets } from './stdio';
