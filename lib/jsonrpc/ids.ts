/**
 * Ids compare by exact JSON value: `1` ≠ `"1"`, and `0`, `""` are real ids. Nothing here tests an
 * id for truthiness. Numbers that a double cannot hold exactly (integers beyond 2^53, long
 * fractions) are keyed by their wire text, so two different big ids never collapse into one.
 */
import type { JsonRpcId } from '../session/types';

/** The key of the null id. */
export const NULL_ID_KEY = 'null';

/** True for the id types the spec allows: String, Number (finite) or Null. */
export function isSpecId(v: unknown): v is JsonRpcId {
  return v === null || typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));
}

/**
 * Canonical key of an id: `n:<number>`, `s:<string>` or `null`. `rawText` is the id's number token
 * as written on the wire; give it when the parsed number is not a safe integer so the key stays exact.
 * Returns undefined for ids of a non-spec type (object, array, boolean).
 */
export function idKey(id: unknown, rawText?: string): string | undefined {
  if (typeof id === 'string') return 's:' + id;
  if (typeof id === 'number') {
    if (Number.isSafeInteger(id)) return 'n:' + (id === 0 ? '0' : String(id));
    if (rawText !== undefined) {
      const c = canonicalNumber(rawText);
      if (c !== undefined) return 'n:' + c;
    }
    return Number.isFinite(id) ? 'n:' + (canonicalNumber(String(id)) ?? String(id)) : undefined;
  }
  if (id === null) return NULL_ID_KEY;
  return undefined;
}

/** Same id by exact JSON value. */
export function sameId(a: unknown, b: unknown, aText?: string, bText?: string): boolean {
  const ka = idKey(a, aText);
  return ka !== undefined && ka === idKey(b, bText);
}

/** How to show an id: its exact wire text when known, else its JSON form. */
export function formatId(id: JsonRpcId | undefined, idText?: string): string {
  if (idText !== undefined) return idText;
  if (id === undefined) return '';
  // A parsed number prints the same either way (JSON never holds NaN or Infinity); String is cheaper.
  return typeof id === 'number' ? String(id) : JSON.stringify(id);
}

/**
 * Canonical text of a JSON number token, exact (no float rounding): `12345678901234567890`,
 * `1.5`, `1e-7`, `12e40`. Equal values give equal text (`1.50` → `1.5`, `1E2` → `100`).
 * Returns undefined when `text` is not a JSON number.
 */
export function canonicalNumber(text: string): string | undefined {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text.trim());
  if (!m) return undefined;
  const neg = m[1] === '-';
  const frac = m[3] ?? '';
  let digits = m[2] + frac;
  let exp = (m[4] ? parseInt(m[4], 10) : 0) - frac.length;
  if (!Number.isFinite(exp)) return undefined;
  let start = 0;
  while (start < digits.length - 1 && digits.charCodeAt(start) === 48) start++;
  digits = digits.slice(start);
  let end = digits.length;
  while (end > 1 && digits.charCodeAt(end - 1) === 48) {
    end--;
    exp++;
  }
  digits = digits.slice(0, end);
  if (digits === '0') return '0';
  const sign = neg ? '-' : '';
  if (exp >= 0 && exp <= 40) return sign + digits + '0'.repeat(exp);
  if (exp < 0 && -exp < digits.length) {
    const point = digits.length + exp;
    return sign + digits.slice(0, point) + '.' + digits.slice(point);
  }
  if (exp < 0 && -exp - digits.length <= 10) return sign + '0.' + '0'.repeat(-exp - digits.length) + digits;
  return sign + digits + 'e' + exp;
}

const QUOTE = 34;
const BACKSLASH = 92;

function isWs(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

/**
 * The raw text of the `id` members of a message: for an object, `top` is its own `id` token; for
 * an array, `items` maps each entry's index to its `id` token. The last duplicate key wins, as with
 * JSON.parse. Only for valid JSON text (call it after JSON.parse succeeded). One linear pass.
 */
export function extractIdTokens(text: string): { top?: string; items: Map<number, string> } {
  const items = new Map<number, string>();
  let top: string | undefined;
  let depth = 0;
  let topIsArray = false;
  let itemIndex = 0;
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const start = i + 1;
      let escaped = false;
      i++;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d === BACKSLASH) {
          escaped = true;
          i += 2;
          continue;
        }
        if (d === QUOTE) break;
        i++;
      }
      const end = i;
      i++;
      const wanted = (depth === 1 && !topIsArray) || (depth === 2 && topIsArray);
      if (!wanted) continue;
      let j = i;
      while (j < n && isWs(text.charCodeAt(j))) j++;
      if (text.charCodeAt(j) !== 58 /* : */) continue;
      const rawKey = text.slice(start, end);
      const key = escaped ? safeParseString(text.slice(start - 1, end + 1)) : rawKey;
      if (key !== 'id') continue;
      j++;
      while (j < n && isWs(text.charCodeAt(j))) j++;
      let k = j;
      while (k < n) {
        const d = text.charCodeAt(k);
        if (d === 44 || d === 125 || d === 93 || isWs(d)) break;
        k++;
      }
      const token = text.slice(j, k);
      if (depth === 1) top = token;
      else items.set(itemIndex, token);
      continue;
    }
    if (c === 123 /* { */ || c === 91 /* [ */) {
      if (depth === 0 && c === 91) topIsArray = true;
      depth++;
    } else if (c === 125 || c === 93) {
      depth--;
    } else if (c === 44 /* , */ && depth === 1 && topIsArray) {
      itemIndex++;
    }
    i++;
  }
  return { top, items };
}

function safeParseString(quoted: string): string | undefined {
  try {
    const v: unknown = JSON.parse(quoted);
    return typeof v === 'string' ? v : undefined;
  } catch {
    return undefined;
  }
}
