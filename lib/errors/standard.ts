/**
 * The JSON-RPC 2.0 error catalog: five predefined codes, the implementation-defined server error
 * band -32000..-32099, and the rest of the reserved band -32768..-32000. Codes outside the reserved
 * band are the application's own and are not this catalog's to name (describeError says so).
 */
import type { ErrorCatalog, ErrorCodeInfo } from './types';

const SPEC = 'JSON-RPC 2.0 §5.1';

export const RESERVED_MIN = -32768;
export const RESERVED_MAX = -32000;
export const SERVER_ERROR_MIN = -32099;
export const SERVER_ERROR_MAX = -32000;

const predefined: ErrorCodeInfo[] = [
  {
    code: -32700,
    name: 'Parse error',
    meaning: 'Invalid JSON was received by the server. An error occurred on the server while parsing the JSON text.',
    definedIn: SPEC,
  },
  { code: -32600, name: 'Invalid Request', meaning: 'The JSON sent is not a valid Request object.', definedIn: SPEC },
  { code: -32601, name: 'Method not found', meaning: 'The method does not exist / is not available.', definedIn: SPEC },
  { code: -32602, name: 'Invalid params', meaning: 'Invalid method parameter(s).', definedIn: SPEC },
  { code: -32603, name: 'Internal error', meaning: 'Internal JSON-RPC error.', definedIn: SPEC },
];

const byCode = new Map(predefined.map((i) => [i.code, i]));

/** Which part of the code space a code falls in. */
export type CodeBand = 'predefined' | 'server-error' | 'reserved' | 'application' | 'not-an-integer';

export function codeBand(code: unknown): CodeBand {
  if (typeof code !== 'number' || !Number.isInteger(code)) return 'not-an-integer';
  if (byCode.has(code)) return 'predefined';
  if (code >= SERVER_ERROR_MIN && code <= SERVER_ERROR_MAX) return 'server-error';
  if (code >= RESERVED_MIN && code <= RESERVED_MAX) return 'reserved';
  return 'application';
}

export const standardCatalog: ErrorCatalog = {
  source: 'jsonrpc',
  title: 'JSON-RPC 2.0',
  lookup(code: number): ErrorCodeInfo | undefined {
    switch (codeBand(code)) {
      case 'predefined':
        return byCode.get(code);
      case 'server-error':
        return {
          code,
          name: 'Server error',
          meaning: 'Reserved for implementation-defined server errors (-32000 to -32099).',
          definedIn: SPEC,
        };
      case 'reserved':
        return {
          code,
          name: 'Reserved error',
          meaning: 'Reserved by the spec, undefined: the range -32768 to -32000 is reserved for pre-defined errors, and this code is not one of them.',
          definedIn: SPEC,
        };
      default:
        return undefined;
    }
  },
};

/** The five predefined codes, for listings and pickers. */
export const PREDEFINED_ERRORS: readonly ErrorCodeInfo[] = predefined;
