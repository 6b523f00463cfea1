import { describe, expect, it } from 'vitest';
import {
  LIMITS,
  parseClientMessage,
  parseClientMessageText,
  parseCreateSessionBody,
  parseEventPatch,
  parseSendBody,
  parseTargetSpec,
  parseTrafficEvent,
} from '@/lib/session/schemas';
import { TARGET_KIND_LIST } from '@/lib/targets/registry';

const refused = (r: { ok: boolean; error?: string }) => {
  expect(r.ok).toBe(false);
  return (r as { error: string }).error;
};

describe('target specs', () => {
  it('accepts each kind of target a user can connect to', () => {
    expect(parseTargetSpec({ kind: 'http', url: 'http://127.0.0.1:8545/', headers: { Authorization: 'Bearer x' } }).ok).toBe(true);
    expect(parseTargetSpec({ kind: 'websocket', url: 'wss://example.org/rpc', subprotocols: ['jsonrpc'] }).ok).toBe(true);
    expect(
      parseTargetSpec({ kind: 'stdio', command: 'node', args: ['peer.js', ''], env: { DEBUG: '1' }, framing: 'content-length' }).ok,
    ).toBe(true);
    expect(parseTargetSpec({ kind: 'tcp', host: '127.0.0.1', port: 2087, framing: 'newline' }).ok).toBe(true);
  });

  it('names the member and the problem when a target is wrong', () => {
    expect(refused(parseTargetSpec({ kind: 'http', url: 'file:///etc/passwd' }))).toBe('url: must be a http:// or https:// URL');
    expect(refused(parseTargetSpec({ kind: 'gopher' }))).toBe(`kind: kind must be one of ${TARGET_KIND_LIST.join(', ')}`);
    expect(refused(parseTargetSpec('http://x'))).toBe('expected a target object');
    expect(refused(parseTargetSpec({ kind: 'stdio', command: 'x', framing: 'lines' }))).toBe(
      'framing: framing must be content-length, newline, auto',
    );
    expect(refused(parseTargetSpec({ kind: 'tcp', host: '127.0.0.1', port: 70000, framing: 'newline' }))).toMatch(/^port: /);
  });

  it('refuses header names and values that would smuggle another header', () => {
    expect(refused(parseTargetSpec({ kind: 'http', url: 'http://x/', headers: { 'Bad Name': 'v' } }))).toMatch(
      /^headers\["Bad Name"\]: header name may use only/,
    );
    expect(refused(parseTargetSpec({ kind: 'http', url: 'http://x/', headers: { a: 'v\r\nX-Evil: 1' } }))).toBe(
      'headers.a: header value may not contain CR, LF or NUL',
    );
    const proto = JSON.parse('{"kind":"http","url":"http://x/","headers":{"__proto__":"v"}}');
    expect(refused(parseTargetSpec(proto))).toMatch(/__proto__/);
  });

  it('refuses oversized targets before looking at every entry', () => {
    const headers = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`h${i}`, 'v']));
    expect(refused(parseTargetSpec({ kind: 'http', url: 'http://x/', headers }))).toBe('headers: at most 100 headers');
    const args = new Array(LIMITS.args + 1).fill('a');
    expect(refused(parseTargetSpec({ kind: 'stdio', command: 'x', args, framing: 'newline' }))).toMatch(/^args: .*1000/);
    const env = Object.fromEntries(Array.from({ length: LIMITS.envVars + 1 }, (_, i) => [`V${i}`, 'v']));
    expect(refused(parseTargetSpec({ kind: 'stdio', command: 'x', env, framing: 'newline' }))).toBe(
      'env: at most 1000 environment variables',
    );
    expect(refused(parseTargetSpec({ kind: 'stdio', command: 'x\u0000y', framing: 'newline' }))).toBe(
      'command: command may not contain NUL',
    );
  });
});

