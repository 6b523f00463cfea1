/**
 * The filter's fields, once: the parser reads its aliases from here, and the `?` sheet lists every
 * field from the same table, so a field cannot exist without being explained (or the reverse).
 */
import { HAS_NAMES } from './has-words';

export type QueryKey = 'method' | 'status' | 'dir' | 'kind' | 'id' | 'has' | 'rule' | 'latency' | 'seq' | 'time';

export interface QueryField {
  /** Other spellings the parser accepts (`m:` for `method:`). */
  aliases: readonly string[];
  /** What a value looks like, in words. */
  syntax: string;
  /** What the field matches. */
  help: string;
  example: string;
}

export const DIR_NAMES: Record<string, 'in' | 'out' | 'meta'> = {
  in: 'in', '<-': 'in', incoming: 'in', target: 'in',
  out: 'out', '->': 'out', outgoing: 'out', sent: 'out',
  meta: 'meta',
};

export const QUERY_FIELDS = {
  method: { aliases: ['m'], syntax: 'a glob: * any run, ? one character', help: 'the method (an answer counts as its request’s)', example: 'method:textDocument/*' },
  status: { aliases: ['is', 'state'], syntax: 'a status name (see below)', help: 'the Status column', example: 'status:error,timeout' },
  dir: { aliases: ['direction'], syntax: 'in, out or meta', help: 'which way it travelled', example: 'dir:in' },
  kind: { aliases: ['type'], syntax: 'a kind name (see below)', help: 'the Kind column', example: 'kind:request' },
  id: { aliases: [], syntax: 'as written: 3 is a number, "3" a string', help: 'the JSON-RPC id (batch items too)', example: 'id:"3"' },
  has: { aliases: [], syntax: HAS_NAMES.join(', '), help: 'entries that carry this', example: 'has:findings' },
  rule: { aliases: ['finding'], syntax: 'a rule id glob', help: 'entries with a finding of that rule', example: 'rule:jsonrpc-*' },
  latency: { aliases: ['lat'], syntax: '>500, <=20, 100..500, 1s (a bare number means at least)', help: 'time from request to answer, ms', example: 'latency:>500' },
  seq: { aliases: [], syntax: 'like latency: >100, 100..200', help: 'the # column', example: 'seq:100..200' },
  time: { aliases: ['t'], syntax: 'like latency, in ms since the session started: 1s..5s, >=2s', help: 'when it was recorded (the plots’ brush sets it)', example: 'time:1s..5s' },
} as const satisfies Record<QueryKey, QueryField>;

export const QUERY_KEYS = Object.keys(QUERY_FIELDS) as QueryKey[];

/** Every spelling the parser accepts, lower-case, to its field. */
export const KEY_ALIASES: Readonly<Record<string, QueryKey>> = Object.fromEntries(
  QUERY_KEYS.flatMap((k) => [[k, k], ...QUERY_FIELDS[k].aliases.map((a) => [a, k])]),
);
