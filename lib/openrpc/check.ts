/**
 * Traffic against the documents, as a pipeline MessageCheck: params of requests (either
 * direction), `result` against the answered method's result schema, and an error against the
 * method's declared `errors` (is the code declared, does the message match, does `data` fit).
 * Every finding names the document in `spec`, the way rule findings quote the spec they enforce.
 */
import type { Finding } from '../session/types';
import type { MessageCheck, MessageCheckInput } from '../session/pipeline';
import { isObject } from './pointer';
import { checkErrorData, checkParams, checkResult, type Issue } from './params';
import type { MethodEntry, OpenRpcSet } from './set';
import type { JsonSchema, MethodInfo } from './types';

/** Stable rule ids of OpenRPC findings. */
export const OPENRPC_RULES = {
  params: 'openrpc-params',
  result: 'openrpc-result',
  errorUndeclared: 'openrpc-error-undeclared',
  errorMessage: 'openrpc-error-message',
  errorData: 'openrpc-error-data',
  unknownMethod: 'openrpc-unknown-method',
} as const;

/** Methods OpenRPC itself defines for every service; never "unknown". */
const BUILT_IN = new Set(['rpc.discover']);
const MAX_FINDINGS = 20;
const RESERVED_MIN = -32768;
const RESERVED_MAX = -32000;

export function createOpenRpcCheck(set: OpenRpcSet): MessageCheck {
  return (input: MessageCheckInput) => {
    if (set.size === 0) return [];
    const out: Finding[] = [];
    try {
      checkMessage(set, input, out);
    } catch {
      // A check must never cost the user the message; a bug here only loses its findings.
    }
    return out.length > MAX_FINDINGS ? [...out.slice(0, MAX_FINDINGS - 1), { rule: out[MAX_FINDINGS - 1].rule, severity: 'info', message: `…and ${out.length - MAX_FINDINGS + 1} more OpenRPC findings` }] : out;
  };
}

function checkMessage(set: OpenRpcSet, { dir, classified, requestMethod }: MessageCheckInput, out: Finding[]): void {
  const value = classified.value;
  switch (classified.kind) {
    case 'request':
    case 'notification':
      if (isObject(value)) checkRequest(set, dir, value, '', out);
      return;
    case 'batch':
      if (!Array.isArray(value)) return;
      (classified.items ?? []).forEach((item) => {
        const entry = value[item.index];
        if ((item.kind === 'request' || item.kind === 'notification') && isObject(entry)) checkRequest(set, dir, entry, `[${item.index}].`, out);
      });
      return;
    case 'response':
      if (requestMethod !== undefined && isObject(value)) checkAnswer(set, requestMethod, value, out);
      return;
    case 'error':
      if (requestMethod !== undefined && isObject(value)) checkError(set, requestMethod, value, out);
      return;
    default:
      return;
  }
}

function checkRequest(set: OpenRpcSet, dir: 'in' | 'out', msg: Record<string, unknown>, prefix: string, out: Finding[]): void {
  const name = msg.method;
  if (typeof name !== 'string' || BUILT_IN.has(name)) return;
  const entry = set.method(name);
  if (!entry) {
    // Documents describe the target's methods; requests the target sends us are not in them.
    if (dir === 'out') {
      out.push({
        rule: OPENRPC_RULES.unknownMethod,
        severity: 'info',
        message: `${JSON.stringify(name)} is not a method of the OpenRPC ${set.size === 1 ? 'document' : 'documents'} ${set.label}`,
        path: `${prefix}method`,
      });
    }
    return;
  }
  const issues = checkParams(entry.doc, entry.method, msg.params);
  for (const issue of issues) out.push(finding(OPENRPC_RULES.params, 'warning', issue, entry, prefix, signature(entry.method)));
}

