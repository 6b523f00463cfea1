/**
 * `{{name}}` substitution. One pass, left to right: a value is inserted as it is and never scanned
 * again, so a value holding `{{other}}` cannot pull in another variable (no loops, no injection).
 * An unknown name is left in the text exactly as written and reported, so a user sees what is
 * missing instead of sending an empty string.
 */

export interface VariableLike {
  name: string;
  value: string;
  secret?: boolean;
}

/** What may appear between the braces (spaces around the name are allowed: `{{ token }}`). */
export const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_.-]*)\s*\}\}/g;

/** Largest text we substitute into (the frame cap); anything larger is returned untouched. */
export const MAX_SUBSTITUTE_CHARS = 64 * 1024 * 1024;

export type VariableSource = ReadonlyMap<string, string> | readonly VariableLike[] | Readonly<Record<string, string>>;

export interface Substituted {
  text: string;
  /** Names used that have no value, in order of first appearance, each once. */
  unknown: string[];
  /** Names that were replaced, each once. */
  used: string[];
}

export function toVariableMap(vars: VariableSource): Map<string, string> {
  if (vars instanceof Map) return new Map(vars);
  if (Array.isArray(vars)) return new Map((vars as readonly VariableLike[]).map((v) => [v.name, v.value]));
  return new Map(Object.entries(vars as Record<string, string>));
}

function pushOnce(list: string[], name: string): void {
  if (!list.includes(name)) list.push(name);
}

/** Replaces each `{{name}}` with its value through `encode` (identity by default). */
export function substitute(
  text: string,
  vars: VariableSource,
  encode: (value: string, at: number) => string = (v) => v,
): Substituted {
  const map = vars instanceof Map ? (vars as ReadonlyMap<string, string>) : toVariableMap(vars);
  const unknown: string[] = [];
  const used: string[] = [];
  if (typeof text !== 'string' || text.length > MAX_SUBSTITUTE_CHARS || !text.includes('{{')) {
    return { text, unknown, used };
  }
  const out = text.replace(PLACEHOLDER, (whole: string, name: string, at: number) => {
    const value = map.get(name);
    if (value === undefined) {
      pushOnce(unknown, name);
      return whole;
    }
    pushOnce(used, name);
    return encode(value, at);
  });
  return { text: out, unknown, used };
}

/** Names a text refers to, each once, in order. */
export function referencedNames(text: string): string[] {
  const names: string[] = [];
  if (typeof text !== 'string') return names;
  for (const m of text.matchAll(PLACEHOLDER)) pushOnce(names, m[1]);
  return names;
}

/**
 * For JSON text (params, a whole message): a placeholder inside a string literal gets the value
 * JSON-escaped (`"Bearer {{token}}"` stays valid whatever the token holds); one outside a string
 * is inserted as it is, so `{"limit": {{limit}}}` can carry a number or an object.
 */
export function substituteJsonText(text: string, vars: VariableSource): Substituted {
  if (typeof text !== 'string' || !text.includes('{{')) return { text, unknown: [], used: [] };
  const inString = stringMask(text);
  return substitute(text, vars, (value, at) => (inString(at) ? JSON.stringify(value).slice(1, -1) : value));
}

/** For each offset: is it inside a JSON string literal? Scans once; lenient with broken JSON. */
function stringMask(text: string): (at: number) => boolean {
  const starts: number[] = [];
  const ends: number[] = [];
  let i = 0;
  while (i < text.length) {
    if (text.charCodeAt(i) !== 0x22) {
      i++;
      continue;
    }
    starts.push(i);
    let j = i + 1;
    while (j < text.length) {
      const c = text.charCodeAt(j);
      if (c === 0x5c) j += 2;
      else if (c === 0x22) break;
      else j++;
    }
    ends.push(j);
    i = j + 1;
  }
  return (at: number) => {
    // Binary search for the last string starting before `at`.
    let lo = 0;
    let hi = starts.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid] < at) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found >= 0 && at < ends[found];
  };
}
