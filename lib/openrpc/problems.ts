/**
 * Ajv's errors in plain words. Validators report every failed keyword (and, for `oneOf`, every
 * failed branch), which reads like noise; this keeps the errors that explain the failure, merges
 * the ones about one place, and names the place by path — with method and param names where the
 * document has them (`methods[1] (getPet).params[0] (petId).schema.type`).
 */
import type { ErrorObject } from 'ajv';
import { isObject } from './pointer';

export interface PlainError {
  path: string;
  message: string;
}

export interface PlainOptions {
  /** The validated value, to name what was found and follow paths. */
  root: unknown;
  /** Path shown for the root (`params`, `result`, `` for a document). */
  prefix: string;
  /** Document mode: label array entries with their `name` member. */
  labelNames?: boolean;
  /** At most this many, the last one saying how many more there were. */
  max?: number;
}

const MAX_DEFAULT = 40;

export function plainErrors(errors: readonly ErrorObject[] | null | undefined, opts: PlainOptions): PlainError[] {
  if (!errors || errors.length === 0) return [];
  const kept = dropBranchNoise(errors, opts.root);
  const byPath = new Map<string, ErrorObject[]>();
  for (const e of kept) {
    const list = byPath.get(e.instancePath);
    if (list) list.push(e);
    else byPath.set(e.instancePath, [e]);
  }
  const out: PlainError[] = [];
  for (const [instancePath, list] of byPath) {
    const path = renderPath(instancePath, opts);
    const value = valueAt(opts.root, instancePath);
    for (const message of messagesAt(list, value)) out.push({ path, message });
  }
  const seen = new Set<string>();
  const unique = out.filter((p) => {
    const k = `${p.path}\u0000${p.message}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  const max = opts.max ?? MAX_DEFAULT;
  if (unique.length <= max) return unique;
  const rest = unique.length - (max - 1);
  return [...unique.slice(0, max - 1), { path: opts.prefix, message: `…and ${rest} more problems` }];
}

const isUnder = (path: string, base: string) => path === base || path.startsWith(base + '/');
const titleOf = (e: ErrorObject) => (isObject(e.parentSchema) && typeof e.parentSchema.title === 'string' ? e.parentSchema.title : undefined);

/**
 * OpenRPC writes "X or a Reference Object" as `oneOf`; only one branch is meant. When the value
 * has `$ref` the reference branch is the one meant, otherwise the other one is. Combinator errors
 * (`oneOf`, `anyOf`) go when a more precise error explains them.
 */
function dropBranchNoise(errors: readonly ErrorObject[], root: unknown): ErrorObject[] {
  let list = [...errors];
  for (const e of errors) {
    if (e.keyword !== 'oneOf') continue;
    const at = e.instancePath;
    const node = valueAt(root, at);
    const isRef = isObject(node) && '$ref' in node;
    list = list.filter((x) => {
      if (x === e || !isUnder(x.instancePath, at)) return true;
      const fromRefBranch = titleOf(x) === 'referenceObject' || (x.instancePath === `${at}/$ref`);
      return isRef ? fromRefBranch : !(titleOf(x) === 'referenceObject' && (x.instancePath === at || x.instancePath === `${at}/$ref`));
    });
  }
  return list.filter((e) => {
    if (e.keyword !== 'oneOf' && e.keyword !== 'anyOf') return true;
    return !list.some((x) => x !== e && x.keyword !== 'oneOf' && x.keyword !== 'anyOf' && isUnder(x.instancePath, e.instancePath));
  });
}

function messagesAt(list: ErrorObject[], value: unknown): string[] {
  const nonType = list.filter((e) => e.keyword !== 'type');
  const out: string[] = [];
  const types = list.filter((e) => e.keyword === 'type').map((e) => String((e.params as { type?: unknown }).type));
  if (nonType.length === 0 && types.length) {
    const names = [...new Set(types.flatMap((t) => t.split(',')))].map(article);
    out.push(`must be ${joinOr(names)} (it is ${describeValue(value)})`);
  }
  const missing = nonType.filter((e) => e.keyword === 'required').map((e) => String((e.params as { missingProperty?: unknown }).missingProperty));
  if (missing.length) out.push(`is missing ${missing.map((m) => JSON.stringify(m)).join(', ')}`);
  const extra = nonType.filter((e) => e.keyword === 'additionalProperties').map((e) => String((e.params as { additionalProperty?: unknown }).additionalProperty));
  if (extra.length === 1) out.push(`has ${JSON.stringify(extra[0])}, which is not allowed here`);
  else if (extra.length > 1) out.push(`has members that are not allowed here: ${extra.map((m) => JSON.stringify(m)).join(', ')}`);
  for (const e of nonType) {
    if (e.keyword === 'required' || e.keyword === 'additionalProperties') continue;
    out.push(oneMessage(e, value));
  }
  return out;
}

function oneMessage(e: ErrorObject, value: unknown): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'enum': {
      const allowed = Array.isArray(p.allowedValues) ? p.allowedValues : [];
      const shown = allowed.slice(0, 8).map((v) => JSON.stringify(v));
      return `must be one of ${shown.join(', ')}${allowed.length > 8 ? `, … (${allowed.length} in all)` : ''} (it is ${describeValue(value)})`;
    }
    case 'const':
      return `must be ${JSON.stringify(p.allowedValue)} (it is ${describeValue(value)})`;
    case 'minLength':
      return p.limit === 1 ? 'must not be empty' : `must be at least ${p.limit} characters long`;
    case 'maxLength':
      return `must be at most ${p.limit} characters long`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `must be ${p.comparison} ${p.limit} (it is ${describeValue(value)})`;
    case 'multipleOf':
      return `must be a multiple of ${p.multipleOf}`;
    case 'minItems':
      return `must have at least ${p.limit} item${p.limit === 1 ? '' : 's'}`;
    case 'maxItems':
      return `must have at most ${p.limit} item${p.limit === 1 ? '' : 's'}`;
    case 'additionalItems':
      return `must have at most ${p.limit} items`;
    case 'uniqueItems':
      return `must not repeat items (items ${p.j} and ${p.i} are equal)`;
    case 'minProperties':
      return `must have at least ${p.limit} member${p.limit === 1 ? '' : 's'}`;
    case 'maxProperties':
      return `must have at most ${p.limit} member${p.limit === 1 ? '' : 's'}`;
    case 'pattern':
      return `must match the pattern ${p.pattern}`;
    case 'format':
      return `must be a valid ${p.format}`;
    case 'oneOf':
      return Array.isArray(p.passingSchemas) ? 'matches more than one of the allowed forms, but must match exactly one' : 'matches none of the allowed forms';
    case 'anyOf':
      return 'matches none of the allowed forms';
    case 'not':
      return 'matches a form that is excluded here';
    case 'false schema':
      return 'is not allowed here';
    case 'dependencies':
    case 'dependentRequired':
      return `must also have ${JSON.stringify(p.missingProperty)} when it has ${JSON.stringify(p.property)}`;
    case 'propertyNames':
      return `has a member name that is not allowed (${JSON.stringify(p.propertyName)})`;
    case 'contains':
      return 'must contain at least one matching item';
    default:
      return e.message ?? `fails "${e.keyword}"`;
  }
}

function article(type: string): string {
  switch (type) {
    case 'integer':
    case 'object':
    case 'array':
      return `an ${type}`;
    case 'null':
      return 'null';
    default:
      return `a ${type}`;
  }
}

function joinOr(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/** What a value is, briefly: `the string "abc"`, `an object`, `missing`. */
export function describeValue(v: unknown): string {
  if (v === undefined) return 'missing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return `an array of ${v.length}`;
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'string') return `the string ${JSON.stringify(v.length > 40 ? v.slice(0, 40) + '…' : v)}`;
  if (typeof v === 'number') return Number.isInteger(v) ? `the integer ${v}` : `the number ${v}`;
  return `${typeof v} ${String(v)}`;
}

function segmentsOf(instancePath: string): string[] {
  if (!instancePath) return [];
  return instancePath
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function valueAt(root: unknown, instancePath: string): unknown {
  let node = root;
  for (const seg of segmentsOf(instancePath)) {
    if (Array.isArray(node)) node = node[Number(seg)];
    else if (isObject(node)) node = node[seg];
    else return undefined;
  }
  return node;
}

const IDENT = /^[A-Za-z_$][\w$-]*$/;

/** `/methods/1/params/0/schema` → `methods[1] (getPet).params[0] (petId).schema` (names in document mode). */
function renderPath(instancePath: string, opts: Pick<PlainOptions, 'root' | 'prefix' | 'labelNames'>): string {
  let out = opts.prefix;
  let node = opts.root;
  for (const seg of segmentsOf(instancePath)) {
    if (Array.isArray(node)) {
      const item = node[Number(seg)];
      out += `[${seg}]`;
      if (opts.labelNames && isObject(item) && typeof item.name === 'string' && item.name) out += ` (${item.name.length > 40 ? item.name.slice(0, 40) + '…' : item.name})`;
      node = item;
    } else {
      out += IDENT.test(seg) ? (out ? `.${seg}` : seg) : `[${JSON.stringify(seg)}]`;
      node = isObject(node) ? node[seg] : undefined;
    }
  }
  return out;
}
