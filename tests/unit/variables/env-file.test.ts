import { describe, expect, it } from 'vitest';
import { buildEnvironmentFile, describeNeedsValue, needsValue, parseEnvironmentFile } from '@/lib/variables';

describe('environment files', () => {
  const env = { name: 'staging', variables: [{ name: 'base', value: 'https://s.example' }, { name: 'token', value: 'sk-live-secret', secret: true }] };

  it('writes secrets by name only, and reads them back as needing a value', () => {
    const text = buildEnvironmentFile(env);
    expect(text).not.toContain('sk-live-secret');
    expect(JSON.parse(text)).toEqual({
      format: 'rpcscope-environment',
      version: 1,
      name: 'staging',
      variables: [{ name: 'base', value: 'https://s.example' }, { name: 'token', secret: true }],
    });
    const back = parseEnvironmentFile(text);
    expect(back).toEqual({ ok: true, name: 'staging', variables: [{ name: 'base', value: 'https://s.example', secret: false }, { name: 'token', value: '', secret: true }], secrets: ['token'] });
    expect(back.ok && needsValue(back.variables)).toEqual(['token']);
    expect(back.ok && needsValue(back.variables, ['base'])).toEqual([]);
    expect(describeNeedsValue(['token'])).toBe('{{token}} is a secret imported without its value: type it in Environments first');
  });

  it('refuses bad files whole, saying what is wrong', () => {
    const file = (variables: unknown) => JSON.stringify({ format: 'rpcscope-environment', version: 1, name: 'x', variables });
    expect(parseEnvironmentFile('{')).toMatchObject({ ok: false, error: expect.stringMatching(/^not imported: not valid JSON/) });
    expect(parseEnvironmentFile('{"format":"rpcscope-collection"}')).toMatchObject({ ok: false, error: expect.stringContaining('not an rpcscope environment file') });
    expect(parseEnvironmentFile(JSON.stringify({ format: 'rpcscope-environment', version: 2, name: 'x', variables: [] }))).toMatchObject({ ok: false, error: expect.stringContaining('unsupported version 2') });
    expect(parseEnvironmentFile(file([{ name: 'a', value: '1' }, { name: 'a', value: '2' }]))).toMatchObject({ ok: false, error: 'not imported: variables[1]: "a" appears twice' });
    expect(parseEnvironmentFile(file([{ name: 'k', value: 'v', secret: true }]))).toMatchObject({ ok: false, error: expect.stringContaining('must not carry its value') });
    expect(parseEnvironmentFile(file([{ name: '9x', value: '' }]))).toMatchObject({ ok: false, error: expect.stringContaining('variables[0].name') });
    expect(parseEnvironmentFile(file([{ name: 'a', value: 'x'.repeat(64 * 1024 + 1) }]))).toMatchObject({ ok: false, error: 'not imported: variables[0].value: longer than 64 KiB' });
  });
});
