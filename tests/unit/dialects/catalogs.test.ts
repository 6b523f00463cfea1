import { describe, expect, it } from 'vitest';
import {
  decodeEthereumError,
  decodeRevertData,
  describeInDialect,
  dialectCatalogs,
  getProfile,
  lspCatalog,
  mcpCatalog,
  ethereumCatalog,
  type DialectId,
} from '@/lib/dialects';
import { describeError } from '@/lib/errors';

/** What the user sees for an error code in a session of the given dialect. */
function shown(dialect: DialectId, code: number, message = 'x', data?: unknown) {
  return describeInDialect({ code, message, data }, getProfile(dialect));
}

describe('the same code means what the session’s dialect says', () => {
  it('-32001 is RequestTimeout under MCP, UnknownErrorCode under LSP, Resource not found under Ethereum', () => {
    expect(shown('mcp', -32001)).toMatchObject({ name: 'RequestTimeout', source: 'mcp' });
    expect(shown('lsp', -32001)).toMatchObject({ name: 'UnknownErrorCode', source: 'lsp' });
    expect(shown('ethereum', -32001)).toMatchObject({ name: 'Resource not found', source: 'ethereum' });
    expect(shown('base', -32001).source).toBe('jsonrpc');
  });

  it('-32002 is ResourceNotFound under MCP, ServerNotInitialized under LSP, Resource unavailable under Ethereum', () => {
    expect(shown('mcp', -32002)).toMatchObject({ name: 'ResourceNotFound', source: 'mcp' });
    expect(shown('lsp', -32002)).toMatchObject({ name: 'ServerNotInitialized', source: 'lsp' });
    expect(shown('ethereum', -32002)).toMatchObject({ name: 'Resource unavailable', source: 'ethereum' });
  });

  it('the dialect catalog slots into describeError ahead of the standard one', () => {
    expect(describeError({ code: -32800, message: 'cancelled' }, { catalogs: dialectCatalogs('lsp') })).toMatchObject({
      name: 'RequestCancelled',
      source: 'lsp',
    });
    expect(dialectCatalogs('base')).toEqual([]);
    // An application code the dialect does not know stays the application's.
    expect(describeError({ code: 1234, message: 'mine' }, { catalogs: dialectCatalogs('lsp') }).source).toBe('application');
  });

  it('an OpenRPC catalog given first outranks the dialect', () => {
    const openrpc = { source: 'openrpc', title: 'doc', lookup: (c: number) => (c === -32001 ? { code: c, name: 'QuotaExceeded', meaning: 'per doc' } : undefined) };
    expect(describeInDialect({ code: -32001, message: 'm' }, getProfile('mcp'), { before: [openrpc] })).toMatchObject({ name: 'QuotaExceeded', source: 'openrpc' });
    expect(describeInDialect({ code: -32000, message: 'm' }, getProfile('mcp'), { before: [openrpc] })).toMatchObject({ name: 'ConnectionClosed', source: 'mcp' });
  });
});

describe('LSP 3.17 catalog', () => {
  it.each([
    [-32700, 'ParseError'],
    [-32600, 'InvalidRequest'],
    [-32601, 'MethodNotFound'],
    [-32602, 'InvalidParams'],
    [-32603, 'InternalError'],
    [-32002, 'ServerNotInitialized'],
    [-32001, 'UnknownErrorCode'],
    [-32803, 'RequestFailed'],
    [-32802, 'ServerCancelled'],
    [-32801, 'ContentModified'],
    [-32800, 'RequestCancelled'],
  ])('%i is %s and says where it is defined', (code, name) => {
    const info = lspCatalog.lookup(code);
    expect(info?.name).toBe(name);
    expect(info?.definedIn).toMatch(/LSP 3\.17/);
  });

  it('codes inside the LSP-reserved range but unassigned are named as such', () => {
    expect(lspCatalog.lookup(-32850)?.name).toBe('LSP reserved (unassigned)');
    expect(lspCatalog.lookup(-32899)?.name).toBe('LSP reserved (unassigned)');
    expect(lspCatalog.lookup(-32900)).toBeUndefined();
    expect(lspCatalog.lookup(-32050)?.name).toBe('JSON-RPC reserved (unassigned in LSP)');
  });

  it('marks vscode-jsonrpc’s local transport codes as library-internal', () => {
    expect(lspCatalog.lookup(-32097)).toMatchObject({ name: 'PendingResponseRejected' });
    expect(lspCatalog.lookup(-32097)?.definedIn).toMatch(/vscode-jsonrpc/);
  });
});

describe('MCP catalog', () => {
  it.each([
    [-32000, 'ConnectionClosed', /SDK/],
    [-32001, 'RequestTimeout', /SDK/],
    [-32002, 'ResourceNotFound', /Resources/],
    [-32042, 'UrlElicitationRequired', /Elicitation/],
    [-32602, 'InvalidParams', /JSON-RPC/],
  ])('%i is %s', (code, name, where) => {
    const info = mcpCatalog.lookup(code);
    expect(info?.name).toBe(name);
    expect(info?.definedIn).toMatch(where);
  });

  it('tells the Streamable HTTP transport’s messages apart from the SDK codes they reuse', () => {
    expect(shown('mcp', -32001, 'Session not found')).toMatchObject({ name: 'SessionNotFound', source: 'mcp' });
    expect(shown('mcp', -32000, 'Bad Request: Server not initialized')).toMatchObject({ name: 'ServerNotInitialized' });
    expect(shown('mcp', -32000, 'Bad Request: Mcp-Session-Id header is required')).toMatchObject({ name: 'SessionIdRequired' });
    expect(shown('mcp', -32000, 'Not Acceptable: Client must accept text/event-stream')).toMatchObject({ name: 'TransportError' });
    expect(shown('mcp', -32000, 'Connection closed')).toMatchObject({ name: 'ConnectionClosed' });
    expect(shown('mcp', -32001, 'Request timed out')).toMatchObject({ name: 'RequestTimeout' });
  });
});

