/**
 * Duplicate member names (`{"id":1,"id":2}`): JSON.parse silently keeps the last value, so the
 * parsed message is not what the sender may have meant, and another parser may keep the first.
 * Only the text shows it, so this walks the text once (strings are skipped with indexOf) and runs
 * only on texts already known to parse.
 */
import type { Finding } from '../../session/types';
import { describeValue } from './envelope';
import { finding } from './table';

/** Texts longer than this are not scanned (the walk is linear, but a flood of huge messages should not pay it). */
export const DUPLICATE_SCAN_MAX_CHARS = 1024 * 1024;
/** At most this many duplicates are reported per message. */
const MAX_REPORTED = 8;

interface Level {
  /** Member names seen so far in this object; null for an array. */
  keys: string[] | null;
  /** The segment of this level in its parent (member name or array index). */
  segment: string | number;
  index: number;
  pendingKey?: string;
}

/** One finding per member name that appears twice in the same object of `text` (which must be valid JSON). */
export function duplicateKeyFindings(text: string, value: unknown): Finding[] {
  if (text.length > DUPLICATE_SCAN_MAX_CHARS || text.indexOf('"') < 0) return [];
  if (surelyUnique(text, value)) return [];
  const out: Finding[] = [];
  const stack: Level[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      // A string: find its end, then decide whether it is a member name (followed by ':').
      let j = text.indexOf('"', i + 1);
      while (j > 0 && isEscaped(text, j)) j = text.indexOf('"', j + 1);
      if (j < 0) return out;
      let k = j + 1;
      while (k < n && isSpace(text.charCodeAt(k))) k++;
      const top = stack[stack.length - 1];
      if (k < n && text.charCodeAt(k) === 58 && top !== undefined && top.keys !== null) {
        const rawKey = text.slice(i + 1, j);
        const key = rawKey.indexOf('\\') >= 0 ? unescapeKey(rawKey) : rawKey;
        if (top.keys.includes(key) && out.length < MAX_REPORTED) {
          out.push(duplicateFinding(stack, key, value));
        }
        top.keys.push(key);
        top.pendingKey = key;
        i = k + 1;
        continue;
      }
      i = j + 1;
      continue;
    }
    if (c === 123 || c === 91) {
      const parent = stack[stack.length - 1];
      const segment = parent === undefined ? '' : parent.keys === null ? parent.index : (parent.pendingKey ?? '');
      stack.push({ keys: c === 123 ? [] : null, segment, index: 0 });
    } else if (c === 125 || c === 93) {
      stack.pop();
    } else if (c === 44) {
      const top = stack[stack.length - 1];
      if (top !== undefined && top.keys === null) top.index++;
    }
    i++;
  }
  return out;
}

/**
 * The fast path, so a message costs a few indexOf calls: a duplicate that matters to JSON-RPC is
 * an envelope member (`id`, `method`, `result`, the error's `code` …), so the full walk runs only
 * when one of those names appears twice in the text. Duplicates deep inside params or a result
 * are reported when the walk runs, not looked for otherwise. Batches are always walked.
 */
function surelyUnique(text: string, value: unknown): boolean {
  if (Array.isArray(value)) return false;
  if (value === null || typeof value !== 'object') return true;
  const o = value as Record<string, unknown>;
  if (!namesOnce(text, o)) return false;
  const err = o.error;
  return err === null || typeof err !== 'object' || Array.isArray(err) || namesOnce(text, err as Record<string, unknown>);
}

/** Whether each member name of `o` appears at most once as `"name"` followed by a colon in the text. */
function namesOnce(text: string, o: Record<string, unknown>): boolean {
  for (const k in o) {
    if (k.indexOf('"') >= 0 || k.indexOf('\\') >= 0) return false;
    const needle = '"' + k + '"';
    let seen = 0;
    for (let i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + needle.length)) {
      let j = i + needle.length;
      while (isSpace(text.charCodeAt(j))) j++;
      if (text.charCodeAt(j) === 58 && ++seen > 1) return false;
    }
  }
  return true;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

/** Whether the quote at `j` is preceded by an odd number of backslashes. */
function isEscaped(text: string, j: number): boolean {
  let b = 0;
  for (let k = j - 1; k >= 0 && text.charCodeAt(k) === 92; k--) b++;
  return b % 2 === 1;
}

function unescapeKey(raw: string): string {
  try {
    return JSON.parse('"' + raw + '"') as string;
  } catch {
    return raw;
  }
}

function duplicateFinding(stack: Level[], key: string, value: unknown): Finding {
  // The path of the object holding the duplicate: the segments of every level below the root.
  const segments: (string | number)[] = [];
  for (let s = 1; s < stack.length; s++) segments.push(stack[s].segment);
  let holder: unknown = value;
  for (const seg of segments) holder = holder !== null && typeof holder === 'object' ? (holder as Record<string, unknown>)[seg] : undefined;
  const kept = holder !== null && typeof holder === 'object' ? (holder as Record<string, unknown>)[key] : undefined;
  const path = pathText([...segments, key]);
  const shown = key.length > 60 ? JSON.stringify(key.slice(0, 60)) + '…' : JSON.stringify(key);
  return finding('duplicate-key', path, `The member ${shown} appears more than once in the same object; JSON.parse kept the last one, ${describeValue(kept)}, and dropped the earlier value.`);
}

function pathText(segments: (string | number)[]): string {
  let p = '';
  for (const s of segments) p = typeof s === 'number' ? `${p}[${s}]` : p === '' ? s : `${p}.${s}`;
  return p;
}
