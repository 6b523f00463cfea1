/**
 * Turns Node's socket, DNS and TLS error codes into plain words a user can act on
 * ("connection refused: 127.0.0.1:1234") instead of "Error: connect ECONNREFUSED".
 */

const TLS_CODES = new Set([
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'ERR_SSL_WRONG_VERSION_NUMBER',
  'ERR_TLS_HANDSHAKE_TIMEOUT',
  'EPROTO',
  'CERT_REVOKED',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
]);

interface NodeError {
  code?: string;
  message?: string;
  syscall?: string;
}

function codeOf(err: unknown): string | undefined {
  const e = err as NodeError | undefined;
  return typeof e?.code === 'string' ? e.code : undefined;
}

export function messageOf(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}

/** OpenSSL messages carry a file path and error numbers; keep only the reason a person can read. */
function tlsReason(msg: string): string {
  const m = /SSL routines:[^:]*:([^:]+)/.exec(msg);
  const reason = (m ? m[1] : msg).trim();
  if (/wrong version number|packet length too long|http request/i.test(reason)) {
    return `${reason} (the server does not speak TLS here: try http:// or ws://)`;
  }
  return reason;
}

/** `where` is "host:port" (or a URL); it is named in the message so the user sees what failed. */
export function networkErrorWords(err: unknown, where: string): string {
  const code = codeOf(err);
  const msg = messageOf(err);
  if (code && (TLS_CODES.has(code) || code.startsWith('ERR_SSL_') || code.startsWith('ERR_TLS_'))) {
    return `TLS failure: ${tlsReason(msg)} (${where})`;
  }
  switch (code) {
    case 'ECONNREFUSED':
      return `connection refused: ${where}`;
    case 'ENOTFOUND':
      return `DNS lookup failed: no such host (${where})`;
    case 'EAI_AGAIN':
      return `DNS lookup failed: name server did not answer (${where})`;
    case 'ECONNRESET':
      return `connection reset by the target: ${where}`;
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT': // undici (the HTTP transport's client)
      return `connection timed out: ${where}`;
    case 'UND_ERR_SOCKET': // undici: the target closed the connection before its reply
      return `connection closed by the target before it replied: ${where}`;
    case 'EHOSTUNREACH':
      return `host unreachable: ${where}`;
    case 'ENETUNREACH':
      return `network unreachable: ${where}`;
    case 'EPIPE':
      return `connection closed by the target while sending: ${where}`;
    case 'EADDRNOTAVAIL':
      return `address not available: ${where}`;
    case 'ERR_INVALID_URL':
      return `invalid URL: ${where}`;
    default:
      if (/socket hang up/i.test(msg)) return `connection closed by the target before it replied: ${where}`;
      return `${msg}${code && !msg.includes(code) ? ` (${code})` : ''}: ${where}`;
  }
}

/** "host:port" with the default port filled in, from a URL. */
export function hostPort(url: URL): string {
  const port = url.port || (url.protocol === 'https:' || url.protocol === 'wss:' ? '443' : '80');
  return `${url.hostname}:${port}`;
}

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024 && n % (1024 * 1024) === 0) return `${n / (1024 * 1024)} MiB`;
  if (n >= 1024 && n % 1024 === 0) return `${n / 1024} KiB`;
  return `${n} bytes`;
}
