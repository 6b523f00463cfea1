/**
 * Rules that judge an answer against the request it answers (rpcscope knows what it sent), the
 * members a Response or Error object may have, and facts of the JSON text itself. Kept beside the
 * main table so each file stays about one concern; `table.ts` lists them all.
 */
import type { RuleDef } from './table';

const JSONRPC = 'JSON-RPC 2.0';

export const ANSWER_RULES: RuleDef[] = [
  // ── one message ─────────────────────────────────────────────────────────────────────────────
  {
    id: 'response-unknown-member',
    severity: 'warning',
    scope: 'message',
    message: 'The Response object has a member the specification does not define.',
    spec: 'The Response is expressed as a single JSON Object, with the following members:',
    section: `${JSONRPC} §5`,
  },
  {
    id: 'error-unknown-member',
    severity: 'warning',
    scope: 'message',
    message: 'The Error object has a member the specification does not define; extra information belongs in data.',
    spec: 'When a rpc call encounters an error, the Response Object MUST contain the error member with a value that is a Object with the following members:',
    section: `${JSONRPC} §5.1`,
  },
  {
    id: 'duplicate-key',
    severity: 'warning',
    scope: 'message',
    message: 'An object has the same member name twice; JSON.parse keeps only the last value.',
    spec: 'The names within an object SHOULD be unique. When the names within an object are not unique, the behavior of software that receives such an object is unpredictable.',
    section: 'RFC 8259 §4',
  },
  {
    id: 'reply-parse-error',
    severity: 'error',
    scope: 'message',
    message: 'The peer sent text that is not valid JSON; an answer must be a Response object.',
    spec: 'When a rpc call is made, the Server MUST reply with a Response, except for in the case of Notifications.',
    section: `${JSONRPC} §5`,
  },
  {
    id: 'method-rpc-extension',
    severity: 'info',
    scope: 'message',
    message: 'A reserved "rpc." method of a known extension (OpenRPC discovery, rpc-websockets events and login).',
    spec: 'Method names that begin with the word rpc followed by a period character (U+002E or ASCII 46) are reserved for rpc-internal methods and extensions and MUST NOT be used for anything else.',
    section: `${JSONRPC} §4`,
  },
  // ── an answer against the request it answers ────────────────────────────────────────────────
  {
    id: 'invalid-request-answered',
    severity: 'error',
    scope: 'conversation',
    message: 'The request was not a valid Request object, yet it got a normal result instead of an Invalid Request error (-32600).',
    spec: '-32600 Invalid Request: The JSON sent is not a valid Request object.',
    section: `${JSONRPC} §5.1`,
  },
  {
    id: 'invalid-request-wrong-code',
    severity: 'error',
    scope: 'conversation',
    message: 'The request was not a valid Request object: the error code due is -32600 Invalid Request.',
    spec: '-32600 Invalid Request: The JSON sent is not a valid Request object.',
    section: `${JSONRPC} §5.1`,
  },
  {
    id: 'parse-error-misclaimed',
    severity: 'error',
    scope: 'conversation',
    message: 'The answer says Parse error (-32700), but the request was valid JSON.',
    spec: '-32700 Parse error: Invalid JSON was received by the server. An error occurred on the server while parsing the JSON text.',
    section: `${JSONRPC} §5.1`,
  },
  {
    id: 'method-not-found-misclaimed',
    severity: 'warning',
    scope: 'conversation',
    message: 'Method not found (-32601) for a method the peer answers elsewhere in this session.',
    spec: '-32601 Method not found: The method does not exist / is not available.',
    section: `${JSONRPC} §5.1`,
  },
  {
    id: 'error-null-id-readable',
    severity: 'error',
    scope: 'conversation',
    message: 'An error with a null id, although the request it answers had a readable id.',
    spec: 'It MUST be the same as the value of the id member in the Request Object. If there was an error in detecting the id in the Request object (e.g. Parse error/Invalid Request), it MUST be Null.',
    section: `${JSONRPC} §5`,
  },
  {
    id: 'no-response',
    severity: 'error',
    scope: 'conversation',
    message: 'No answer arrived within the timeout, although this message requires one.',
    spec: 'When a rpc call is made, the Server MUST reply with a Response, except for in the case of Notifications.',
    section: `${JSONRPC} §5`,
  },
];
