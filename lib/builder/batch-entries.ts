/**
 * What each entry of a sent batch asks of the peer. Read from the exact text that was sent, so a
 * batch from the editor, a raw array and an edit-and-resend are judged the same way.
 */
import { idKeyOf } from './ids';
import { arrayElements, bodyOf, checkJson, objectMembers, rootSpan, slice, type Span } from './json-text';

export type SentEntryKind = 'request' | 'notification' | 'invalid';

export interface SentEntry {
  index: number;
  /** Exact text of the entry inside the sent array. */
  text: string;
  kind: SentEntryKind;
  method?: string;
  /** Id text as sent (requests; invalid entries whose id could be read). */
  idText?: string;
  idKey?: string;
  /** Why an `invalid` entry is invalid (the peer should answer it with an Invalid Request error, id null). */
  reason?: string;
}

export type SentBatch = { ok: true; entries: SentEntry[] } | { ok: false; error: string };

function entryOf(text: string, span: Span, index: number): SentEntry {
  const entryText = slice(text, span);
  const invalid = (reason: string, idText?: string): SentEntry => ({
    index,
    text: entryText,
    kind: 'invalid',
    reason,
    ...(idText !== undefined ? { idText, idKey: idKeyOf(idText) } : {}),
  });
  if (text[span.start] !== '{') return invalid('not an object');
  const members = objectMembers(text, span);
  const get = (k: string) => {
    let found: Span | undefined;
    for (const m of members) if (m.key === k) found = m.value;
    return found;
  };
  const id = get('id');
  const c = id ? text[id.start] : undefined;
  const idReadable = id !== undefined && (c === '"' || c === '-' || (c !== undefined && c >= '0' && c <= '9') || slice(text, id) === 'null');
  const idText = id && idReadable ? slice(text, id) : undefined;
  const version = get('jsonrpc');
  if (!version || slice(text, version) !== '"2.0"') return invalid('jsonrpc is not "2.0"', idText);
  const method = get('method');
  if (!method || text[method.start] !== '"') return invalid('method is missing or not a string', idText);
  const params = get('params');
  if (params && text[params.start] !== '[' && text[params.start] !== '{') return invalid('params is neither an array nor an object', idText);
  if (id && !idReadable) return invalid('id is not a string, number or null');
  const methodName = JSON.parse(slice(text, method)) as string;
  if (idText === undefined) return { index, text: entryText, kind: 'notification', method: methodName };
  return { index, text: entryText, kind: 'request', method: methodName, idText, idKey: idKeyOf(idText) };
}

/** The entries of a sent batch text (framing header allowed), or why it is not a JSON array. */
export function readSentBatch(raw: string): SentBatch {
  const body = bodyOf(raw);
  const check = checkJson(body);
  if (!check.ok) return { ok: false, error: `not valid JSON: ${check.error}` };
  if (!Array.isArray(check.value)) return { ok: false, error: 'not a JSON array' };
  const span = rootSpan(body);
  if (!span) return { ok: false, error: 'empty' };
  return { ok: true, entries: arrayElements(body, span).map((el, i) => entryOf(body, el, i)) };
}
