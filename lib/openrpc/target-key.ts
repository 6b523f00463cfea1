/**
 * Which target a session talks to, as a stable key, so documents loaded for one session come
 * back for the next session to the same target: the URL for HTTP and WebSocket, host and port for
 * TCP, program, arguments and working directory for stdio. Headers, environment and framing do not
 * make a different target.
 */
import type { TargetSpec } from '../session/types';

export function targetKey(target: TargetSpec): string {
  switch (target.kind) {
    case 'http':
    case 'websocket':
      return `${target.kind} ${target.url}`;
    case 'tcp':
      return `tcp ${target.host}:${target.port}`;
    case 'stdio':
      return `stdio ${JSON.stringify([target.command, ...(target.args ?? [])])}${target.cwd ? ` in ${target.cwd}` : ''}`;
  }
}
