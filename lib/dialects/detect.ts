/**
 * Auto-detection of the dialect a session speaks, from the messages it carries. Incremental and
 * sticky: the first decisive marker wins and is kept (the user can still override it). Without a
 * marker the session stays on `base` — a plain `initialize`, or any method name that merely looks
 * familiar, decides nothing.
 *
 * Markers, each specific enough not to misfire:
 * - DAP: a message shaped `{ seq, type: request|response|event, … }` with no `jsonrpc` member.
 * - MCP: `initialize` params with `protocolVersion` and `clientInfo`; an initialize result with
 *   `protocolVersion` and `serverInfo`; or an MCP-only method (notifications/initialized, tools/call …).
 * - LSP: `initialize` params with `capabilities` and one of processId / rootUri / rootPath /
 *   workspaceFolders; or an LSP-only method (textDocument/…, $/cancelRequest, $/progress …).
 * - Ethereum: a well-known eth_ / net_ / web3_ method, or two different unknown ones of that shape.
 */
import type { Classified } from '../jsonrpc/types';
import type { Direction } from '../session/types';
import { ETHEREUM_METHOD_NAMES } from './ethereum';
import { entriesOf, isRecord, type MessageEntry } from './messages';
import type { DialectId } from './types';

export interface DetectInput {
  classified: Classified;
  seq?: number;
  dir?: Direction;
}

export interface Detection {
  dialect: DialectId;
  /** False while no marker has been seen (dialect is then `base`). */
  decided: boolean;
  /** Why, in words: which message and which members decided it. */
  evidence?: string;
  /** seq of the deciding message, when known. */
  seq?: number;
}

export interface DialectDetector {
  observe(msg: DetectInput | Classified): Detection;
  current(): Detection;
}

const LSP_ROOT_MARKERS = ['processId', 'rootUri', 'rootPath', 'workspaceFolders'] as const;

/** Methods only LSP uses (besides the textDocument/ and notebookDocument/ families). */
const LSP_ONLY = new Set([
  '$/cancelRequest',
  '$/progress',
  '$/setTrace',
  '$/logTrace',
  'window/workDoneProgress/create',
  'window/workDoneProgress/cancel',
  'workspace/configuration',
  'workspace/didChangeConfiguration',
  'workspace/didChangeWatchedFiles',
  'client/registerCapability',
]);

/** Methods only MCP uses. */
const MCP_ONLY = new Set([
  'notifications/initialized',
  'notifications/cancelled',
  'notifications/progress',
  'notifications/message',
  'notifications/tools/list_changed',
  'notifications/resources/list_changed',
  'notifications/resources/updated',
  'notifications/prompts/list_changed',
  'notifications/roots/list_changed',
  'tools/list',
  'tools/call',
  'resources/list',
  'resources/read',
  'resources/templates/list',
  'prompts/list',
  'prompts/get',
  'sampling/createMessage',
  'elicitation/create',
]);

const ETH_SHAPE = /^(eth|net|web3)_[A-Za-z][A-Za-z0-9]*$/;

function at(seq: number | undefined): string {
  return seq !== undefined ? ` (seq ${seq})` : '';
}

function short(v: unknown): string {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 40 ? `${s.slice(0, 37)}…` : s;
}

export function createDialectDetector(): DialectDetector {
  let state: Detection = { dialect: 'base', decided: false };
  /** idKeys of `initialize` requests seen, to recognise an MCP initialize result. */
  const initializeIds: string[] = [];
  const unknownEthNames = new Set<string>();

  function decide(dialect: DialectId, evidence: string, seq: number | undefined): void {
    state = seq !== undefined ? { dialect, decided: true, evidence, seq } : { dialect, decided: true, evidence };
  }

  function fromInitialize(e: MessageEntry, seq: number | undefined): boolean {
    const p = e.params;
    if (!isRecord(p)) return false;
    if (typeof p.protocolVersion === 'string' && isRecord(p.clientInfo)) {
      decide('mcp', `initialize request${at(seq)} has params.protocolVersion ${short(p.protocolVersion)} and params.clientInfo`, seq);
      return true;
    }
    const root = LSP_ROOT_MARKERS.find((k) => k in p);
    if (isRecord(p.capabilities) && root) {
      decide('lsp', `initialize request${at(seq)} has params.capabilities and params.${root}`, seq);
      return true;
    }
    return false;
  }

  function fromEntry(e: MessageEntry, seq: number | undefined): boolean {
    const method = e.method;
    if ((e.kind === 'request' || e.kind === 'notification') && method !== undefined) {
      if (method === 'initialize' && e.kind === 'request') {
        if (e.idKey !== undefined && initializeIds.length < 16) initializeIds.push(e.idKey);
        return fromInitialize(e, seq);
      }
      if (method.startsWith('textDocument/') || method.startsWith('notebookDocument/') || LSP_ONLY.has(method)) {
        decide('lsp', `method ${method}${at(seq)} exists only in LSP`, seq);
        return true;
      }
      if (MCP_ONLY.has(method)) {
        decide('mcp', `method ${method}${at(seq)} exists only in MCP`, seq);
        return true;
      }
      if (ETHEREUM_METHOD_NAMES.has(method)) {
        decide('ethereum', `method ${method}${at(seq)} is an Ethereum JSON-RPC method`, seq);
        return true;
      }
      if (ETH_SHAPE.test(method)) {
        unknownEthNames.add(method);
        if (unknownEthNames.size >= 2) {
          decide('ethereum', `methods ${[...unknownEthNames].join(', ')} have the Ethereum eth_/net_/web3_ shape`, seq);
          return true;
        }
      }
      return false;
    }
    if (e.kind === 'response' && e.idKey !== undefined && initializeIds.includes(e.idKey) && isRecord(e.result)) {
      const r = e.result;
      if (typeof r.protocolVersion === 'string' && isRecord(r.serverInfo)) {
        decide('mcp', `initialize result${at(seq)} has result.protocolVersion ${short(r.protocolVersion)} and result.serverInfo`, seq);
        return true;
      }
    }
    return false;
  }

  return {
    observe(msg: DetectInput | Classified): Detection {
      if (state.decided) return state;
      const input: DetectInput = 'classified' in msg ? msg : { classified: msg };
      if (input.dir === 'meta') return state;
      const c = input.classified;
      const dap = c.dap;
      if (dap) {
        const what = dap.command ?? dap.event ?? '';
        decide('dap', `message${at(input.seq)} is a DAP ${dap.type}${what ? ` \`${what}\`` : ''} (seq/type, no jsonrpc member)`, input.seq);
        return state;
      }
      for (const e of entriesOf(c)) if (fromEntry(e, input.seq)) break;
      return state;
    },
    current: () => state,
  };
}

/** Detect over a whole recorded conversation (e.g. an imported session file). */
export function detectDialect(messages: Iterable<DetectInput | Classified>): Detection {
  const d = createDialectDetector();
  for (const m of messages) if (d.observe(m).decided) break;
  return d.current();
}
