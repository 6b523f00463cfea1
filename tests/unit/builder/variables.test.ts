import { describe, expect, it } from 'vitest';
import { describeUnknownVariables, lintableJson, resolveRaw, resolveRequest } from '@/lib/builder/variables';

const vars = [{ name: 'limit', value: '10' }, { name: 'token', value: '••••••••', secret: true }];
const parts = (paramsText: string) => ({ method: 'items/list', paramsMode: 'object' as const, paramsText, idText: '1' });

describe('{{variables}} in the builder', () => {
  it('a placeholder where a number goes is not invalid JSON: the check runs on the filled-in text', () => {
    const r = resolveRequest(parts('{ "limit": {{limit}}, "auth": "Bearer {{token}}" }'), vars);
    expect(r.resolved).toMatchObject({ ok: true, text: '{"jsonrpc":"2.0","id":1,"method":"items/list","params":{"limit":10,"auth":"Bearer ••••••••"}}' });
    expect(r.template).toBe('{"jsonrpc":"2.0","id":1,"method":"items/list","params":{"limit":{{limit}},"auth":"Bearer {{token}}"}}');
    expect(r.unknown).toEqual([]);
    expect(r.used).toEqual(['limit', 'token']);
  });

  it('names unknown variables and still judges the rest of the JSON', () => {
    const r = resolveRequest(parts('{ "page": {{page}}, "q": "{{query}}" }'), vars);
    expect(r.resolved.ok).toBe(true);
    expect(r.unknown).toEqual(['page', 'query']);
    const broken = resolveRequest(parts('{ "page": {{page}}, }'), vars);
    expect(broken.resolved).toMatchObject({ ok: false, error: expect.stringMatching(/^Params are not valid JSON/) });
    expect(describeUnknownVariables(['page', 'query'], 'Staging')).toBe('Not defined in “Staging”: {{page}}, {{query}}. Define them or choose another environment.');
    expect(describeUnknownVariables(['page'], undefined)).toBe('{{page}} needs an environment: choose one in the header.');
  });

  it('raw text is sent as typed; only the preview is filled in', () => {
    const r = resolveRaw('{"id":{{limit}},"x":"{{nope}}"', vars);
    expect(r).toMatchObject({ resolved: { ok: true, text: '{"id":10,"x":"{{nope}}"' }, template: '{"id":{{limit}},"x":"{{nope}}"', unknown: ['nope'] });
  });

  it('the editor lint sees placeholders as values, at the same positions', () => {
    const text = '{"a": {{ x }}, "b": [1, {{y}}]}';
    const lint = lintableJson(text);
    expect(lint).toHaveLength(text.length);
    expect(() => JSON.parse(lint)).not.toThrow();
    expect(() => JSON.parse(lintableJson('{"a": {{x}},}'))).toThrow();
  });
});
