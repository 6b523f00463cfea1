/**
 * describeError: a raw error object in, a decoded one out, saying which catalog named it. Catalogs
 * from the context (OpenRPC, dialects) are asked first, in the order given, then the standard one.
 * Never throws: codes of the wrong type and catalogs that throw are handled.
 */
import type { DecodedError } from '../session/types';
import type { RawErrorObject } from '../jsonrpc/types';
import { standardCatalog } from './standard';
import type { ErrorCatalog, ErrorCodeInfo, ErrorContext } from './types';

export function describeError(err: RawErrorObject | null | undefined, ctx?: ErrorContext): DecodedError {
  const raw = (typeof err === 'object' && err !== null ? err : {}) as Partial<RawErrorObject>;
  const code = raw.code;
  const message = typeof raw.message === 'string' ? raw.message : raw.message === undefined ? '' : safeJson(raw.message);
  const out: DecodedError = { code: null, message, name: '', meaning: '', source: 'jsonrpc' };
  if (raw.data !== undefined) out.data = raw.data;

  if (typeof code !== 'number' || !Number.isInteger(code)) {
    out.name = 'Invalid error code';
    out.meaning =
      code === undefined
        ? 'The error has no code; JSON-RPC requires an integer code.'
        : `The code ${safeJson(code)} is not an integer, so it cannot be looked up; JSON-RPC requires an integer code.`;
    if (typeof code === 'number' && Number.isFinite(code)) out.code = code;
    return out;
  }
  out.code = code;

  const catalogs = ctx?.catalogs;
  if (catalogs) {
    for (const catalog of catalogs) {
      const info = safeLookup(catalog, code, ctx);
      if (info) return fill(out, info, catalog.source);
    }
  }
  const std = standardCatalog.lookup(code, ctx);
  if (std) return fill(out, std, standardCatalog.source);

  out.name = 'Application-defined error';
  out.meaning = 'Outside the range reserved by JSON-RPC (-32768 to -32000): the application defines what it means.';
  out.source = 'application';
  return out;
}

function fill(out: DecodedError, info: ErrorCodeInfo, source: string): DecodedError {
  out.name = info.name;
  out.meaning = info.meaning;
  out.source = source;
  return out;
}

function safeLookup(catalog: ErrorCatalog, code: number, ctx: ErrorContext | undefined): ErrorCodeInfo | undefined {
  try {
    const info = catalog.lookup(code, ctx);
    return info && typeof info.name === 'string' ? info : undefined;
  } catch {
    return undefined;
  }
}

function safeJson(v: unknown): string {
  try {
    const s = JSON.stringify(v);
    return s === undefined ? String(v) : s.length > 200 ? s.slice(0, 200) + '…' : s;
  } catch {
    return String(v);
  }
}
