/**
 * Collection file, version 1 or 2: a collection of saved requests as a versioned JSON file meant to
 * live in git. Folders nest; items are a request, a batch or a raw message, optionally with their
 * own target. Ids and timestamps are left out on purpose: two exports of the same collection are
 * the same bytes, and an import never collides with rows that exist.
 *
 * Item payloads are what the builder saved. The run route sends `{ "text": "…" }` exactly as
 * written, and any other JSON value (a message object, a batch array) as compact JSON.
 */
import type { TargetSpec } from '../session/types';
import type { ItemChecks } from './checks';

export const COLLECTION_FILE_FORMAT = 'rpcscope-collection';
/**
 * The newest version this rpcscope reads. Version 2 adds a batch payload's `autoIds`
 * (lib/collections/auto-ids.ts); a file that uses none is still written as version 1, so it keeps
 * its bytes and older rpcscopes keep reading it.
 */
export const COLLECTION_FILE_VERSION = 2;
export type CollectionFileVersion = 1 | 2;

export type CollectionItemKind = 'request' | 'batch' | 'raw';
export const ITEM_KINDS: readonly CollectionItemKind[] = ['request', 'batch', 'raw'];

export interface CollectionFileItem {
  name: string;
  kind: CollectionItemKind;
  target?: TargetSpec;
  payload: unknown;
  /** Assertions on the answer and captures from it (lib/collections/checks.ts); left out when empty. */
  checks?: ItemChecks;
}

export interface CollectionFileFolder {
  name: string;
  items: CollectionFileItem[];
  folders: CollectionFileFolder[];
}

export interface CollectionFileV1 {
  format: typeof COLLECTION_FILE_FORMAT;
  version: CollectionFileVersion;
  name: string;
  items: CollectionFileItem[];
  folders: CollectionFileFolder[];
}

/** The same limits the store enforces, checked before anything is written. */
export const COLLECTION_FILE_LIMITS = {
  fileChars: 32 * 1024 * 1024,
  jsonDepth: 160,
  items: 10_000,
  folders: 1000,
  folderDepth: 32,
  payloadChars: 64 * 1024 * 1024,
  payloadDepth: 64,
  reportedErrors: 20,
} as const;

/** One bad entry: where it is (`folders[0] "docs" › items[2] "hover"`) and what is wrong. */
export interface EntryError {
  entry: string;
  message: string;
}

export type CollectionParse =
  | { ok: true; value: CollectionFileV1; counts: { items: number; folders: number } }
  | { ok: false; error: string; errors: EntryError[] };

/** What the store hands out (server/store CollectionTree), reduced to what a file keeps. */
export interface TreeItemLike {
  name: string;
  kind: CollectionItemKind;
  payload: unknown;
  target?: TargetSpec;
  checks?: ItemChecks;
}
export interface TreeFolderLike {
  name: string;
  folders: TreeFolderLike[];
  items: TreeItemLike[];
}
export interface CollectionTreeLike {
  collection: { name: string };
  folders: TreeFolderLike[];
  items: TreeItemLike[];
}
