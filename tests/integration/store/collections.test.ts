import { afterEach, describe, expect, it } from 'vitest';
import type { TargetSpec } from '@/lib/session/types';
import { Store } from '@/server/store';
import { tempStores } from './temp-store';

const temp = tempStores();
afterEach(() => temp.cleanup());

const wsTarget: TargetSpec = { kind: 'websocket', url: 'ws://127.0.0.1:8546/' };
const hover = { jsonrpc: '2.0', id: 1, method: 'textDocument/hover', params: { position: { line: 0, character: 0 } } };

describe('collections', () => {
  it('saves requests, batches and raw messages in folders and gives them back as a tree', () => {
    const store = temp.open(temp.dir());
    const c = store.collections.create({ name: 'Language server' });
    const docs = store.collections.createFolder(c.id, { name: 'documents' });
    const deep = store.collections.createFolder(c.id, { name: 'hover', parentId: docs.id });
    const req = store.collections.createItem(c.id, { kind: 'request', name: 'hover at 0:0', payload: hover, folderId: deep.id });
    const batch = store.collections.createItem(c.id, { kind: 'batch', name: 'two calls', payload: [hover, { ...hover, id: 2 }], target: wsTarget });
    const raw = store.collections.createItem(c.id, { kind: 'raw', name: 'broken', payload: { text: '{"jsonrpc":"2.0",' } });

    const tree = store.collections.tree(c.id);
    expect(tree.collection).toMatchObject({ id: c.id, name: 'Language server', itemCount: 3 });
    expect(tree.items.map((i) => i.name)).toEqual(['two calls', 'broken']);
    expect(tree.items[0].target).toEqual(wsTarget);
    expect(tree.items[1].target).toBeUndefined();
    expect(tree.folders.map((f) => f.name)).toEqual(['documents']);
    expect(tree.folders[0].folders[0].name).toBe('hover');
    expect(tree.folders[0].folders[0].items[0]).toEqual(req);
    expect(req.payload).toEqual(hover);
    expect(store.collections.getItem(batch.id)!.payload).toEqual([hover, { ...hover, id: 2 }]);
    expect(store.collections.getItem(raw.id)!.payload).toEqual({ text: '{"jsonrpc":"2.0",' });
  });

  it('keeps collections after a restart', () => {
    const dir = temp.dir();
    const first = new Store({ dir });
    const c = first.collections.create({ name: 'kept' });
    first.collections.createItem(c.id, { kind: 'request', name: 'ping', payload: hover });
    first.close();
    const second = temp.open(dir);
    expect(second.collections.list().map((x) => [x.name, x.itemCount])).toEqual([['kept', 1]]);
  });

  it('renames, moves, edits and deletes items and folders', () => {
    const store = temp.open(temp.dir());
    const c = store.collections.create({ name: 'c' });
    const a = store.collections.createFolder(c.id, { name: 'a' });
    const b = store.collections.createFolder(c.id, { name: 'b', parentId: a.id });
    const item = store.collections.createItem(c.id, { kind: 'request', name: 'x', payload: hover, folderId: b.id, target: wsTarget });

    expect(store.collections.rename(c.id, 'renamed').name).toBe('renamed');
    expect(store.collections.renameFolder(a.id, 'A').name).toBe('A');
    const edited = store.collections.updateItem(item.id, { name: 'y', payload: { ...hover, id: 9 }, target: null, folderId: null });
    expect(edited).toMatchObject({ name: 'y', folderId: null, payload: { id: 9 } });
    expect(edited.target).toBeUndefined();

    expect(() => store.collections.moveFolder(a.id, b.id)).toThrow('a folder cannot be moved into itself or one of its subfolders');
    expect(store.collections.moveFolder(b.id, null).parentId).toBeNull();

    store.collections.updateItem(item.id, { folderId: b.id });
    expect(store.collections.deleteFolder(b.id)).toBe(true);
    expect(store.collections.getItem(item.id)).toBeUndefined();
    expect(store.collections.delete(c.id)).toBe(true);
    expect(store.collections.getFolder(a.id)).toBeUndefined();
    expect(store.collections.list()).toEqual([]);
  });

  it('refuses bad names, kinds, targets, payloads and foreign folders with a clear message', () => {
    const store = temp.open(temp.dir());
    const c = store.collections.create({ name: 'c' });
    const other = store.collections.create({ name: 'other' });
    const foreign = store.collections.createFolder(other.id, { name: 'f' });

    expect(() => store.collections.create({ name: 'c' })).toThrow('a collection named "c" already exists');
    expect(() => store.collections.create({ name: 'x'.repeat(10_000) })).toThrow('collection name: name is longer than 200 characters');
    expect(() => store.collections.createFolder(c.id, { name: 'a\nb' })).toThrow('folder name: name may not contain control characters');
    expect(() => store.collections.createItem(c.id, { kind: 'script' as 'raw', name: 'x', payload: {} })).toThrow(
      'item kind must be one of request, batch, raw',
    );
    expect(() => store.collections.createItem(c.id, { kind: 'raw', name: 'x', payload: { n: 1n } })).toThrow(/^payload: not representable as JSON/);
    let deep: unknown = 1;
    for (let i = 0; i < 100; i++) deep = [deep];
    expect(() => store.collections.createItem(c.id, { kind: 'raw', name: 'x', payload: deep })).toThrow('payload: nested more than 64 levels deep');
    expect(() =>
      store.collections.createItem(c.id, { kind: 'request', name: 'x', payload: hover, target: { kind: 'stdio', command: '', framing: 'newline' } }),
    ).toThrow('target: command: command is empty');
    expect(() => store.collections.createItem(c.id, { kind: 'request', name: 'x', payload: hover, folderId: foreign.id })).toThrow(
      /^no folder in this collection with id/,
    );
    expect(() => store.collections.createItem('missing', { kind: 'request', name: 'x', payload: hover })).toThrow(
      'no collection with id "missing"',
    );
    expect(store.collections.tree(c.id).items).toEqual([]);
  });

  it('limits how deep folders nest', () => {
    const store = temp.open(temp.dir());
    const c = store.collections.create({ name: 'deep' });
    let parent: string | null = null;
    for (let i = 0; i < 32; i++) parent = store.collections.createFolder(c.id, { name: `f${i}`, parentId: parent }).id;
    expect(() => store.collections.createFolder(c.id, { name: 'one too many', parentId: parent })).toThrow(
      'folders may nest at most 32 levels deep',
    );
  });
});