function checkAnswer(set: OpenRpcSet, method: string, msg: Record<string, unknown>, out: Finding[]): void {
  const entry = set.method(method);
  if (!entry?.method.result || !('result' in msg)) return;
  for (const issue of checkResult(entry.doc, entry.method, msg.result)) {
    out.push(finding(OPENRPC_RULES.result, 'warning', issue, entry, '', `${entry.method.name} returns ${entry.method.result.name}: ${schemaWords(entry.method.result.schema)}`));
  }
}

function checkError(set: OpenRpcSet, method: string, msg: Record<string, unknown>, out: Finding[]): void {
  const entry = set.method(method);
  const err = msg.error;
  if (!entry || !isObject(err) || typeof err.code !== 'number' || !Number.isInteger(err.code)) return;
  const code = err.code;
  const declared = entry.method.errors.find((e) => e.code === code);
  const list = entry.method.errors.map((e) => `${e.code} ${JSON.stringify(e.message)}`).join(', ');
  const spec = entry.method.errors.length ? `${entry.method.name} declares the errors ${list}` : `${entry.method.name} declares no errors`;
  if (!declared) {
    // JSON-RPC's own codes "SHOULD be assumed to be returned from any JSON-RPC api" (OpenRPC, Error Object).
    if (code >= RESERVED_MIN && code <= RESERVED_MAX) return;
    out.push(finding(OPENRPC_RULES.errorUndeclared, 'warning', { path: 'error.code', message: `${code} is not an error ${entry.method.name} declares` }, entry, '', spec));
    return;
  }
  if (declared.message && typeof err.message === 'string' && err.message !== declared.message) {
    out.push(finding(OPENRPC_RULES.errorMessage, 'info', { path: 'error.message', message: `${JSON.stringify(err.message)} differs from the declared message ${JSON.stringify(declared.message)} for ${code}` }, entry, '', spec));
  }
  for (const issue of checkErrorData(entry.doc, entry.method, declared, err.data)) {
    out.push(finding(OPENRPC_RULES.errorData, 'warning', issue, entry, '', `${entry.method.name} declares what error ${code} carries in data: ${schemaWords(declared.data as JsonSchema)}`));
  }
}

function finding(rule: string, severity: Finding['severity'], issue: Issue, entry: MethodEntry, prefix: string, what: string): Finding {
  const path = `${prefix}${issue.path}`;
  return { rule, severity, message: `${path} ${issue.message}`, path, spec: `OpenRPC ${entry.doc.label}: ${what}` };
}

/** `getPet takes {petId: integer (required)} by name` — what a params finding is checked against. */
export function signature(m: MethodInfo): string {
  const parts = m.params.map((p) => `${p.name}: ${schemaWords(p.schema)}${p.required ? ' (required)' : ''}`);
  const how = m.paramStructure === 'by-name' ? ' by name' : m.paramStructure === 'by-position' ? ' by position' : '';
  if (parts.length === 0) return `${m.name} takes no params`;
  return m.paramStructure === 'by-position' ? `${m.name} takes [${parts.join(', ')}]${how}` : `${m.name} takes {${parts.join(', ')}}${how}`;
}

/** A schema in a few words: `integer`, `Pet`, `string | null`, `array of Pet`. */
export function schemaWords(schema: JsonSchema | undefined): string {
  if (schema === undefined || schema === true) return 'anything';
  if (schema === false) return 'nothing';
  if (typeof schema.$ref === 'string') return schema.$ref.split('/').pop() || schema.$ref;
  if (typeof schema.title === 'string' && schema.title) return schema.title;
  if (Array.isArray(schema.enum)) return schema.enum.slice(0, 4).map((v) => JSON.stringify(v)).join(' | ') + (schema.enum.length > 4 ? ' | …' : '');
  const t = schema.type;
  if (t === 'array' && schema.items !== undefined && !Array.isArray(schema.items)) return `array of ${schemaWords(schema.items as JsonSchema)}`;
  if (typeof t === 'string') return t;
  if (Array.isArray(t)) return t.join(' | ');
  for (const key of ['oneOf', 'anyOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list)) return list.slice(0, 4).map((s) => schemaWords(s as JsonSchema)).join(' | ');
  }
  return 'a value';
}
