/**
 * Writing a collection file: fixed key order, two-space indentation, a final newline, so the file
 * diffs line by line in git. Secret variable values found in items are written back as their
 * `{{name}}` reference: a secret never leaves in clear, and importing the file next to the same
 * environment gives the same requests.
 */
import type { TargetSpec } from '../session/types';
import { hasChecks } from './checks';
import { autoIdsOf } from './auto-ids';
import {
  COLLECTION_FILE_FORMAT,
  COLLECTION_FILE_VERSION,
  type CollectionFileFolder,
  type CollectionFileItem,
  type CollectionFileV1,
  type CollectionTreeLike,
  type TreeFolderLike,
  type TreeItemLike,
} from './types';

const TARGET_ORDER = ['kind', 'url', 'host', 'port', 'command', 'args', 'cwd', 'framing', 'subprotocols', 'headers', 'env'];

type Obj = Record<string, unknown>;

function orderedTarget(t: TargetSpec): TargetSpec {
  const src = t as unknown as Obj;
  const out: Obj = {};
  for (const k of TARGET_ORDER) if (src[k] !== undefined) out[k] = src[k];
  for (const k of Object.keys(src).sort()) if (!(k in out) && src[k] !== undefined) out[k] = src[k];
  return out as unknown as TargetSpec;
}

export interface SecretRef {
  name: string;
  value: string;
}

/** Secrets shorter than this are left alone: replacing them would rewrite unrelated text. */
const MIN_SECRET_CHARS = 4;

class SecretsToRefs {
  private readonly pairs: [string, string][] = [];
  replaced = 0;

  constructor(secrets: readonly SecretRef[]) {
    const seen = new Set<string>();
    for (const s of secrets) {
      if (s.value.length < MIN_SECRET_CHARS) continue;
      const ref = `{{${s.name}}}`;
      for (const v of [s.value, JSON.stringify(s.value).slice(1, -1)]) {
        if (!seen.has(v)) {
          seen.add(v);
          this.pairs.push([v, ref]);
        }
      }
    }
    this.pairs.sort((a, b) => b[0].length - a[0].length);
  }

  text(s: string): string {
    let out = s;
    for (const [value, ref] of this.pairs) {
      if (!out.includes(value)) continue;
      const parts = out.split(value);
      this.replaced += parts.length - 1;
      out = parts.join(ref);
    }
    return out;
  }

  value(v: unknown, depth = 0): unknown {
    if (typeof v === 'string') return this.text(v);
    if (depth > 100 || typeof v !== 'object' || v === null) return v;
    if (Array.isArray(v)) return v.map((x) => this.value(x, depth + 1));
    const out: Obj = {};
    for (const [k, x] of Object.entries(v)) out[k] = this.value(x, depth + 1);
    return out;
  }
}

export interface BuildCollectionOptions {
  /** Secret variables: their values are written as `{{name}}`. */
  secrets?: readonly SecretRef[];
}

export function buildCollectionFile(
  tree: CollectionTreeLike,
  opts: BuildCollectionOptions = {},
): { file: CollectionFileV1; secretsReplaced: number } {
  const refs = new SecretsToRefs(opts.secrets ?? []);
  const item = (it: TreeItemLike): CollectionFileItem => {
    const out: CollectionFileItem = { name: it.name, kind: it.kind } as CollectionFileItem;
    if (it.target) out.target = orderedTarget(refs.value(it.target) as TargetSpec);
    out.payload = refs.value(it.payload);
    if (hasChecks(it.checks)) out.checks = { assertions: it.checks.assertions, captures: it.checks.captures };
    return out;
  };
  const folder = (f: TreeFolderLike): CollectionFileFolder => ({
    name: f.name,
    items: f.items.map(item),
    folders: f.folders.map(folder),
  });
  let usesAutoIds = false;
  const noteAutoIds = (it: TreeItemLike) => {
    if (it.kind === 'batch' && autoIdsOf(it.payload).length) usesAutoIds = true;
  };
  const walk = (f: { items: TreeItemLike[]; folders: TreeFolderLike[] }): void => {
    f.items.forEach(noteAutoIds);
    f.folders.forEach(walk);
  };
  walk(tree);
  const file: CollectionFileV1 = {
    format: COLLECTION_FILE_FORMAT,
    // Version 2 only when a batch remembers auto ids: every other file keeps its version-1 bytes.
    version: usesAutoIds ? COLLECTION_FILE_VERSION : 1,
    name: tree.collection.name,
    items: tree.items.map(item),
    folders: tree.folders.map(folder),
  };
  return { file, secretsReplaced: refs.replaced };
}

/** Re-orders keys on the way out too, so a file built by hand serialises the same way. */
export function serializeCollectionFile(file: CollectionFileV1): string {
  const { file: canonical } = buildCollectionFile({ collection: { name: file.name }, items: file.items, folders: file.folders });
  return JSON.stringify(canonical, null, 2) + '\n';
}
