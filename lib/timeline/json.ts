/**
 * A lossless JSON reader for the inspector's tree: numbers keep their exact text (an id beyond
 * 2^53 shows as sent), duplicate keys are kept in order, and a malformed message yields the
 * offset of the first problem instead of throwing.
 */

export type JsonNode =
  | { t: 'object'; entries: [string, JsonNode][] }
  | { t: 'array'; items: JsonNode[] }
  | { t: 'string'; v: string }
  | { t: 'number'; text: string }
  | { t: 'bool'; v: boolean }
  | { t: 'null' };

export type ParseResult = { ok: true; node: JsonNode } | { ok: false; error: string; offset: number };

export const MAX_DEPTH = 512;

class JsonSyntax extends Error {
  constructor(message: string, readonly offset: number) {
    super(message);
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

export function parseJsonLossless(text: string): ParseResult {
  let i = 0;
  const n = text.length;

  const ws = () => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 9 || c === 10 || c === 13) i++;
      else break;
    }
  };
  const fail = (msg: string): never => {
    throw new JsonSyntax(msg, i);
  };

  const str = (): string => {
    const start = i;
    i++; // opening quote
    let escaped = false;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 92) {
        escaped = true;
        i += 2;
      } else if (c === 34) break;
      else if (c < 0x20) fail('control character inside a string');
      else i++;
    }
    if (i >= n) { i = start; fail('string never closed'); }
    i++;
    const slice = text.slice(start, i);
    if (!escaped) return slice.slice(1, -1);
    try {
      return JSON.parse(slice) as string;
    } catch {
      i = start;
      return fail('bad escape in string');
    }
  };

  const value = (depth: number): JsonNode => {
    if (depth > MAX_DEPTH) fail(`nested deeper than ${MAX_DEPTH} levels`);
    ws();
    if (i >= n) fail('unexpected end of text');
    const c = text[i];
    if (c === '{') {
      i++;
      const entries: [string, JsonNode][] = [];
      ws();
      if (text[i] === '}') { i++; return { t: 'object', entries }; }
      for (;;) {
        ws();
        if (text[i] !== '"') fail('expected a "quoted" member name');
        const key = str();
        ws();
        if (text[i] !== ':') fail('expected ":" after the member name');
        i++;
        entries.push([key, value(depth + 1)]);
        ws();
        if (text[i] === ',') { i++; continue; }
        if (text[i] === '}') { i++; return { t: 'object', entries }; }
        fail('expected "," or "}"');
      }
    }
    if (c === '[') {
      i++;
      const items: JsonNode[] = [];
      ws();
      if (text[i] === ']') { i++; return { t: 'array', items }; }
      for (;;) {
        items.push(value(depth + 1));
        ws();
        if (text[i] === ',') { i++; continue; }
        if (text[i] === ']') { i++; return { t: 'array', items }; }
        fail('expected "," or "]"');
      }
    }
    if (c === '"') return { t: 'string', v: str() };
    if (text.startsWith('true', i)) { i += 4; return { t: 'bool', v: true }; }
    if (text.startsWith('false', i)) { i += 5; return { t: 'bool', v: false }; }
    if (text.startsWith('null', i)) { i += 4; return { t: 'null' }; }
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(text);
    if (m && m[0].length > 0) { i += m[0].length; return { t: 'number', text: m[0] }; }
    return fail(`unexpected character ${JSON.stringify(c)}`);
  };

  try {
    const node = value(0);
    ws();
    if (i < n) fail('extra text after the JSON value');
    return { ok: true, node };
  } catch (e) {
    if (e instanceof JsonSyntax) return { ok: false, error: e.message, offset: e.offset };
    return { ok: false, error: 'could not read the JSON', offset: i };
  }
}

/** JSON text of a node; numbers exactly as they were written. `indent` 0 gives one line. */
export function stringifyNode(node: JsonNode, indent = 2): string {
  const parts: string[] = [];
  const walk = (nd: JsonNode, level: number) => {
    const pad = indent ? '\n' + ' '.repeat(indent * (level + 1)) : '';
    const close = indent ? '\n' + ' '.repeat(indent * level) : '';
    switch (nd.t) {
      case 'object':
        if (nd.entries.length === 0) { parts.push('{}'); return; }
        parts.push('{');
        nd.entries.forEach(([k, v], idx) => {
          parts.push(idx ? ',' + pad : pad, JSON.stringify(k), indent ? ': ' : ':');
          walk(v, level + 1);
        });
        parts.push(close, '}');
        return;
      case 'array':
        if (nd.items.length === 0) { parts.push('[]'); return; }
        parts.push('[');
        nd.items.forEach((v, idx) => {
          parts.push(idx ? ',' + pad : pad);
          walk(v, level + 1);
        });
        parts.push(close, ']');
        return;
      case 'string': parts.push(JSON.stringify(nd.v)); return;
      case 'number': parts.push(nd.text); return;
      case 'bool': parts.push(String(nd.v)); return;
      case 'null': parts.push('null'); return;
    }
  };
  walk(node, 0);
  return parts.join('');
}

export type PathSegment = string | number;

/** `$.params.textDocument.uri`, `$.items[2]`, `$["odd key"]`. */
export function formatJsonPath(path: readonly PathSegment[]): string {
  let out = '$';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(seg)) out += `.${seg}`;
    else out += `[${JSON.stringify(seg)}]`;
  }
  return out;
}

/** Number of direct children (for "{…} 12 keys" summaries). */
export function childCount(node: JsonNode): number {
  return node.t === 'object' ? node.entries.length : node.t === 'array' ? node.items.length : 0;
}
