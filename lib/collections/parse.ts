/**
 * Reading a collection file: all or nothing. Every entry is checked before anything is written,
 * and each bad one is reported by where it sits and why (`folders[0] "docs" › items[2] "hover":
 * kind must be one of request, batch, raw`). Forged or future-version files are refused whole.
 */
import { TargetSpecSchema, formatIssues, nameSchema } from '../session/schemas';
import { jsonDepthExceeds } from '../session/file-format';
import { hasChecks, parseChecks, type ItemChecks } from './checks';
import { autoIdsProblem } from './auto-ids';
import {
  COLLECTION_FILE_FORMAT,
  COLLECTION_FILE_LIMITS as L,
  COLLECTION_FILE_VERSION,
  ITEM_KINDS,
  type CollectionFileFolder,
  type CollectionFileItem,
  type CollectionFileVersion,
  type CollectionParse,
  type EntryError,
} from './types';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const mib = (n: number) => `${Math.round((n / (1024 * 1024)) * 10) / 10} MiB`;

const ITEM_KEYS = new Set(['name', 'kind', 'target', 'payload', 'checks']);
const FOLDER_KEYS = new Set(['name', 'items', 'folders']);
const FILE_KEYS = new Set(['format', 'version', 'name', 'items', 'folders']);

const refuse = (error: string, errors: EntryError[] = []): CollectionParse => ({ ok: false, error, errors });

function label(v: unknown): string {
  return isObj(v) && typeof v.name === 'string' ? ` "${v.name.slice(0, 40)}${v.name.length > 40 ? '…' : ''}"` : '';
}

function checkName(v: unknown): string | null {
  const r = nameSchema.safeParse(v);
  if (r.success) return null;
  return typeof v !== 'string' ? 'name must be text' : `name: ${r.error.issues[0].message}`;
}

/** Nesting of arrays and objects in a parsed value (as the text would show it), stopping once past `max`. */
function depthOver(v: unknown, max: number, depth = 1): boolean {
  if (typeof v !== 'object' || v === null) return false;
  if (depth > max) return true;
  for (const x of Array.isArray(v) ? v : Object.values(v)) if (depthOver(x, max, depth + 1)) return true;
  return false;
}

class Checker {
  constructor(readonly version: CollectionFileVersion) {}
  readonly errors: EntryError[] = [];
  items = 0;
  folders = 0;

  fail(entry: string, message: string): void {
    if (this.errors.length < L.reportedErrors) this.errors.push({ entry, message });
  }

  unknownKeys(o: Obj, allowed: Set<string>, entry: string): void {
    const extra = Object.keys(o).filter((k) => !allowed.has(k));
    if (extra.length) this.fail(entry, `unknown member${extra.length > 1 ? 's' : ''} ${extra.slice(0, 3).map((k) => JSON.stringify(k.slice(0, 40))).join(', ')}`);
  }

  item(v: unknown, entry: string): CollectionFileItem | null {
    this.items++;
    if (!isObj(v)) {
      this.fail(entry, 'expected an item object { name, kind, payload }');
      return null;
    }
    const before = this.errors.length;
    this.unknownKeys(v, ITEM_KEYS, entry);
    const nameError = checkName(v.name);
    if (nameError) this.fail(entry, nameError);
    if (!ITEM_KINDS.includes(v.kind as never)) this.fail(entry, `kind must be one of ${ITEM_KINDS.join(', ')}`);
    if (!('payload' in v) || v.payload === undefined) this.fail(entry, 'payload is missing');
    else if (depthOver(v.payload, L.payloadDepth)) this.fail(entry, `payload is nested more than ${L.payloadDepth} levels deep`);
    else if (JSON.stringify(v.payload).length > L.payloadChars) this.fail(entry, `payload is larger than ${mib(L.payloadChars)}`);
    else if (v.kind === 'raw' && !(isObj(v.payload) && typeof v.payload.text === 'string')) this.fail(entry, 'a raw item\'s payload must be { "text": "…" }');
    else if (isObj(v.payload) && v.payload.autoIds !== undefined) this.autoIds(v.kind, v.payload, entry);
    let target: CollectionFileItem['target'];
    if (v.target !== undefined) {
      const t = TargetSpecSchema.safeParse(v.target);
      if (t.success) target = t.data;
      else this.fail(entry, `target: ${formatIssues(t.error.issues)}`);
    }
    let checks: ItemChecks | undefined;
    if (v.checks !== undefined) {
      const c = parseChecks(v.checks);
      if (c.ok) checks = c.checks;
      else for (const e of c.errors) this.fail(entry, `checks: ${e}`);
    }
    if (this.errors.length > before) return null;
    const out: CollectionFileItem = { name: (v.name as string).trim(), kind: v.kind as CollectionFileItem['kind'], payload: v.payload };
    if (target) out.target = target;
    if (hasChecks(checks)) out.checks = checks;
    return out;
  }

