/**
 * The per-message rules: one parsed JSON value (a whole message, or one batch entry) in, its
 * classification and findings out. Plain code on purpose: this runs once per message on the hot
 * path, right after JSON.parse, and a valid message must cost only a handful of typeof checks.
 */
import type { Finding } from '../../session/types';
import { extractIdTokens, idKey as makeIdKey, NULL_ID_KEY } from '../ids';
import type { ClassifiedItem, MessageRole, RawErrorObject } from '../types';
import { finding } from './table';

/**
 * Extensions the `rpc.` prefix is reserved for: OpenRPC's service discovery and the methods
 * rpc-websockets itself uses for events and login. Their use is an info note, not a warning.
 */
const KNOWN_RPC_EXTENSIONS = new Set(['rpc.discover', 'rpc.on', 'rpc.off', 'rpc.login']);

/** Members the specification defines for a Response object and an Error object (§5, §5.1). */
const RESPONSE_MEMBERS = new Set(['jsonrpc', 'result', 'error', 'id']);
const ERROR_MEMBERS = new Set(['code', 'message', 'data']);

const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;

function join(prefix: string, name: string): string {
  return prefix === '' ? name : prefix + '.' + name;
}

/** A short, safe description of a JSON value's type for messages ("an Array", "the Number 42"). */
export function describeValue(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an Array';
  switch (typeof v) {
    case 'string':
      return v.length > 40 ? 'a String' : 'the String ' + JSON.stringify(v);
    case 'number':
      return 'the Number ' + String(v);
    case 'boolean':
      return 'the Boolean ' + String(v);
    case 'object':
      return 'an Object';
    default:
      return typeof v;
  }
}

// The id tokens of the last text scanned: a batch full of big ids is scanned once, not per entry.
let tokensText: string | undefined;
let tokens: ReturnType<typeof extractIdTokens> | undefined;

function rawIdToken(text: string, index: number, inBatch: boolean): string | undefined {
  if (tokensText !== text || tokens === undefined) {
    tokens = extractIdTokens(text);
    tokensText = text;
  }
  return inBatch ? tokens.items.get(index) : tokens.top;
}

/**
 * Classifies one value. `inBatch`: the value is entry `index` of a batch (then a non-object is an
 * invalid entry rather than "not JSON-RPC"). `text` is the whole message text, read only when an
 * id is a number a double cannot hold exactly.
 */
