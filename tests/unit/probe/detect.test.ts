/** `--dialect auto`'s decision from the answers to its two questions (ping, then eth_chainId). */
import { describe, expect, it } from 'vitest';
import { classify } from '@/lib/jsonrpc/classify';
import { entriesOf } from '@/lib/dialects/messages';
import { detectProbeDialect } from '@/lib/probe/detect';

const answer = (text: string) => entriesOf(classify(text, { fromPeer: true }))[0];
const notFound = (message: string, id = 'probe-detect-ping') => answer(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32601, message } }));

describe('detecting the dialect before probing', () => {
  it('takes a server that answers ping before initialize with vscode-jsonrpc’s "Unhandled method ping" for LSP, and says why', () => {
    const d = detectProbeDialect([notFound('Unhandled method ping')]);
    expect(d.dialect).toBe('lsp');
    expect(d.evidence).toContain('"Unhandled method ping"');
  });

  it('still takes -32002 for LSP, {} for MCP and a 0x chain id for Ethereum', () => {
    expect(detectProbeDialect([answer('{"jsonrpc":"2.0","id":"probe-detect-ping","error":{"code":-32002,"message":"Server not initialized"}}')]).dialect).toBe('lsp');
    expect(detectProbeDialect([answer('{"jsonrpc":"2.0","id":"probe-detect-ping","result":{}}')]).dialect).toBe('mcp');
    expect(detectProbeDialect([notFound('Method not found'), answer('{"jsonrpc":"2.0","id":"probe-detect-chain","result":"0x1"}')]).dialect).toBe('ethereum');
  });

  it('keeps a plain -32601 (any other wording, or another method named) as plain JSON-RPC', () => {
    for (const message of ['Method not found', 'unhandled method ping', 'Unhandled method pingpong', 'Unhandled method foo']) {
      expect(detectProbeDialect([notFound(message), notFound('Method not found', 'probe-detect-chain')]).dialect, message).toBe('base');
    }
    expect(detectProbeDialect([undefined, undefined]).dialect).toBe('base');
  });
});
