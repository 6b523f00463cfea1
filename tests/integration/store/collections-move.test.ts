import { afterEach, describe, expect, it } from 'vitest';
import { tempStores } from './temp-store';

const temp = tempStores();
afterEach(() => temp.cleanup());

const ping = (id: number) => ({ text: `{"jsonrpc":"2.0","id":${id},"method":"ping"}` });

describe('moving and duplicating collection items', () => {
  it('duplicates an item right after itself as "NAME copy", with its payload, target and checks', () => {
    const store = temp.open(temp.dir());
    const c = store.collections.create({ name: 'API' });
    const first = store.collections.createItem(c.id, {
      kind: 'request', name: 'login', payload: ping(1),
      target: { kind: 'http', url: 'http://127.0.0.1:9/rpc' },
      checks: { assertions: [{ kind: 'latency', ms: 500 }], captures: [] },
    });
    store.collections.createItem(c.id, { kind: 'request', name: 'logout', payload: ping(2) });

    const copy = store.collections.duplicateItem(first.id);
    expect(copy.id).not.toBe(first.id);
    expect(copy).toMatchObject({ name: 'login copy', kind: 'request', payload: ping(1), target: first.target, checks: first.checks, folderId: null });
    expect(store.collections.tree(c.id).items.map((i) => i.name)).toEqual(['login', 'login copy', 'logout']);
    expect(store.collections.get(c.id)!.itemCount).toBe(3);
  });

  it('duplicates inside a folder without touching the root order', () => {
    const store = temp.open(temp.dir());
    const c = store.collections.create({ name: 'API' });
    const auth = store.collections.createFolder(c.id, { name: 'auth' });
    store.collections.createItem(c.id, { kind: 'raw', name: 'root', payload: ping(1) });
    const inFolder = store.collections.createItem(c.id, { kind: 'raw', name: 'token', payload: ping(2), folderId: auth.id });
    store.collections.duplicateItem(inFolder.id);
    const tree = store.collections.tree(c.id);
    expect(tree.items.map((i) => i.name)).toEqual(['root']);
    expect(tree.folders[0].items.map((i) => i.name)).toEqual(['token', 'token copy']);
  });

  it('moves an item into another collection, to its root or one of its folders, keeping its id', () => {
    const store = temp.open(temp.dir());
    const a = store.collections.create({ name: 'A' });
    const b = store.collections.create({ name: 'B' });
    const bFolder = store.collections.createFolder(b.id, { name: 'smoke' });
    const item = store.collections.createItem(a.id, { kind: 'request', name: 'hover', payload: ping(1) });
    store.collections.createItem(b.id, { kind: 'request', name: 'already there', payload: ping(2), folderId: bFolder.id });

    const moved = store.collections.updateItem(item.id, { collectionId: b.id, folderId: bFolder.id });
    expect(moved).toMatchObject({ id: item.id, collectionId: b.id, folderId: bFolder.id });
    expect(store.collections.tree(a.id).items).toEqual([]);
    expect(store.collections.tree(b.id).folders[0].items.map((i) => i.name)).toEqual(['already there', 'hover']);
    expect(store.collections.get(a.id)!.itemCount).toBe(0);
    expect(store.collections.get(b.id)!.itemCount).toBe(2);

    const back = store.collections.updateItem(item.id, { collectionId: a.id });
    expect(back).toMatchObject({ collectionId: a.id, folderId: null });
  });

  it('refuses a move to a folder of a different collection and leaves the item where it was', () => {
    const store = temp.open(temp.dir());
    const a = store.collections.create({ name: 'A' });
    const b = store.collections.create({ name: 'B' });
    const aFolder = store.collections.createFolder(a.id, { name: 'only in A' });
    const item = store.collections.createItem(a.id, { kind: 'request', name: 'hover', payload: ping(1) });

    expect(() => store.collections.updateItem(item.id, { collectionId: b.id, folderId: aFolder.id })).toThrow(/no folder in this collection/);
    expect(() => store.collections.updateItem(item.id, { collectionId: 'nope' })).toThrow(/no collection/);
    expect(store.collections.getItem(item.id)).toMatchObject({ collectionId: a.id, folderId: null });
  });
});
