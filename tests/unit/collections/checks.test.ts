import { describe, expect, it } from 'vitest';
import { captureFrom, judgeAssertions, parseChecks, parsePath, valueAt, type Answer, type Assertion } from '@/lib/collections';
import type { Finding } from '@/lib/session/types';

const answer = (body: unknown, extra: Partial<Answer> = {}): Answer => ({ body, findings: [], latencyMs: 12, ...extra });
const ok = { jsonrpc: '2.0', id: 1, result: { items: [{ name: 'first', n: 1 }, { name: 'second', n: 2 }], 'odd key': true, total: 2 } };
const judge1 = (a: Assertion, ans: Answer) => judgeAssertions([a], ans)[0];

describe('paths into an answer', () => {
  it('reads members, indexes from either end and quoted keys', () => {
    expect(valueAt(ok, '$.result.items[0].name')).toEqual({ found: true, value: 'first' });
    expect(valueAt(ok, '$.result.items[-1].n')).toEqual({ found: true, value: 2 });
    expect(valueAt(ok, "$.result['odd key']")).toEqual({ found: true, value: true });
    expect(valueAt(ok, '$["result"].total')).toEqual({ found: true, value: 2 });
    expect(valueAt(ok, '$')).toEqual({ found: true, value: ok });
  });

  it('says which step found nothing', () => {
    expect(valueAt(ok, '$.result.items[5]')).toEqual({ found: false, missing: '$.result.items has no item [5] (it has 2)' });
    expect(valueAt(ok, '$.result.missing.deeper')).toEqual({ found: false, missing: '$.result has no member "missing"' });
    expect(valueAt(ok, '$.result.total.x')).toEqual({ found: false, missing: '$.result.total is not an object' });
    expect(valueAt({ a: { b: 1 } }, '$.a[0]')).toEqual({ found: false, missing: '$.a is not a list' });
  });

  it('refuses what is not a path, with where it went wrong', () => {
    const bad = parsePath('result.x');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error).toMatch(/starts with \$/);
    expect(parsePath('$.a[').ok).toBe(false);
    expect(parsePath('$.a[*]').ok).toBe(false);
    expect(parsePath('$..a').ok).toBe(false);
  });

  it('does not walk into inherited members', () => {
    expect(valueAt({ result: {} }, '$.result.constructor').found).toBe(false);
  });
});

