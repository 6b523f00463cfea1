import { describe, expect, it } from 'vitest';
import { OpenRpcDocument, OpenRpcSet } from '@/lib/openrpc';
import { docWith, petstore } from './fixtures';

describe('several documents at once', () => {
  it('joins their methods for completion, with summaries and where each comes from', () => {
    const tools = OpenRpcDocument.load({ ...docWith([{ name: 'ping', summary: 'Is it up?', params: [] }]), info: { title: 'Tools', version: '2' } });
    const set = new OpenRpcSet([petstore(), tools]);
    const list = set.methodList();
    expect(list.map((m) => m.name)).toEqual(['getPet', 'addPet', 'listPets', 'deletePet', 'countPets', 'add', 'divide', 'ping']);
    expect(list.find((m) => m.name === 'ping')).toMatchObject({ summary: 'Is it up?', docTitle: 'Tools' });
  });

  it('keeps the earlier document’s method when both declare one, and says so on the later one', () => {
    const other = OpenRpcDocument.load({
      ...docWith([{ name: 'add', summary: 'string concatenation', params: [] }], { components: { errors: { Auth: { code: 1000, message: 'Log in first' } } } }),
      info: { title: 'Strings', version: '1' },
    });
    const first = petstore();
    const set = new OpenRpcSet([first, other]);
    expect(set.method('add')?.doc).toBe(first);
    expect(set.problemsOf(first)).toEqual([]);
    expect(set.problemsOf(other)).toEqual([
      { path: 'method add', message: 'is also declared by “Petstore” 1.0.0, loaded earlier, whose declaration is used', severity: 'warning' },
      { path: 'components.errors 1000', message: 'is declared as "Not authorized" by “Petstore” 1.0.0, loaded earlier, whose meaning is used', severity: 'warning' },
    ]);
  });

  it('counts the same document loaded twice once', () => {
    expect(new OpenRpcSet([petstore(), petstore()]).size).toBe(1);
  });
});