describe('API bodies', () => {
  const target = { kind: 'http', url: 'http://127.0.0.1:1/' };

  it('accepts a new-session body and a send body', () => {
    expect(parseCreateSessionBody({ target, name: 'my session', timeoutMs: 5000 })).toEqual({
      ok: true,
      value: { target, name: 'my session', timeoutMs: 5000 },
    });
    expect(parseSendBody({ text: '{"jsonrpc":"2.0", broken' })).toEqual({ ok: true, value: { text: '{"jsonrpc":"2.0", broken' } });
  });

  it('refuses long, empty or control-character names, bad timeouts and unknown members', () => {
    expect(refused(parseCreateSessionBody({ target, name: 'x'.repeat(201) }))).toBe('name: name is longer than 200 characters');
    expect(refused(parseCreateSessionBody({ target, name: '   ' }))).toBe('name: name is empty');
    expect(refused(parseCreateSessionBody({ target, name: 'a\u0007b' }))).toBe('name: name may not contain control characters');
    expect(refused(parseCreateSessionBody({ target, timeoutMs: 0 }))).toMatch(/^timeoutMs: /);
    expect(refused(parseCreateSessionBody({ target, shell: true }))).toBe('Unrecognized key: "shell"');
    expect(refused(parseCreateSessionBody({ name: 'x' }))).toMatch(/^target: /);
    expect(refused(parseSendBody({ text: 42 }))).toMatch(/^text: .*string/);
  });
});

describe('bridge client messages', () => {
  it('accepts subscribe and unsubscribe; sending goes through the HTTP API, not the bridge', () => {
    expect(parseClientMessage({ type: 'subscribe', session: 'abc_DEF-1', sinceSeq: 0 }).ok).toBe(true);
    expect(parseClientMessageText('{"type":"unsubscribe","session":"abc"}')).toEqual({
      ok: true,
      value: { type: 'unsubscribe', session: 'abc' },
    });
    expect(refused(parseClientMessageText('{"type":"send","session":"abc","text":"{}"}'))).toBe(
      'type: type must be one of subscribe, unsubscribe, ack',
    );
  });

  it('reports every problem of a bad message with its path', () => {
    expect(refused(parseClientMessage({ type: 'subscribe', session: '../x', sinceSeq: -1 }))).toBe(
      'session: session id may use only letters, digits, - and _; sinceSeq: Too small: expected number to be >=0',
    );
    expect(refused(parseClientMessage({ type: 'exec' }))).toBe('type: type must be one of subscribe, unsubscribe, ack');
    expect(refused(parseClientMessageText('{"type":'))).toMatch(/^not valid JSON: /);
  });
});

describe('traffic events and patches', () => {
  const event = { seq: 1, t: 0.5, time: 1_700_000_000_000, dir: 'out', raw: '{}', kind: 'invalid', findings: [] };

  it('accepts a recorded event and keeps its raw text unchanged', () => {
    const raw = 'Content-Length: 5\r\n\r\n{"é"}';
    const r = parseTrafficEvent({ ...event, raw, id: null, idText: '123456789012345678901234567890' });
    expect(r.ok && r.value.raw).toBe(raw);
  });

  it('refuses bad enums, negative seqs, bad base64 and oversized finding lists', () => {
    expect(refused(parseTrafficEvent({ ...event, dir: 'sideways' }))).toMatch(/^dir: Invalid option/);
    expect(refused(parseTrafficEvent({ ...event, seq: -1 }))).toMatch(/^seq: /);
    expect(refused(parseTrafficEvent({ ...event, rawBase64: 'not base64!' }))).toBe('rawBase64: not base64');
    const findings = new Array(LIMITS.findingsPerEvent + 1).fill({ rule: 'r', severity: 'error', message: 'm' });
    expect(refused(parseTrafficEvent({ ...event, findings }))).toMatch(/^findings: Too big/);
    expect(refused(parseTrafficEvent({ ...event, findings: [{ rule: 'r', severity: 'fatal', message: 'm' }] }))).toMatch(
      /^findings\[0\]\.severity: /,
    );
  });

  it('summarises a long list of problems instead of printing all of them', () => {
    const findings = Array.from({ length: 9 }, () => ({ rule: 1, severity: 'error', message: 'm' }));
    const error = refused(parseTrafficEvent({ ...event, findings }));
    expect(error).toMatch(/^findings\[0\]\.rule: .*\(and 4 more problems\)$/);
  });

  it('accepts a patch that pairs a request and refuses one without a seq', () => {
    expect(parseEventPatch({ seq: 3, pair: 4, state: 'answered', latencyMs: 1.25 }).ok).toBe(true);
    expect(refused(parseEventPatch({ state: 'answered' }))).toMatch(/^seq: /);
  });
});
