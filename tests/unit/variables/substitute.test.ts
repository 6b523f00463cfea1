import { describe, expect, it } from 'vitest';
import {
  SECRET_MASK,
  describeUnknown,
  maskSecretsIn,
  maskVariables,
  mergeMaskedVariables,
  referencedNames,
  substitute,
  substituteJsonText,
  substituteMessage,
  substituteTarget,
} from '@/lib/variables';
import type { TargetSpec } from '@/lib/session/types';

const env = [
  { name: 'host', value: '127.0.0.1:8545', secret: false },
  { name: 'token', value: 'tok"en\\with-quote', secret: true },
  { name: 'limit', value: '25', secret: false },
  { name: 'loop', value: '{{host}}', secret: false },
];

describe('{{name}} substitution', () => {
  it('replaces known variables in a URL and reports the unknown ones, leaving them as written', () => {
    const r = substitute('http://{{host}}/rpc?key={{ apiKey }}&again={{apiKey}}', env);
    expect(r.text).toBe('http://127.0.0.1:8545/rpc?key={{ apiKey }}&again={{apiKey}}');
    expect(r.unknown).toEqual(['apiKey']);
    expect(r.used).toEqual(['host']);
  });

  it('inserts a value once and never expands a placeholder inside a value (no loops)', () => {
    expect(substitute('{{loop}}', env).text).toBe('{{host}}');
  });

  it('keeps JSON params valid: values inside strings are escaped, values outside are inserted as they are', () => {
    const r = substituteJsonText('{"auth":"Bearer {{token}}","limit":{{limit}},"h":"{{host}}"}', env);
    expect(JSON.parse(r.text)).toEqual({ auth: 'Bearer tok"en\\with-quote', limit: 25, h: '127.0.0.1:8545' });
  });

  it('lists the names a text refers to', () => {
    expect(referencedNames('{{a}} {{ b }} {{a}} {{not valid}}')).toEqual(['a', 'b']);
  });

  it('works in headers, command arguments and env values of a target, saying where each unknown name is used', () => {
    const stdio: TargetSpec = {
      kind: 'stdio',
      command: 'node',
      args: ['server.js', '--port', '{{port}}', '--host={{host}}'],
      env: { API_TOKEN: '{{token}}' },
      framing: 'newline',
    };
    const r = substituteTarget(stdio, env);
    expect(r.target).toMatchObject({ args: ['server.js', '--port', '{{port}}', '--host=127.0.0.1:8545'], env: { API_TOKEN: 'tok"en\\with-quote' } });
    expect(r.unknown).toEqual([{ name: 'port', where: 'args[2]' }]);
    expect(describeUnknown(r.unknown)).toBe('args[2] uses {{port}}: not defined in the chosen environment');

    const http = substituteTarget({ kind: 'http', url: 'http://{{host}}/', headers: { Authorization: 'Bearer {{token}}' } }, env);
    expect(http.target).toEqual({ kind: 'http', url: 'http://127.0.0.1:8545/', headers: { Authorization: 'Bearer tok"en\\with-quote' } });
  });

  it('substitutes a whole message text and names it in unknown reports', () => {
    const r = substituteMessage('{"jsonrpc":"2.0","id":1,"method":"{{m}}"}', env);
    expect(r.unknown).toEqual([{ name: 'm', where: 'message' }]);
  });
});

describe('secret variables', () => {
  it('are masked with a fixed-length mask that says nothing about the value', () => {
    const masked = maskVariables(env);
    expect(masked.find((v) => v.name === 'token')).toEqual({ name: 'token', value: SECRET_MASK, secret: true });
    expect(masked.find((v) => v.name === 'host')!.value).toBe('127.0.0.1:8545');
  });

  it('keep their stored value when a client sends the mask back, and a new secret sent as the mask is reported', () => {
    const r = mergeMaskedVariables(
      [
        { name: 'token', value: SECRET_MASK, secret: true },
        { name: 'fresh', value: SECRET_MASK, secret: true },
        { name: 'host', value: 'localhost', secret: false },
      ],
      env,
    );
    expect(r.variables[0]).toEqual({ name: 'token', value: 'tok"en\\with-quote', secret: true });
    expect(r.missing).toEqual(['fresh']);
    expect(r.variables[2].value).toBe('localhost');
  });

  it('are masked inside a substituted text shown to the user', () => {
    const text = substitute('Authorization: Bearer {{token}}', env).text;
    expect(maskSecretsIn(text, env)).toBe(`Authorization: Bearer ${SECRET_MASK}`);
  });
});
