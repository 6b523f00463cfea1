/**
 * Spec sentences the checks cite. Where a rule of lib/jsonrpc already quotes the sentence, the
 * check cites that rule (one home for each sentence); the rest are the JSON-RPC 2.0 sentences no
 * single-message rule needs.
 */
import { RULES } from '../jsonrpc/rules/table';

/** The sentence a rule quotes, with its section. */
export function ruleSpec(ruleId: string): string {
  const rule = RULES.get(ruleId);
  if (!rule) throw new Error(`no rule ${ruleId}`);
  return `${rule.spec} (${rule.section})`;
}

export const JSONRPC_SPEC = {
  mustReply: 'When a rpc call is made, the Server MUST reply with a Response, except for in the case of Notifications. (JSON-RPC 2.0 §5)',
  sameId:
    'id: It MUST be the same as the value of the id member in the Request Object. If there was an error in detecting the id in the Request object (e.g. Parse error/Invalid Request), it MUST be Null. (JSON-RPC 2.0 §5)',
  batchSingle:
    'If the batch rpc call itself fails to be recognized as an valid JSON or as an Array with at least one value, the response from the Server MUST be a single Response object. (JSON-RPC 2.0 §6)',
  batchNothing:
    'If there are no Response objects contained within the Response array as it is to be sent to the client, the server MUST NOT return an empty Array and should return nothing at all. (JSON-RPC 2.0 §6)',
  batchArray:
    'The Server should respond with an Array containing the corresponding Response objects, after all of the batch Request objects have been processed. A Response object SHOULD exist for each Request object, except that there SHOULD NOT be any Response objects for notifications. (JSON-RPC 2.0 §6)',
  notification: 'The Server MUST NOT reply to a Notification, including those that are within a batch request. (JSON-RPC 2.0 §4.1)',
  idNull:
    'The use of Null as a value for the id member in a Request object is discouraged, because this specification uses a value of Null for Responses with an unknown id. (JSON-RPC 2.0 §4) — a server still answers it, with id Null.',
  idFraction:
    'Numbers SHOULD NOT contain fractional parts. (JSON-RPC 2.0 §4) — a server that takes such an id answers with the same value.',
  idType:
    'id: An identifier established by the Client that MUST contain a String, Number, or NULL value if included. (JSON-RPC 2.0 §4) — an Object id makes the Request invalid: -32600 with id Null.',
  idBig:
    'id: It MUST be the same as the value of the id member in the Request Object. (JSON-RPC 2.0 §5) — RFC 8259 §6 warns that integers beyond 2^53 are not interoperable, so a rounded echo is reported as a SHOULD.',
  version: 'jsonrpc: A String specifying the version of the JSON-RPC protocol. MUST be exactly "2.0". (JSON-RPC 2.0 §4) — otherwise the JSON sent is not a valid Request object: -32600.',
  methodType: 'method: A String containing the name of the method to be invoked. (JSON-RPC 2.0 §4) — otherwise -32600 Invalid Request.',
  paramsType:
    'If present, parameters for the rpc call MUST be provided as a Structured value. Either by-position through an Array or by-name through an Object. (JSON-RPC 2.0 §4.2) — otherwise -32600 Invalid Request.',
  parseError:
    '-32700 Parse error: Invalid JSON was received by the server. An error occurred on the server while parsing the JSON text. (JSON-RPC 2.0 §5.1); the Response id MUST be Null (§5).',
  methodNotFound: '-32601 Method not found: The method does not exist / is not available. (JSON-RPC 2.0 §5.1)',
  example: 'JSON-RPC 2.0 §7, Examples: the spec\u2019s own request and the response it gives.',
} as const;
