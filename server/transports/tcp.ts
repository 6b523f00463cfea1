/** TCP target (language servers' `--socket`, DAP adapters): host and port of a stream socket. */
import type { TcpTarget } from '../../lib/session/types';
import { StreamSocketTransport } from './stream-socket';
import type { TransportEvents, TransportOptions } from './types';

function invalid({ host, port }: TcpTarget): string | undefined {
  if (!host) return 'no host given';
  if (!Number.isInteger(port) || port < 1 || port > 65535) return `invalid port: ${String(port)}`;
  return undefined;
}

export function createTcpTransport(target: TcpTarget, events: TransportEvents, options?: TransportOptions): StreamSocketTransport<TcpTarget['kind']> {
  const { host, port, framing } = target;
  return new StreamSocketTransport({ kind: target.kind, connect: { host, port }, where: `${host}:${port}`, framing, invalid: invalid(target) }, events, options);
}
