/**
 * The dialects' spec sentences by name, for findings sent and stored by reference
 * (lib/jsonrpc/rules/spec-ref.ts): each sentence's home stays its dialect's `*_SPEC` object, and
 * its name here is `<group>.<key>`. An LSP session's lifecycle finding carried its 400-byte
 * sentence in every stored row and every bridge frame; by reference it carries the name.
 *
 * The index is built on first use: the dialect modules import lib/jsonrpc, which imports this.
 */
import { DAP_SPEC } from './dap';
import { LSP_SPEC } from './lsp-lifecycle';
import { MCP_HTTP_SPEC } from './mcp-http';
import { MCP_SPEC } from './mcp-lifecycle';
import { MCP_TOOL_SPEC } from './mcp-tools';

const groups = (): Record<string, Record<string, string>> => ({
  dap: DAP_SPEC,
  lsp: LSP_SPEC,
  'mcp-http': MCP_HTTP_SPEC,
  mcp: MCP_SPEC,
  'mcp-tool': MCP_TOOL_SPEC,
});

let byText: Map<string, string> | undefined;
let byName: Map<string, string> | undefined;

function index(): void {
  byText = new Map();
  byName = new Map();
  for (const [group, sentences] of Object.entries(groups())) {
    for (const [key, text] of Object.entries(sentences)) {
      const name = `${group}.${key}`;
      byName.set(name, text);
      if (!byText.has(text)) byText.set(text, name);
    }
  }
}

/** The name of a dialect's spec sentence, when `text` is one. */
export function dialectSpecName(text: string): string | undefined {
  if (!byText) index();
  return byText!.get(text);
}

/** The sentence a name stands for (undefined for a name this build does not know). */
export function dialectSpecText(name: string): string | undefined {
  if (!byName) index();
  return byName!.get(name);
}
