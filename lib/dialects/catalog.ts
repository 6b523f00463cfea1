/**
 * Building blocks shared by the profiles' error tables: a catalog over a fixed list of codes
 * (plus reserved ranges), and the code-only decoding most dialects need.
 */
import type { ErrorCatalog, ErrorCodeInfo } from '../errors/types';
import type { RawErrorObject } from '../jsonrpc/types';
import type { DialectErrorInfo } from './types';

export interface ReservedRange {
  /** Inclusive bounds, `from` ≤ `to`. */
  from: number;
  to: number;
  name: string;
  meaning: string;
  definedIn: string;
}

export interface FixedCatalog extends ErrorCatalog {
  /** Every code the catalog names, in table order (for docs and the UI's error legend). */
  entries: readonly ErrorCodeInfo[];
  ranges: readonly ReservedRange[];
}

export function makeCatalog(
  source: string,
  title: string,
  entries: readonly ErrorCodeInfo[],
  ranges: readonly ReservedRange[] = [],
): FixedCatalog {
  const byCode = new Map<number, ErrorCodeInfo>();
  // The first entry for a code wins, so a table can list a code once in its main place.
  for (const e of entries) if (!byCode.has(e.code)) byCode.set(e.code, e);
  return {
    source,
    title,
    entries,
    ranges,
    lookup(code: number) {
      if (typeof code !== 'number' || !Number.isFinite(code)) return undefined;
      const hit = byCode.get(code);
      if (hit) return hit;
      const range = ranges.find((r) => code >= r.from && code <= r.to);
      if (!range) return undefined;
      return { code, name: range.name, meaning: range.meaning, definedIn: range.definedIn };
    },
  };
}

/** The error code as a number, when the wire value is one (bad codes are the rule checks' business). */
export function numericCode(error: RawErrorObject): number | undefined {
  const c = error.code;
  return typeof c === 'number' && Number.isInteger(c) ? c : undefined;
}

/** Decoding by code only: what every dialect without message patterns does. */
export function decodeByCode(catalog: ErrorCatalog, error: RawErrorObject): DialectErrorInfo | undefined {
  const code = numericCode(error);
  if (code === undefined) return undefined;
  const info = catalog.lookup(code);
  if (!info) return undefined;
  return { ...info, source: catalog.source, matchedBy: 'code' };
}

/** The five codes of JSON-RPC 2.0 §5.1, for dialects that restate them in their own table. */
export function standardCodes(definedIn: string): ErrorCodeInfo[] {
  return [
    { code: -32700, name: 'ParseError', meaning: 'Invalid JSON was received.', definedIn },
    { code: -32600, name: 'InvalidRequest', meaning: 'The JSON sent is not a valid Request object.', definedIn },
    { code: -32601, name: 'MethodNotFound', meaning: 'The method does not exist or is not available.', definedIn },
    { code: -32602, name: 'InvalidParams', meaning: 'Invalid method parameters.', definedIn },
    { code: -32603, name: 'InternalError', meaning: 'Internal JSON-RPC error.', definedIn },
  ];
}