  /** `autoIds` (version 2): only on a batch saved as text, and only entry positions. */
  private autoIds(kind: unknown, payload: Obj, entry: string): void {
    if (this.version < 2) this.fail(entry, 'payload.autoIds needs a collection file of version 2');
    else if (kind !== 'batch' || typeof payload.text !== 'string') this.fail(entry, 'payload.autoIds belongs to a batch saved as { "text": "…" }');
    else {
      const problem = autoIdsProblem(payload.autoIds);
      if (problem) this.fail(entry, `payload.${problem}`);
    }
  }

  list<T>(v: unknown, what: 'items' | 'folders', entry: string, each: (x: unknown, e: string) => T | null): T[] {
    if (v === undefined) return [];
    if (!Array.isArray(v)) {
      this.fail(entry || 'file', `${what} must be a list`);
      return [];
    }
    const limit = what === 'items' ? L.items : L.folders;
    if (v.length > limit) {
      this.fail(entry || 'file', `more than ${limit} ${what}`);
      return [];
    }
    const out: T[] = [];
    v.forEach((x, i) => {
      const r = each(x, `${entry ? entry + ' › ' : ''}${what}[${i}]${label(x)}`);
      if (r !== null) out.push(r);
    });
    return out;
  }

  folder(v: unknown, entry: string, depth: number): CollectionFileFolder | null {
    this.folders++;
    if (!isObj(v)) {
      this.fail(entry, 'expected a folder object { name, items, folders }');
      return null;
    }
    if (depth > L.folderDepth) {
      this.fail(entry, `folders nest more than ${L.folderDepth} levels deep`);
      return null;
    }
    const before = this.errors.length;
    this.unknownKeys(v, FOLDER_KEYS, entry);
    const nameError = checkName(v.name);
    if (nameError) this.fail(entry, nameError);
    const items = this.list(v.items, 'items', entry, (x, e) => this.item(x, e));
    const folders = this.list(v.folders, 'folders', entry, (x, e) => this.folder(x, e, depth + 1));
    if (this.errors.length > before) return null;
    return { name: (v.name as string).trim(), items, folders };
  }
}

/** Validate an already-parsed collection file. Never throws. */
export function validateCollectionFile(value: unknown): CollectionParse {
  if (!isObj(value)) return refuse('not a collection file: expected a JSON object');
  if (value.format !== COLLECTION_FILE_FORMAT) {
    const got = typeof value.format === 'string' ? `"${value.format.slice(0, 80)}"` : 'missing';
    return refuse(`not an rpcscope collection file: format is ${got}, expected "${COLLECTION_FILE_FORMAT}"`);
  }
  const v = value.version;
  if (typeof v === 'number' && Number.isInteger(v) && v > COLLECTION_FILE_VERSION) {
    return refuse(`made by a newer rpcscope: version ${v} (this rpcscope reads collection files of version ${COLLECTION_FILE_VERSION})`);
  }
  if (v !== 1 && v !== 2) {
    return refuse(`unsupported collection file version: ${v === undefined ? 'missing' : JSON.stringify(v).slice(0, 80)} (this rpcscope reads versions 1 to ${COLLECTION_FILE_VERSION})`);
  }
  const c = new Checker(v);
  c.unknownKeys(value, FILE_KEYS, 'file');
  const nameError = checkName(value.name);
  if (nameError) c.fail('file', `collection ${nameError}`);
  const items = c.list(value.items, 'items', '', (x, e) => c.item(x, e));
  const folders = c.list(value.folders, 'folders', '', (x, e) => c.folder(x, e, 1));
  if (c.items > L.items) c.fail('file', `more than ${L.items} items in all`);
  if (c.folders > L.folders) c.fail('file', `more than ${L.folders} folders in all`);
  if (c.errors.length) {
    const first = c.errors[0];
    const more = c.errors.length > 1 ? ` (and ${c.errors.length - 1} more)` : '';
    return refuse(`nothing was imported: ${first.entry}: ${first.message}${more}`, c.errors);
  }
  return {
    ok: true,
    value: { format: COLLECTION_FILE_FORMAT, version: v, name: (value.name as string).trim(), items, folders },
    counts: { items: c.items, folders: c.folders },
  };
}

/** Parse and validate a collection file's text. Never throws. */
export function parseCollectionFile(text: string): CollectionParse {
  if (typeof text !== 'string') return refuse('not a collection file: expected text');
  if (text.length > L.fileChars) return refuse(`file is too large: ${mib(text.length)} (limit ${mib(L.fileChars)})`);
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (jsonDepthExceeds(body, L.jsonDepth)) return refuse(`file is nested too deeply (more than ${L.jsonDepth} levels)`);
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (e) {
    return refuse(`not a collection file: not valid JSON (${(e as Error).message})`);
  }
  return validateCollectionFile(value);
}
