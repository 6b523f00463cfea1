/**
 * Message texts the checks send. Ids are given as the JSON text to write (`0`, `""`, `1.5`,
 * `9007199254740993`), so an id a double cannot hold goes out exactly as meant.
 */
export function requestText(method: string, idJson: string, params?: unknown): string {
  const p = params === undefined ? '' : `,"params":${JSON.stringify(params)}`;
  return `{"jsonrpc":"2.0","id":${idJson},"method":${JSON.stringify(method)}${p}}`;
}

export function notificationText(method: string, params?: unknown): string {
  const p = params === undefined ? '' : `,"params":${JSON.stringify(params)}`;
  return `{"jsonrpc":"2.0","method":${JSON.stringify(method)}${p}}`;
}

/** A method no peer has: its notifications must go unanswered, its requests get -32601. */
export const UNKNOWN_METHOD = 'rpcscope/probe-no-such-method';
