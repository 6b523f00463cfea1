/**
 * What a message of a known method says in one line, per dialect: a log notification's text, the
 * diagnostics a file got, the tool a call names. Read from the lossless JSON tree, so nothing here
 * can throw on a malformed message: a member that is missing or of the wrong type gives no summary
 * and the row falls back to a params preview.
 */
import type { DialectId } from '../dialects/registry';
import type { JsonNode } from './json';

/** A member of an object node, or undefined. */
export function member(node: JsonNode | undefined, key: string): JsonNode | undefined {
  if (node?.t !== 'object') return undefined;
  for (const [k, v] of node.entries) if (k === key) return v;
  return undefined;
}

export const str = (node: JsonNode | undefined): string | undefined => (node?.t === 'string' ? node.v : undefined);
const num = (node: JsonNode | undefined): string | undefined => (node?.t === 'number' ? node.text : undefined);

/** The last path segment of a URI, which is what people recognise a file by. */
function fileName(uri: string): string {
  const clean = uri.replace(/[?#].*$/, '').replace(/\/+$/, '');
  const slash = clean.lastIndexOf('/');
  return slash >= 0 ? clean.slice(slash + 1) || clean : clean;
}

const LSP_MESSAGE_TYPE: Record<string, string> = { '1': 'error', '2': 'warning', '3': 'info', '4': 'log', '5': 'debug' };
const LSP_SEVERITY = ['', 'error', 'warning', 'info', 'hint'] as const;

/** The text of MCP content blocks: the first text block, or what kinds of blocks came. */
function contentText(content: JsonNode | undefined): string | undefined {
  if (content?.t !== 'array') return undefined;
  const text = content.items.map((b) => str(member(b, 'text'))).find((t) => t !== undefined);
  if (text !== undefined) return text;
  const kinds = content.items.map((b) => str(member(b, 'type')) ?? '?');
  return kinds.length ? `[${kinds.join(', ')}]` : '(no content)';
}

export interface MethodSummarizers {
  /** A request's or notification's params. */
  params?(params: JsonNode | undefined): string | undefined;
  /** A success response's result, summarised with its request's params at hand. */
  result?(result: JsonNode, params: JsonNode | undefined): string | undefined;
}

const logMessage: MethodSummarizers = {
  params: (p) => {
    const text = str(member(p, 'message'));
    if (text === undefined) return undefined;
    const type = LSP_MESSAGE_TYPE[num(member(p, 'type')) ?? ''];
    return type ? `${type}: ${text}` : text;
  },
};

const LSP: Record<string, MethodSummarizers> = {
  'window/logMessage': logMessage,
  'window/showMessage': logMessage,
  'window/showMessageRequest': logMessage,
  'textDocument/publishDiagnostics': {
    params: (p) => {
      const uri = str(member(p, 'uri'));
      const list = member(p, 'diagnostics');
      if (uri === undefined || list?.t !== 'array') return undefined;
      if (list.items.length === 0) return `${fileName(uri)}: no problems`;
      const bySeverity = new Map<string, number>();
      for (const d of list.items) {
        const sev = LSP_SEVERITY[Number(num(member(d, 'severity')) ?? 1)] || 'error';
        bySeverity.set(sev, (bySeverity.get(sev) ?? 0) + 1);
      }
      const counts = [...bySeverity].map(([sev, n]) => `${n} ${sev}${n === 1 ? '' : 's'}`).join(', ');
      const first = str(member(list.items[0], 'message'));
      return `${fileName(uri)}: ${counts}${first ? ` — ${first}` : ''}`;
    },
  },
  'textDocument/didOpen': { params: (p) => str(member(member(p, 'textDocument'), 'uri')) },
  'textDocument/didChange': { params: (p) => str(member(member(p, 'textDocument'), 'uri')) },
  'textDocument/didClose': { params: (p) => str(member(member(p, 'textDocument'), 'uri')) },
  initialize: {
    result: (r) => {
      const info = member(r, 'serverInfo');
      const name = str(member(info, 'name'));
      return name ? `${name}${str(member(info, 'version')) ? ` ${str(member(info, 'version'))}` : ''}` : undefined;
    },
  },
};

const MCP: Record<string, MethodSummarizers> = {
  'notifications/message': {
    params: (p) => {
      const data = member(p, 'data');
      const text = str(data) ?? str(member(data, 'message'));
      const level = str(member(p, 'level'));
      const logger = str(member(p, 'logger'));
      if (text === undefined && level === undefined) return undefined;
      return `${level ?? 'log'}${logger ? ` [${logger}]` : ''}: ${text ?? ''}`;
    },
  },
  'tools/call': {
    params: (p) => str(member(p, 'name')),
    result: (r, p) => {
      const tool = str(member(p, 'name'));
      const failed = member(r, 'isError')?.t === 'bool' && (member(r, 'isError') as { v: boolean }).v;
      const text = contentText(member(r, 'content'));
      const name = tool ?? 'tool';
      return failed ? `${name}: tool error — ${text ?? ''}` : `${name} → ${text ?? ''}`;
    },
  },
  'tools/list': { result: (r) => { const t = member(r, 'tools'); return t?.t === 'array' ? `${t.items.length} tools` : undefined; } },
  'prompts/get': { params: (p) => str(member(p, 'name')) },
  'resources/read': { params: (p) => str(member(p, 'uri')) },
  'notifications/progress': {
    params: (p) => {
      const done = num(member(p, 'progress'));
      const total = num(member(p, 'total'));
      const message = str(member(p, 'message'));
      return done === undefined ? undefined : `${done}${total ? `/${total}` : ''}${message ? ` ${message}` : ''}`;
    },
  },
  initialize: LSP.initialize,
};

/** Dialects with methods worth a summary; the others get the params preview. */
export const SUMMARIZERS: Partial<Record<DialectId, Record<string, MethodSummarizers>>> = { lsp: LSP, mcp: MCP };

/** The session's dialect first, then any dialect that knows the method (detection may lag the first messages). */
export function summarizerFor(method: string, dialect: string | undefined): MethodSummarizers | undefined {
  // Own keys only: a peer's method named `constructor` must not find Object's.
  const pick = (table: Record<string, MethodSummarizers> | undefined) =>
    table && Object.prototype.hasOwnProperty.call(table, method) ? table[method] : undefined;
  const own = dialect ? pick(SUMMARIZERS[dialect as DialectId]) : undefined;
  if (own) return own;
  for (const table of Object.values(SUMMARIZERS)) {
    const found = pick(table);
    if (found) return found;
  }
  return undefined;
}
