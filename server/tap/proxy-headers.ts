/**
 * What the HTTP/WebSocket tap passes on of a message's headers: everything but the hop-by-hop
 * ones (RFC 9110 §7.6.1: they describe one connection, not the message, and any header the
 * `Connection` header names is one too). `Host` becomes the target's, as if the client had
 * called it. Header pairs stay in their order and spelling (rawHeaders), repeated ones included.
 */

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']);
/** The WebSocket handshake's own headers: the upstream client library writes its own. */
const WS_HANDSHAKE = new Set(['sec-websocket-key', 'sec-websocket-version', 'sec-websocket-extensions', 'sec-websocket-protocol', 'sec-websocket-accept']);

/** The headers a `Connection` header names (null when there is none: no set is made per message for nothing). */
function connectionNamed(rawHeaders: string[]): Set<string> | null {
  let named: Set<string> | null = null;
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    if (rawHeaders[i].toLowerCase() !== 'connection') continue;
    named ??= new Set<string>();
    for (const token of rawHeaders[i + 1].split(',')) if (token.trim()) named.add(token.trim().toLowerCase());
  }
  return named;
}

const NO_OPTIONS: { host?: string; websocket?: boolean } = {};

/**
 * The header pairs to pass on, flattened as Node's `rawHeaders` (name, value, name, value …).
 * Each message's headers are rewritten once, in one pass (the tap's every exchange pays it twice).
 */
export function endToEnd(rawHeaders: string[], opts: { host?: string; websocket?: boolean } = NO_OPTIONS): string[] {
  const named = connectionNamed(rawHeaders);
  const out: string[] = [];
  let hostSet = false;
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i].toLowerCase();
    if (HOP_BY_HOP.has(name) || named?.has(name)) continue;
    if (opts.websocket && WS_HANDSHAKE.has(name)) continue;
    if (name === 'host') {
      if (opts.host !== undefined && !hostSet) out.push(rawHeaders[i], opts.host);
      hostSet = true;
      continue;
    }
    out.push(rawHeaders[i], rawHeaders[i + 1]);
  }
  if (opts.host !== undefined && !hostSet) out.push('Host', opts.host);
  return out;
}

/** The same pairs as a record of arrays (for APIs that take an object), names as spelt. */
export function headerObject(pairs: string[]): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
  for (let i = 0; i + 1 < pairs.length; i += 2) {
    const prev = out[pairs[i]];
    out[pairs[i]] = prev === undefined ? pairs[i + 1] : [...(Array.isArray(prev) ? prev : [prev]), pairs[i + 1]];
  }
  return out;
}

/**
 * Where a request to the tap goes: the target URL with the request's path appended (a request for
 * `/` goes to the target URL itself), and the query of the request (or else the target's).
 */
export function upstreamUrl(to: URL, requestUrl: string | undefined): URL {
  const req = new URL(requestUrl ?? '/', 'http://tap.invalid');
  const url = new URL(to.href);
  if (req.pathname !== '/') url.pathname = url.pathname.replace(/\/$/, '') + req.pathname;
  if (req.search) url.search = req.search;
  return url;
}

/** How many request targets' upstream URLs a tap remembers (a client uses one or a few paths). */
const KNOWN_URLS = 256;
const knownUrls = new Map<string, URL>();

/**
 * upstreamUrl for an HTTP exchange (a ws: or wss: target is called over http: or https:), parsed
 * once per request target and shared: the caller must not change it. Every POST of a conversation
 * goes to the same path, and parsing two URLs per exchange sat between the client and the target.
 */
export function httpUpstreamUrl(to: URL, requestUrl: string | undefined): URL {
  const key = `${to.href} ${requestUrl ?? '/'}`;
  let url = knownUrls.get(key);
  if (url) return url;
  url = upstreamUrl(to, requestUrl);
  if (url.protocol === 'ws:') url.protocol = 'http:';
  else if (url.protocol === 'wss:') url.protocol = 'https:';
  if (knownUrls.size >= KNOWN_URLS) knownUrls.clear();
  knownUrls.set(key, url);
  return url;
}

/** Host header values that name the tap itself (DNS rebinding: a page must not reach the target through us). */
export function isOurHost(host: string | undefined, port: number): boolean {
  if (!host) return false;
  return [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`].includes(host.toLowerCase());
}
