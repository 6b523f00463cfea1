/**
 * Conversations as real peers write them, turned into what the server pipeline hands the dialect
 * layer: each message classified by the real classifier, numbered in recording order.
 */
import { classify } from '@/lib/jsonrpc/classify';
import type { LifecycleInput } from '@/lib/dialects';
import type { Direction } from '@/lib/session/types';

export type Step = readonly [dir: Direction, message: unknown];

export function conversation(steps: readonly Step[]): LifecycleInput[] {
  return steps.map(([dir, message], i) => ({
    seq: i + 1,
    dir,
    classified: classify(typeof message === 'string' ? message : JSON.stringify(message)),
  }));
}

export const req = (id: number | string, method: string, params?: unknown) =>
  params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params };
export const note = (method: string, params?: unknown) =>
  params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params };
export const ok = (id: number | string, result: unknown) => ({ jsonrpc: '2.0', id, result });
export const err = (id: number | string | null, code: number, message: string, data?: unknown) => ({
  jsonrpc: '2.0',
  id,
  error: data === undefined ? { code, message } : { code, message, data },
});
