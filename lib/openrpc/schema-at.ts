/**
 * Following a path into a method's params to the JSON Schema that describes the value there, and
 * what that schema offers for completion: member names (with their descriptions) and values.
 */
import type { OpenRpcDocument } from './document';
import { isObject, lookupRef } from './pointer';
import type { JsonSchema, MethodInfo } from './types';

export interface KeyOption {
  name: string;
  detail?: string;
  info?: string;
  required: boolean;
}

const MAX_REFS = 16;

/** Follows `$ref`s and takes the first object-shaped branch of allOf/oneOf/anyOf for navigation. */
export function resolveSchema(schema: unknown, root: unknown): Record<string, unknown> | undefined {
  let cur = schema;
  for (let i = 0; i < MAX_REFS && isObject(cur) && typeof cur.$ref === 'string'; i++) {
    const r = lookupRef(root, cur.$ref);
    if (!r.ok) return undefined;
    cur = r.value;
  }
  return isObject(cur) ? cur : undefined;
}

/** The schema of the value at `path` inside params (`[]` is params itself, which has no schema). */
export function schemaAt(doc: OpenRpcDocument, method: MethodInfo, path: (string | number)[]): Record<string, unknown> | undefined {
  if (path.length === 0) return undefined;
  const [head, ...rest] = path;
  const param = typeof head === 'number' ? method.params[head] : method.params.find((p) => p.name === head);
  if (!param) return undefined;
  let schema = resolveSchema(param.schema, doc.raw);
  for (const seg of rest) {
    if (!schema) return undefined;
    schema = step(schema, seg, doc.raw);
  }
  return schema;
}

function step(schema: Record<string, unknown>, seg: string | number, root: unknown): Record<string, unknown> | undefined {
  for (const branch of branches(schema, root)) {
    if (typeof seg === 'number') {
      const items = branch.items;
      if (Array.isArray(items)) return resolveSchema(items[seg], root);
      if (items !== undefined) return resolveSchema(items, root);
    } else {
      const props = isObject(branch.properties) ? branch.properties : undefined;
      if (props && seg in props) return resolveSchema(props[seg], root);
      if (isObject(branch.additionalProperties)) return resolveSchema(branch.additionalProperties, root);
    }
  }
  return undefined;
}

function branches(schema: Record<string, unknown>, root: unknown): Record<string, unknown>[] {
  const out = [schema];
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list)) for (const s of list) {
      const r = resolveSchema(s, root);
      if (r) out.push(r);
    }
  }
  return out;
}

/** Member names for an object at `path` (for `[]`: the method's params by name). */
export function keysAt(doc: OpenRpcDocument, method: MethodInfo, path: (string | number)[]): KeyOption[] {
  if (path.length === 0) {
    return method.params.map((p) => ({ name: p.name, detail: describe(p.schema, doc.raw), info: p.summary ?? p.description, required: p.required }));
  }
  const schema = schemaAt(doc, method, path);
  if (!schema) return [];
  const out: KeyOption[] = [];
  const seen = new Set<string>();
  for (const branch of branches(schema, doc.raw)) {
    const props = isObject(branch.properties) ? branch.properties : {};
    const required = Array.isArray(branch.required) ? branch.required : [];
    for (const [name, sub] of Object.entries(props)) {
      if (seen.has(name)) continue;
      seen.add(name);
      const r = resolveSchema(sub, doc.raw);
      out.push({ name, detail: describe(sub as JsonSchema, doc.raw), info: typeof r?.description === 'string' ? r.description : undefined, required: required.includes(name) });
    }
  }
  return out;
}

/** Values the schema at `path` names outright: const, enum, booleans, null. */
export function valuesAt(doc: OpenRpcDocument, method: MethodInfo, path: (string | number)[]): unknown[] {
  const schema = schemaAt(doc, method, path);
  if (!schema) return [];
  const out: unknown[] = [];
  for (const branch of branches(schema, doc.raw)) {
    if ('const' in branch) out.push(branch.const);
    if (Array.isArray(branch.enum)) out.push(...branch.enum);
    const types = Array.isArray(branch.type) ? branch.type : [branch.type];
    if (types.includes('boolean')) out.push(true, false);
    if (types.includes('null')) out.push(null);
  }
  const seen = new Set<string>();
  return out.filter((v) => {
    const k = JSON.stringify(v);
    return seen.has(k) ? false : (seen.add(k), true);
  });
}

function describe(schema: JsonSchema | unknown, root: unknown): string | undefined {
  if (isObject(schema) && typeof schema.$ref === 'string') return schema.$ref.split('/').pop();
  const r = resolveSchema(schema, root);
  if (!r) return undefined;
  if (typeof r.type === 'string') return r.type;
  if (Array.isArray(r.type)) return r.type.join(' | ');
  if (Array.isArray(r.enum)) return 'enum';
  return undefined;
}
