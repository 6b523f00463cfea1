/**
 * A sensible first result for requests targets commonly send to their client, so replying is one
 * keystroke. Shaped after the LSP 3.17 and MCP specifications; anything unknown starts at `null`.
 */
import { arrayElements, bodyOf, checkJson, member, rootSpan } from './json-text';

const FIXED: Record<string, string> = {
  // LSP
  'client/registerCapability': 'null',
  'client/unregisterCapability': 'null',
  'window/workDoneProgress/create': 'null',
  'window/showMessageRequest': 'null',
  'window/showDocument': '{\n  "success": true\n}',
  'workspace/applyEdit': '{\n  "applied": true\n}',
  'workspace/workspaceFolders': '[]',
  'workspace/semanticTokens/refresh': 'null',
  'workspace/inlayHint/refresh': 'null',
  'workspace/codeLens/refresh': 'null',
  'workspace/diagnostic/refresh': 'null',
  // MCP
  ping: '{}',
  'roots/list': '{\n  "roots": []\n}',
  'sampling/createMessage': '{\n  "role": "assistant",\n  "content": { "type": "text", "text": "" },\n  "model": "rpcscope",\n  "stopReason": "endTurn"\n}',
  'elicitation/create': '{\n  "action": "decline"\n}',
};

/** The result text to start from when replying to `method` (raw: the request's wire text). */
export function replyTemplate(method: string | undefined, raw: string): string {
  if (!method) return 'null';
  if (method === 'workspace/configuration') {
    // One entry per requested item, in order ("the result is an array of the same length").
    const body = bodyOf(raw);
    if (checkJson(body).ok) {
      const root = rootSpan(body);
      const params = root && member(body, root, 'params');
      const items = params && member(body, params, 'items');
      if (items && body[items.start] === '[') {
        const n = arrayElements(body, items).length;
        return n === 0 ? '[]' : `[${Array(n).fill('null').join(', ')}]`;
      }
    }
    return '[null]';
  }
  return FIXED[method] ?? 'null';
}
