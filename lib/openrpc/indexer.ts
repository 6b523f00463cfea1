/**
 * The method index of one document: every method with its params, result, errors and examples,
 * Reference Objects (`{"$ref": "#/components/…"}`) followed. What cannot be indexed (a dangling
 * reference, a method without a name, a name used twice) becomes a problem; the rest is kept.
 */
import { isObject, resolveMaybeRef, toPointer } from './pointer';
import type { ErrorInfo, ExamplePairing, ExampleValue, JsonSchema, MethodInfo, ParamInfo, ParamStructure, Problem, ResultInfo } from './types';

export interface DocumentIndex {
  methods: MethodInfo[];
  componentErrors: ErrorInfo[];
  problems: Problem[];
}

const STRUCTURES: ParamStructure[] = ['by-name', 'by-position', 'either'];

export function indexDocument(doc: unknown): DocumentIndex {
  const problems: Problem[] = [];
  const methods: MethodInfo[] = [];
  const root = isObject(doc) ? doc : {};
  const list = Array.isArray(root.methods) ? root.methods : [];
  const names = new Map<string, string>();

  list.forEach((entry, i) => {
    const at = `methods[${i}]`;
    const r = resolveMaybeRef(doc, entry, toPointer(['methods', i]));
    if (!r.ok) return problems.push({ path: at, message: r.reason, severity: 'error' });
    if (!isObject(r.value) || typeof r.value.name !== 'string' || r.value.name === '') {
      return problems.push({ path: at, message: 'is not a method with a name, so it cannot be used', severity: 'error' });
    }
    const m = r.value;
    const name = m.name as string;
    const label = `${at} (${name})`;
    const first = names.get(name);
    if (first !== undefined) {
      return problems.push({ path: label, message: `repeats the method name "${name}" (first declared at ${first}); the first one is used`, severity: 'error' });
    }
    names.set(name, at);
    methods.push(indexMethod(doc, m, r.pointer, label, problems));
  });

  const componentErrors: ErrorInfo[] = [];
  const comps = isObject(root.components) && isObject(root.components.errors) ? root.components.errors : {};
  for (const [key, value] of Object.entries(comps)) {
    const info = errorInfo(doc, value, toPointer(['components', 'errors', key]), `components.errors.${key}`, problems);
    if (info) componentErrors.push(info);
  }
  return { methods, componentErrors, problems };
}

function indexMethod(doc: unknown, m: Record<string, unknown>, pointer: string, label: string, problems: Problem[]): MethodInfo {
  const info: MethodInfo = {
    name: m.name as string,
    paramStructure: STRUCTURES.includes(m.paramStructure as ParamStructure) ? (m.paramStructure as ParamStructure) : 'either',
    params: [],
    errors: [],
    examples: [],
  };
  if (typeof m.summary === 'string') info.summary = m.summary;
  if (typeof m.description === 'string') info.description = m.description;
  if (m.deprecated === true) info.deprecated = true;

  const seen = new Set<string>();
  (Array.isArray(m.params) ? m.params : []).forEach((p, i) => {
    const at = `${label}.params[${i}]`;
    const d = descriptor(doc, p, `${pointer}/params/${i}`, at, problems);
    if (!d) return;
    if (seen.has(d.name)) return problems.push({ path: at, message: `repeats the param name "${d.name}"; the first one is used`, severity: 'error' });
    seen.add(d.name);
    const param: ParamInfo = { name: d.name, required: d.required, schema: d.schema };
    if (d.schemaPointer !== undefined) param.schemaPointer = d.schemaPointer;
    if (d.summary) param.summary = d.summary;
    if (d.description) param.description = d.description;
    if (d.deprecated) param.deprecated = true;
    info.params.push(param);
  });

  if (m.result !== undefined) {
    const d = descriptor(doc, m.result, `${pointer}/result`, `${label}.result`, problems);
    if (d) {
      const result: ResultInfo = { name: d.name, schema: d.schema };
      if (d.schemaPointer !== undefined) result.schemaPointer = d.schemaPointer;
      if (d.description) result.description = d.description;
      info.result = result;
    }
  }

  (Array.isArray(m.errors) ? m.errors : []).forEach((e, i) => {
    const err = errorInfo(doc, e, `${pointer}/errors/${i}`, `${label}.errors[${i}]`, problems);
    if (err) info.errors.push(err);
  });

  (Array.isArray(m.examples) ? m.examples : []).forEach((e, i) => {
    const ex = pairing(doc, e, `${pointer}/examples/${i}`, `${label}.examples[${i}]`, problems);
    if (ex) info.examples.push(ex);
  });
  return info;
}

interface Descriptor {
  name: string;
  required: boolean;
  schema: JsonSchema;
  schemaPointer?: string;
  summary?: string;
  description?: string;
  deprecated?: boolean;
}

