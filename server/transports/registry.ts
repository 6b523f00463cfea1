/**
 * One line per transport, keyed by TargetSpec.kind. Adding a transport is one file plus one line.
 */
import type { TargetKind, TargetSpec } from '../../lib/session/types';
import { createHttpTransport } from './http';
import { createStdioTransport } from './stdio';
import { createTcpTransport } from './tcp';
import type { Transport, TransportEvents, TransportOptions } from './types';
import { createWebSocketTransport } from './websocket';

type FactoryFor<K extends TargetKind> = (
  target: Extract<TargetSpec, { kind: K }>,
  events: TransportEvents,
  options?: TransportOptions,
) => Transport;

const factories: { [K in TargetKind]: FactoryFor<K> } = {
  http: createHttpTransport,
  websocket: createWebSocketTransport,
  stdio: createStdioTransport,
  tcp: createTcpTransport,
};

export const transportKinds = Object.keys(factories) as TargetKind[];

/** Whether the kind carries raw bytes that need a framing decoder (stdio, tcp). */
export function isStreamKind(kind: TargetKind): boolean {
  return kind === 'stdio' || kind === 'tcp';
}

export function createTransport(target: TargetSpec, events: TransportEvents, options?: TransportOptions): Transport {
  const factory = factories[target.kind] as FactoryFor<TargetKind> | undefined;
  if (!factory) throw new Error(`unknown target kind: ${String((target as { kind?: unknown }).kind)}`);
  return factory(target as never, events, options);
}

export { killAllStdioTargets } from './stdio';
