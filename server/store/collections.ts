/**
 * Collections of saved requests: a collection holds a tree of folders, and items (a request, a
 * batch or a raw message, optionally with its own target) at the root or in a folder. Names are
 * labels shown to a user, never file names.
 */
import type { TargetSpec } from '../../lib/session/types';
import { parseTargetSpec } from '../../lib/session/schemas';
import type { Db } from './db';
import { autoIdsProblem } from '../../lib/collections/auto-ids';
import { StoreError, checkName, isoNow, newId, toJsonColumn, toLabel } from './errors';

export type { CollectionItemKind } from '../../lib/collections/types';
export type { Collection, CollectionFolder, CollectionItem, FolderNode, CollectionTree, NewItem, ItemChanges } from '../../lib/collections/stored';
import type { CollectionItemKind } from '../../lib/collections/types';
import { hasChecks, parseChecks, type ItemChecks } from '../../lib/collections/checks';
import type { Collection, CollectionFolder, CollectionItem, FolderNode, CollectionTree, NewItem, ItemChanges } from '../../lib/collections/stored';

/** A payload as its column; a batch's `autoIds` (lib/collections/auto-ids.ts) must be entry positions. */
function payloadColumn(payload: unknown): string {
  const autoIds = typeof payload === 'object' && payload !== null ? (payload as { autoIds?: unknown }).autoIds : undefined;
  const problem = autoIdsProblem(autoIds);
  if (problem) throw new StoreError('invalid', `payload.${problem}`);
  return toJsonColumn(payload, 'payload');
}

const KINDS: readonly CollectionItemKind[] = ['request', 'batch', 'raw'];
export const COLLECTION_LIMITS = { folders: 1000, items: 10_000, folderDepth: 32, collections: 1000 } as const;

interface ItemRow {
  id: string;
  collection_id: string;
  folder_id: string | null;
  kind: CollectionItemKind;
  name: string;
  payload: string;
  target: string | null;
  checks: string | null;
  position: number;
  created_at: string;
  updated_at: string;
}
interface FolderRow {
  id: string;
  collection_id: string;
  parent_id: string | null;
  name: string;
  position: number;
}
interface CollectionRow {
  id: string;
  name: string;
  created_at: string;
  updated_at: string;
  item_count: number;
}

const toCollection = (r: CollectionRow): Collection => ({
  id: r.id, name: r.name, createdAt: r.created_at, updatedAt: r.updated_at, itemCount: r.item_count,
});
const toFolder = (r: FolderRow): CollectionFolder => ({
  id: r.id, collectionId: r.collection_id, parentId: r.parent_id, name: r.name, position: r.position,
});
function toItem(r: ItemRow): CollectionItem {
  const item: CollectionItem = {
    id: r.id, collectionId: r.collection_id, folderId: r.folder_id, kind: r.kind, name: r.name,
    payload: JSON.parse(r.payload), position: r.position, createdAt: r.created_at, updatedAt: r.updated_at,
  };
  if (r.target !== null) item.target = JSON.parse(r.target) as TargetSpec;
  if (r.checks !== null) item.checks = JSON.parse(r.checks) as ItemChecks;
  return item;
}

function checkTarget(target: unknown): string {
  const r = parseTargetSpec(target);
  if (!r.ok) throw new StoreError('invalid', `target: ${r.error}`);
  return toJsonColumn(r.value, 'target');
}

/** Validated checks as a column; empty checks are stored as none. */
function checksColumn(checks: unknown): string | null {
  const r = parseChecks(checks);
  if (!r.ok) throw new StoreError('invalid', `checks: ${r.errors.slice(0, 3).join('; ')}`);
  return hasChecks(r.checks) ? JSON.stringify(r.checks) : null;
}

const notFound = (what: string, id: string) =>
  new StoreError('not-found', `no ${what} with id ${JSON.stringify(String(id)).slice(0, 120)}`);

const COLLECTION_SELECT = `SELECT c.*, (SELECT COUNT(*) FROM collection_items i WHERE i.collection_id = c.id) AS item_count
  FROM collections c`;

export class CollectionsRepo {
  constructor(private readonly db: Db) {}

  // ----- collections -----

