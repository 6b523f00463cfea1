/**
 * Collections and environments as the store keeps them and the API hands them out: one set of
 * shapes for the server (server/store) and the page (components/stores), so the two cannot drift.
 */
import type { TargetSpec } from '../session/types';
import type { CollectionItemKind } from './types';
import type { ItemChecks } from './checks';

export interface Collection {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  itemCount: number;
}

export interface CollectionFolder {
  id: string;
  collectionId: string;
  parentId: string | null;
  name: string;
  position: number;
}

export interface CollectionItem {
  id: string;
  collectionId: string;
  folderId: string | null;
  kind: CollectionItemKind;
  name: string;
  /** What the builder or batch editor saved (a request object, a batch, `{ text }` for raw …). */
  payload: unknown;
  target?: TargetSpec;
  /** Assertions on the answer and captures from it, for "Run folder" and `rpcscope run`. */
  checks?: ItemChecks;
  position: number;
  createdAt: string;
  updatedAt: string;
}

export interface FolderNode extends CollectionFolder {
  folders: FolderNode[];
  items: CollectionItem[];
}

export interface CollectionTree {
  collection: Collection;
  /** Top-level folders, each with its subfolders and items. */
  folders: FolderNode[];
  /** Items at the root of the collection. */
  items: CollectionItem[];
}

export interface NewItem {
  kind: CollectionItemKind;
  name: string;
  payload: unknown;
  target?: TargetSpec;
  checks?: ItemChecks;
  folderId?: string | null;
}

export interface ItemChanges {
  name?: string;
  payload?: unknown;
  /** `null` removes the item's own target. */
  target?: TargetSpec | null;
  /** `null` (or empty checks) removes them. */
  checks?: ItemChecks | null;
  folderId?: string | null;
  /** Moves the item to another collection (with `folderId` there, or its root). */
  collectionId?: string;
  position?: number;
}

export interface Variable {
  name: string;
  value: string;
  secret: boolean;
}

export interface Environment {
  id: string;
  name: string;
  variables: Variable[];
  createdAt: string;
  updatedAt: string;
}
