/**
 * Edit-and-resend: turn a recorded message back into builder fields. Only a message the builder
 * could compose again byte-for-byte-equivalently (same members, same tokens) opens in the form;
 * anything else opens in raw mode so nothing the peer or the user sent is lost.
 */
import type { ParamsMode } from './compose';
import { arrayElements, bodyOf, checkJson, formatJson, objectMembers, rootSpan, slice, type Span } from './json-text';

export type Decomposed =
  | { mode: 'compose'; method: string; paramsMode: ParamsMode; paramsText: string; idText?: string }
  | { mode: 'raw'; text: string; reason: string };

const REQUEST_MEMBERS = new Set(['jsonrpc', 'id', 'method', 'params']);

function pretty(text: string): string {
  return formatJson(text) ?? text;
}

/** Decompose one request/notification object at `span` of `text` (already known to be valid JSON). */
function decomposeObject(text: string, span: Span): Decomposed {
  const raw = slice(text, span);
  if (text[span.start] !== '{') return { mode: 'raw', text: pretty(raw), reason: 'not an object' };
  const members = objectMembers(text, span);
  const seen = new Set<string>();
  for (const m of members) {
    if (!REQUEST_MEMBERS.has(m.key)) return { mode: 'raw', text: pretty(raw), reason: `has a "${m.key}" member` };
    if (seen.has(m.key)) return { mode: 'raw', text: pretty(raw), reason: `"${m.key}" appears twice` };
    seen.add(m.key);
  }
  const get = (k: string) => members.find((m) => m.key === k)?.value;
  const version = get('jsonrpc');
  if (!version || slice(text, version) !== '"2.0"') return { mode: 'raw', text: pretty(raw), reason: 'jsonrpc is not "2.0"' };
  const method = get('method');
  if (!method || text[method.start] !== '"') return { mode: 'raw', text: pretty(raw), reason: 'method is missing or not a string' };
  const params = get('params');
  let paramsMode: ParamsMode = 'omit';
  let paramsText = '';
  if (params) {
    const open = text[params.start];
    if (open !== '[' && open !== '{') return { mode: 'raw', text: pretty(raw), reason: 'params is neither an array nor an object' };
    paramsMode = open === '[' ? 'array' : 'object';
    paramsText = pretty(slice(text, params));
  }
  const id = get('id');
  return {
    mode: 'compose',
    method: JSON.parse(slice(text, method)) as string,
    paramsMode,
    paramsText,
    idText: id ? slice(text, id) : undefined,
  };
}

/** A recorded wire text (framing header allowed) as builder fields, or raw text with the reason. */
export function decomposeRequest(raw: string): Decomposed {
  const body = bodyOf(raw);
  const check = checkJson(body);
  if (!check.ok) return { mode: 'raw', text: body, reason: 'not valid JSON' };
  const span = rootSpan(body);
  if (!span) return { mode: 'raw', text: body, reason: 'empty' };
  if (body[span.start] === '[') return { mode: 'raw', text: pretty(body.trim()), reason: 'a batch' };
  return decomposeObject(body, span);
}

export type DecomposedEntry =
  | { kind: 'request'; method: string; paramsMode: ParamsMode; paramsText: string; idText: string }
  | { kind: 'notification'; method: string; paramsMode: ParamsMode; paramsText: string }
  | { kind: 'raw'; text: string };

/** A recorded batch as batch-editor entries (null when the text is not a JSON array). */
export function decomposeBatch(raw: string): DecomposedEntry[] | null {
  const body = bodyOf(raw);
  if (!checkJson(body).ok) return null;
  const span = rootSpan(body);
  if (!span || body[span.start] !== '[') return null;
  return arrayElements(body, span).map((el): DecomposedEntry => {
    const d = decomposeObject(body, el);
    if (d.mode === 'raw') return { kind: 'raw', text: d.text };
    const base = { method: d.method, paramsMode: d.paramsMode, paramsText: d.paramsText };
    return d.idText === undefined ? { kind: 'notification', ...base } : { kind: 'request', ...base, idText: d.idText };
  });
}
