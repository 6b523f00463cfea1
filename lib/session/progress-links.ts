/**
 * Links progress notifications to the request they report on: a dialect that names its progress
 * by a token (MCP: the request's `params._meta.progressToken`, then `notifications/progress`
 * with `params.progressToken`) says how to read both (ProgressLink in lib/dialects/types.ts). The
 * notification's event gets `progressOf` (the request's seq); the request gets the latest
 * `progress`, as a patch.
 */
import type { Classified } from '../jsonrpc/types';
import type { ProgressLink } from '../dialects/types';
import { BoundedMap } from './bounded-map';
import type { Direction, EventPatch, TrafficEvent } from './types';

/** Tokens remembered at once; the oldest are forgotten past it (their progress then links to nothing). */
const MAX_TOKENS = 4096;

function tokenKey(dir: Direction, token: unknown): string | undefined {
  if (typeof token === 'string') return `${dir}:s:${token.slice(0, 512)}`;
  if (typeof token === 'number' && Number.isFinite(token)) return `${dir}:n:${token}`;
  return undefined;
}

export class ProgressLinks {
  private readonly bySeq = new BoundedMap<string, number>(MAX_TOKENS);

  /**
   * Reads one message; returns the patch for its request when it is progress on one (the request's
   * event, already handed on, learns its progress by that patch).
   */
  observe(link: ProgressLink, event: TrafficEvent, classified: Classified): EventPatch | undefined {
    const value = classified.value;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    const params = (value as { params?: unknown }).params;
    if (classified.kind === 'request') {
      const key = tokenKey(event.dir, link.requestToken(params));
      if (key === undefined) return undefined;
      this.bySeq.set(key, event.seq);
      return undefined;
    }
    if (classified.kind !== 'notification' || event.method === undefined || !link.methods.includes(event.method)) return undefined;
    const asker: Direction = event.dir === 'in' ? 'out' : 'in';
    const key = tokenKey(asker, link.notificationToken(params));
    const seq = key !== undefined ? this.bySeq.get(key) : undefined;
    if (seq === undefined) return undefined;
    event.progressOf = seq;
    return { seq, progress: { seq: event.seq, ...link.read(params) } };
  }
}
