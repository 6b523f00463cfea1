/**
 * Collections of saved requests as the page holds them: the list, each opened collection's tree,
 * which folders are unfolded (remembered across reloads), and the calls that change them. Every
 * change re-reads the affected tree from the server, so the page never guesses positions.
 */
import type { RunReport } from '@/lib/collections/sequence';
import { create } from 'zustand';
import { API } from '@/lib/api/routes';
import { api } from '@/components/stores/sessions';
import type { Downloaded } from '@/components/api/client';
import type { CollectionImport, RunResult } from '@/lib/api/bodies';

import type { CollectionItemKind } from '@/lib/collections/types';
import { SEARCH_QUERY_MAX } from '@/lib/collections/tree-ops';
import type { Collection, CollectionFolder, CollectionItem, CollectionTree, FolderNode, ItemChanges, NewItem } from '@/lib/collections/stored';

export type { CollectionItem, CollectionTree, FolderNode, ItemChanges, NewItem };
export type ItemKind = CollectionItemKind;
/** A collection as the list route returns it (with its item count). */
export type CollectionInfo = Collection;

export type ImportResult = CollectionImport;

const EXPANDED_KEY = 'rpcscope.collections.expanded';

function recallExpanded(): Record<string, boolean> {
  try {
    const v: unknown = JSON.parse(window.localStorage.getItem(EXPANDED_KEY) ?? '{}');
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, boolean>) : {};
  } catch {
    return {};
  }
}

function rememberExpanded(all: Record<string, boolean>): void {
  try {
    window.localStorage.setItem(EXPANDED_KEY, JSON.stringify(all));
  } catch {
    // storage disabled: folds are simply not remembered
  }
}

/** Where "Move to…" and drag and drop put an item: a collection's root (`folderId: null`) or one of its folders. */
export interface MoveDestination {
  collectionId: string;
  folderId: string | null;
}

export interface CollectionsStore {
  list: CollectionInfo[];
  loaded: boolean;
  loading: boolean;
  error: string | null;
  trees: Record<string, CollectionTree>;
  /** Collection and folder ids that are unfolded. */
  expanded: Record<string, boolean>;
  /** The item whose details show under it. */
  openItem: string | null;
  /** The panel's search text: items whose name or method contains it (lib/collections/tree-ops.ts). */
  search: string;
  setSearch(text: string): void;
  load(): Promise<void>;
  loadTree(id: string): Promise<CollectionTree>;
  toggle(id: string, open?: boolean): void;
  setOpenItem(id: string | null): void;
  create(name: string): Promise<CollectionInfo>;
  rename(id: string, name: string): Promise<void>;
  remove(id: string): Promise<void>;
  createFolder(collectionId: string, name: string, parentId?: string | null): Promise<CollectionFolder>;
  renameFolder(collectionId: string, folderId: string, name: string): Promise<void>;
  deleteFolder(collectionId: string, folderId: string): Promise<void>;
  addItem(collectionId: string, item: NewItem): Promise<CollectionItem>;
  updateItem(collectionId: string, itemId: string, changes: ItemChanges): Promise<CollectionItem>;
  deleteItem(collectionId: string, itemId: string): Promise<void>;
  /** A copy right after the item ("NAME copy"). */
  duplicateItem(collectionId: string, itemId: string): Promise<CollectionItem>;
  /** Moves an item to a folder (or the root) of the same or another collection, and unfolds where it went. */
  moveItem(from: string, itemId: string, to: MoveDestination): Promise<CollectionItem>;
  run(collectionId: string, itemId: string, opts: { sessionId?: string; environmentId?: string; firstAutoId?: number }): Promise<RunResult>;
  /** Runs a folder's items in order with their checks (server/routes/run-folder.ts). */
  runFolder(collectionId: string, folderId: string, opts: { sessionId?: string; environmentId?: string; firstAutoId?: number }): Promise<{ report: RunReport; sessionIds: string[] }>;
  importFile(text: string): Promise<ImportResult>;
  importOpenRpc(text: string): Promise<ImportResult>;
  exportFile(id: string): Promise<Downloaded>;
}


