/**
 * Reading classified messages (single or batch) as flat entries, and writing JSON-RPC message text
 * for templates and cancel messages.
 */
import type { Classified, RawErrorObject } from '../jsonrpc/types';
import type { EventKind, JsonRpcId } from '../session/types';
import type { TemplateStep } from './types';

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** One JSON-RPC object of a message: the message itself, or one entry of a batch. */
export interface MessageEntry {
  kind: EventKind;
  method?: string;
  hasId: boolean;
  idKey?: string;
  id?: JsonRpcId;
  idText?: string;
  params?: unknown;
  result?: unknown;
  error?: RawErrorObject;
  /** Present only when the parsed value travelled with the classification. */
  value?: Record<string, unknown>;
}

/** Entries of a classified message; batches are flattened in order, with their parsed values when known. */
export function entriesOf(c: Classified): MessageEntry[] {
  if (c.kind === 'batch') {
    const values = Array.isArray(c.value) ? c.value : [];
    return (c.items ?? []).map((item) => toEntry(item, values[item.index]));
  }
  return [toEntry(c, c.value)];
}

const ROLES = new Set(['request', 'notification', 'response', 'error']);

function toEntry(
  c: Pick<Classified, 'kind' | 'method' | 'hasId' | 'idKey' | 'id' | 'idText' | 'error'>,
  value: unknown,
): MessageEntry {
  const rec = isRecord(value) ? value : undefined;
  // An invalid message still has a role (an answer with both result and error is still an answer).
  const role = (c as { role?: unknown }).role;
  const kind: EventKind = c.kind === 'invalid' && typeof role === 'string' && ROLES.has(role) ? (role as EventKind) : c.kind;
  return {
    kind,
    method: c.method,
    hasId: c.hasId,
    idKey: c.idKey,
    id: c.id,
    idText: c.idText,
    params: rec?.params,
    result: rec?.result,
    error: c.error,
    value: rec,
  };
}

/** " (seq N)" for evidence text, or "" when the seq is unknown. */
export function atSeq(seq: number | undefined): string {
  return seq !== undefined ? ` (seq ${seq})` : '';
}

/** Requests and notifications name a method; responses and errors answer one. */
export function isCall(e: MessageEntry): boolean {
  return e.kind === 'request' || e.kind === 'notification';
}

export function isAnswer(e: MessageEntry): boolean {
  return e.kind === 'response' || e.kind === 'error';
}

const JSON_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/**
 * JSON text of an id. The wire text wins when it is a valid JSON number or string (so an id like
 * 12345678901234567890 is echoed exactly, not rounded); otherwise the parsed value is used.
 */
export function idJson(id: JsonRpcId | undefined, idText?: string): string | undefined {
  if (typeof idText === 'string' && idText.length <= 1024) {
    if (JSON_NUMBER.test(idText)) return idText;
    if (idText.startsWith('"')) {
      try {
        if (typeof JSON.parse(idText) === 'string') return idText;
      } catch {
        // fall through to the parsed id
      }
    }
  }
  if (typeof id === 'string') return JSON.stringify(id);
  if (typeof id === 'number' && Number.isFinite(id)) return String(id);
  return undefined;
}

/** Pretty JSON-RPC text for a template step; requests get `id` (default 1). */
export function renderJsonRpc(step: TemplateStep, id: JsonRpcId = 1): string {
  const msg: Record<string, unknown> = { jsonrpc: '2.0' };
  if (step.kind === 'request') msg.id = id;
  msg.method = step.method;
  if (step.params !== undefined) msg.params = step.params;
  return JSON.stringify(msg, null, 2);
}

/** Compact notification text; each params member is given as ready JSON text (so ids stay exact). */
export function notificationText(method: string, members: ReadonlyArray<readonly [string, string]>): string {
  const params = members.map(([name, json]) => `${JSON.stringify(name)}:${json}`).join(',');
  return `{"jsonrpc":"2.0","method":${JSON.stringify(method)},"params":{${params}}}`;
}
