/**
 * The documents' errors as an ErrorCatalog (source `openrpc`): the errors the answered method
 * declares come first, then `components.errors`. The pipeline asks it before the dialect's and the
 * standard catalogs, so a declared code decodes by its declared name.
 */
import type { ErrorCatalog, ErrorCodeInfo } from '../errors/types';
import type { OpenRpcSet } from './set';

export function openRpcCatalog(set: OpenRpcSet): ErrorCatalog {
  return {
    source: 'openrpc',
    title: set.size === 1 ? `OpenRPC ${set.label}` : `OpenRPC documents ${set.label}`,
    lookup(code, ctx): ErrorCodeInfo | undefined {
      const entry = ctx?.method !== undefined ? set.method(ctx.method) : undefined;
      const own = entry?.method.errors.find((e) => e.code === code);
      if (entry && own) {
        return {
          code,
          name: own.message || `Error ${code}`,
          meaning: `Declared for ${entry.method.name} by the OpenRPC document ${entry.doc.label}.`,
          definedIn: `OpenRPC ${entry.doc.label}`,
        };
      }
      const shared = set.componentError(code);
      if (!shared) return undefined;
      return {
        code,
        name: shared.error.message || `Error ${code}`,
        meaning: `Declared in components.errors of the OpenRPC document ${shared.doc.label}.`,
        definedIn: `OpenRPC ${shared.doc.label}`,
      };
    },
  };
}
