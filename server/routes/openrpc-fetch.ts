/**
 * Fetching an OpenRPC document from a URL the user gave: http and https only, a timeout over the
 * whole chain, at most MAX_REDIRECTS redirects followed by hand, and a size limit enforced while
 * reading (a lying or missing Content-Length cannot make us read more). Every hop's scheme is
 * checked again, and every address we connect to is checked (address-policy.ts) in the socket's
 * own DNS lookup, so a name that resolves to a private address, or re-resolves to one between
 * a check and the connect, is refused at the moment it would be reached.
 */
import http from 'node:http';
import https from 'node:https';
import dns from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { MAX_DOCUMENT_BYTES } from '../../lib/openrpc/document';
import { HttpError } from '../api';
import { refusalFor } from './address-policy';

export const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export interface FetchOptions {
  timeoutMs?: number;
  maxBytes?: number;
  /** The user opted in to loopback and private-network addresses (link-local stays refused). */
  allowPrivate?: boolean;
}

/** A hop refused by the address policy (raised inside the socket's lookup). */
class AddressRefused extends Error {}

export async function fetchDocumentText(address: string, opts: FetchOptions = {}): Promise<string> {
  const maxBytes = opts.maxBytes ?? MAX_DOCUMENT_BYTES;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const allowPrivate = opts.allowPrivate === true;
  let url = parseUrl(address);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    for (let hop = 0; ; hop++) {
      checkScheme(url);
      const res = await get(url, allowPrivate, controller.signal, timeoutMs);
      const status = res.statusCode ?? 0;
      if (REDIRECTS.has(status)) {
        res.resume();
        const location = res.headers.location;
        if (!location) throw new HttpError(502, `${url.href} answered HTTP ${status} without a Location`);
        if (hop >= MAX_REDIRECTS) throw new HttpError(502, `${address} redirected more than ${MAX_REDIRECTS} times`);
        url = parseUrl(location, url);
        continue;
      }
      if (status < 200 || status >= 300) {
        res.resume();
        throw new HttpError(502, `${url.href} answered HTTP ${status}${res.statusMessage ? ` ${res.statusMessage}` : ''}`);
      }
      const declared = Number(res.headers['content-length'] ?? NaN);
      if (Number.isFinite(declared) && declared > maxBytes) {
        res.destroy();
        throw new HttpError(413, `the document at ${url.href} is larger than ${maxBytes / 1024 / 1024} MiB`);
      }
      return await readLimited(res, maxBytes, url.href, () => controller.signal.aborted, timeoutMs);
    }
  } finally {
    clearTimeout(timer);
  }
}

function parseUrl(text: string, base?: URL): URL {
  try {
    return new URL(text, base);
  } catch {
    throw new HttpError(400, `not a URL: ${JSON.stringify(text.slice(0, 200))}`);
  }
}

function checkScheme(url: URL): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new HttpError(400, `only http and https URLs can be loaded (not ${url.protocol.replace(/:$/, '')})`);
}

/** The socket's own lookup: resolves, and refuses the whole name if any address it gives is refused. */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      for (const a of addresses) {
        const refusal = refusalFor(hostname, a.address, allowPrivate);
        if (refusal) return callback(new AddressRefused(refusal), '', 0);
      }
      if (addresses.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
      // Node asks for one address or, with autoSelectFamily, for all of them.
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

function get(url: URL, allowPrivate: boolean, signal: AbortSignal, timeoutMs: number): Promise<http.IncomingMessage> {
  // An IP literal is connected to without a lookup, so it is checked here.
  const literal = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(literal)) {
    const refusal = refusalFor(literal, literal, allowPrivate);
    if (refusal) return Promise.reject(new HttpError(403, refusal));
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(url, { signal, headers: { accept: 'application/json' }, lookup: guardedLookup(allowPrivate) }, resolve);
    req.on('error', (err) => {
      if (err instanceof AddressRefused) return reject(new HttpError(403, err.message));
      if (signal.aborted) return reject(new HttpError(504, `${url.origin} did not answer within ${timeoutMs / 1000} s`));
      reject(new HttpError(502, `could not fetch ${url.href}: ${(err as { code?: string }).code ?? err.message}`));
    });
  });
}

async function readLimited(res: http.IncomingMessage, maxBytes: number, href: string, timedOut: () => boolean, timeoutMs: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of res) {
      const data = chunk as Buffer;
      size += data.byteLength;
      if (size > maxBytes) {
        res.destroy();
        throw new HttpError(413, `the document at ${href} is larger than ${maxBytes / 1024 / 1024} MiB`);
      }
      chunks.push(data);
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if (timedOut()) throw new HttpError(504, `${href} did not finish sending within ${timeoutMs / 1000} s`);
    throw new HttpError(502, `reading ${href} failed: ${(err as Error).message}`);
  }
  return Buffer.concat(chunks).toString('utf8');
}
