/**
 * Unix domain socket target (`--pipe=…` language servers, local daemons): a stream socket at a
 * path. On Windows the same `path` option connects to a named pipe (`\\.\pipe\NAME`).
 */
import type { UnixTarget } from '../../lib/targets/unix';
import { StreamSocketTransport } from './stream-socket';
import type { TransportEvents, TransportOptions } from './types';

/** A socket address holds the path in a fixed buffer (sun_path, NUL included): 108 bytes on Linux, 104 elsewhere. */
const MAX_PATH_BYTES = process.platform === 'linux' ? 107 : 103;
const isWindowsPipe = (path: string) => process.platform === 'win32' && /^\\\\[.?]\\pipe\\/i.test(path);

function invalid(path: string): string | undefined {
  if (!path) return 'no socket path given';
  // Node would cut a longer path short and connect to a different one (or none): refuse it instead.
  if (!isWindowsPipe(path) && Buffer.byteLength(path) > MAX_PATH_BYTES) {
    return `socket path is ${Buffer.byteLength(path)} bytes, longer than the ${MAX_PATH_BYTES} a Unix socket address holds: ${path}`;
  }
  return undefined;
}

function errorWords(err: NodeJS.ErrnoException, path: string): string | undefined {
  switch (err.code) {
    case 'ENOENT':
      return `no socket at ${path} (is the target running?)`;
    case 'EACCES':
      return `permission denied: ${path}`;
    case 'ENOTSOCK':
      return `not a socket: ${path}`;
    case 'ECONNREFUSED':
      return `connection refused: nothing is listening on ${path}`;
    default:
      return undefined;
  }
}

export function createUnixTransport(target: UnixTarget, events: TransportEvents, options?: TransportOptions): StreamSocketTransport<UnixTarget['kind']> {
  const { path, framing } = target;
  return new StreamSocketTransport({ kind: target.kind, connect: { path }, where: path, framing, invalid: invalid(path), errorWords: (err) => errorWords(err, path) }, events, options);
}
