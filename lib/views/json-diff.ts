/**
 * What differs between two JSON values, as a list of paths (`result.items[2].label`) with the
 * value on each side. Objects compare by key, arrays by position. Capped, because two unrelated
 * results can differ everywhere and the list is for reading.
 */
import { formatJsonPath, type PathSegment } from '../timeline/json';

export interface JsonChange {
  path: string;
  kind: 'changed' | 'added' | 'removed';
  before?: unknown;
  after?: unknown;
}

export const MAX_CHANGES = 200;

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function jsonDiff(before: unknown, after: unknown, max = MAX_CHANGES): { changes: JsonChange[]; more: boolean } {
  const changes: JsonChange[] = [];
  let more = false;
  const add = (c: JsonChange) => {
    if (changes.length < max) changes.push(c);
    else more = true;
  };
  const walk = (a: unknown, b: unknown, path: PathSegment[]) => {
    if (more) return;
    if (Array.isArray(a) && Array.isArray(b)) {
      const n = Math.max(a.length, b.length);
      for (let i = 0; i < n; i++) {
        if (i >= a.length) add({ path: formatJsonPath([...path, i]), kind: 'added', after: b[i] });
        else if (i >= b.length) add({ path: formatJsonPath([...path, i]), kind: 'removed', before: a[i] });
        else walk(a[i], b[i], [...path, i]);
      }
      return;
    }
    if (isObj(a) && isObj(b)) {
      for (const k of Object.keys(a)) {
        if (!Object.prototype.hasOwnProperty.call(b, k)) add({ path: formatJsonPath([...path, k]), kind: 'removed', before: a[k] });
        else walk(a[k], b[k], [...path, k]);
      }
      for (const k of Object.keys(b)) if (!Object.prototype.hasOwnProperty.call(a, k)) add({ path: formatJsonPath([...path, k]), kind: 'added', after: b[k] });
      return;
    }
    if (!Object.is(a, b)) add({ path: formatJsonPath(path), kind: 'changed', before: a, after: b });
  };
  walk(before, after, []);
  return { changes, more };
}
