import { describe, expect, it } from 'vitest';
import { resolveBatch } from '@/lib/builder/batch-variables';
import type { BatchEntryDraft } from '@/lib/builder/batch-compose';

const request = (method: string, paramsText: string): BatchEntryDraft => ({
  kind: 'request', method, paramsMode: 'object', paramsText, idPolicy: 'auto', customId: '', rawText: '',
});
const vars = [
  { name: 'user', value: 'ada' },
  { name: 'token', value: '••••••' },
  { name: 'count', value: '3' },
];

describe('{{variables}} in the batch editor', () => {
  it('accepts placeholders as values, previews them filled in and keeps the template to send', () => {
    const r = resolveBatch([request('login', '{"user": "{{user}}", "n": {{count}}}'), request('ping', '{}')], 7, vars);
    expect(r.checked.errorCount).toBe(0);
    expect(r.template).toBe('[{"jsonrpc":"2.0","id":7,"method":"login","params":{"user":"{{user}}","n":{{count}}}},{"jsonrpc":"2.0","id":8,"method":"ping","params":{}}]');
    expect(r.preview).toBe('[{"jsonrpc":"2.0","id":7,"method":"login","params":{"user":"ada","n":3}},{"jsonrpc":"2.0","id":8,"method":"ping","params":{}}]');
    expect(r.used).toEqual(['user', 'count']);
    expect(r.unknown).toEqual([]);
  });

  it('shows a secret as the page\'s mask, never a value, and fills raw entries too', () => {
    const raw: BatchEntryDraft = { ...request('', ''), kind: 'raw', rawText: '{"auth": "{{token}}"}' };
    const r = resolveBatch([raw], 1, vars);
    expect(r.template).toBe('[{"auth":"{{token}}"}]');
    expect(r.preview).toBe('[{"auth":"••••••"}]');
  });

  it('names variables the environment does not define', () => {
    const r = resolveBatch([request('a', '{"x": {{missing}}, "y": "{{user}}"}')], 1, vars);
    expect(r.unknown).toEqual(['missing']);
    expect(r.template).toBeDefined();
  });

  it('still reports broken JSON around a placeholder and sends nothing', () => {
    const r = resolveBatch([request('a', '{"x": {{user}} ')], 1, vars);
    expect(r.checked.errorCount).toBe(1);
    expect(r.template).toBeUndefined();
  });
});
