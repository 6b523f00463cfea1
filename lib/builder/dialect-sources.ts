/**
 * What a dialect profile offers the builder: the methods a client sends, for
 * the method field, and the error codes it defines, for the reply composer's code picker.
 */
import { getProfile } from '../dialects/registry';
import type { DialectId } from '../dialects/types';

export interface DialectMethod {
  name: string;
  detail: string;
}

/** Methods the user (the client side) may send in this dialect; none for DAP (not JSON-RPC). */
export function dialectMethods(id: DialectId): { label: string; methods: DialectMethod[] } | null {
  const profile = getProfile(id);
  if (profile.wire !== 'jsonrpc' || profile.methods.length === 0) return null;
  const methods = profile.methods
    .filter((m) => m.direction !== 'server→client' && m.kind !== 'event')
    .map((m) => ({ name: m.name, detail: m.kind === 'notification' ? 'notification' : m.summary.slice(0, 48) }));
  return methods.length ? { label: profile.title, methods } : null;
}

/** Error codes the dialect names, for replying to the target's requests with a dialect error. */
export function dialectErrorCodes(id: DialectId): { code: number; name: string; source: string }[] {
  const profile = getProfile(id);
  return profile.errors.entries.map((e) => ({ code: e.code, name: e.name, source: profile.title }));
}
