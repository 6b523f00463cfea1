/**
 * Pure helpers for the collections panel: which items a search keeps, and where "Move to…" and
 * drag and drop may put an item. Kept out of the components so they are unit-tested without a page.
 */
import type { CollectionTree, FolderNode, CollectionItem } from './stored';
import { itemMessageText } from './run';

/** Only the head of an item's text is scanned: a search must stay instant on a 64 MiB payload. */
const SCAN_CHARS = 64 * 1024;
/** A query longer than any name or method cannot match; clipping it bounds the work per keystroke. */
export const SEARCH_QUERY_MAX = 200;
const METHOD_RE = /"method"\s*:\s*"((?:[^"\\]|\\.){0,400})"/g;

/** The methods an item sends (a request's, each of a batch's), read from its text even when it holds `{{var}}`. */
export function itemMethods(item: Pick<CollectionItem, 'payload'>): string[] {
  const text = itemMessageText(item.payload).slice(0, SCAN_CHARS);
  const out: string[] = [];
  for (const m of text.matchAll(METHOD_RE)) out.push(m[1]);
  return out;
}

/** Whether an item's name or one of its methods contains the query (case-insensitive). */
export function itemMatches(item: Pick<CollectionItem, 'name' | 'payload'>, query: string): boolean {
  const q = query.trim().slice(0, SEARCH_QUERY_MAX).toLowerCase();
  if (!q) return true;
  return item.name.toLowerCase().includes(q) || itemMethods(item).some((m) => m.toLowerCase().includes(q));
}

export interface FilteredTree {
  tree: CollectionTree;
  /** How many items the search kept. */
  matches: number;
}

/**
 * The tree with only the items that match, and only the folders that hold a match somewhere
 * below them; an empty query gives the tree back as it is.
 */
export function filterTree(tree: CollectionTree, query: string): FilteredTree {
  if (!query.trim()) return { tree, matches: countItems(tree.items, tree.folders) };
  let matches = 0;
  const keepItems = (items: CollectionItem[]) => {
    const kept = items.filter((it) => itemMatches(it, query));
    matches += kept.length;
    return kept;
  };
  const keepFolders = (folders: FolderNode[]): FolderNode[] =>
    folders.flatMap((f) => {
      const sub = keepFolders(f.folders);
      const items = keepItems(f.items);
      return sub.length || items.length ? [{ ...f, folders: sub, items }] : [];
    });
  const folders = keepFolders(tree.folders);
  const items = keepItems(tree.items);
  return { tree: { ...tree, folders, items }, matches };
}

function countItems(items: CollectionItem[], folders: FolderNode[]): number {
  return folders.reduce((n, f) => n + countItems(f.items, f.folders), items.length);
}

export interface MoveTarget {
  collectionId: string;
  folderId: string | null;
  /** "Collection" or "Collection / folder / sub". */
  label: string;
  depth: number;
  /** Where the item is now: listed (so each folder sits under its collection) but not a choice. */
  here: boolean;
}

/**
 * Every place an item can go: each collection's root and, for collections whose tree is loaded,
 * each of its folders depth-first. The item's own place is marked `here` (moving there does nothing).
 */
export function moveTargets(
  collections: readonly { id: string; name: string }[],
  trees: Readonly<Record<string, CollectionTree | undefined>>,
  item?: Pick<CollectionItem, 'collectionId' | 'folderId'>,
): MoveTarget[] {
  const out: MoveTarget[] = [];
  const here = (collectionId: string, folderId: string | null) => !!item && item.collectionId === collectionId && item.folderId === folderId;
  for (const c of collections) {
    out.push({ collectionId: c.id, folderId: null, label: c.name, depth: 0, here: here(c.id, null) });
    const walk = (folders: FolderNode[], prefix: string, depth: number) => {
      for (const f of folders) {
        const label = `${prefix} / ${f.name}`;
        out.push({ collectionId: c.id, folderId: f.id, label, depth, here: here(c.id, f.id) });
        walk(f.folders, label, depth + 1);
      }
    };
    walk(trees[c.id]?.folders ?? [], c.name, 1);
  }
  return out;
}
