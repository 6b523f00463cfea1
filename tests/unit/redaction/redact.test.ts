import { describe, expect, it } from 'vitest';
import { REDACTED, REDACTION_KINDS, parseRedactionRequest, redactSessionFile } from '@/lib/redaction';
import { serializeSessionFile, validateSessionFile } from '@/lib/session/file-format';
import { SECRETS, httpSession, stdioSession } from './seeded';

const utf8 = (s: string) => new TextEncoder().encode(s).length;
const allSecrets = (extra: string[] = []) => [...Object.values(SECRETS).map(String), SECRETS.arg + 'X', ...extra];

function leftIn(text: string, secrets: string[]): string[] {
  return secrets.filter((s) => text.includes(s));
}

describe('redacting a session before it is shared', () => {
  it('leaves none of the seeded secrets anywhere in an HTTP session file and counts what it removed per kind', () => {
    const { file, report } = redactSessionFile(httpSession(), {
      secrets: [{ name: 'PASSWORD', value: SECRETS.variable }],
      jsonPaths: ['params.password', 'params.pin', 'error.data.password'],
    });
    const text = serializeSessionFile(file);
    expect(leftIn(text, allSecrets())).toEqual([]);
    expect(validateSessionFile(JSON.parse(text)).ok).toBe(true);

    const counts = Object.fromEntries(report.counts.map((c) => [c.kind, c.count]));
    expect(counts['credential-header']).toBeGreaterThanOrEqual(3); // Authorization, X-Api-Key, Set-Cookie
    expect(counts['mcp-session-id']).toBeGreaterThanOrEqual(2); // the header and the note quoting it
    expect(counts['secret-variable']).toBe(1);
    expect(counts['url-credential']).toBeGreaterThanOrEqual(3);
    expect(counts['json-path']).toBeGreaterThanOrEqual(3);
    expect(counts['token-like']).toBeGreaterThanOrEqual(2); // the result's "token" member, the sk- key in params
    expect(report.total).toBe(report.counts.reduce((n, c) => n + c.count, 0));
    // The file itself says what was taken out.
    expect(file.redactions).toEqual(expect.arrayContaining(report.counts));
  });

  it('keeps everything that is not a secret, byte for byte: method, ids, Ethereum hashes, numbers, non-credential headers', () => {
    const { file } = redactSessionFile(httpSession(), { jsonPaths: ['params.password'] });
    const resp = file.events[2];
    expect(resp.raw).toContain('"block":"0x88e96d4537bea4d9c05d12549907b32561d3bf31f45aae734cdc119f13406cb6"');
    expect(resp.raw).toContain('"count":42');
    expect(JSON.parse(resp.raw).result.token).toBe(REDACTED);
    expect(file.events[1].method).toBe('login');
    expect(JSON.parse(file.events[1].raw).params).toMatchObject({ user: 'ann', password: REDACTED });
    expect(file.target).toMatchObject({ headers: { Accept: 'application/json', Authorization: REDACTED, 'X-Api-Key': REDACTED } });
    expect(file.target.kind === 'http' && file.target.url).toBe(`http://127.0.0.1:8545/rpc?token=${REDACTED}&chain=1`);
  });

  it('redacts a non-string value at a chosen path as a JSON string, so the message stays valid JSON', () => {
    const { file } = redactSessionFile(httpSession(), { jsonPaths: ['params.pin'] });
    expect(JSON.parse(file.events[1].raw).params.pin).toBe(REDACTED);
  });

  it('recomputes the recorded Content-Length of an HTTP reply whose body got shorter', () => {
    const { file, report } = redactSessionFile(httpSession());
    const resp = file.events[2];
    expect(resp.http?.headers?.['content-length']).toBe(String(utf8(resp.raw)));
    expect(report.contentLengthsRewritten).toBeGreaterThanOrEqual(1);
    expect(file.redactions).toContainEqual({ kind: 'content-length-rewritten', count: report.contentLengthsRewritten });
  });

  it('leaves none of the secrets in a stdio session: env values, flag values, framed bodies, stderr and binary frames', () => {
    const { file, report } = redactSessionFile(stdioSession(), { secrets: [{ name: 'BIN', value: SECRETS.binary }] });
    const text = serializeSessionFile(file);
    expect(leftIn(text, allSecrets())).toEqual([]);
    // The binary frame's bytes are decoded and checked too.
    expect(leftIn(atob(file.events[3].rawBase64!), [SECRETS.binary])).toEqual([]);
    expect(file.target).toMatchObject({
      env: { API_TOKEN: REDACTED, LOG_LEVEL: REDACTED },
      args: ['server.js', `--api-key=${REDACTED}`, '--token', REDACTED, '--port', '3000'],
    });
    const counts = Object.fromEntries(report.counts.map((c) => [c.kind, c.count]));
    expect(counts['process-env']).toBeGreaterThanOrEqual(3); // two env values and the stderr line quoting one
    expect(counts['credential-arg']).toBeGreaterThanOrEqual(2);
  });

  it('keeps a correct Content-Length correct and a wrong one wrong by the same number of bytes', () => {
    const { file } = redactSessionFile(stdioSession());
    const [good, wrong] = file.events;
    const split = (raw: string) => {
      const m = /^Content-Length: (\d+)\r\n\r\n/.exec(raw)!;
      return { declared: Number(m[1]), actual: utf8(raw.slice(m[0].length)) };
    };
    expect(split(good.raw).declared).toBe(split(good.raw).actual);
    expect(split(wrong.raw).declared - split(wrong.raw).actual).toBe(5);
  });

  it('gives a preview that names where each secret was and never shows a value', () => {
    const { report } = redactSessionFile(httpSession(), { secrets: [{ name: 'PASSWORD', value: SECRETS.variable }] });
    expect(leftIn(JSON.stringify(report), allSecrets())).toEqual([]);
    expect(report.hits).toContainEqual(expect.objectContaining({ kind: 'credential-header', where: 'target.headers.Authorization' }));
    expect(report.hits).toContainEqual(expect.objectContaining({ kind: 'secret-variable', label: 'variable PASSWORD', seq: 2 }));
  });

  it('says when a secret variable is too short to search for, instead of silently skipping it', () => {
    const { report } = redactSessionFile(httpSession(), { secrets: [{ name: 'PIN', value: '42' }] });
    expect(report.skipped).toEqual([expect.objectContaining({ kind: 'secret-variable', what: 'variable PIN' })]);
  });

  it('applies only the chosen kinds', () => {
    const { file, report } = redactSessionFile(httpSession(), { kinds: ['credential-header'] });
    expect(report.counts.map((c) => c.kind)).toEqual(['credential-header']);
    // The JWT is the Authorization credential, so it goes wherever it appears; the sk- key is only token-like.
    expect(file.events[2].raw).not.toContain(SECRETS.jwt);
    expect(file.events[1].raw).toContain(SECRETS.openai);
  });

  it('merges with what an earlier redaction recorded in the file', () => {
    const once = redactSessionFile(httpSession()).file;
    const twice = redactSessionFile(once);
    expect(twice.report.total).toBe(0);
    expect(twice.file.redactions).toEqual(once.redactions);
  });
});

describe('the redaction choice from a request', () => {
  it('defaults to every kind, accepts a list, and refuses an unknown kind or a bad path with a clear message', () => {
    const all = parseRedactionRequest({});
    expect(all.ok && all.value.enabled && all.value.kinds.length).toBe(REDACTION_KINDS.length);
    const some = parseRedactionRequest({ redact: 'credential-header,token-like', paths: 'params.a\nresult[*].b' });
    expect(some.ok && some.value.kinds).toEqual(['credential-header', 'token-like', 'json-path']);
    expect(parseRedactionRequest({ redact: 'none' })).toEqual({ ok: true, value: { enabled: false, kinds: [], jsonPaths: [] } });
    expect(parseRedactionRequest({ redact: 'cookies' })).toMatchObject({ ok: false, error: expect.stringContaining('unknown kind "cookies"') });
    expect(parseRedactionRequest({ paths: ['params..x['] })).toMatchObject({ ok: false, error: expect.stringContaining('JSON path') });
    expect(parseRedactionRequest({ paths: ['**'] })).toMatchObject({ ok: false, error: expect.stringContaining('whole message') });
  });
});
