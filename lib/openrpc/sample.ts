/**
 * A small sample generator: a value that fits a JSON Schema, for "Insert example" when a method
 * has no examples. Prefers what the schema states (const, default, examples, enum's first value),
 * then builds from the type: required properties only, one item for described arrays, the
 * smallest number the bounds allow, a string shaped by its format.
 */
import { isObject, lookupRef } from './pointer';
import type { JsonSchema } from './types';

const MAX_DEPTH = 10;

export function sampleFromSchema(schema: JsonSchema | undefined, root: unknown): unknown {
  return sample(schema, root, 0, new Set());
}

function sample(schema: unknown, root: unknown, depth: number, refs: Set<string>): unknown {
  if (schema === true || schema === undefined) return null;
  if (!isObject(schema) || depth > MAX_DEPTH) return null;
  if (typeof schema.$ref === 'string') {
    if (refs.has(schema.$ref)) return null;
    const r = lookupRef(root, schema.$ref);
    if (!r.ok) return null;
    const next = new Set(refs).add(schema.$ref);
    return sample(r.value, root, depth + 1, next);
  }
  if ('const' in schema) return schema.const;
  if ('default' in schema) return schema.default;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  if (Array.isArray(schema.allOf) && schema.allOf.length) {
    const parts = schema.allOf.map((s) => sample(s, root, depth + 1, refs));
    if (parts.every(isObject)) return Object.assign({}, ...parts);
    return parts[0];
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list) && list.length) {
      const pick = list.find((s) => !(isObject(s) && s.type === 'null')) ?? list[0];
      return sample(pick, root, depth + 1, refs);
    }
  }
  switch (typeOf(schema)) {
    case 'null':
      return null;
    case 'boolean':
      return false;
    case 'integer':
      return integerIn(schema);
    case 'number':
      return numberIn(schema);
    case 'string':
      return stringFor(schema);
    case 'array':
      return arrayFor(schema, root, depth, refs);
    case 'object':
      return objectFor(schema, root, depth, refs);
    default:
      return null;
  }
}

function typeOf(schema: Record<string, unknown>): string | undefined {
  const t = schema.type;
  if (typeof t === 'string') return t;
  if (Array.isArray(t)) return (t.find((x) => x !== 'null') ?? t[0]) as string | undefined;
  if (isObject(schema.properties) || Array.isArray(schema.required)) return 'object';
  if (schema.items !== undefined) return 'array';
  return undefined;
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

function integerIn(s: Record<string, unknown>): number {
  const min = num(s.minimum);
  const exMin = num(s.exclusiveMinimum);
  const max = num(s.maximum);
  let v = min !== undefined ? Math.ceil(min) : exMin !== undefined ? Math.floor(exMin) + 1 : 0;
  if (max !== undefined && v > max) v = Math.floor(max);
  const step = num(s.multipleOf);
  if (step && step > 0 && v % step !== 0) v = Math.ceil(v / step) * step;
  return v;
}

function numberIn(s: Record<string, unknown>): number {
  const min = num(s.minimum);
  const exMin = num(s.exclusiveMinimum);
  const max = num(s.maximum);
  let v = min ?? (exMin !== undefined ? exMin + 1 : 0);
  if (max !== undefined && v > max) v = max;
  return v;
}

const FORMATS: Record<string, string> = {
  'date-time': '2024-01-01T00:00:00Z',
  date: '2024-01-01',
  time: '00:00:00Z',
  email: 'user@example.com',
  hostname: 'example.com',
  ipv4: '127.0.0.1',
  ipv6: '::1',
  uri: 'https://example.com/',
  'uri-reference': '/',
  url: 'https://example.com/',
  uuid: '00000000-0000-4000-8000-000000000000',
};

function stringFor(s: Record<string, unknown>): string {
  if (typeof s.format === 'string' && FORMATS[s.format]) return FORMATS[s.format];
  const min = num(s.minLength) ?? 0;
  const max = num(s.maxLength);
  let v = 'string';
  if (v.length < min) v = v.padEnd(min, 'x');
  if (max !== undefined && v.length > max) v = v.slice(0, Math.max(0, max));
  return v;
}

function arrayFor(s: Record<string, unknown>, root: unknown, depth: number, refs: Set<string>): unknown[] {
  if (Array.isArray(s.items)) return s.items.map((it) => sample(it, root, depth + 1, refs));
  if (s.items === undefined || s.items === false) return [];
  const count = Math.max(num(s.minItems) ?? 0, 1);
  const max = num(s.maxItems);
  const n = Math.min(count, max ?? count, 16);
  return Array.from({ length: n }, () => sample(s.items, root, depth + 1, refs));
}

function objectFor(s: Record<string, unknown>, root: unknown, depth: number, refs: Set<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const props = isObject(s.properties) ? s.properties : {};
  const required = Array.isArray(s.required) ? s.required.filter((r): r is string => typeof r === 'string') : [];
  for (const name of required) out[name] = sample(props[name], root, depth + 1, refs);
  return out;
}
