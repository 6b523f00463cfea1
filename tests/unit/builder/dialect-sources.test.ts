import { describe, expect, it } from 'vitest';
import { dialectErrorCodes, dialectMethods } from '@/lib/builder/dialect-sources';

describe('dialect profiles feed the method field and the error-code picker', () => {
  it('LSP offers client requests such as initialize, not requests the server sends', () => {
    const src = dialectMethods('lsp');
    const names = src?.methods.map((m) => m.name) ?? [];
    expect(names).toContain('initialize');
    expect(names).toContain('textDocument/didOpen');
    expect(names).not.toContain('workspace/configuration');
  });
  it('plain JSON-RPC offers OpenRPC discovery; DAP (not JSON-RPC) offers nothing', () => {
    expect(dialectMethods('base')?.methods.map((m) => m.name)).toEqual(['rpc.discover']);
    expect(dialectMethods('dap')).toBeNull();
  });
  it('LSP error codes include RequestCancelled (-32800) for replies', () => {
    expect(dialectErrorCodes('lsp')).toContainEqual(expect.objectContaining({ code: -32800 }));
    expect(dialectErrorCodes('base')).toEqual([]);
  });
});