  create(input: { name: string }): Collection {
    const name = checkName(input?.name, 'collection');
    const count = (this.db.prepare('SELECT COUNT(*) AS n FROM collections').get() as { n: number }).n;
    if (count >= COLLECTION_LIMITS.collections) throw new StoreError('invalid', `at most ${COLLECTION_LIMITS.collections} collections`);
    const id = newId();
    const now = isoNow();
    try {
      this.db.prepare('INSERT INTO collections (id, name, created_at, updated_at) VALUES (?, ?, ?, ?)').run(id, name, now, now);
    } catch (e) {
      throw this.nameTaken(e, name);
    }
    return this.require(id);
  }

  list(): Collection[] {
    return (this.db.prepare(`${COLLECTION_SELECT} ORDER BY c.name COLLATE NOCASE, c.id`).all() as CollectionRow[]).map(toCollection);
  }

  get(id: string): Collection | undefined {
    const row = this.db.prepare(`${COLLECTION_SELECT} WHERE c.id = ?`).get(id) as CollectionRow | undefined;
    return row ? toCollection(row) : undefined;
  }

  require(id: string): Collection {
    const c = this.get(id);
    if (!c) throw notFound('collection', id);
    return c;
  }

  rename(id: string, name: string): Collection {
    const clean = checkName(name, 'collection');
    try {
      const r = this.db.prepare('UPDATE collections SET name = ?, updated_at = ? WHERE id = ?').run(clean, isoNow(), id);
      if (r.changes === 0) throw notFound('collection', id);
    } catch (e) {
      throw this.nameTaken(e, clean);
    }
    return this.require(id);
  }

  /** Deletes the collection with all its folders and items. */
  delete(id: string): boolean {
    return this.db.prepare('DELETE FROM collections WHERE id = ?').run(id).changes > 0;
  }

  /** The whole collection as a tree, folders and items ordered by position. */
  tree(id: string): CollectionTree {
    const collection = this.require(id);
    const folders = (
      this.db.prepare('SELECT * FROM collection_folders WHERE collection_id = ? ORDER BY position, rowid').all(id) as FolderRow[]
    ).map((r): FolderNode => ({ ...toFolder(r), folders: [], items: [] }));
    const items = (
      this.db.prepare('SELECT * FROM collection_items WHERE collection_id = ? ORDER BY position, rowid').all(id) as ItemRow[]
    ).map(toItem);
    const byId = new Map(folders.map((f) => [f.id, f]));
    const root: CollectionTree = { collection, folders: [], items: [] };
    for (const f of folders) (f.parentId ? byId.get(f.parentId)!.folders : root.folders).push(f);
    for (const it of items) (it.folderId ? byId.get(it.folderId)!.items : root.items).push(it);
    return root;
  }

  // ----- folders -----

  createFolder(collectionId: string, input: { name: string; parentId?: string | null }): CollectionFolder {
    const name = checkName(input?.name, 'folder');
    return this.db.transaction(() => {
      this.require(collectionId);
      const parentId = input.parentId ?? null;
      if (parentId !== null) this.checkFolderDepth(collectionId, parentId, 1);
      const n = (this.db.prepare('SELECT COUNT(*) AS n FROM collection_folders WHERE collection_id = ?').get(collectionId) as { n: number }).n;
      if (n >= COLLECTION_LIMITS.folders) throw new StoreError('invalid', `at most ${COLLECTION_LIMITS.folders} folders in a collection`);
      const id = newId();
      const position = this.nextPosition('collection_folders', 'parent_id', collectionId, parentId);
      this.db
        .prepare('INSERT INTO collection_folders (id, collection_id, parent_id, name, position) VALUES (?, ?, ?, ?, ?)')
        .run(id, collectionId, parentId, name, position);
      this.touch(collectionId);
      return toFolder(this.folderRow(id)!);
    })();
  }

  getFolder(id: string): CollectionFolder | undefined {
    const r = this.folderRow(id);
    return r ? toFolder(r) : undefined;
  }

  renameFolder(id: string, name: string): CollectionFolder {
    const clean = checkName(name, 'folder');
    const row = this.folderRow(id);
    if (!row) throw notFound('folder', id);
    this.db.prepare('UPDATE collection_folders SET name = ? WHERE id = ?').run(clean, id);
    this.touch(row.collection_id);
    return toFolder(this.folderRow(id)!);
  }

