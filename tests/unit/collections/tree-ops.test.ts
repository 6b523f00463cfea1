import { describe, expect, it } from 'vitest';
import { filterTree, itemMethods, moveTargets } from '@/lib/collections';
import type { CollectionItem, CollectionTree, FolderNode } from '@/lib/collections/stored';

const item = (id: string, name: string, payload: unknown, folderId: string | null = null): CollectionItem => ({
  id, collectionId: 'c1', folderId, kind: 'request', name, payload, position: 0, createdAt: '', updatedAt: '',
});
const folder = (id: string, name: string, items: CollectionItem[], folders: FolderNode[] = []): FolderNode => ({
  id, collectionId: 'c1', parentId: null, name, position: 0, items, folders,
});
const tree: CollectionTree = {
  collection: { id: 'c1', name: 'Language server', createdAt: '', updatedAt: '', itemCount: 4 },
  items: [item('i1', 'hello', { text: '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"root":"{{root}}"}}' })],
  folders: [
    folder('f1', 'documents', [item('i2', 'open file', { jsonrpc: '2.0', method: 'textDocument/didOpen' }, 'f1')], [
      folder('f2', 'hover', [item('i3', 'hover at 0:0', { jsonrpc: '2.0', id: 2, method: 'textDocument/hover' }, 'f2')]),
    ]),
    folder('f3', 'batches', [item('i4', 'two calls', [{ jsonrpc: '2.0', id: 1, method: 'a/one' }, { jsonrpc: '2.0', id: 2, method: 'b/two' }], 'f3')]),
  ],
};

describe('collection search', () => {
  it('reads the methods of a request, a batch, and raw text that holds {{variables}}', () => {
    expect(itemMethods(tree.items[0])).toEqual(['initialize']);
    expect(itemMethods(tree.folders[1].items[0])).toEqual(['a/one', 'b/two']);
  });

  it('keeps items whose method matches, with the folders on the way to them, ignoring case', () => {
    const { tree: t, matches } = filterTree(tree, 'TEXTDOCUMENT/');
    expect(matches).toBe(2);
    expect(t.items).toEqual([]);
    expect(t.folders.map((f) => f.name)).toEqual(['documents']);
    expect(t.folders[0].items.map((i) => i.name)).toEqual(['open file']);
    expect(t.folders[0].folders[0].items.map((i) => i.name)).toEqual(['hover at 0:0']);
  });

  it('matches names too, finds a method inside a batch, and shows nothing for a miss', () => {
    expect(filterTree(tree, 'hello').tree.items.map((i) => i.name)).toEqual(['hello']);
    expect(filterTree(tree, 'b/two').tree.folders.map((f) => f.name)).toEqual(['batches']);
    expect(filterTree(tree, 'zzz')).toMatchObject({ matches: 0, tree: { items: [], folders: [] } });
  });

  it('gives the whole tree back for an empty query, counting every item', () => {
    const r = filterTree(tree, '   ');
    expect(r.tree).toBe(tree);
    expect(r.matches).toBe(4);
  });
});

describe('Move to… destinations', () => {
  const other = { id: 'c2', name: 'Smoke tests' };
  it('lists every collection root and every folder of loaded trees, the item\'s own place marked and not a choice', () => {
    const targets = moveTargets([tree.collection, other], { c1: tree }, tree.folders[0].items[0]);
    expect(targets.map((t) => t.label)).toEqual([
      'Language server',
      'Language server / documents',
      'Language server / documents / hover',
      'Language server / batches',
      'Smoke tests',
    ]);
    expect(targets.filter((t) => t.here).map((t) => t.folderId)).toEqual(['f1']);
    expect(targets[2]).toMatchObject({ collectionId: 'c1', folderId: 'f2', depth: 2, here: false });
    expect(targets[4]).toMatchObject({ collectionId: 'c2', folderId: null, depth: 0, here: false });
  });

  it('offers another collection\'s root even when its tree is not loaded yet', () => {
    const targets = moveTargets([other], {}, tree.items[0]);
    expect(targets).toEqual([{ collectionId: 'c2', folderId: null, label: 'Smoke tests', depth: 0, here: false }]);
  });
});
