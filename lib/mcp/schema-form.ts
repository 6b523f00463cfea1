/**
 * A form from a JSON Schema, for MCP tool `inputSchema`s and elicitation `requestedSchema`s: the
 * common shapes — string, number, integer, boolean, enum, object, array — with required members,
 * defaults, titles and descriptions. Anything else (oneOf, $ref, a type list) becomes a JSON box,
 * so no schema is refused. The form holds text as typed; `formToValue` turns it into the
 * arguments, or says per field what is wrong. Pure: the page draws it (components/mcp/SchemaForm.tsx).
 */

interface Base {
  /** The member name ('' for the root). */
  key: string;
  /** What the field is called to people: the schema's title, else its key. */
  label: string;
  description?: string;
  required: boolean;
}

export type FormNode =
  | (Base & { type: 'string'; default?: string; format?: string; minLength?: number; maxLength?: number })
  | (Base & { type: 'number' | 'integer'; default?: number; minimum?: number; maximum?: number })
  | (Base & { type: 'boolean'; default?: boolean })
  | (Base & { type: 'enum'; options: readonly EnumOption[]; default?: EnumOption['value'] })
  | (Base & { type: 'object'; fields: readonly FormNode[] })
  | (Base & { type: 'array'; items: FormNode; default?: unknown[] })
  | (Base & { type: 'json'; default?: unknown });

export interface EnumOption {
  value: string | number | boolean | null;
  label: string;
}

/** What the form holds: text for scalar fields, a flag for booleans, lists and records for the rest. */
export type FormValue = string | boolean | FormValue[] | { [key: string]: FormValue };

export interface FieldError {
  /** Dotted path of the field (`config.depth`, `tags[2]`); '' for the root. */
  path: string;
  message: string;
}

/** Bounds, so a hostile schema cannot make the page draw forever. */
const MAX_DEPTH = 8;
const MAX_FIELDS = 200;
const MAX_ENUM = 500;

type Schema = Record<string, unknown>;
const isObj = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown, max = 2000) => (typeof v === 'string' ? v.slice(0, max) : undefined);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

function enumOptions(s: Schema): EnumOption[] | undefined {
  // `oneOf: [{ const, title }]` is how MCP elicitation names enum values (titled enums).
  if (Array.isArray(s.oneOf) && s.oneOf.length > 0 && s.oneOf.every((o) => isObj(o) && 'const' in o)) {
    return (s.oneOf as Schema[]).slice(0, MAX_ENUM).filter((o) => isScalar(o.const)).map((o) => ({ value: o.const as EnumOption['value'], label: str(o.title, 200) ?? String(o.const) }));
  }
  if (!Array.isArray(s.enum)) return undefined;
  const names = Array.isArray(s.enumNames) ? s.enumNames : [];
  return s.enum.slice(0, MAX_ENUM).filter(isScalar).map((value, i) => ({ value, label: str(names[i], 200) ?? String(value) }));
}

function isScalar(v: unknown): v is EnumOption['value'] {
  return v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
}

/** The form for a schema. `budget` counts fields across the whole form. */
export function schemaToForm(schema: unknown, key = '', required = false, depth = 0, budget = { left: MAX_FIELDS }): FormNode {
  budget.left--;
  const s = isObj(schema) ? schema : {};
  const base: Base = { key, label: str(s.title, 200) ?? key, description: str(s.description), required };
  const options = enumOptions(s);
  if (options) return { ...base, type: 'enum', options, ...(isScalar(s.default) ? { default: s.default } : {}) };
  const type = s.type;
  if (depth >= MAX_DEPTH || budget.left <= 0) return { ...base, type: 'json', default: s.default };
  switch (type) {
    case 'string':
      return { ...base, type: 'string', default: str(s.default, 100_000), format: str(s.format, 100), minLength: num(s.minLength), maxLength: num(s.maxLength) };
    case 'number':
    case 'integer':
      return { ...base, type, default: num(s.default), minimum: num(s.minimum), maximum: num(s.maximum) };
    case 'boolean':
      return { ...base, type: 'boolean', ...(typeof s.default === 'boolean' ? { default: s.default } : {}) };
    case 'array':
      return { ...base, type: 'array', items: schemaToForm(s.items, '', false, depth + 1, budget), ...(Array.isArray(s.default) ? { default: s.default } : {}) };
    case 'object':
    case undefined: {
      if (type === undefined && !isObj(s.properties)) return { ...base, type: 'json', default: s.default };
      const props = isObj(s.properties) ? s.properties : {};
      const req = new Set(Array.isArray(s.required) ? s.required.filter((r): r is string => typeof r === 'string') : []);
      const fields: FormNode[] = [];
      for (const [name, sub] of Object.entries(props)) {
        if (budget.left <= 0) break;
        fields.push(schemaToForm(sub, name, req.has(name), depth + 1, budget));
      }
      return { ...base, type: 'object', fields };
    }
    default:
      return { ...base, type: 'json', default: s.default };
  }
}