  /** Moves a folder under another folder of the same collection (or to the root with `null`). */
  moveFolder(id: string, parentId: string | null): CollectionFolder {
    return this.db.transaction(() => {
      const row = this.folderRow(id);
      if (!row) throw notFound('folder', id);
      if (parentId !== null) {
        // Walking up from the new parent must not meet the folder itself, or the tree would loop.
        for (let at: string | null = parentId; at !== null; at = this.folderRow(at)?.parent_id ?? null) {
          if (at === id) throw new StoreError('invalid', 'a folder cannot be moved into itself or one of its subfolders');
        }
        this.checkFolderDepth(row.collection_id, parentId, this.subtreeHeight(id));
      }
      const position = this.nextPosition('collection_folders', 'parent_id', row.collection_id, parentId);
      this.db.prepare('UPDATE collection_folders SET parent_id = ?, position = ? WHERE id = ?').run(parentId, position, id);
      this.touch(row.collection_id);
      return toFolder(this.folderRow(id)!);
    })();
  }

  /** Deletes a folder with its subfolders and every item in them. */
  deleteFolder(id: string): boolean {
    const row = this.folderRow(id);
    if (!row) return false;
    this.db.prepare('DELETE FROM collection_folders WHERE id = ?').run(id);
    this.touch(row.collection_id);
    return true;
  }

  // ----- items -----