describe('assertions', () => {
  it('equals compares JSON deeply, whatever the key order', () => {
    expect(judge1({ kind: 'equals', path: '$.result.items[1]', value: { n: 2, name: 'second' } }, answer(ok)).pass).toBe(true);
    const r = judge1({ kind: 'equals', path: '$.result.total', value: 3 }, answer(ok));
    expect(r).toMatchObject({ pass: false, detail: 'got 2', label: '$.result.total equals 3' });
    expect(judge1({ kind: 'equals', path: '$.result.total', value: '2' }, answer(ok)).pass).toBe(false);
  });

  it('contains accepts extra members and finds list elements anywhere', () => {
    expect(judge1({ kind: 'contains', path: '$.result', value: { items: [{ name: 'second' }] } }, answer(ok)).pass).toBe(true);
    expect(judge1({ kind: 'contains', path: '$.result', value: { items: [{ name: 'third' }] } }, answer(ok)).pass).toBe(false);
  });

  it('an error answer can be asserted on its code and message', () => {
    const err = { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found: nope' } };
    expect(judge1({ kind: 'equals', path: '$.error.code', value: -32601 }, answer(err)).pass).toBe(true);
    expect(judge1({ kind: 'matches', path: '$.error.message', pattern: '^Method not found' }, answer(err)).pass).toBe(true);
    expect(judge1({ kind: 'exists', path: '$.result', exists: false }, answer(err)).pass).toBe(true);
    expect(judge1({ kind: 'exists', path: '$.result', exists: true }, answer(err))).toMatchObject({ pass: false, detail: '$ has no member "result"' });
  });

  it('latency passes under the bound and fails at or above it', () => {
    expect(judge1({ kind: 'latency', ms: 50 }, answer(ok, { latencyMs: 12 })).pass).toBe(true);
    expect(judge1({ kind: 'latency', ms: 12 }, answer(ok, { latencyMs: 12 })).pass).toBe(false);
  });

  it('no-findings counts only the severity asked for or worse', () => {
    const f = (severity: Finding['severity']): Finding => ({ rule: 'r', severity, message: `a ${severity}` });
    expect(judge1({ kind: 'no-findings', severity: 'warning' }, answer(ok, { findings: [f('info')] })).pass).toBe(true);
    const r = judge1({ kind: 'no-findings', severity: 'warning' }, answer(ok, { findings: [f('warning')] }));
    expect(r).toMatchObject({ pass: false, detail: 'warning: a warning' });
    expect(judge1({ kind: 'no-findings', severity: 'error' }, answer(ok, { findings: [f('warning')] })).pass).toBe(true);
  });

  it('every assertion fails with the reason when no answer came', () => {
    const none: Answer = { body: undefined, noAnswer: 'no answer (timed-out)', findings: [] };
    for (const a of [{ kind: 'equals', path: '$.result', value: 1 }, { kind: 'latency', ms: 100 }, { kind: 'exists', path: '$', exists: true }] as Assertion[]) {
      expect(judge1(a, none)).toMatchObject({ pass: false, detail: 'no answer (timed-out)' });
    }
  });
});

describe('captures', () => {
  it('keeps text as it is and anything else as JSON', () => {
    const r = captureFrom([{ variable: 'first', path: '$.result.items[0].name' }, { variable: 'item', path: '$.result.items[1]' }], answer(ok));
    expect(r).toEqual({ values: { first: 'first', item: '{"name":"second","n":2}' }, failures: [] });
  });

  it('names the capture that found nothing', () => {
    const r = captureFrom([{ variable: 'token', path: '$.result.token' }], answer(ok));
    expect(r.values).toEqual({});
    expect(r.failures).toEqual(['token from $.result.token: $.result has no member "token"']);
  });
});

describe('checks as a file or the API gives them', () => {
  it('accepts valid checks and drops nothing', () => {
    const input = { assertions: [{ kind: 'equals', path: '$.result', value: [1] }, { kind: 'latency', ms: 200 }], captures: [{ variable: 'id', path: '$.result[0]' }] };
    expect(parseChecks(input)).toEqual({ ok: true, checks: input });
  });

  it('names every bad entry', () => {
    const r = parseChecks({
      assertions: [{ kind: 'nearly', path: '$' }, { kind: 'matches', path: '$.x', pattern: '(' }, { kind: 'latency', ms: -1 }, { kind: 'equals', path: '$' }],
      captures: [{ variable: '1bad', path: '$' }, { variable: 'ok', path: 'nope' }],
    });
    expect(r.ok).toBe(false);
    const errors = !r.ok ? r.errors : [];
    expect(errors).toHaveLength(6);
    expect(errors[0]).toMatch(/^assertions\[0\]: kind must be one of equals, contains/);
    expect(errors[1]).toMatch(/^assertions\[1\] \(matches\): pattern is not a regular expression/);
    expect(errors[2]).toBe('assertions[2] (latency): ms must be a positive number');
    expect(errors[3]).toBe('assertions[3] (equals): value is missing');
    expect(errors[4]).toMatch(/^captures\[0\]: variable must be a name/);
    expect(errors[5]).toMatch(/^captures\[1\]: a path starts with \$/);
  });
});

describe('checks in a collection file', () => {
  const file = (checks: unknown) =>
    JSON.stringify({ format: 'rpcscope-collection', version: 1, name: 'c', items: [{ name: 'i', kind: 'request', payload: { text: '{}' }, checks }], folders: [] });

  it('round-trips through export and import', async () => {
    const { parseCollectionFile, serializeCollectionFile } = await import('@/lib/collections');
    const checks = { assertions: [{ kind: 'equals', path: '$.result', value: 1 }], captures: [{ variable: 'x', path: '$.result' }] };
    const parsed = parseCollectionFile(file(checks));
    expect(parsed.ok && parsed.value.items[0].checks).toEqual(checks);
    const again = parseCollectionFile(serializeCollectionFile(parsed.ok ? parsed.value : (null as never)));
    expect(again.ok && again.value.items[0].checks).toEqual(checks);
  });

  it('a bad assertion refuses the whole file and says where', async () => {
    const { parseCollectionFile } = await import('@/lib/collections');
    const parsed = parseCollectionFile(file({ assertions: [{ kind: 'latency', ms: 'fast' }] }));
    expect(parsed).toMatchObject({ ok: false, error: 'nothing was imported: items[0] "i": checks: assertions[0] (latency): ms must be a positive number' });
  });
});
