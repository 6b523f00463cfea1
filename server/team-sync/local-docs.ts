/**
 * The local side of each kind the team server shares, in one table (`Record<SharedKind, …>`, so a
 * new kind must say how it travels): what a local collection or environment sends to the team and
 * the hash that tells "changed here since", and how what the team holds becomes a local copy.
 *
 * Collections travel as collection files (secret values written back as `{{name}}`, as in a file
 * export). Environments travel as templates: names and non-secret values; a secret goes as its
 * name only, and a pulled secret is empty here ("needs a value") until typed. Pulling over an
 * environment keeps the secret values typed on this machine for the names the template still has.
 */
import { createHash } from 'node:crypto';
import { buildCollectionFile, validateCollectionFile, type CollectionFileFolder, type CollectionFileV1 } from '../../lib/collections';
import { ENVIRONMENT_FILE_FORMAT, ENVIRONMENT_FILE_VERSION, needsValue, parseEnvironmentFile, type ImportedVariable } from '../../lib/variables';
import type { TemplateVariable } from '../../lib/team/api';
import type { SharedKind } from '../../lib/team/sync';
import type { Store, Variable } from '../store';
import { StoreError } from '../store';
import { allSecrets } from '../routes/common';

/** What the team holds, checked and ready to become a local copy. */
export interface Incoming {
  /** A new local copy under a free name near `wanted`. */
  create(store: Store, wanted: string): { id: string; name: string };
  /** The local copy `id` now holds this (the caller runs it in a transaction). */
  replace(store: Store, id: string): void;
}

export interface LocalDoc {
  /** The local name, or undefined when there is no such local thing. */
  name(store: Store, id: string): string | undefined;
  /** The team PUT body (without `version`) and a hash of it. */
  outgoing(store: Store, id: string): { payload: Record<string, unknown>; hash: string };
  /** The team's body checked; a string says why it cannot be used. */
  incoming(body: unknown): Incoming | string;
  /** Secret variables of the local copy that still need a value on this machine. */
  needsValue(store: Store, id: string): string[];
}

const hashOf = (v: unknown) => createHash('sha256').update(JSON.stringify(v)).digest('hex');

/** The name itself, or "name (2)", "name (3)" … when a local one already has it. */
function freeName(taken: readonly string[], wanted: string): string {
  const lower = new Set(taken.map((n) => n.toLowerCase()));
  for (let i = 1; i < 10_000; i++) {
    const suffix = i === 1 ? '' : ` (${i})`;
    const candidate = wanted.slice(0, 200 - suffix.length) + suffix;
    if (!lower.has(candidate.toLowerCase())) return candidate;
  }
  throw new StoreError('conflict', `too many local copies named "${wanted}"`);
}

function fillCollection(store: Store, collectionId: string, file: CollectionFileV1): void {
  const c = store.collections;
  const put = (items: CollectionFileV1['items'], folderId: string | null) => {
    for (const it of items) c.createItem(collectionId, { kind: it.kind, name: it.name, payload: it.payload, target: it.target, checks: it.checks, folderId });
  };
  const walk = (folders: CollectionFileFolder[], parentId: string | null) => {
    for (const f of folders) {
      const folder = c.createFolder(collectionId, { name: f.name, parentId });
      put(f.items, folder.id);
      walk(f.folders, folder.id);
    }
  };
  put(file.items, null);
  walk(file.folders, null);
}

function collectionFile(store: Store, id: string): CollectionFileV1 {
  return buildCollectionFile(store.collections.tree(id), { secrets: allSecrets(store) }).file;
}

/** An environment as a template: a secret by its name only. */
const templateOf = (vars: readonly Variable[]): TemplateVariable[] =>
  vars.map((v) => (v.secret ? { name: v.name, secret: true } : { name: v.name, secret: false, value: v.value }));

/** A template read with the environment file's own rules (the same limits, a secret never with a value). */
function readTemplate(body: unknown): ImportedVariable[] | string {
  const vars = (body as { variables?: unknown } | null)?.variables;
  if (!Array.isArray(vars)) return 'a template has a list of variables';
  const asFile = vars.map((v: Partial<TemplateVariable> | null) =>
    v && v.secret === true ? { name: v.name, secret: true, ...(v.value === undefined ? {} : { value: v.value }) } : { name: v?.name, value: v?.value ?? '' },
  );
  const parsed = parseEnvironmentFile(JSON.stringify({ format: ENVIRONMENT_FILE_FORMAT, version: ENVIRONMENT_FILE_VERSION, name: 'team template', variables: asFile }));
  return parsed.ok ? parsed.variables : parsed.error.replace(/^not imported: /, '');
}

export const LOCAL_DOCS: Record<SharedKind, LocalDoc> = {
  collection: {
    name: (store, id) => store.collections.get(id)?.name,
    outgoing(store, id) {
      const file = collectionFile(store, id);
      // The local name is not part of it: renaming here does not make it "changed".
      return { payload: { body: file }, hash: hashOf({ items: file.items, folders: file.folders }) };
    },
    incoming(body) {
      const parsed = validateCollectionFile(body);
      if (!parsed.ok) return parsed.error;
      const file = parsed.value;
      return {
        create(store: Store, wanted: string) {
          const c = store.collections.create({ name: freeName(store.collections.list().map((x) => x.name), wanted) });
          fillCollection(store, c.id, file);
          return { id: c.id, name: c.name };
        },
        replace(store: Store, id: string) {
          const tree = store.collections.tree(id);
          for (const f of tree.folders) store.collections.deleteFolder(f.id);
          for (const it of tree.items) store.collections.deleteItem(it.id);
          fillCollection(store, id, file);
        },
      };
    },
    needsValue: () => [],
  },
  environment: {
    name: (store, id) => store.environments.get(id)?.name,
    outgoing(store, id) {
      const variables = templateOf(store.environments.require(id).variables);
      return { payload: { variables }, hash: hashOf(variables) };
    },
    incoming(body) {
      const variables = readTemplate(body);
      if (typeof variables === 'string') return variables;
      return {
        create(store: Store, wanted: string) {
          const e = store.environments.create({ name: freeName(store.environments.list().map((x) => x.name), wanted), variables });
          return { id: e.id, name: e.name };
        },
        replace(store: Store, id: string) {
          const typedHere = new Map(store.environments.require(id).variables.filter((v) => v.secret).map((v) => [v.name, v.value]));
          store.environments.setVariables(id, variables.map((v) => (v.secret ? { ...v, value: typedHere.get(v.name) ?? '' } : v)));
        },
      };
    },
    needsValue: (store, id) => needsValue(store.environments.require(id).variables),
  },
};
