import { describe, expect, it } from 'vitest';
import { REDACTED } from '@/lib/redaction';
import { findPathSpans, parseJsonPath, parseJsonPaths, redactValueAtPaths } from '@/lib/redaction/json-path';
import { redactTokens, redactUrl } from '@/lib/redaction/text-pass';
import { isCredentialHeader } from '@/lib/redaction/rules';
import { keepContentLengthConsistent } from '@/lib/redaction/wire';

const noHit = () => undefined;
const tokens = (s: string) => redactTokens(s, noHit);

describe('token-like strings', () => {
  it.each([
    ['a JWT', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U'],
    ['an OpenAI-style key', 'sk-proj-abcdEFGH1234ijklMNOP5678'],
    ['a GitHub token', 'ghp_0123456789abcdefghijABCDEFGHIJ012345'],
    ['an AWS access key id', 'AKIAIOSFODNN7EXAMPLE'],
    ['a long hex secret', '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08'],
    ['a long base64 secret', 'dGhpcyBpcyBhIHZlcnkgc2VjcmV0IGtleTEyMzQ1Njc4OTA='],
  ])('takes out %s', (_what, secret) => {
    expect(tokens(`value "${secret}" here`)).toBe(`value "${REDACTED}" here`);
  });

  it('keeps the scheme of a bearer credential', () => {
    expect(tokens('Authorization: Bearer abc123def456ghi')).toBe(`Authorization: Bearer ${REDACTED}`);
  });

  it.each([
    ['an Ethereum hash', '0x88e96d4537bea4d9c05d12549907b32561d3bf31f45aae734cdc119f13406cb6'],
    ['an Ethereum address', '0x742d35Cc6634C0532925a3b844Bc454e4438f44e'],
    ['a UUID', '2f1c7a9e-55d0-4bb8-9c1f-0c77e2b4d8aa'],
    ['a file path', '/home/user/Projects/rpcscope/node_modules/typescript/lib/tsserver.js'],
    ['an LSP method', 'textDocument/publishDiagnostics'],
    ['a long decimal number', '123456789012345678901234567890123456'],
    ['prose about bearer auth', 'Bearer authentication required'],
    ['a camelCase identifier', 'thisIsAVeryLongIdentifierNameWithoutDigitsInIt'],
  ])('leaves %s alone', (_what, text) => {
    expect(tokens(text)).toBe(text);
  });
});

describe('credentials in URLs and headers', () => {
  it('takes the password out of userinfo and secret-named query parameters, keeping the rest', () => {
    expect(redactUrl('https://ann:pw1234@example.test/x?api_key=abc&page=2&X-Amz-Signature=ff00#top', noHit)).toBe(
      `https://ann:${REDACTED}@example.test/x?api_key=${REDACTED}&page=2&X-Amz-Signature=${REDACTED}#top`,
    );
  });

  it('recognises credential headers by name, including *-Key and *-Token', () => {
    for (const h of ['Authorization', 'cookie', 'Set-Cookie', 'Proxy-Authorization', 'X-Api-Key', 'X-Custom-Token', 'Stripe-Key']) {
      expect(isCredentialHeader(h), h).toBe(true);
    }
    for (const h of ['content-type', 'accept', 'x-request-id', 'keep-alive']) expect(isCredentialHeader(h), h).toBe(false);
  });
});

describe('user-chosen JSON paths', () => {
  const text = '[{"params":{"auth":{"token":"a"},"list":[{"s":1},{"s":2}]}},{"params":{"auth":{"token":"b"}}}]';

  it('match in every entry of a batch, with wildcards and any depth, keeping the rest of the text', () => {
    const paths = parseJsonPaths(['params.auth.token', 'params.list[*].s']);
    expect(paths.ok).toBe(true);
    if (!paths.ok) return;
    const spans = findPathSpans(text, paths.paths);
    expect(spans.map((s) => text.slice(s.start, s.end))).toEqual(['"a"', '1', '2', '"b"']);
    const deep = parseJsonPath('**.token');
    expect(deep.ok && findPathSpans(text, [deep.path]).map((s) => text.slice(s.start, s.end))).toEqual(['"a"', '"b"']);
  });

  it('accept quoted names and indexes, and refuse malformed paths with the reason', () => {
    expect(parseJsonPath('$.params["x-key"][0]')).toMatchObject({ ok: true, path: { segments: [{ key: 'params' }, { key: 'x-key' }, { index: 0 }] } });
    expect(parseJsonPath('params.')).toMatchObject({ ok: false, error: expect.stringContaining('ends with a dot') });
    expect(parseJsonPath('a[b]')).toMatchObject({ ok: false, error: expect.stringContaining('index, * or a quoted name') });
    expect(parseJsonPath('x'.repeat(300))).toMatchObject({ ok: false, error: expect.stringContaining('longer than') });
  });

  it('apply to parsed values too', () => {
    const p = parseJsonPath('error.data.secret');
    if (!p.ok) throw new Error(p.error);
    const r = redactValueAtPaths({ error: { data: { secret: { nested: 1 }, keep: 2 } } }, [p.path], REDACTED);
    expect(r).toEqual({ value: { error: { data: { secret: REDACTED, keep: 2 } } }, count: 1 });
  });
});

describe('Content-Length after redaction', () => {
  const measure = (s: string) => new TextEncoder().encode(s).length;
  it('is recomputed when it was right, and keeps its error when it was wrong', () => {
    const right = keepContentLengthConsistent('Content-Length: 11\r\n\r\n{"a":"xé"}', 'Content-Length: 11\r\n\r\n{"a":"[redacted]"}', measure);
    expect(right).toEqual({ text: 'Content-Length: 18\r\n\r\n{"a":"[redacted]"}', rewritten: true });
    const wrong = keepContentLengthConsistent('content-length: 99\r\n\r\n{"a":"x"}', 'content-length: 99\r\n\r\n{"a":"yy"}', measure);
    expect(wrong.text).toBe('content-length: 100\r\n\r\n{"a":"yy"}');
  });
});
