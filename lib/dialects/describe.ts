/**
 * Error decoding in a session's dialect, in the documented precedence: catalogs given first (a
 * method's OpenRPC `errors`), then the dialect (which may read the message or data where the code
 * is generic, e.g. Ethereum's -32000 "nonce too low"), then the standard catalog.
 */
import { describeError } from '../errors/describe';
import type { ErrorCatalog } from '../errors/types';
import type { RawErrorObject } from '../jsonrpc/types';
import type { DecodedError } from '../session/types';
import type { DialectProfile } from './types';

export interface DialectDescribeOptions {
  method?: string;
  /** Catalogs that outrank the dialect (OpenRPC), in precedence order. */
  before?: ErrorCatalog[];
}

export function describeInDialect(err: RawErrorObject, profile: DialectProfile, options?: DialectDescribeOptions): DecodedError {
  const method = options?.method;
  const before = options?.before ?? [];
  if (before.length > 0) {
    const first = describeError(err, { method, catalogs: before });
    if (before.some((c) => c.source === first.source)) return first;
  }
  let info;
  try {
    info = profile.decodeError(err, { method });
  } catch {
    // A dialect decoder bug must not cost the user the standard decoding.
    info = undefined;
  }
  const base = describeError(err, { method });
  if (!info) return base;
  return {
    ...base,
    name: info.name,
    meaning: info.detail ? `${info.meaning} (${info.detail})` : info.meaning,
    source: info.source,
  };
}

/** A `describe` function for the correlator (CorrelatorOptions.describe) bound to one dialect. */
export function dialectDescriber(profile: DialectProfile, before?: ErrorCatalog[]): (err: RawErrorObject, method?: string) => DecodedError {
  return (err, method) => describeInDialect(err, profile, { method, before });
}
