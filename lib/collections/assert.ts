/**
 * Judging an answer against an item's assertions, and taking captures out of it. Pure: the CLI
 * (`rpcscope run`) and the page's "Run folder" feed it the same `Answer`, so both say the same
 * thing about the same response.
 */
import type { Finding } from '../session/types';
import type { Assertion, AssertionKind, Capture } from './checks';
import { valueAt } from './json-path';

export interface Answer {
  /** The answer as parsed JSON (a response object, or a batch's array); undefined when none came. */
  body: unknown;
  /** Why there is no usable answer ("timed out", "the answer is not JSON"); set when `body` is undefined. */
  noAnswer?: string;
  latencyMs?: number;
  /** Findings on the request and on its answer. */
  findings: readonly Finding[];
}

export interface AssertionResult {
  assertion: Assertion;
  /** What it checks, in words: `$.result.name equals "x"`. */
  label: string;
  pass: boolean;
  /** Why it failed (or what it saw when it passed). */
  detail: string;
}

/** Longest text a `matches` pattern is run on: a bounded cost whatever the peer sent. */
const MATCH_TEXT_LIMIT = 64 * 1024;

const show = (v: unknown, max = 120): string => {
  const t = JSON.stringify(v) ?? 'undefined';
  return t.length > max ? `${t.slice(0, max)}…` : t;
};

/** Deep equality of JSON values; object key order does not matter. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => jsonEqual(x, bb[i]));
  }
  const ka = Object.keys(a);
  const bo = b as Record<string, unknown>;
  return ka.length === Object.keys(bo).length && ka.every((k) => Object.hasOwn(bo, k) && jsonEqual((a as Record<string, unknown>)[k], bo[k]));
}

/**
 * `actual` contains `expected`: objects need the expected members (others may be there), lists
 * need each expected element contained by some element, anything else must be equal.
 */
export function jsonContains(actual: unknown, expected: unknown): boolean {
  if (typeof expected !== 'object' || expected === null) return jsonEqual(actual, expected);
  if (Array.isArray(expected)) return Array.isArray(actual) && expected.every((e) => actual.some((a) => jsonContains(a, e)));
  if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) return false;
  const ao = actual as Record<string, unknown>;
  return Object.entries(expected).every(([k, v]) => Object.hasOwn(ao, k) && jsonContains(ao[k], v));
}

const RANK = { info: 0, warning: 1, error: 2 } as const;

type Judge<K extends AssertionKind> = (a: Extract<Assertion, { kind: K }>, answer: Answer) => { pass: boolean; detail: string };

/** Reads the path; an absent answer or value fails with the reason. */
function atPath(answer: Answer, path: string, then: (value: unknown) => { pass: boolean; detail: string }) {
  if (answer.body === undefined) return { pass: false, detail: answer.noAnswer ?? 'no answer' };
  const v = valueAt(answer.body, path);
  return v.found ? then(v.value) : { pass: false, detail: v.missing };
}

const JUDGES: { [K in AssertionKind]: { label: (a: Extract<Assertion, { kind: K }>) => string; judge: Judge<K> } } = {
  equals: {
    label: (a) => `${a.path} equals ${show(a.value, 60)}`,
    judge: (a, ans) => atPath(ans, a.path, (v) => ({ pass: jsonEqual(v, a.value), detail: `got ${show(v)}` })),
  },
  contains: {
    label: (a) => `${a.path} contains ${show(a.value, 60)}`,
    judge: (a, ans) => atPath(ans, a.path, (v) => ({ pass: jsonContains(v, a.value), detail: `got ${show(v)}` })),
  },
  matches: {
    label: (a) => `${a.path} matches /${a.pattern}/`,
    judge: (a, ans) =>
      atPath(ans, a.path, (v) => {
        const text = (typeof v === 'string' ? v : (JSON.stringify(v) ?? '')).slice(0, MATCH_TEXT_LIMIT);
        return { pass: new RegExp(a.pattern, 'u').test(text), detail: `got ${show(v)}` };
      }),
  },
  exists: {
    label: (a) => `${a.path} ${a.exists ? 'exists' : 'is absent'}`,
    judge: (a, ans) => {
      if (ans.body === undefined) return { pass: false, detail: ans.noAnswer ?? 'no answer' };
      const v = valueAt(ans.body, a.path);
      return { pass: v.found === a.exists, detail: v.found ? `found ${show(v.value)}` : v.missing };
    },
  },
  latency: {
    label: (a) => `answered in under ${a.ms} ms`,
    judge: (a, ans) =>
      ans.latencyMs === undefined
        ? { pass: false, detail: ans.noAnswer ?? 'no answer' }
        : { pass: ans.latencyMs < a.ms, detail: `answered in ${Math.round(ans.latencyMs * 10) / 10} ms` },
  },
  'no-findings': {
    label: (a) => `no findings of severity ${a.severity} or worse`,
    judge: (a, ans) => {
      const bad = ans.findings.filter((f) => RANK[f.severity] >= RANK[a.severity]);
      return bad.length === 0
        ? { pass: true, detail: 'none' }
        : { pass: false, detail: bad.slice(0, 3).map((f) => `${f.severity}: ${f.message}`).join('; ') + (bad.length > 3 ? ` (and ${bad.length - 3} more)` : '') };
    },
  },
};

export function describeAssertion(a: Assertion): string {
  return (JUDGES[a.kind].label as (x: Assertion) => string)(a);
}

export function judgeAssertions(assertions: readonly Assertion[], answer: Answer): AssertionResult[] {
  return assertions.map((a) => {
    const r = (JUDGES[a.kind].judge as Judge<AssertionKind>)(a as never, answer);
    return { assertion: a, label: describeAssertion(a), ...r };
  });
}

export interface CaptureResult {
  /** Variables set: text as it is, anything else as compact JSON (so `{{x}}` outside quotes inserts JSON). */
  values: Record<string, string>;
  /** `token from $.result.token: $.result has no member "token"` — a capture that found nothing. */
  failures: string[];
}

export function captureFrom(captures: readonly Capture[], answer: Answer): CaptureResult {
  const values: Record<string, string> = {};
  const failures: string[] = [];
  for (const c of captures) {
    if (answer.body === undefined) {
      failures.push(`${c.variable} from ${c.path}: ${answer.noAnswer ?? 'no answer'}`);
      continue;
    }
    const v = valueAt(answer.body, c.path);
    if (!v.found) failures.push(`${c.variable} from ${c.path}: ${v.missing}`);
    else values[c.variable] = typeof v.value === 'string' ? v.value : JSON.stringify(v.value);
  }
  return { values, failures };
}