export function classifyValue(v: unknown, index: number, inBatch: boolean, text: string): ClassifiedItem {
  const prefix = inBatch ? '[' + index + ']' : '';
  if (typeof v !== 'object' || v === null || Array.isArray(v)) {
    if (inBatch) {
      return {
        index,
        kind: 'invalid',
        hasId: false,
        findings: [finding('batch-item-type', prefix, `Batch entry ${index} is ${describeValue(v)}, not a Request object.`)],
      };
    }
    return {
      index,
      kind: 'not-jsonrpc',
      hasId: false,
      findings: [finding('not-jsonrpc', undefined, `Valid JSON, but ${describeValue(v)}: not a JSON-RPC object.`)],
    };
  }
  const o = v as Record<string, unknown>;
  const jsonrpc = o.jsonrpc;
  const method = o.method;
  const result = o.result;
  const error = o.error;
  const id = o.id;
  const hasMethod = method !== undefined;
  const hasResult = result !== undefined;
  const hasError = error !== undefined;
  const hasId = id !== undefined;

  if (jsonrpc === undefined && !hasMethod && !hasResult && !hasError) {
    if (inBatch) {
      return {
        index,
        kind: 'invalid',
        hasId: false,
        findings: [
          finding('batch-item-type', prefix, `Batch entry ${index} has no jsonrpc, method, result or error member: not a Request object.`),
        ],
      };
    }
    return { index, kind: 'not-jsonrpc', hasId: false, findings: [finding('not-jsonrpc')] };
  }

  const findings: Finding[] = [];
  if (jsonrpc !== '2.0') {
    findings.push(
      finding(
        'jsonrpc-version',
        join(prefix, 'jsonrpc'),
        jsonrpc === undefined
          ? 'The jsonrpc member is missing; it must be exactly "2.0".'
          : `jsonrpc is ${describeValue(jsonrpc)}; it must be exactly the String "2.0".`,
      ),
    );
  }

  let idValue: string | number | null | undefined;
  let idText: string | undefined;
  let key: string | undefined;
  if (hasId) {
    if (typeof id === 'string') {
      idValue = id;
      key = 's:' + id;
    } else if (typeof id === 'number') {
      idValue = id;
      if (Number.isSafeInteger(id)) {
        key = 'n:' + (id === 0 ? '0' : String(id));
      } else {
        idText = rawIdToken(text, index, inBatch);
        key = makeIdKey(id, idText);
        const fractional = key !== undefined && (key.includes('.') || key.includes('e-'));
        if (fractional) findings.push(finding('id-fractional', join(prefix, 'id'), `The id ${idText ?? String(id)} has a fractional part.`));
        else findings.push(finding('id-unsafe-integer', join(prefix, 'id'), `The id ${idText ?? String(id)} is beyond 2^53: a peer that reads JSON numbers as doubles will not echo it exactly.`));
      }
    } else if (id === null) {
      idValue = null;
      key = NULL_ID_KEY;
    } else {
      findings.push(finding('id-type', join(prefix, 'id'), `The id is ${describeValue(id)}; it must be a String, a Number or null.`));
    }
  }

  let role: MessageRole | undefined;
  let methodName: string | undefined;
  let rawError: RawErrorObject | undefined;
  if (hasMethod) {
    role = hasId ? 'request' : 'notification';
    if (typeof method === 'string') {
      methodName = method;
      if (method.startsWith('rpc.')) {
        if (KNOWN_RPC_EXTENSIONS.has(method)) {
          findings.push(finding('method-rpc-extension', join(prefix, 'method'), `"${method}" is a method of a known extension, the use the "rpc." prefix is reserved for.`));
        } else {
          findings.push(finding('method-reserved', join(prefix, 'method'), `"${method}" starts with "rpc.", a prefix reserved for rpc-internal methods and extensions.`));
        }
      }
    } else {
      findings.push(finding('method-type', join(prefix, 'method'), `method is ${describeValue(method)}; it must be a String.`));
    }
    const params = o.params;
    if (params !== undefined && (typeof params !== 'object' || params === null)) {
      findings.push(finding('params-type', join(prefix, 'params'), `params is ${describeValue(params)}; it must be an Array or an Object.`));
    }
    if (hasResult || hasError) {
      findings.push(
        finding(
          'request-and-response-members',
          prefix === '' ? undefined : prefix,
          `The message has a method (a request) and also ${hasResult && hasError ? 'result and error' : hasResult ? 'result' : 'error'} (a response).`,
        ),
      );
    }
    if (idValue === null) findings.push(finding('request-null-id', join(prefix, 'id')));
  } else if (hasResult || hasError) {
    role = hasError ? 'error' : 'response';
    if (hasResult && hasError) {
      findings.push(finding('response-result-xor-error', prefix === '' ? undefined : prefix, 'The response has both result and error; it must have exactly one.'));
    }
    if (!hasId) findings.push(finding('response-id-missing', join(prefix, 'id')));
    unknownMembers(o, RESPONSE_MEMBERS, 'response-unknown-member', prefix, 'The Response object', findings);
    if (hasError) rawError = checkErrorObject(error, prefix, idValue === null && !hasResult, findings);
  } else if (o.params !== undefined) {
    // jsonrpc and params but no method: a request that forgot its method.
    role = hasId ? 'request' : 'notification';
    findings.push(finding('method-type', join(prefix, 'method'), 'The method member is missing.'));
  } else {
    if (hasId) role = 'response';
    findings.push(
      finding(
        hasId ? 'response-result-xor-error' : 'method-type',
        prefix === '' ? undefined : prefix,
        hasId
          ? 'The response has neither result nor error; it must have exactly one.'
          : 'No method (a request needs one) and no result or error (a response needs one).',
      ),
    );
  }

  let invalid = role === undefined;
  for (let i = 0; i < findings.length; i++) {
    if (findings[i].severity === 'error') {
      invalid = true;
      break;
    }
  }
  return {
    index,
    kind: invalid ? 'invalid' : (role as MessageRole),
    hasId,
    id: idValue,
    idText,
    idKey: key,
    method: methodName,
    error: rawError,
    role,
    findings,
  };
}

function checkErrorObject(error: unknown, prefix: string, nullId: boolean, findings: Finding[]): RawErrorObject | undefined {
  if (typeof error !== 'object' || error === null || Array.isArray(error)) {
    findings.push(finding('error-not-object', join(prefix, 'error'), `error is ${describeValue(error)}; it must be an Object with code and message.`));
    return undefined;
  }
  const e = error as RawErrorObject;
  unknownMembers(error as Record<string, unknown>, ERROR_MEMBERS, 'error-unknown-member', join(prefix, 'error'), 'The Error object', findings);
  const code = e.code;
  const codeOk = typeof code === 'number' && Number.isInteger(code);
  if (!codeOk) {
    findings.push(
      finding('error-code-type', join(prefix, 'error.code'), code === undefined ? 'error.code is missing; it must be an integer.' : `error.code is ${describeValue(code)}; it must be an integer.`),
    );
  }
  if (typeof e.message !== 'string') {
    findings.push(
      finding(
        'error-message-type',
        join(prefix, 'error.message'),
        e.message === undefined ? 'error.message is missing; it must be a String.' : `error.message is ${describeValue(e.message)}; it must be a String.`,
      ),
    );
  }
  if (nullId && codeOk && code !== PARSE_ERROR && code !== INVALID_REQUEST) {
    findings.push(
      finding('error-null-id', join(prefix, 'id'), `An error ${String(code)} with a null id: only a Parse error (-32700) or an Invalid Request (-32600) may leave the id unknown.`),
    );
  }
  return e;
}

/** One finding per member of `o` that `known` does not list, naming it (a handful at most are named). */
function unknownMembers(o: Record<string, unknown>, known: ReadonlySet<string>, rule: string, prefix: string, what: string, findings: Finding[]): void {
  let named = 0;
  for (const k in o) {
    if (known.has(k) || !Object.prototype.hasOwnProperty.call(o, k)) continue;
    if (++named > 8) break;
    const shown = k.length > 60 ? JSON.stringify(k.slice(0, 60)) + '…' : JSON.stringify(k);
    findings.push(finding(rule, join(prefix, k), `${what} has a member ${shown} that the specification does not define.`));
  }
}
