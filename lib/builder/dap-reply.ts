/**
 * Replies to the requests a debug adapter sends its client (DAP "reverse requests":
 * `runInTerminal`, `startDebugging`). DAP is not JSON-RPC: a reply is
 * `{seq, type: 'response', request_seq, success, command, body?, message?}`, so the composer,
 * auto-replies and `rpcscope call --reply` build it here. Also the warning for JSON-RPC text
 * about to go into a DAP session.
 */
import { DAP_PROTOCOL, type WireProtocol } from '../jsonrpc/dap';
import type { DapMeta } from '../session/types';
import { checkJson } from './json-text';

/** A first body for the reverse requests DAP defines; `null` means the response has no body. */
const BODIES: Record<string, string> = {
  // RunInTerminalResponse body: processId? / shellProcessId? (both optional: nothing ran here).
  runInTerminal: '{}',
  // StartDebuggingResponse has no body.
  startDebugging: 'null',
};

/** The body text to start from when replying to the DAP request `command`. */
export function dapReplyTemplate(command: string | undefined): string {
  return (command !== undefined ? BODIES[command] : undefined) ?? 'null';
}

export type DapReply = { success: true; bodyText: string } | { success: false; message: string; bodyText?: string };

export type DapReplyResult = { ok: true; text: string } | { ok: false; error: string };

/** Longest error `message` a reply carries (DAP's short machine reason). */
const MAX_MESSAGE = 2000;

/**
 * The response to the DAP request `request` (its `seq` and `command`), sent with `seq` as our own
 * message seq. A body of `null` (or empty text) leaves `body` out.
 */
export function composeDapResponse(request: Pick<DapMeta, 'seq' | 'command'>, seq: number, reply: DapReply): DapReplyResult {
  if (!Number.isInteger(seq) || seq < 1) return { ok: false, error: 'A DAP response needs a positive integer seq of its own.' };
  if (request.command === undefined) return { ok: false, error: 'The DAP request has no command to answer.' };
  const msg: Record<string, unknown> = { seq, type: 'response', request_seq: request.seq, success: reply.success, command: request.command };
  if (!reply.success) {
    const message = reply.message.trim();
    if (message.length > MAX_MESSAGE) return { ok: false, error: `The error message is longer than ${MAX_MESSAGE} characters.` };
    if (message) msg.message = message;
  }
  const bodyText = (reply.bodyText ?? '').trim();
  if (bodyText !== '' && bodyText !== 'null') {
    const check = checkJson(bodyText);
    if (!check.ok) return { ok: false, error: `The body is not valid JSON: ${check.error}` };
    const body = check.value;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, error: 'A DAP response body is an object.' };
    msg.body = body;
  }
  return { ok: true, text: JSON.stringify(msg) };
}

/**
 * A warning when `text` is a JSON-RPC message about to go into a session that speaks DAP: the
 * adapter expects `seq`/`type`/`command` and will not understand it. Undefined otherwise.
 */
export function wireMismatchWarning(wire: WireProtocol, text: string): string | undefined {
  if (wire !== DAP_PROTOCOL) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const one = Array.isArray(value) ? value[0] : value;
  if (typeof one !== 'object' || one === null || !('jsonrpc' in one || 'method' in one)) return undefined;
  return 'This is a JSON-RPC message, but this session speaks DAP (seq / type / command, no jsonrpc): the debug adapter will not understand it.';
}