export const useCollections = create<CollectionsStore>()((set, get) => {
  const refresh = async (collectionId: string) => {
    await Promise.all([get().loadTree(collectionId), get().load()]);
  };
  const afterImport = (r: ImportResult) => {
    set((s) => ({ trees: { ...s.trees, [r.collection.id]: r.tree } }));
    get().toggle(r.collection.id, true);
    void get().load();
    return r;
  };

  return {
    list: [],
    loaded: false,
    loading: false,
    error: null,
    trees: {},
    expanded: typeof window === 'undefined' ? {} : recallExpanded(),
    openItem: null,
    search: '',

    setSearch(text) {
      set({ search: text.slice(0, SEARCH_QUERY_MAX) });
      // A search looks inside every collection, folded or not.
      if (text.trim()) for (const c of get().list) if (!get().trees[c.id]) void get().loadTree(c.id).catch(() => undefined);
    },

    async load() {
      set({ loading: true });
      try {
        const { collections } = await api.call(API.listCollections);
        set({ list: collections, loaded: true, loading: false, error: null });
        // Unfolded collections show their trees at once after a reload.
        const { expanded, trees } = get();
        for (const c of collections) if (expanded[c.id] && !trees[c.id]) void get().loadTree(c.id).catch(() => undefined);
      } catch (err) {
        set({ loading: false, error: (err as Error).message });
      }
    },

    async loadTree(id) {
      const { tree } = await api.call(API.getCollection, { params: { id } });
      set((s) => ({ trees: { ...s.trees, [id]: tree } }));
      return tree;
    },

    toggle(id, open) {
      const expanded = { ...get().expanded };
      const next = open ?? !expanded[id];
      if (next) expanded[id] = true;
      else delete expanded[id];
      set({ expanded });
      rememberExpanded(expanded);
      if (next && get().list.some((c) => c.id === id) && !get().trees[id]) void get().loadTree(id).catch((err: Error) => set({ error: err.message }));
    },

    setOpenItem(id) {
      set({ openItem: id });
    },

    async create(name) {
      const { collection } = await api.call(API.createCollection, { body: { name } });
      set((s) => ({ list: [...s.list, collection].sort((a, b) => a.name.localeCompare(b.name)) }));
      get().toggle(collection.id, true);
      return collection;
    },

    async rename(id, name) {
      await api.call(API.renameCollection, { params: { id }, body: { name } });
      await refresh(id);
    },

    async remove(id) {
      await api.call(API.deleteCollection, { params: { id } });
      set((s) => {
        const trees = { ...s.trees };
        delete trees[id];
        return { trees, list: s.list.filter((c) => c.id !== id) };
      });
    },

    async createFolder(collectionId, name, parentId = null) {
      const { folder } = await api.call(API.createFolder, { params: { id: collectionId }, body: { name, parentId } });
      get().toggle(collectionId, true);
      if (parentId) get().toggle(parentId, true);
      await refresh(collectionId);
      return folder;
    },

    async renameFolder(collectionId, folderId, name) {
      await api.call(API.updateFolder, { params: { id: collectionId, folderId }, body: { name } });
      await refresh(collectionId);
    },

    async deleteFolder(collectionId, folderId) {
      await api.call(API.deleteFolder, { params: { id: collectionId, folderId } });
      await refresh(collectionId);
    },

    async addItem(collectionId, item) {
      const { item: saved } = await api.call(API.createItem, { params: { id: collectionId }, body: item });
      get().toggle(collectionId, true);
      if (item.folderId) get().toggle(item.folderId, true);
      await refresh(collectionId);
      return saved;
    },

    async updateItem(collectionId, itemId, changes) {
      const { item } = await api.call(API.updateItem, { params: { id: collectionId, itemId }, body: changes });
      await refresh(collectionId);
      return item;
    },

    async duplicateItem(collectionId, itemId) {
      const { item } = await api.call(API.duplicateItem, { params: { id: collectionId, itemId }, body: {} });
      await refresh(collectionId);
      return item;
    },

    async moveItem(from, itemId, to) {
      const { item } = await api.call(API.updateItem, { params: { id: from, itemId }, body: { collectionId: to.collectionId, folderId: to.folderId } });
      get().toggle(to.collectionId, true);
      if (to.folderId) get().toggle(to.folderId, true);
      await Promise.all([refresh(from), to.collectionId === from ? undefined : get().loadTree(to.collectionId)]);
      return item;
    },

    async deleteItem(collectionId, itemId) {
      await api.call(API.deleteItem, { params: { id: collectionId, itemId } });
      if (get().openItem === itemId) set({ openItem: null });
      await refresh(collectionId);
    },

    async run(collectionId, itemId, opts) {
      const body: { sessionId?: string; environmentId?: string; firstAutoId?: number } = {};
      if (opts.sessionId) body.sessionId = opts.sessionId;
      if (opts.firstAutoId !== undefined) body.firstAutoId = opts.firstAutoId;
      if (opts.environmentId) body.environmentId = opts.environmentId;
      return api.call(API.runItem, { params: { id: collectionId, itemId }, body });
    },

    async runFolder(collectionId, folderId, opts) {
      return api.call(API.runFolder, { params: { id: collectionId }, body: { folderId, ...opts } });
    },

    async importFile(text) {
      return afterImport(await api.call(API.importCollection, { body: { text } }));
    },

    async importOpenRpc(text) {
      return afterImport(await api.call(API.importOpenRpcCollection, { body: { text } }));
    },

    async exportFile(id) {
      const name = get().list.find((c) => c.id === id)?.name ?? 'collection';
      return api.download(API.exportCollection, { params: { id } }, `${name}.rpcscope-collection.json`);
    },
  };
});

/** Every folder of a tree, depth-first, with its depth (for pickers). */
export function flattenFolders(tree: CollectionTree): { folder: FolderNode; depth: number; path: string }[] {
  const out: { folder: FolderNode; depth: number; path: string }[] = [];
  const walk = (folders: FolderNode[], depth: number, prefix: string) => {
    for (const f of folders) {
      const path = prefix ? `${prefix} / ${f.name}` : f.name;
      out.push({ folder: f, depth, path });
      walk(f.folders, depth + 1, path);
    }
  };
  walk(tree.folders, 0, '');
  return out;
}