describe('Ethereum catalog', () => {
  it.each([
    [-32000, 'Invalid input'],
    [-32001, 'Resource not found'],
    [-32002, 'Resource unavailable'],
    [-32003, 'Transaction rejected'],
    [-32004, 'Method not supported'],
    [-32005, 'Limit exceeded'],
    [-32006, 'JSON-RPC version not supported'],
  ])('EIP-1474 %i is %s', (code, name) => {
    expect(ethereumCatalog.lookup(code)).toMatchObject({ name, definedIn: expect.stringMatching(/EIP-1474/) });
  });

  it.each([
    [4001, 'User Rejected Request'],
    [4100, 'Unauthorized'],
    [4200, 'Unsupported Method'],
    [4900, 'Disconnected'],
    [4901, 'Chain Disconnected'],
  ])('EIP-1193 %i is %s and flagged as provider-level', (code, name) => {
    const info = decodeEthereumError({ code, message: 'x' });
    expect(info).toMatchObject({ name, providerLevel: true, definedIn: expect.stringMatching(/EIP-1193/) });
  });

  it.each([
    ['nonce too low: next nonce 5, tx nonce 3', 'Nonce too low'],
    ['insufficient funds for gas * price + value: balance 0', 'Insufficient funds'],
    ['already known', 'Already known'],
    ['replacement transaction underpriced', 'Replacement underpriced'],
    ['transaction underpriced', 'Transaction underpriced'],
    ['intrinsic gas too low: have 100, want 21000', 'Intrinsic gas too low'],
    ['max fee per gas less than block base fee: address 0x…', 'Fee cap below base fee'],
    ['header not found', 'Block not found'],
    ['missing trie node 1a2b (path ) state 0x… is not available', 'State not available'],
    ['filter not found', 'Filter not found'],
  ])('a generic -32000 "%s" decodes as %s by its message', (message, name) => {
    expect(decodeEthereumError({ code: -32000, message })).toMatchObject({ name, matchedBy: 'message', source: 'ethereum' });
  });

  it('a -32000 with an unknown message keeps the EIP-1474 name', () => {
    expect(decodeEthereumError({ code: -32000, message: 'something odd' })).toMatchObject({ name: 'Invalid input', matchedBy: 'code' });
  });

  it('code 3 execution reverted shows the revert reason from the data', () => {
    const data =
      '0x08c379a0000000000000000000000000000000000000000000000000000000000000002000000000000000000000000000000000000000000000000000000000000000094e6f74206f776e65720000000000000000000000000000000000000000000000';
    const d = shown('ethereum', 3, 'execution reverted: Not owner', data);
    expect(d).toMatchObject({ name: 'Execution reverted', source: 'ethereum' });
    expect(d.meaning).toContain('revert reason: Not owner');
  });

  it('decodes Panic(uint256) and custom errors, and refuses junk without throwing', () => {
    expect(decodeRevertData('0x4e487b710000000000000000000000000000000000000000000000000000000000000011')).toMatchObject({
      kind: 'panic',
      text: expect.stringContaining('overflow'),
    });
    expect(decodeRevertData('0xdeadbeef')).toMatchObject({ kind: 'custom', selector: '0xdeadbeef' });
    expect(decodeRevertData('0x')).toMatchObject({ kind: 'empty' });
    expect(decodeRevertData('0x08c379a0ffff')).toMatchObject({ kind: 'custom' });
    expect(decodeRevertData('nothex')).toBeUndefined();
    expect(decodeRevertData('0x' + '00'.repeat(40_000))).toBeUndefined();
    // A string whose length word points past the end.
    expect(decodeRevertData('0x08c379a0' + '0'.repeat(62) + '20' + 'f'.repeat(64))).toMatchObject({ kind: 'custom' });
  });

  it('finds revert data nested the way Hardhat-style nodes send it', () => {
    const data = { message: 'reverted', data: '0x4e487b710000000000000000000000000000000000000000000000000000000000000012' };
    const info = decodeEthereumError({ code: -32603, message: "VM Exception while processing transaction: reverted with panic code 0x12", data });
    expect(info).toMatchObject({ name: 'Execution reverted', matchedBy: 'message' });
    expect(info?.detail).toContain('division or modulo by zero');
  });

  it('never throws on odd error objects', () => {
    for (const e of [{ code: 'x', message: 1 }, { code: null, message: null }, { code: 3, message: 'r', data: { data: { data: { data: { data: '0x' } } } } }]) {
      expect(() => describeInDialect(e, getProfile('ethereum'))).not.toThrow();
    }
  });
});

describe('DAP', () => {
  it('has no numeric codes, so JSON-RPC errors fall back to the standard catalog', () => {
    expect(getProfile('dap').errors.lookup(-32001)).toBeUndefined();
    expect(shown('dap', -32601).source).toBe('jsonrpc');
  });
});
