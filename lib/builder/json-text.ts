/**
 * Token-preserving JSON text helpers. Users' numbers (big integers, `1.0`, `1e3`) and strings
 * (escapes, unicode) must reach the wire exactly as typed, so nothing here re-serialises a parsed
 * value: formatting and compacting only touch whitespace outside strings, and spans point into the
 * original text.
 */

/** Largest text we format or scan (the framing layer caps frames at 16 MiB by default). */
const MAX_JSON_TEXT = 16 * 1024 * 1024;

const WS = new Set([' ', '\t', '\n', '\r']);

export type JsonCheck = { ok: true; value: unknown } | { ok: false; error: string; offset?: number };

/** Parse for validation only; callers keep the text. The offset is best-effort (engines differ). */
export function checkJson(text: string): JsonCheck {
  if (text.length > MAX_JSON_TEXT) return { ok: false, error: `too large (${text.length} characters; limit ${MAX_JSON_TEXT})` };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const m = /position (\d+)/.exec(message);
    return { ok: false, error: message, offset: m ? Number(m[1]) : undefined };
  }
}

/** Index just past the string literal that opens at `i` (text[i] === '"'). */
function skipString(text: string, i: number): number {
  let j = i + 1;
  while (j < text.length) {
    const c = text[j];
    if (c === '\\') j += 2;
    else if (c === '"') return j + 1;
    else j++;
  }
  return text.length;
}

function skipWs(text: string, i: number): number {
  while (i < text.length && WS.has(text[i])) i++;
  return i;
}

/** Index just past the value starting at `i`. Iterative, so deep nesting cannot overflow the stack. */
function skipValue(text: string, i: number): number {
  let depth = 0;
  let j = i;
  while (j < text.length) {
    const c = text[j];
    if (c === '"') {
      j = skipString(text, j);
      if (depth === 0) return j;
      continue;
    }
    if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return j + 1;
      if (depth < 0) return j;
    } else if (depth === 0 && (c === ',' || WS.has(c))) return j;
    j++;
  }
  return j;
}

export interface Span {
  start: number;
  end: number;
}

/** The text of a span. */
export function slice(text: string, span: Span): string {
  return text.slice(span.start, span.end);
}

/** Span of the top-level value (surrounding whitespace excluded), or null for empty text. */
export function rootSpan(text: string): Span | null {
  const start = skipWs(text, 0);
  if (start >= text.length) return null;
  return { start, end: skipValue(text, start) };
}

/** Elements of the array whose `[` is at span.start. Assumes valid JSON (check first). */
export function arrayElements(text: string, span: Span): Span[] {
  const out: Span[] = [];
  if (text[span.start] !== '[') return out;
  let i = skipWs(text, span.start + 1);
  if (text[i] === ']') return out;
  while (i < span.end) {
    const end = skipValue(text, i);
    out.push({ start: i, end });
    i = skipWs(text, end);
    if (text[i] !== ',') break;
    i = skipWs(text, i + 1);
  }
  return out;
}

export interface MemberSpan {
  /** The decoded key. */
  key: string;
  value: Span;
}

/** Members of the object whose `{` is at span.start, in text order (duplicates kept). Assumes valid JSON. */
export function objectMembers(text: string, span: Span): MemberSpan[] {
  const out: MemberSpan[] = [];
  if (text[span.start] !== '{') return out;
  let i = skipWs(text, span.start + 1);
  while (i < span.end && text[i] === '"') {
    const keyEnd = skipString(text, i);
    const key = JSON.parse(text.slice(i, keyEnd)) as string;
    i = skipWs(text, keyEnd);
    if (text[i] !== ':') break;
    i = skipWs(text, i + 1);
    const end = skipValue(text, i);
    out.push({ key, value: { start: i, end } });
    i = skipWs(text, end);
    if (text[i] !== ',') break;
    i = skipWs(text, i + 1);
  }
  return out;
}

/** The last member named `key` (JSON.parse keeps the last duplicate too). */
export function member(text: string, span: Span, key: string): Span | undefined {
  let found: Span | undefined;
  for (const m of objectMembers(text, span)) if (m.key === key) found = m.value;
  return found;
}

/**
 * Pretty-print valid JSON with `indent` spaces, keeping every token byte-for-byte.
 * Returns null when the text is not valid JSON (the caller shows the lint error instead).
 */
export function formatJson(text: string, indent = 2): string | null {
  if (!checkJson(text).ok) return null;
  const pad = (n: number) => '\n' + ' '.repeat(indent * n);
  let out = '';
  let depth = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (WS.has(c)) {
      i++;
      continue;
    }
    if (c === '"') {
      const end = skipString(text, i);
      out += text.slice(i, end);
      i = end;
      continue;
    }
    if (c === '{' || c === '[') {
      const next = skipWs(text, i + 1);
      const close = c === '{' ? '}' : ']';
      if (text[next] === close) {
        out += c + close;
        i = next + 1;
        continue;
      }
      depth++;
      out += c + pad(depth);
    } else if (c === '}' || c === ']') {
      depth--;
      out += pad(depth) + c;
    } else if (c === ',') {
      out += ',' + pad(depth);
    } else if (c === ':') {
      out += ': ';
    } else {
      out += c;
    }
    i++;
  }
  return out;
}

/** Remove whitespace outside strings (one line, safe for newline framing), keeping every token exactly. */
export function compactJson(text: string): string {
  let out = '';
  let i = 0;
  let runStart = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      i = skipString(text, i);
      continue;
    }
    if (WS.has(c)) {
      out += text.slice(runStart, i);
      while (i < text.length && WS.has(text[i])) i++;
      runStart = i;
      continue;
    }
    i++;
  }
  return out + text.slice(runStart);
}

const HEADER_BLOCK = /^(?:[A-Za-z][A-Za-z0-9-]*:[^\r\n]*\r?\n)+\r?\n/;

/** The JSON body of a recorded wire text: strips a `Content-Length` style header block when present. */
export function bodyOf(raw: string): string {
  const m = HEADER_BLOCK.exec(raw);
  return m ? raw.slice(m[0].length) : raw;
}
