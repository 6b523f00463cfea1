/**
 * Message composition: the exact text the builder will send. Params, ids and results are spliced
 * in as the user typed them (compacted to one line so newline-framed peers get one message per
 * line), never parsed and re-serialised.
 */
import { checkJson, compactJson } from './json-text';

export type ParamsMode = 'array' | 'object' | 'omit';

export const PARAMS_MODES: { value: ParamsMode; label: string; title: string }[] = [
  { value: 'array', label: 'By position [ ]', title: 'params as an array' },
  { value: 'object', label: 'By name { }', title: 'params as an object' },
  { value: 'omit', label: 'Omit', title: 'no params member' },
];

export type Composed = { ok: true; text: string; warnings: string[] } | { ok: false; error: string };

/** Checks params text for a mode; returns its one-line text, or why it cannot be sent. */
function paramsMember(mode: ParamsMode, paramsText: string): { ok: true; text?: string } | { ok: false; error: string } {
  if (mode === 'omit') return { ok: true };
  const text = paramsText.trim();
  const want = mode === 'array' ? 'an array [ … ]' : 'an object { … }';
  if (text === '') return { ok: false, error: `Params are empty: type ${want}, or choose Omit` };
  const check = checkJson(text);
  if (!check.ok) return { ok: false, error: `Params are not valid JSON: ${check.error}` };
  const isArray = Array.isArray(check.value);
  const isObject = check.value !== null && typeof check.value === 'object' && !isArray;
  if (mode === 'array' && !isArray) return { ok: false, error: 'By-position params must be an array [ … ] (switch to By name for an object, or use Raw mode)' };
  if (mode === 'object' && !isObject) return { ok: false, error: 'By-name params must be an object { … } (switch to By position for an array, or use Raw mode)' };
  return { ok: true, text: compactJson(text) };
}

export interface RequestParts {
  method: string;
  paramsMode: ParamsMode;
  paramsText: string;
  /** JSON text of the id; undefined makes a notification. */
  idText: string | undefined;
}

/** `{"jsonrpc":"2.0","id":…,"method":…,"params":…}` with members in that order. */
export function composeRequest(parts: RequestParts): Composed {
  const warnings: string[] = [];
  if (parts.method === '') warnings.push('method is empty');
  else if (parts.method.startsWith('rpc.')) warnings.push('"rpc." method names are reserved for rpc-internal methods');
  const params = paramsMember(parts.paramsMode, parts.paramsText);
  if (!params.ok) return params;
  let text = '{"jsonrpc":"2.0"';
  if (parts.idText !== undefined) text += `,"id":${parts.idText}`;
  text += `,"method":${JSON.stringify(parts.method)}`;
  if (params.text !== undefined) text += `,"params":${params.text}`;
  return { ok: true, text: text + '}', warnings };
}

export interface ErrorParts {
  code: string;
  message: string;
  /** Optional JSON text for `error.data`; empty = no data member. */
  dataText: string;
}

/** A response to a request the target sent, echoing its id text exactly. */
export function composeResponse(idText: string, reply: { kind: 'result'; resultText: string } | { kind: 'error'; error: ErrorParts }): Composed {
  const warnings: string[] = [];
  const head = `{"jsonrpc":"2.0","id":${idText}`;
  if (reply.kind === 'result') {
    const text = reply.resultText.trim();
    if (text === '') return { ok: false, error: 'Result is empty: type any JSON value (null is fine)' };
    const check = checkJson(text);
    if (!check.ok) return { ok: false, error: `Result is not valid JSON: ${check.error}` };
    return { ok: true, text: `${head},"result":${compactJson(text)}}`, warnings };
  }
  const codeText = reply.error.code.trim();
  if (!/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(codeText)) return { ok: false, error: 'Error code must be a number' };
  if (!/^-?\d+$/.test(codeText)) warnings.push('error code is not an integer: "code MUST be an integer"');
  let text = `${head},"error":{"code":${codeText},"message":${JSON.stringify(reply.error.message)}`;
  const data = reply.error.dataText.trim();
  if (data !== '') {
    const check = checkJson(data);
    if (!check.ok) return { ok: false, error: `Error data is not valid JSON: ${check.error}` };
    text += `,"data":${compactJson(data)}`;
  }
  return { ok: true, text: text + '}}', warnings };
}

/** One JSON array from entry texts, in order (entries already checked and compacted). */
export function composeBatch(entryTexts: readonly string[]): string {
  return '[' + entryTexts.join(',') + ']';
}

/** UTF-8 byte length, shown next to previews. */
export function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}
