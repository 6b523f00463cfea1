/** Small pieces the lifecycle checkers share. */
import { BoundedMap } from '../session/bounded-map';
import type { Direction, Finding, Severity } from '../session/types';
import type { MessageEntry } from './messages';
import type { LifecycleFinding } from './types';

/** Requests a checker waits on; bounded so a peer that never answers cannot grow it without end. */
export class PendingTable<T> {
  private readonly map: BoundedMap<string, T>;
  constructor(cap = 10_000) {
    this.map = new BoundedMap(cap);
  }

  set(idKey: string, value: T): void {
    this.map.set(idKey, value);
  }

  /** Remove and return the request an answer belongs to. */
  take(idKey: string | undefined): T | undefined {
    return idKey === undefined ? undefined : this.map.take(idKey);
  }
}

export function opposite(dir: Direction): Direction {
  return dir === 'out' ? 'in' : 'out';
}

export function finding(seq: number, rule: string, severity: Severity, message: string, spec: string, path?: string): LifecycleFinding {
  const f: Finding = { rule, severity, message, spec };
  if (path !== undefined) f.path = path;
  return { seq, finding: f };
}

/** The numeric error code of an answer, when it is an error with one. */
export function answerErrorCode(e: MessageEntry): number | undefined {
  if (e.kind !== 'error' || !e.error) return undefined;
  const c = e.error.code;
  return typeof c === 'number' ? c : undefined;
}

/** "request 3 (textDocument/hover, seq 5)" — how findings name an earlier request. */
export function describeRequest(method: string | undefined, idText: string | undefined, seq: number): string {
  const id = idText !== undefined ? ` id ${idText}` : '';
  return `${method ?? 'request'}${id} (seq ${seq})`;
}
