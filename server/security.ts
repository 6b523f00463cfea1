/**
 * The gate in front of everything: the server can spawn any program, so it is as dangerous as a
 * shell. Host must be one header naming a loopback host at our port (DNS rebinding, request
 * smuggling); Origin must be ours, and Sec-Fetch-Site must not say another site, on the bridge
 * upgrade and on every state-changing request. What authenticates an API call or the bridge is one
 * of: the page's httpOnly cookie (server/sign-in.ts), or the token in `x-rpcscope-token`,
 * `Authorization: Bearer` or `?token=` (scripts, the CLI, tests), compared in constant time. A
 * WebSocket subprotocol never authenticates anything (the bridge selects none).
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
export function tokenMatches(given: string | undefined | null, expected: string): boolean {
  if (typeof given !== 'string' || given.length === 0 || given.length > 256) return false;
  return timingSafeEqual(digest(given), digest(expected));
}

function splitHostPort(value: string): { host: string; port?: string } {
  const m = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(value.trim().toLowerCase());
  if (!m) return { host: '' };
  return { host: m[1], port: m[2] };
}

export function hostAllowed(hostHeader: string | undefined, config: ServerConfig, actualPort: number): boolean {
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
/** `Sec-Fetch-Site` values a browser sends for a request that another site's page started. */
const FOREIGN_FETCH_SITES = new Set(['cross-site', 'same-site']);

/** How many times a header occurs (Node keeps only the first Host and Origin in `req.headers`). */
function headerCount(req: IncomingMessage, name: string): number {
  let n = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i].toLowerCase() === name) n++;
  return n;
}

export interface GateOptions {
  needsToken: boolean;
  upgrade?: boolean;
  /** The page's cookie check (server/sign-in.ts); without it only the token authenticates. */
  cookieMatches?: (req: IncomingMessage) => boolean;
}

/**
 * Every request: exactly one Host, and ours. State-changing calls and upgrades: Origin ours
 * (browsers always send it there) and no Sec-Fetch-Site naming another site (`same-site` too:
 * another port of 127.0.0.1 is the same site). API calls and the bridge: the cookie or the token.
 */
export function checkRequest(req: IncomingMessage, config: ServerConfig, actualPort: number, opts: GateOptions): GateResult {
  if (headerCount(req, 'host') > 1 || headerCount(req, 'origin') > 1) {
    return { ok: false, status: 400, reason: 'a request with more than one Host or Origin header is refused' };
  }
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
    const site = req.headers['sec-fetch-site'];
    if (typeof site === 'string' && FOREIGN_FETCH_SITES.has(site.toLowerCase())) {
      return { ok: false, status: 403, reason: `Sec-Fetch-Site "${site}": state-changing calls must come from the rpcscope page itself` };
    }
  }
  if (opts.needsToken && !opts.cookieMatches?.(req) && !tokenMatches(tokenFrom(req), config.token)) {
    return { ok: false, status: 401, reason: 'not signed in (no valid cookie or token): open the sign-in URL rpcscope printed in its terminal' };
  }
  return { ok: true };
}