/** The form's starting value: each default as text, else empty. */
export function initialValue(node: FormNode): FormValue {
  switch (node.type) {
    case 'string':
      return node.default ?? '';
    case 'number':
    case 'integer':
      return node.default !== undefined ? String(node.default) : '';
    case 'boolean':
      return node.default ?? false;
    case 'enum':
      return node.default !== undefined ? JSON.stringify(node.default) : '';
    case 'object':
      return Object.fromEntries(node.fields.map((f) => [f.key, initialValue(f)]));
    case 'array':
      return (node.default ?? []).slice(0, MAX_FIELDS).map((d) => valueOf(node.items, d));
    case 'json':
      return node.default !== undefined ? JSON.stringify(node.default) : '';
  }
}

/** A JSON value as the form would hold it (an array's default items). */
function valueOf(node: FormNode, v: unknown): FormValue {
  switch (node.type) {
    case 'string':
      return typeof v === 'string' ? v : '';
    case 'number':
    case 'integer':
      return typeof v === 'number' ? String(v) : '';
    case 'boolean':
      return v === true;
    case 'enum':
      return isScalar(v) ? JSON.stringify(v) : '';
    case 'object':
      return Object.fromEntries(node.fields.map((f) => [f.key, isObj(v) && f.key in v ? valueOf(f, v[f.key]) : initialValue(f)]));
    case 'array':
      return Array.isArray(v) ? v.map((x) => valueOf(node.items, x)) : [];
    case 'json':
      return v === undefined ? '' : JSON.stringify(v);
  }
}

const OMIT = Symbol('omit');
type Out = unknown | typeof OMIT;

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/** The arguments the form says, leaving out what was left empty; or every field that is wrong. */
export function formToValue(node: FormNode, value: FormValue): { ok: true; value: unknown } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const out = convert(node, value, '', errors);
  if (errors.length) return { ok: false, errors };
  return { ok: true, value: out === OMIT ? (node.type === 'object' ? {} : undefined) : out };
}

function convert(node: FormNode, value: FormValue, path: string, errors: FieldError[]): Out {
  const need = (message: string) => {
    errors.push({ path, message });
    return OMIT;
  };
  switch (node.type) {
    case 'string': {
      const text = typeof value === 'string' ? value : '';
      if (text === '') return node.required ? need(`${node.label || 'value'} is required`) : OMIT;
      if (node.minLength !== undefined && text.length < node.minLength) return need(`at least ${node.minLength} characters`);
      if (node.maxLength !== undefined && text.length > node.maxLength) return need(`at most ${node.maxLength} characters`);
      return text;
    }
    case 'number':
    case 'integer': {
      const text = typeof value === 'string' ? value.trim() : '';
      if (text === '') return node.required ? need(`${node.label || 'value'} is required`) : OMIT;
      const n = Number(text);
      if (!Number.isFinite(n)) return need(`"${text.slice(0, 40)}" is not a number`);
      if (node.type === 'integer' && !Number.isInteger(n)) return need(`${text.slice(0, 40)} is not a whole number`);
      if (node.minimum !== undefined && n < node.minimum) return need(`at least ${node.minimum}`);
      if (node.maximum !== undefined && n > node.maximum) return need(`at most ${node.maximum}`);
      return n;
    }
    case 'boolean': {
      const on = value === true;
      // Unticked and optional with no default means "not given", not false.
      if (!on && !node.required && node.default === undefined) return OMIT;
      return on;
    }
    case 'enum': {
      const text = typeof value === 'string' ? value : '';
      if (text === '') return node.required ? need(`choose a ${node.label || 'value'}`) : OMIT;
      const hit = node.options.find((o) => JSON.stringify(o.value) === text);
      return hit ? hit.value : need('not one of the choices');
    }
    case 'object': {
      const rec = typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
      const obj: Record<string, unknown> = {};
      for (const f of node.fields) {
        const v = convert(f, rec[f.key] ?? initialValue(f), join(path, f.key), errors);
        if (v !== OMIT) obj[f.key] = v;
      }
      return Object.keys(obj).length === 0 && !node.required && path !== '' ? OMIT : obj;
    }
    case 'array': {
      const list = Array.isArray(value) ? value : [];
      if (list.length === 0) return node.required ? [] : OMIT;
      return list.map((item, i) => {
        const v = convert({ ...node.items, required: true }, item, `${path}[${i}]`, errors);
        return v === OMIT ? null : v;
      });
    }
    case 'json': {
      const text = typeof value === 'string' ? value.trim() : '';
      if (text === '') return node.required ? need(`${node.label || 'value'} is required (JSON)`) : OMIT;
      try {
        return JSON.parse(text) as unknown;
      } catch (e) {
        return need(`not JSON: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  }
}

/** An array's new, empty item. */
export function newItem(node: Extract<FormNode, { type: 'array' }>): FormValue {
  return initialValue(node.items);
}