function descriptor(doc: unknown, value: unknown, pointer: string, at: string, problems: Problem[]): Descriptor | null {
  const r = resolveMaybeRef(doc, value, pointer);
  if (!r.ok) {
    problems.push({ path: at, message: r.reason, severity: 'error' });
    return null;
  }
  const d = r.value;
  if (!isObject(d) || typeof d.name !== 'string' || d.name === '') {
    problems.push({ path: at, message: 'is not a content descriptor with a name, so it is ignored', severity: 'error' });
    return null;
  }
  const out: Descriptor = { name: d.name, required: d.required === true, schema: true };
  if (typeof d.schema === 'boolean' || isObject(d.schema)) {
    out.schema = d.schema as JsonSchema;
    out.schemaPointer = `${r.pointer}/schema`;
  }
  if (typeof d.summary === 'string') out.summary = d.summary;
  if (typeof d.description === 'string') out.description = d.description;
  if (d.deprecated === true) out.deprecated = true;
  return out;
}

function errorInfo(doc: unknown, value: unknown, pointer: string, at: string, problems: Problem[]): ErrorInfo | null {
  const r = resolveMaybeRef(doc, value, pointer);
  if (!r.ok) {
    problems.push({ path: at, message: r.reason, severity: 'error' });
    return null;
  }
  const e = r.value;
  if (!isObject(e) || typeof e.code !== 'number' || !Number.isInteger(e.code)) {
    problems.push({ path: at, message: 'is not an error with an integer code, so it is ignored', severity: 'error' });
    return null;
  }
  const info: ErrorInfo = { code: e.code, message: typeof e.message === 'string' ? e.message : '' };
  if (e.data !== undefined) {
    info.data = e.data;
    if (looksLikeSchema(e.data)) info.dataSchemaPointer = `${r.pointer}/data`;
  }
  return info;
}

const SCHEMA_WORDS = new Set([
  '$ref', '$id', '$schema', '$comment', 'type', 'properties', 'required', 'items', 'enum', 'const', 'oneOf', 'anyOf', 'allOf', 'not',
  'additionalProperties', 'patternProperties', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength',
  'pattern', 'format', 'minItems', 'maxItems', 'uniqueItems', 'title', 'description', 'default', 'examples', 'definitions', 'multipleOf',
  'propertyNames', 'contains', 'if', 'then', 'else', 'additionalItems', 'minProperties', 'maxProperties', 'dependencies', 'readOnly', 'writeOnly',
]);
const SCHEMA_SIGNS = ['$ref', 'type', 'properties', 'items', 'enum', 'const', 'oneOf', 'anyOf', 'allOf'];

/**
 * OpenRPC's error `data` is "a primitive or structured value" with no fixed meaning. Documents
 * commonly put a JSON Schema there to describe what the error carries; when every member is a
 * JSON Schema keyword and one of them shapes the value, we read it as that schema.
 */
export function looksLikeSchema(v: unknown): boolean {
  if (!isObject(v)) return false;
  const keys = Object.keys(v);
  return keys.length > 0 && keys.every((k) => SCHEMA_WORDS.has(k)) && SCHEMA_SIGNS.some((k) => k in v);
}

function pairing(doc: unknown, value: unknown, pointer: string, at: string, problems: Problem[]): ExamplePairing | null {
  const r = resolveMaybeRef(doc, value, pointer);
  if (!r.ok) {
    problems.push({ path: at, message: r.reason, severity: 'error' });
    return null;
  }
  const p = r.value;
  if (!isObject(p)) return null;
  const out: ExamplePairing = { name: typeof p.name === 'string' ? p.name : `example ${pointer.split('/').pop()}`, params: [] };
  if (typeof p.summary === 'string') out.summary = p.summary;
  if (typeof p.description === 'string') out.description = p.description;
  (Array.isArray(p.params) ? p.params : []).forEach((x, i) => {
    const v = example(doc, x, `${r.pointer}/params/${i}`, `${at}.params[${i}]`, problems);
    if (v) out.params.push(v);
  });
  if (p.result !== undefined) {
    const v = example(doc, p.result, `${r.pointer}/result`, `${at}.result`, problems);
    if (v) out.result = v;
  }
  return out;
}

function example(doc: unknown, value: unknown, pointer: string, at: string, problems: Problem[]): ExampleValue | null {
  const r = resolveMaybeRef(doc, value, pointer);
  if (!r.ok) {
    problems.push({ path: at, message: r.reason, severity: 'error' });
    return null;
  }
  if (!isObject(r.value) || !('value' in r.value)) return null;
  return { name: typeof r.value.name === 'string' ? r.value.name : '', value: r.value.value };
}
