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
 * The fast path: a duplicate that matters to JSON-RPC is a member of the message object or of its
 * error object, and JSON.parse keeps one member per name, so counting the member names the text
 * has at those two levels and comparing with the parsed objects' member counts says whether any
 * was repeated. The count skips strings with indexOf, so a message costs a handful of native
 * searches and a loop over its structural characters only (measured on the benchmark's small mix:
 * about 0.45 µs a message, 40% of its JSON.parse; two searches per envelope name cost twice that).
 * Duplicates deeper inside params or a result are named when the full walk runs (a repeated member
 * of the message or of its error object, or a batch), not looked for otherwise.
 */
function surelyUnique(text: string, value: unknown): boolean {
  if (Array.isArray(value)) return false;
  if (value === null || typeof value !== 'object') return true;
  const o = value as Record<string, unknown>;
  const err = o.error;
  const errObject = err !== null && typeof err === 'object' && !Array.isArray(err) ? (err as Record<string, unknown>) : undefined;
  let depth = 0;
  let topNames = 0;
  let errorNames = 0;
  /** Whether the last member name seen at depth 1 was "error", and whether we are inside that object. */
  let afterErrorName = false;
  let inError = false;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      let j = text.indexOf('"', i + 1);
      while (j > 0 && text.charCodeAt(j - 1) === 92 && isEscaped(text, j)) j = text.indexOf('"', j + 1);
      if (j < 0) return false;
      if (depth === 1 || (inError && depth === 2)) {
        let k = j + 1;
        while (isSpace(text.charCodeAt(k))) k++;
        if (text.charCodeAt(k) === 58) {
          if (depth === 1) {
            topNames++;
            afterErrorName = errObject !== undefined && j - i === 6 && text.startsWith('error', i + 1);
          } else errorNames++;
        }
      }
      i = j;
    } else if (c === 123 || c === 91) {
      depth++;
      if (depth === 2 && c === 123 && afterErrorName) inError = true;
    } else if (c === 125 || c === 93) {
      depth--;
      if (depth < 2) inError = false;
    }
  }
  return topNames === memberCount(o) && (errObject === undefined || errorNames === memberCount(errObject));
}

/** JSON.parse makes plain objects: every enumerable member is an own one, and none is inherited. */
function memberCount(o: Record<string, unknown>): number {
  let count = 0;
  for (const _ in o) count++;
  return count;
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
