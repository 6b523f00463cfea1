/**
 * `--dialect auto`: a probe cannot wait for traffic to tell the dialect (it speaks first), so it
 * asks. Two read-only questions, in order: `ping` (MCP answers {} even before initialize; an LSP
 * server answers -32002 ServerNotInitialized to any request before initialize), then
 * `eth_chainId` (an Ethereum node answers a 0x quantity). Anything else is plain JSON-RPC.
 *
 * Many language servers answer -32601 before initialize instead of -32002, which says nothing by
 * itself; but those built on vscode-jsonrpc (vscode-languageserver: the JSON, CSS, HTML, YAML, Bash
 * and TypeScript servers among them) word it "Unhandled method <name>", and nothing else we know
 * does. That wording is taken as an LSP server, and the evidence says so (`--dialect` overrides).
 */
import type { MessageEntry } from '../dialects/messages';
import { isRecord } from '../dialects/messages';
import { ethereumProfile } from '../dialects/ethereum';
import { lspProfile } from '../dialects/lsp';
import { mcpProfile } from '../dialects/mcp';
import { requestText } from './messages';
import type { ProbeDialectId } from './types';

export interface DetectionStep {
  text: string;
  /** The dialect and why, or undefined to ask the next question. */
  decide(answer: MessageEntry | undefined): { dialect: ProbeDialectId; evidence: string } | undefined;
}

const code = (e: MessageEntry | undefined) => (typeof e?.error?.code === 'number' ? e.error.code : undefined);
/** vscode-jsonrpc's answer to a request no handler takes: `Unhandled method ping`. */
const VSCODE_JSONRPC_UNHANDLED = /^Unhandled method ping$/;

export const DETECTION_STEPS: readonly DetectionStep[] = [
  {
    text: requestText('ping', '"probe-detect-ping"'),
    decide: (a) => {
      if (a?.kind === 'response' && isRecord(a.result) && Object.keys(a.result).length === 0) return { dialect: mcpProfile.id, evidence: 'auto: ping was answered {}' };
      if (code(a) === -32002) return { dialect: lspProfile.id, evidence: 'auto: a request before initialize was answered -32002 (ServerNotInitialized)' };
      if (code(a) === -32601 && typeof a?.error?.message === 'string' && VSCODE_JSONRPC_UNHANDLED.test(a.error.message)) {
        return { dialect: lspProfile.id, evidence: 'auto: ping before initialize was answered -32601 "Unhandled method ping", the words of vscode-jsonrpc, which language servers are built on' };
      }
      return undefined;
    },
  },
  {
    text: requestText('eth_chainId', '"probe-detect-chain"', []),
    decide: (a) =>
      a?.kind === 'response' && typeof a.result === 'string' && a.result.startsWith('0x')
        ? { dialect: ethereumProfile.id, evidence: `auto: eth_chainId was answered ${JSON.stringify(a.result).slice(0, 40)}` }
        : undefined,
  },
];

/** The decision once every step is asked and none decided. */
export const DETECTION_FALLBACK = { dialect: 'base', evidence: 'auto: neither ping nor eth_chainId told a dialect' } as const;

/** Decide from the answers to the steps, in order (undefined: that step got no answer). */
export function detectProbeDialect(answers: readonly (MessageEntry | undefined)[]): { dialect: ProbeDialectId; evidence: string } {
  for (let i = 0; i < DETECTION_STEPS.length; i++) {
    const d = DETECTION_STEPS[i].decide(answers[i]);
    if (d) return d;
  }
  return DETECTION_FALLBACK;
}
