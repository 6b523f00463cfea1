/**
 * User-chosen JSON paths to redact: `params.auth.token`, `result.items[*].secret`,
 * `params["x-key"]`, `**.password` (any depth). Paths are matched against each message: when a
 * message is a batch (an array) and the path does not start with an index, it is matched against
 * every entry. Matching works on spans of the original text, so the rest of the message keeps
 * every byte.
 */
import { arrayElements, objectMembers, rootSpan, type Span } from '../builder/json-text';

export type PathSegment =
  | { type: 'key'; key: string }
  | { type: 'index'; index: number }
  | { type: 'any' }
  | { type: 'deep' };

export interface JsonPath {
  text: string;
  segments: PathSegment[];
}

export const MAX_JSON_PATHS = 50;
export const MAX_JSON_PATH_CHARS = 200;

export type PathParse = { ok: true; path: JsonPath } | { ok: false; error: string };

export function parseJsonPath(text: string): PathParse {
  if (typeof text !== 'string') return { ok: false, error: 'a JSON path must be text' };
  const src = text.trim();
  const bad = (why: string): PathParse => ({ ok: false, error: `JSON path "${src.slice(0, 60)}": ${why}` });
  if (!src) return bad('is empty');
  if (src.length > MAX_JSON_PATH_CHARS) return bad(`longer than ${MAX_JSON_PATH_CHARS} characters`);
  const segments: PathSegment[] = [];
  let i = src.startsWith('$') ? 1 : 0;
  let expectName = i === 0;
  while (i < src.length) {
    const c = src[i];
    if (c === '.') {
      i++;
      expectName = true;
      continue;
    }
    if (c === '[') {
      const close = src.indexOf(']', i);
      if (close < 0) return bad('a [ is not closed');
      const inner = src.slice(i + 1, close).trim();
      if (inner === '*') segments.push({ type: 'any' });
      else if (/^\d{1,9}$/.test(inner)) segments.push({ type: 'index', index: Number(inner) });
      else if (/^"(?:[^"\\]|\\.)*"$/.test(inner) || /^'[^']*'$/.test(inner)) {
        const key = inner.startsWith('"') ? (JSON.parse(inner) as string) : inner.slice(1, -1);
        segments.push({ type: 'key', key });
      } else return bad(`[${inner}] must be an index, * or a quoted name`);
      i = close + 1;
      expectName = false;
      continue;
    }
    if (!expectName) return bad(`expected . or [ at position ${i + 1}`);
    const m = /^(\*\*|\*|[A-Za-z0-9_$@-]+)/.exec(src.slice(i));
    if (!m) return bad(`unexpected "${c}" at position ${i + 1} (quote unusual names: ["name"])`);
    segments.push(m[1] === '**' ? { type: 'deep' } : m[1] === '*' ? { type: 'any' } : { type: 'key', key: m[1] });
    i += m[1].length;
    expectName = false;
  }
  if (expectName && segments.length > 0) return bad('ends with a dot');
  if (segments.every((s) => s.type === 'deep')) return bad('names the whole message (redact a member of it instead)');
  return { ok: true, path: { text: src, segments } };
}

export function parseJsonPaths(texts: readonly unknown[]): { ok: true; paths: JsonPath[] } | { ok: false; error: string } {
  if (texts.length > MAX_JSON_PATHS) return { ok: false, error: `at most ${MAX_JSON_PATHS} JSON paths` };
  const paths: JsonPath[] = [];
  for (const t of texts) {
    const r = parseJsonPath(t as string);
    if (!r.ok) return r;
    paths.push(r.path);
  }
  return { ok: true, paths };
}

const startsWithIndex = (p: JsonPath) => p.segments[0].type !== 'key';

/** Spans of the values a path names in a valid JSON text (outermost only, in text order). */
export function findPathSpans(text: string, paths: readonly JsonPath[]): Span[] {
  const root = rootSpan(text);
  if (!root) return [];
  const hits: Span[] = [];
  const walk = (span: Span, segs: readonly PathSegment[], at: number): void => {
    if (at === segs.length) {
      hits.push(span);
      return;
    }
    const seg = segs[at];
    const open = text[span.start];
    if (seg.type === 'deep') {
      walk(span, segs, at + 1);
      for (const child of children(text, span)) walk(child, segs, at);
      return;
    }
    if (seg.type === 'any') {
      for (const child of children(text, span)) walk(child, segs, at + 1);
    } else if (seg.type === 'key' && open === '{') {
      for (const m of objectMembers(text, span)) if (m.key === seg.key) walk(m.value, segs, at + 1);
    } else if (seg.type === 'index' && open === '[') {
      const el = arrayElements(text, span)[seg.index];
      if (el) walk(el, segs, at + 1);
    }
  };
  for (const p of paths) {
    if (text[root.start] === '[' && !startsWithIndex(p)) for (const el of arrayElements(text, root)) walk(el, p.segments, 0);
    else walk(root, p.segments, 0);
  }
  return outermost(hits);
}

function children(text: string, span: Span): Span[] {
  if (text[span.start] === '{') return objectMembers(text, span).map((m) => m.value);
  if (text[span.start] === '[') return arrayElements(text, span);
  return [];
}

function outermost(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Span[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && s.start < last.end) continue;
    out.push(s);
  }
  return out;
}

/**
 * The same paths over a parsed value (for parsed copies such as `error.data`). Returns a copy
 * with matched values replaced, and how many were.
 */
export function redactValueAtPaths(value: unknown, paths: readonly JsonPath[], replacement: unknown): { value: unknown; count: number } {
  let count = 0;
  const apply = (v: unknown, segs: readonly PathSegment[], at: number, depth: number): unknown => {
    if (at === segs.length) {
      count++;
      return replacement;
    }
    if (depth > 256 || typeof v !== 'object' || v === null) return v;
    const seg = segs[at];
    if (seg.type === 'deep') {
      const here = apply(v, segs, at + 1, depth);
      if (here === replacement) return here;
      return mapChildren(here, (c) => apply(c, segs, at, depth + 1));
    }
    if (seg.type === 'any') return mapChildren(v, (c) => apply(c, segs, at + 1, depth + 1));
    if (seg.type === 'key' && !Array.isArray(v) && Object.prototype.hasOwnProperty.call(v, seg.key)) {
      return { ...(v as object), [seg.key]: apply((v as Record<string, unknown>)[seg.key], segs, at + 1, depth + 1) };
    }
    if (seg.type === 'index' && Array.isArray(v) && seg.index < v.length) {
      const copy = [...v];
      copy[seg.index] = apply(v[seg.index], segs, at + 1, depth + 1);
      return copy;
    }
    return v;
  };
  let out = value;
  for (const p of paths) {
    if (Array.isArray(out) && !startsWithIndex(p)) out = out.map((el) => apply(el, p.segments, 0, 0));
    else out = apply(out, p.segments, 0, 0);
  }
  return { value: out, count };
}

function mapChildren(v: unknown, fn: (c: unknown) => unknown): unknown {
  if (Array.isArray(v)) return v.map(fn);
  if (typeof v === 'object' && v !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, c] of Object.entries(v)) out[k] = fn(c);
    return out;
  }
  return v;
}
