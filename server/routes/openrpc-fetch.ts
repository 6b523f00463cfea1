/**
 * Fetching an OpenRPC document from a URL the user gave: http and https only, a timeout, and a
 * size limit enforced while reading (a lying or missing Content-Length cannot make us read more).
 */
import { MAX_DOCUMENT_BYTES } from '../../lib/openrpc/document';
import { HttpError } from '../api';

export interface FetchOptions {
  timeoutMs?: number;
  maxBytes?: number;
}

export async function fetchDocumentText(address: string, opts: FetchOptions = {}): Promise<string> {
  const maxBytes = opts.maxBytes ?? MAX_DOCUMENT_BYTES;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new HttpError(400, `not a URL: ${JSON.stringify(address.slice(0, 200))}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new HttpError(400, `only http and https URLs can be loaded (not ${url.protocol.replace(/:$/, '')})`);

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    let res: Response;
    try {
      res = await fetch(url, { redirect: 'follow', signal: controller.signal, headers: { accept: 'application/json' } });
    } catch (err) {
      if (controller.signal.aborted) throw new HttpError(504, `${url.origin} did not answer within ${timeoutMs / 1000} s`);
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      throw new HttpError(502, `could not fetch ${url.href}: ${cause?.code ?? cause?.message ?? (err as Error).message}`);
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      throw new HttpError(502, `${url.href} answered HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`);
    }
    const declared = Number(res.headers.get('content-length') ?? NaN);
    if (Number.isFinite(declared) && declared > maxBytes) {
      await res.body?.cancel().catch(() => undefined);
      throw new HttpError(413, `the document at ${url.href} is larger than ${maxBytes / 1024 / 1024} MiB`);
    }
    return await readLimited(res, maxBytes, url.href, () => controller.signal.aborted, timeoutMs);
  } finally {
    clearTimeout(timer);
  }
}

async function readLimited(res: Response, maxBytes: number, href: string, timedOut: () => boolean, timeoutMs: number): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw new HttpError(413, `the document at ${href} is larger than ${maxBytes / 1024 / 1024} MiB`);
      }
      chunks.push(value);
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if (timedOut()) throw new HttpError(504, `${href} did not finish sending within ${timeoutMs / 1000} s`);
    throw new HttpError(502, `reading ${href} failed: ${(err as Error).message}`);
  }
  return Buffer.concat(chunks).toString('utf8');
}
