/**
 * The gate in front of everything: the server can spawn any program, so it is as dangerous as a
 * shell. Host must be a loopback name at our port (DNS rebinding), Origin must be ours on the bridge
 * upgrade and on every state-changing request, and the token is required on every API call and on
 * the bridge, compared in constant time.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isLoopbackHost, type ServerConfig } from './config';
import { TOKEN_HEADER, TOKEN_PARAM } from '../lib/session/bridge';

export type GateResult = { ok: true } | { ok: false; status: number; reason: string };

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** Constant-time comparison (hashing first makes the lengths equal). */
function tokenMatches(given: string | undefined | null, expected: string): boolean {
  if (typeof given !== 'string' || given.length === 0 || given.length > 256) return false;
  return timingSafeEqual(digest(given), digest(expected));
}

function splitHostPort(value: string): { host: string; port?: string } {
  const m = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(value.trim().toLowerCase());
  if (!m) return { host: '' };
  return { host: m[1], port: m[2] };
}

function hostAllowed(hostHeader: string | undefined, config: ServerConfig, actualPort: number): boolean {
  if (!hostHeader) return false;
  const { host, port } = splitHostPort(hostHeader);
  if (config.allowedHosts.includes(host)) return true;
  if (!isLoopbackHost(host)) return false;
  return port === String(actualPort);
}

function originAllowed(originHeader: string | undefined, config: ServerConfig, actualPort: number): boolean {
  if (config.dangerouslySkipOriginCheck) return true;
  if (!originHeader) return false;
  let url: URL;
  try {
    url = new URL(originHeader);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:') return false;
  const host = url.hostname.toLowerCase();
  const port = url.port || '80';
  if (config.allowedHosts.includes(host)) return true;
  return isLoopbackHost(host) && port === String(actualPort);
}

function tokenFrom(req: IncomingMessage): string | undefined {
  const header = req.headers[TOKEN_HEADER];
  if (typeof header === 'string') return header;
  const auth = req.headers.authorization;
  if (typeof auth === 'string' && auth.startsWith('Bearer ')) return auth.slice(7);
  const url = new URL(req.url ?? '/', 'http://localhost');
  return url.searchParams.get(TOKEN_PARAM) ?? undefined;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Every request: Host. API calls: token. State-changing calls and upgrades: Origin (browsers always send it there). */
export function checkRequest(
  req: IncomingMessage,
  config: ServerConfig,
  actualPort: number,
  opts: { needsToken: boolean; upgrade?: boolean },
): GateResult {
  if (!hostAllowed(req.headers.host, config, actualPort)) {
    return { ok: false, status: 403, reason: `Host "${req.headers.host ?? ''}" is not allowed (rpcscope answers only to 127.0.0.1:${actualPort} and localhost:${actualPort})` };
  }
  const stateChanging = opts.upgrade || !SAFE_METHODS.has(req.method ?? 'GET');
  if (stateChanging) {
    // Strict: a missing Origin is refused too. Browsers always send it here; scripts can set it.
    const origin = req.headers.origin;
    if (!originAllowed(origin, config, actualPort)) {
      return { ok: false, status: 403, reason: `Origin "${origin ?? '(none)'}" is not allowed: state-changing calls must come from the rpcscope page` };
    }
  }
  if (opts.needsToken && !tokenMatches(tokenFrom(req), config.token)) {
    return { ok: false, status: 401, reason: 'missing or wrong token: open the URL rpcscope printed at start' };
  }
  return { ok: true };
}