  createItem(collectionId: string, input: NewItem): CollectionItem {
    if (!KINDS.includes(input?.kind)) throw new StoreError('invalid', `item kind must be one of ${KINDS.join(', ')}`);
    const name = checkName(input.name, 'item');
    const payload = payloadColumn(input.payload);
    const target = input.target === undefined ? null : checkTarget(input.target);
    const checks = input.checks === undefined ? null : checksColumn(input.checks);
    return this.db.transaction(() => {
      this.require(collectionId);
      const folderId = input.folderId ?? null;
      if (folderId !== null) this.requireFolderIn(collectionId, folderId);
      this.checkItemRoom(collectionId);
      const id = newId();
      const now = isoNow();
      const position = this.nextPosition('collection_items', 'folder_id', collectionId, folderId);
      this.db
        .prepare(
          `INSERT INTO collection_items (id, collection_id, folder_id, kind, name, payload, target, checks, position, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(id, collectionId, folderId, input.kind, name, payload, target, checks, position, now, now);
      this.touch(collectionId);
      return this.requireItem(id);
    })();
  }

  getItem(id: string): CollectionItem | undefined {
    const r = this.db.prepare('SELECT * FROM collection_items WHERE id = ?').get(id) as ItemRow | undefined;
    return r ? toItem(r) : undefined;
  }

  requireItem(id: string): CollectionItem {
    const it = this.getItem(id);
    if (!it) throw notFound('item', id);
    return it;
  }

  updateItem(id: string, changes: ItemChanges): CollectionItem {
    return this.db.transaction(() => {
      const item = this.requireItem(id);
      const name = changes.name === undefined ? item.name : checkName(changes.name, 'item');
      const payload = changes.payload === undefined ? JSON.stringify(item.payload) : payloadColumn(changes.payload);
      const target =
        changes.target === undefined
          ? item.target === undefined ? null : JSON.stringify(item.target)
          : changes.target === null ? null : checkTarget(changes.target);
      const checks =
        changes.checks === undefined
          ? item.checks === undefined ? null : JSON.stringify(item.checks)
          : changes.checks === null ? null : checksColumn(changes.checks);
      let folderId = item.folderId;
      let position = item.position;
      const collectionId = changes.collectionId ?? item.collectionId;
      const crossing = collectionId !== item.collectionId;
      if (crossing) {
        this.require(collectionId);
        this.checkItemRoom(collectionId);
        folderId = changes.folderId ?? null;
      } else if (changes.folderId !== undefined) folderId = changes.folderId;
      if (crossing || folderId !== item.folderId) {
        if (folderId !== null) this.requireFolderIn(collectionId, folderId);
        position = this.nextPosition('collection_items', 'folder_id', collectionId, folderId);
      }
      if (changes.position !== undefined) {
        if (!Number.isSafeInteger(changes.position)) throw new StoreError('invalid', 'position must be an integer');
        position = changes.position;
      }
      this.db
        .prepare('UPDATE collection_items SET collection_id = ?, name = ?, payload = ?, target = ?, checks = ?, folder_id = ?, position = ?, updated_at = ? WHERE id = ?')
        .run(collectionId, name, payload, target, checks, folderId, position, isoNow(), id);
      this.touch(item.collectionId);
      if (crossing) this.touch(collectionId);
      return this.requireItem(id);
    })();
  }

  /** A copy of an item ("NAME copy") placed right after it in the same folder; later items shift down. */
  duplicateItem(id: string): CollectionItem {
    return this.db.transaction(() => {
      const item = this.requireItem(id);
      this.checkItemRoom(item.collectionId);
      this.db
        .prepare('UPDATE collection_items SET position = position + 1 WHERE collection_id = ? AND folder_id IS ? AND position > ?')
        .run(item.collectionId, item.folderId, item.position);
      const copyId = newId();
      const now = isoNow();
      this.db
        .prepare(
          `INSERT INTO collection_items (id, collection_id, folder_id, kind, name, payload, target, checks, position, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          copyId, item.collectionId, item.folderId, item.kind, toLabel(`${item.name} copy`, item.name), JSON.stringify(item.payload),
          item.target === undefined ? null : JSON.stringify(item.target),
          item.checks === undefined ? null : JSON.stringify(item.checks),
          item.position + 1, now, now,
        );
      this.touch(item.collectionId);
      return this.requireItem(copyId);
    })();
  }

  deleteItem(id: string): boolean {
    const item = this.getItem(id);
    if (!item) return false;
    this.db.prepare('DELETE FROM collection_items WHERE id = ?').run(id);
    this.touch(item.collectionId);
    return true;
  }

  // ----- helpers -----

  private checkItemRoom(collectionId: string): void {
    const n = (this.db.prepare('SELECT COUNT(*) AS n FROM collection_items WHERE collection_id = ?').get(collectionId) as { n: number }).n;
    if (n >= COLLECTION_LIMITS.items) throw new StoreError('invalid', `at most ${COLLECTION_LIMITS.items} items in a collection`);
  }

    private folderRow(id: string): FolderRow | undefined {
    return this.db.prepare('SELECT * FROM collection_folders WHERE id = ?').get(id) as FolderRow | undefined;
  }

  private requireFolderIn(collectionId: string, folderId: string): FolderRow {
    const row = this.folderRow(folderId);
    if (!row || row.collection_id !== collectionId) throw notFound('folder in this collection', folderId);
    return row;
  }

  /** Refuses a tree deeper than the limit once `extra` levels hang under `parentId`. */
  private checkFolderDepth(collectionId: string, parentId: string, extra: number): void {
    let depth = 0;
    for (let at: FolderRow | undefined = this.requireFolderIn(collectionId, parentId); at; ) {
      depth++;
      at = at.parent_id ? this.folderRow(at.parent_id) : undefined;
    }
    if (depth + extra > COLLECTION_LIMITS.folderDepth) {
      throw new StoreError('invalid', `folders may nest at most ${COLLECTION_LIMITS.folderDepth} levels deep`);
    }
  }

  private subtreeHeight(id: string): number {
    const children = this.db.prepare('SELECT id FROM collection_folders WHERE parent_id = ?').all(id) as { id: string }[];
    return 1 + children.reduce((h, c) => Math.max(h, this.subtreeHeight(c.id)), 0);
  }

  private nextPosition(table: 'collection_folders' | 'collection_items', parentCol: string, collectionId: string, parent: string | null): number {
    const r = this.db
      .prepare(`SELECT COALESCE(MAX(position), -1) + 1 AS p FROM ${table} WHERE collection_id = ? AND ${parentCol} IS ?`)
      .get(collectionId, parent) as { p: number };
    return r.p;
  }

  private touch(collectionId: string): void {
    this.db.prepare('UPDATE collections SET updated_at = ? WHERE id = ?').run(isoNow(), collectionId);
  }

  private nameTaken(e: unknown, name: string): unknown {
    if ((e as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') {
      return new StoreError('conflict', `a collection named "${name}" already exists`);
    }
    return e;
  }
}