describe('environments', () => {
  it('stores variables in order with their secret flag, and updates them', () => {
    const dir = temp.dir();
    const first = new Store({ dir });
    const env = first.environments.create({
      name: 'staging',
      variables: [
        { name: 'baseUrl', value: 'http://127.0.0.1:8545', secret: false },
        { name: 'api_key', value: 's3cr3t', secret: true },
      ],
    });
    first.environments.setVariable(env.id, { name: 'baseUrl', value: 'http://127.0.0.1:9000', secret: false });
    first.environments.setVariable(env.id, { name: 'user.id', value: '42', secret: false });
    first.close();

    const store = temp.open(dir);
    const again = store.environments.require(env.id);
    expect(again.variables).toEqual([
      { name: 'baseUrl', value: 'http://127.0.0.1:9000', secret: false },
      { name: 'api_key', value: 's3cr3t', secret: true },
      { name: 'user.id', value: '42', secret: false },
    ]);
    expect(store.environments.deleteVariable(env.id, 'api_key')).toBe(true);
    expect(store.environments.setVariables(env.id, [{ name: 'only', value: '', secret: true }]).variables).toEqual([
      { name: 'only', value: '', secret: true },
    ]);
    expect(store.environments.rename(env.id, 'prod').name).toBe('prod');
    expect(store.environments.list().map((e) => e.name)).toEqual(['prod']);
    expect(store.environments.delete(env.id)).toBe(true);
    expect(store.environments.get(env.id)).toBeUndefined();
  });

  it('refuses bad variable names, duplicates and oversized values, changing nothing', () => {
    const store = temp.open(temp.dir());
    const env = store.environments.create({ name: 'e', variables: [{ name: 'a', value: '1', secret: false }] });
    expect(() => store.environments.setVariables(env.id, [{ name: '{{x}}', value: '', secret: false }])).toThrow(/^variables\[0\]\.name: must start/);
    expect(() =>
      store.environments.setVariables(env.id, [
        { name: 'a', value: '', secret: false },
        { name: 'a', value: '', secret: false },
      ]),
    ).toThrow('variables: "a" appears twice');
    expect(() => store.environments.setVariable(env.id, { name: 'big', value: 'x'.repeat(64 * 1024 + 1), secret: false })).toThrow(
      'variable.value: longer than 64 KiB',
    );
    expect(() => store.environments.create({ name: 'e' })).toThrow('an environment named "e" already exists');
    expect(store.environments.require(env.id).variables).toEqual([{ name: 'a', value: '1', secret: false }]);
  });
});
