/**
 * An HTTP exchange's copies, as the proxy tap's conversation thread hands them to the recording
 * thread (issue 12: the tap's added latency). The conversation thread posts what Node already gave
 * it — the method, the URL, the raw header pairs, the body's bytes — and nothing it would have to
 * build: decoding the body (UTF-8, or base64 when it is not), the header record and the HTTP facts
 * of each entry are made here, on the recording thread. So the turn that writes a reply to the
 * client and the one that reads the next request do no recording work but queueing a reference,
 * and a batch of exchanges is cheap to post (flat arrays of strings and bytes, not object graphs).
 */
import type { HttpMeta } from '../../lib/session/types';
import { decodeUtf8, headerRecord } from '../transports/text';
import type { TapExchanges } from './exchanges';

/** A body larger than this passes through whole but is recorded only as a note (like an HTTP session's cap). */
export const MAX_RECORDED_BODY = 64 * 1024 * 1024;

export type HttpRecordOp =
  /** A client's request body went on to the target (`bytes` long; `body` null when it was over the cap). */
  | { op: 'http-request'; exchange: number; method: string; url: string; path: string; rawHeaders: string[]; body: Uint8Array | null; bytes: number }
  /**
   * The target's reply (not an event stream) went back to the client whole; `settles`: it ends the
   * exchange (false when the exchange was already ended by an error).
   */
  | {
      op: 'http-reply';
      exchange: number;
      method: string;
      url: string;
      path: string;
      status: number | undefined;
      statusText: string | undefined;
      rawHeaders: string[];
      body: Uint8Array | null;
      bytes: number;
      settles: boolean;
    };

export function statusWords(status: number | undefined, text: string | undefined): string {
  return `HTTP ${status ?? '?'}${text ? ` ${text}` : ''}`;
}

/** Records one of the ops above, as the proxy recorded it on its own thread before. */
export function recordHttp(exchanges: TapExchanges, op: HttpRecordOp): void {
  if (op.op === 'http-request') {
    const meta: HttpMeta = { method: op.method, url: op.url, headers: headerRecord(op.rawHeaders) };
    if (!op.body) {
      exchanges.note(`${op.method} ${op.path}: a body of ${op.bytes} bytes passed through unrecorded (over the ${MAX_RECORDED_BODY}-byte limit)`, { http: meta });
      return;
    }
    const { text, rawBase64 } = decodeUtf8(op.body);
    exchanges.message('out', text, { http: meta, ...(rawBase64 ? { rawBase64 } : {}) }, { id: op.exchange, opens: true });
    return;
  }
  const { method, url, path, status, statusText } = op;
  const meta: HttpMeta = { status, statusText, headers: headerRecord(op.rawHeaders), url, method };
  if (method !== 'POST') exchanges.note(`${method} ${path} → ${statusWords(status, statusText)}`, { http: meta });
  if (!op.body && op.bytes > 0) {
    exchanges.note(`a reply body of ${op.bytes} bytes passed through unrecorded (over the ${MAX_RECORDED_BODY}-byte limit)`, { http: meta }, op.exchange);
  } else if (op.body && op.bytes > 0) {
    const { text, rawBase64 } = decodeUtf8(op.body);
    exchanges.message('in', text, { http: meta, ...(rawBase64 ? { rawBase64 } : {}) }, { id: op.exchange });
    // Its answer settles it (exchanges.ts writes no note then): the headers are not recorded twice.
    if (op.settles) exchanges.end(op.exchange, false, '', { http: { method, url, status } });
    return;
  }
  // A call whose POST ended with nothing on it (a 202, an empty 500) is settled by a note that says so.
  if (op.settles) exchanges.end(op.exchange, false, `${method} ${path} → ${statusWords(status, statusText)}, nothing in the body`, { http: meta });
}
