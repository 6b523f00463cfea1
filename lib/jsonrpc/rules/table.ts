/**
 * Every rule rpcscope checks, in one table. Each rule has a stable id (shown to users, stored in
 * sessions: never rename one), a severity, a default message, and the sentence of the
 * specification it enforces, quoted. `message` rules look at one message; `conversation` rules
 * need the messages around it (the correlator applies them).
 */
import type { Finding, Severity } from '../../session/types';
import { ANSWER_RULES } from './answer-rules';
import { FRAMING_RULES } from './framing-rules';

export interface RuleDef {
  id: string;
  severity: Severity;
  /** `framing` rules judge the bytes around a message (lib/framing/hints.ts). */
  scope: 'message' | 'conversation' | 'framing';
  /** Default finding text; call sites may give a more precise one. */
  message: string;
  /** The spec sentence the rule enforces, quoted. */
  spec: string;
  /** Where the sentence is, e.g. "JSON-RPC 2.0 §4". */
  section: string;
}

const JSONRPC = 'JSON-RPC 2.0';

const defs: RuleDef[] = [
  // ── one message ─────────────────────────────────────────────────────────────────────────────
  {
    id: 'parse-error',
    severity: 'error',
    scope: 'message',
    message: 'Not valid JSON.',
    spec: 'Invalid JSON was received by the server. An error occurred on the server while parsing the JSON text.',
    section: `${JSONRPC} §5.1`,
  },
  {
    id: 'not-jsonrpc',
    // A warning: on a JSON-RPC connection, a frame that is JSON but not JSON-RPC is a real deviation.
    severity: 'warning',
    scope: 'message',
    message: 'Valid JSON, but not a JSON-RPC message: no jsonrpc, method, result or error member.',
    spec: 'A rpc call is represented by sending a Request object to a Server.',
    section: `${JSONRPC} §4`,
  },
  {
    id: 'jsonrpc-version',
    severity: 'error',
    scope: 'message',
    message: 'The jsonrpc member is not exactly "2.0".',
    spec: 'A String specifying the version of the JSON-RPC protocol. MUST be exactly "2.0".',
    section: `${JSONRPC} §4, §5`,
  },
  {
    id: 'method-type',
    severity: 'error',
    scope: 'message',
    message: 'The method member is missing or not a String.',
    spec: 'method: A String containing the name of the method to be invoked.',
    section: `${JSONRPC} §4`,
  },
  {
    id: 'method-reserved',
    severity: 'warning',
    scope: 'message',
    message: 'Method names starting with "rpc." are reserved for rpc-internal methods and extensions.',
    spec:
      'Method names that begin with the word rpc followed by a period character (U+002E or ASCII 46) are reserved for rpc-internal methods and extensions and MUST NOT be used for anything else.',
    section: `${JSONRPC} §4`,
  },
  {
    id: 'params-type',
    severity: 'error',
    scope: 'message',
    message: 'params is neither an Array nor an Object.',
    spec:
      'If present, parameters for the rpc call MUST be provided as a Structured value. Either by-position through an Array or by-name through an Object.',
    section: `${JSONRPC} §4.2`,
  },
  {
    id: 'id-type',
    severity: 'error',
    scope: 'message',
    message: 'The id is not a String, Number or Null.',
    spec: 'An identifier established by the Client that MUST contain a String, Number, or NULL value if included.',
    section: `${JSONRPC} §4`,
  },
  {
    id: 'id-fractional',
    severity: 'warning',
    scope: 'message',
    message: 'The id is a fractional Number.',
    spec: 'Numbers SHOULD NOT contain fractional parts. Fractional parts may be problematic, since many decimal fractions cannot be represented exactly as binary fractions.',
    section: `${JSONRPC} §4`,
  },
  {
    id: 'id-unsafe-integer',
    severity: 'info',
    scope: 'message',
    message: 'The id is an integer beyond 2^53: peers that parse JSON numbers as doubles will not echo it exactly.',
    spec: 'It MUST be the same as the value of the id member in the Request Object.',
    section: `${JSONRPC} §5`,
  },
  {
    id: 'request-null-id',
    severity: 'warning',
    scope: 'message',
    message: 'A request with a null id: null is what responses use for an unknown id.',
    spec:
      'The use of Null as a value for the id member in a Request object is discouraged, because this specification uses a value of Null for Responses with an unknown id.',
    section: `${JSONRPC} §4`,
  },
  {
    id: 'request-and-response-members',
    severity: 'error',
    scope: 'message',
    message: 'The message has a method (a request) and also result or error (a response).',
    spec: 'Either the result member or error member MUST be included, but both members MUST NOT be included.',
    section: `${JSONRPC} §4, §5`,
  },
  {
    id: 'response-result-xor-error',
    severity: 'error',
    scope: 'message',
    message: 'A response must have exactly one of result and error.',
    spec: 'Either the result member or error member MUST be included, but both members MUST NOT be included.',
    section: `${JSONRPC} §5`,
  },
  {
    id: 'response-id-missing',
    severity: 'error',
    scope: 'message',
    message: 'The response has no id member.',
    spec:
      'id: This member is REQUIRED. It MUST be the same as the value of the id member in the Request Object. If there was an error in detecting the id in the Request object (e.g. Parse error/Invalid Request), it MUST be Null.',
    section: `${JSONRPC} §5`,
  },
  {
    id: 'error-not-object',
    severity: 'error',
    scope: 'message',
    message: 'The error member is not an Object.',
    spec: 'The value for this member MUST be an Object as defined in section 5.1.',
    section: `${JSONRPC} §5`,
  },
  {
    id: 'error-code-type',
    severity: 'error',
    scope: 'message',
    message: 'error.code is not an integer.',
    spec: 'code: A Number that indicates the error type that occurred. This MUST be an integer.',
    section: `${JSONRPC} §5.1`,
  },
  {
    id: 'error-message-type',
    severity: 'error',
    scope: 'message',
    message: 'error.message is not a String.',
    spec: 'message: A String providing a short description of the error.',
    section: `${JSONRPC} §5.1`,
  },
  {
    id: 'error-null-id',
    severity: 'info',
    scope: 'message',
    message: 'An error with a null id that is neither a Parse error nor an Invalid Request.',
    spec: 'If there was an error in detecting the id in the Request object (e.g. Parse error/Invalid Request), it MUST be Null.',
    section: `${JSONRPC} §5`,
  },
  {
    id: 'batch-item-type',
    severity: 'error',
    scope: 'message',
    message: 'A batch entry that is not a JSON-RPC object.',
    spec: 'To send several Request objects at the same time, the Client MAY send an Array filled with Request objects.',
    section: `${JSONRPC} §6`,
  },
  {
    id: 'batch-empty',
    severity: 'error',
    scope: 'message',
    message: 'An empty batch: an Array must hold at least one value.',
    spec:
      'If the batch rpc call itself fails to be recognized as an valid JSON or as an Array with at least one value, the response from the Server MUST be a single Response object.',
    section: `${JSONRPC} §6`,
  },
  {
    id: 'batch-mixed',
    severity: 'warning',
    scope: 'message',
    message: 'A batch that mixes requests and responses.',
    spec: 'The Server should respond with an Array containing the corresponding Response objects, after all of the batch Request objects have been processed.',
    section: `${JSONRPC} §6`,
  },
  {
    id: 'batch-too-large',
    severity: 'info',
    scope: 'message',
    message: 'A very large batch: only its first entries were checked.',
    spec: 'To send several Request objects at the same time, the Client MAY send an Array filled with Request objects.',
    section: `${JSONRPC} §6`,
  },
  // ── the conversation ────────────────────────────────────────────────────────────────────────
  {
    id: 'orphan-response',
    severity: 'error',
    scope: 'conversation',
    message: 'A response whose id matches no request waiting for an answer.',
    spec: 'It MUST be the same as the value of the id member in the Request Object.',
    section: `${JSONRPC} §5`,
  },
  {
    id: 'null-id-unmatched',
    severity: 'warning',
    scope: 'conversation',
    message: 'An error with a null id, and no invalid or unparsable message waiting for one.',
    spec: 'If there was an error in detecting the id in the Request object (e.g. Parse error/Invalid Request), it MUST be Null.',
    section: `${JSONRPC} §5`,
  },
  {
    id: 'duplicate-response',
    severity: 'error',
    scope: 'conversation',
    message: 'A second answer to a request that was already answered.',
    spec: 'When a rpc call is made, the Server MUST reply with a Response, except for in the case of Notifications.',
    section: `${JSONRPC} §5`,
  },
  {
    id: 'id-reused-pending',
    severity: 'warning',
    scope: 'conversation',
    message: 'This id is already used by a request still waiting for its answer: the answers cannot be told apart.',
    spec: 'The Client SHOULD match contexts between the set of Request objects and the resulting set of Response objects based on the id member within each Object.',
    section: `${JSONRPC} §6`,
  },
  {
    id: 'notification-answered',
    severity: 'error',
    scope: 'conversation',
    message: 'A response that answers a notification.',
    spec: 'The Server MUST NOT reply to a Notification, including those that are within a batch request.',
    section: `${JSONRPC} §4.1`,
  },
  {
    id: 'batch-all-notifications-answered',
    severity: 'error',
    scope: 'conversation',
    message: 'A batch of notifications only was answered; it must get nothing at all.',
    spec:
      'If there are no Response objects contained within the Response array as it is to be sent to the client, the server MUST NOT return an empty Array and should return nothing at all.',
    section: `${JSONRPC} §6`,
  },
  {
    id: 'empty-batch-reply',
    severity: 'error',
    scope: 'conversation',
    message: 'An empty batch must be answered with one single Invalid Request error (-32600, id null), not an array.',
    spec:
      'If the batch rpc call itself fails to be recognized as an valid JSON or as an Array with at least one value, the response from the Server MUST be a single Response object.',
    section: `${JSONRPC} §6`,
  },
  {
    id: 'batch-reply-not-array',
    severity: 'warning',
    scope: 'conversation',
    message: 'An entry of a batch answered on its own instead of inside one array.',
    spec: 'The Server should respond with an Array containing the corresponding Response objects, after all of the batch Request objects have been processed.',
    section: `${JSONRPC} §6`,
  },
  {
    id: 'batch-reply-missing',
    severity: 'error',
    scope: 'conversation',
    message: 'The batch reply misses answers to some entries.',
    spec: 'A Response object SHOULD exist for each Request object, except that there SHOULD NOT be any Response objects for notifications.',
    section: `${JSONRPC} §6`,
  },
  {
    id: 'batch-reply-duplicate',
    severity: 'error',
    scope: 'conversation',
    message: 'The batch reply answers the same entry twice.',
    spec: 'A Response object SHOULD exist for each Request object, except that there SHOULD NOT be any Response objects for notifications.',
    section: `${JSONRPC} §6`,
  },
  {
    id: 'single-answered-in-batch',
    severity: 'warning',
    scope: 'conversation',
    message: 'A request sent on its own was answered inside an array.',
    spec: 'When a rpc call is made, the Server MUST reply with a Response, except for in the case of Notifications.',
    section: `${JSONRPC} §5`,
  },
  {
    id: 'dap-orphan-response',
    severity: 'error',
    scope: 'conversation',
    message: 'A DAP response whose request_seq matches no request waiting for an answer.',
    spec: 'request_seq: Sequence number of the corresponding request.',
    section: 'Debug Adapter Protocol, Response',
  },
  ...ANSWER_RULES,
  ...FRAMING_RULES,
];

export const RULES: ReadonlyMap<string, RuleDef> = new Map(defs.map((d) => [d.id, d]));

/** All rules in display order. */
export const RULE_LIST: readonly RuleDef[] = defs;

/** Builds a finding for a rule of the table; `message` overrides the default text. */
export function finding(ruleId: string, path?: string, message?: string): Finding {
  const def = RULES.get(ruleId);
  if (!def) return { rule: ruleId, severity: 'info', message: message ?? ruleId, path };
  const f: Finding = { rule: def.id, severity: def.severity, message: message ?? def.message, spec: def.spec };
  if (path !== undefined && path !== '') f.path = path;
  return f;
}
