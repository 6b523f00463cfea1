/**
 * An OpenRPC document as a collection: one request item per method, its params taken from the
 * method's first example pairing (else from each param schema's `default` or first `examples`
 * entry, else `null` for a required param). Methods without a `result` are notifications (no
 * id). `paramStructure: "by-name"` gives an object; "by-position" and "either" (the default,
 * and what most published documents mean) give an array. Local `$ref`s (`#/components/…`) are
 * followed; anything else is an error for that method. Like every import: all or nothing.
 */
import { TargetSpecSchema } from '../session/schemas';
import { jsonDepthExceeds } from '../session/file-format';
import {
  COLLECTION_FILE_FORMAT,
  COLLECTION_FILE_LIMITS as L,
  COLLECTION_FILE_VERSION,
  type CollectionFileItem,
  type CollectionParse,
  type EntryError,
} from './types';
import type { TargetSpec } from '../session/types';
import { kindForUrl } from '../targets/registry';
import { validateCollectionFile } from './parse';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const MAX_REF_HOPS = 32;

class RefError extends Error {}

/** Follows local `$ref`s (JSON Pointer into the same document). */
function resolver(doc: Obj) {
  const pointer = (ref: string): unknown => {
    if (!ref.startsWith('#/')) throw new RefError(`$ref "${ref.slice(0, 80)}" points outside the document (only #/… is followed)`);
    let at: unknown = doc;
    for (const raw of ref.slice(2).split('/')) {
      const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      if (!isObj(at) && !Array.isArray(at)) throw new RefError(`$ref "${ref.slice(0, 80)}" does not resolve`);
      at = (at as Obj)[key];
      if (at === undefined) throw new RefError(`$ref "${ref.slice(0, 80)}" does not resolve`);
    }
    return at;
  };
  return (v: unknown): unknown => {
    let at = v;
    for (let hops = 0; isObj(at) && typeof at.$ref === 'string'; hops++) {
      if (hops >= MAX_REF_HOPS) throw new RefError('$ref chain is too long (a cycle?)');
      at = pointer(at.$ref);
    }
    return at;
  };
}

function clipName(name: string): string {
  const clean = name.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return clean.length <= 200 ? clean : clean.slice(0, 199).replace(/[\ud800-\udbff]$/, '') + '…';
}

/** The first server URL (variables filled from their defaults) as a target, when it is one we can use. */
function serverTarget(doc: Obj, resolve: (v: unknown) => unknown): TargetSpec | undefined {
  if (!Array.isArray(doc.servers) || doc.servers.length === 0) return undefined;
  const server = resolve(doc.servers[0]);
  if (!isObj(server) || typeof server.url !== 'string') return undefined;
  const vars = isObj(server.variables) ? server.variables : {};
  const url = server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const v = vars[name];
    return isObj(v) && typeof v.default === 'string' ? v.default : whole;
  });
  const kind = kindForUrl(url);
  if (kind === undefined) return undefined;
  const t = TargetSpecSchema.safeParse({ kind, url });
  return t.success ? t.data : undefined;
}

function exampleValue(schema: unknown, resolve: (v: unknown) => unknown): { found: boolean; value?: unknown } {
  const s = resolve(schema);
  if (!isObj(s)) return { found: false };
  if ('default' in s) return { found: true, value: s.default };
  if (Array.isArray(s.examples) && s.examples.length > 0) return { found: true, value: s.examples[0] };
  if ('example' in s) return { found: true, value: s.example };
  return { found: false };
}

