/**
 * What a collection item checks about its answer (assertions) and what it keeps from it
 * (captures, into variables later items use). One tagged union with one record of validators,
 * so adding an assertion kind without its validator, evaluator and label does not compile.
 */
import { VARIABLE_NAME } from '../variables/substitute';
import { parsePath } from './json-path';
import type { Severity } from '../session/types';

export type Assertion =
  /** The value at `path` (default `$.result`) equals `value` exactly (deep, key order ignored). */
  | { kind: 'equals'; path: string; value: unknown }
  /** The value at `path` contains `value`: every member given is there and matches (recursively). */
  | { kind: 'contains'; path: string; value: unknown }
  /** The text at `path` matches a regular expression. */
  | { kind: 'matches'; path: string; pattern: string }
  /** Something is (or is not) at `path`. */
  | { kind: 'exists'; path: string; exists: boolean }
  /** Answered within `ms` milliseconds. */
  | { kind: 'latency'; ms: number }
  /** No finding of `severity` or worse on the request or its answer. */
  | { kind: 'no-findings'; severity: Exclude<Severity, 'info'> };

export type AssertionKind = Assertion['kind'];

export interface Capture {
  /** The variable set for later items (`{{name}}`). */
  variable: string;
  /** Where in the answer its value is: a string is kept as it is, anything else as compact JSON. */
  path: string;
}

export interface ItemChecks {
  assertions: Assertion[];
  captures: Capture[];
}

export const CHECK_LIMITS = { assertions: 100, captures: 50, valueChars: 1024 * 1024, patternChars: 2000 } as const;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function pathError(v: unknown): string | null {
  if (typeof v !== 'string') return 'path must be text like $.result.name';
  const p = parsePath(v);
  return p.ok ? null : p.error;
}

function valueError(v: Obj): string | null {
  if (!('value' in v)) return 'value is missing';
  const text = JSON.stringify(v.value);
  if (text === undefined) return 'value must be JSON';
  return text.length > CHECK_LIMITS.valueChars ? `value is larger than ${CHECK_LIMITS.valueChars} characters` : null;
}

/** Each kind's validator: returns an error or null. `Record<AssertionKind, …>` keeps it complete. */
const VALIDATE: Record<AssertionKind, (a: Obj) => string | null> = {
  equals: (a) => pathError(a.path) ?? valueError(a),
  contains: (a) => pathError(a.path) ?? valueError(a),
  matches: (a) => {
    if (typeof a.pattern !== 'string' || a.pattern.length > CHECK_LIMITS.patternChars) return `pattern must be text of at most ${CHECK_LIMITS.patternChars} characters`;
    try {
      new RegExp(a.pattern, 'u');
    } catch (e) {
      return `pattern is not a regular expression (${(e as Error).message})`;
    }
    return pathError(a.path);
  },
  exists: (a) => pathError(a.path) ?? (typeof a.exists === 'boolean' ? null : 'exists must be true or false'),
  latency: (a) => (typeof a.ms === 'number' && Number.isFinite(a.ms) && a.ms > 0 ? null : 'ms must be a positive number'),
  'no-findings': (a) => (a.severity === 'warning' || a.severity === 'error' ? null : 'severity must be "warning" or "error"'),
};

const ASSERTION_KINDS = Object.keys(VALIDATE) as AssertionKind[];

const KEYS: Record<AssertionKind, readonly string[]> = {
  equals: ['kind', 'path', 'value'],
  contains: ['kind', 'path', 'value'],
  matches: ['kind', 'path', 'pattern'],
  exists: ['kind', 'path', 'exists'],
  latency: ['kind', 'ms'],
  'no-findings': ['kind', 'severity'],
};

export type ChecksParse = { ok: true; checks: ItemChecks } | { ok: false; errors: string[] };

/** Validates `{ assertions?, captures? }` from a file or the API; every problem is named. */
export function parseChecks(v: unknown): ChecksParse {
  const errors: string[] = [];
  if (!isObj(v)) return { ok: false, errors: ['checks must be an object { assertions, captures }'] };
  const extra = Object.keys(v).filter((k) => k !== 'assertions' && k !== 'captures');
  if (extra.length) errors.push(`unknown member ${JSON.stringify(extra[0].slice(0, 40))} in checks`);
  const assertions: Assertion[] = [];
  const captures: Capture[] = [];
  const list = (x: unknown, what: 'assertions' | 'captures'): unknown[] => {
    if (x === undefined) return [];
    if (!Array.isArray(x)) {
      errors.push(`${what} must be a list`);
      return [];
    }
    if (x.length > CHECK_LIMITS[what]) {
      errors.push(`more than ${CHECK_LIMITS[what]} ${what}`);
      return [];
    }
    return x;
  };
  list(v.assertions, 'assertions').forEach((a, i) => {
    const where = `assertions[${i}]`;
    if (!isObj(a) || !ASSERTION_KINDS.includes(a.kind as AssertionKind)) {
      errors.push(`${where}: kind must be one of ${ASSERTION_KINDS.join(', ')}`);
      return;
    }
    const kind = a.kind as AssertionKind;
    const unknown = Object.keys(a).filter((k) => !KEYS[kind].includes(k));
    const err = unknown.length ? `unknown member ${JSON.stringify(unknown[0].slice(0, 40))}` : VALIDATE[kind](a);
    if (err) errors.push(`${where} (${kind}): ${err}`);
    else assertions.push(Object.fromEntries(KEYS[kind].map((k) => [k, a[k]])) as Assertion);
  });
  list(v.captures, 'captures').forEach((c, i) => {
    const where = `captures[${i}]`;
    if (!isObj(c) || typeof c.variable !== 'string' || !VARIABLE_NAME.test(c.variable)) {
      errors.push(`${where}: variable must be a name like token or user.id`);
      return;
    }
    const err = pathError(c.path);
    if (err) errors.push(`${where}: ${err}`);
    else captures.push({ variable: c.variable, path: c.path as string });
  });
  return errors.length ? { ok: false, errors } : { ok: true, checks: { assertions, captures } };
}

export const hasChecks = (c: ItemChecks | undefined): c is ItemChecks => !!c && (c.assertions.length > 0 || c.captures.length > 0);