function paramsFor(method: Obj, resolve: (v: unknown) => unknown): unknown {
  const descriptors = (Array.isArray(method.params) ? method.params : []).map((p) => resolve(p));
  const byName = method.paramStructure === 'by-name';
  const fromExample = new Map<string, unknown>();
  const pairing = Array.isArray(method.examples) && method.examples.length ? resolve(method.examples[0]) : undefined;
  if (isObj(pairing) && Array.isArray(pairing.params)) {
    for (const ex of pairing.params.map((e) => resolve(e))) {
      if (isObj(ex) && typeof ex.name === 'string' && 'value' in ex) fromExample.set(ex.name, ex.value);
    }
  }
  const values: { name: string; present: boolean; value: unknown }[] = descriptors.map((d, i) => {
    if (!isObj(d) || typeof d.name !== 'string') throw new RefError(`params[${i}] has no name`);
    if (fromExample.has(d.name)) return { name: d.name, present: true, value: fromExample.get(d.name) };
    const ex = exampleValue(d.schema, resolve);
    if (ex.found) return { name: d.name, present: true, value: ex.value };
    return { name: d.name, present: d.required === true, value: null };
  });
  if (byName) {
    const obj: Obj = {};
    for (const v of values) if (v.present) obj[v.name] = v.value;
    return descriptors.length === 0 ? undefined : obj;
  }
  // By position: trailing optional params without a value are left off, earlier gaps become null.
  let last = values.length - 1;
  while (last >= 0 && !values[last].present) last--;
  return values.slice(0, last + 1).map((v) => (v.present ? v.value : null));
}

export interface OpenRpcImport {
  /** Collection name (default: the document's info.title). */
  name?: string;
}

export function openRpcToCollection(input: unknown, opts: OpenRpcImport = {}): CollectionParse {
  let doc: unknown = input;
  if (typeof input === 'string') {
    if (input.length > L.fileChars) return { ok: false, error: 'OpenRPC document is too large', errors: [] };
    if (jsonDepthExceeds(input, 256)) return { ok: false, error: 'OpenRPC document is nested too deeply (more than 256 levels)', errors: [] };
    try {
      doc = JSON.parse(input.charCodeAt(0) === 0xfeff ? input.slice(1) : input);
    } catch (e) {
      return { ok: false, error: `not an OpenRPC document: not valid JSON (${(e as Error).message})`, errors: [] };
    }
  }
  if (!isObj(doc) || typeof doc.openrpc !== 'string') {
    return { ok: false, error: 'not an OpenRPC document: expected an object with an "openrpc" version and "methods"', errors: [] };
  }
  if (!Array.isArray(doc.methods)) return { ok: false, error: 'not an OpenRPC document: "methods" must be a list', errors: [] };
  if (doc.methods.length > L.items) return { ok: false, error: `the document has more than ${L.items} methods`, errors: [] };
  const resolve = resolver(doc);
  const target = serverTarget(doc, resolve);
  const errors: EntryError[] = [];
  const items: CollectionFileItem[] = [];
  doc.methods.forEach((m, i) => {
    const entry = `methods[${i}]${isObj(m) && typeof m.name === 'string' ? ` "${m.name.slice(0, 40)}"` : ''}`;
    try {
      const method = resolve(m);
      if (!isObj(method)) throw new RefError('expected a method object');
      if (typeof method.name !== 'string' || method.name.trim() === '') throw new RefError('a method needs a name');
      const params = paramsFor(method, resolve);
      const notification = method.result === undefined;
      const payload: Obj = { jsonrpc: '2.0' };
      if (!notification) payload.id = i + 1;
      payload.method = method.name;
      if (params !== undefined) payload.params = params;
      const item: CollectionFileItem = { name: clipName(method.name), kind: 'request', payload };
      if (target) item.target = target;
      items.push(item);
    } catch (e) {
      if (!(e instanceof RefError)) throw e;
      if (errors.length < L.reportedErrors) errors.push({ entry, message: e.message });
    }
  });
  if (errors.length) {
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
    return { ok: false, error: `nothing was imported: ${errors[0].entry}: ${errors[0].message}${more}`, errors };
  }
  const info = isObj(doc.info) ? doc.info : {};
  const name = opts.name ?? (typeof info.title === 'string' && info.title.trim() ? clipName(info.title) : 'OpenRPC import');
  // The result goes through the same checks as a collection file (names, payload depth, limits).
  return validateCollectionFile({ format: COLLECTION_FILE_FORMAT, version: COLLECTION_FILE_VERSION, name, items, folders: [] });
}
