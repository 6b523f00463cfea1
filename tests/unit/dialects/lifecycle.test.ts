import { describe, expect, it } from 'vitest';
import { getProfile, type DialectId, type LifecycleFinding } from '@/lib/dialects';
import { dapSession, ethereumSession, lspSession, mcpSession } from './fixtures';
import { conversation, err, note, ok, req, type Step } from './traffic';

/** Run a conversation through a dialect's lifecycle checker and collect every finding. */
function check(dialect: DialectId, steps: Step[]): LifecycleFinding[] {
  const checker = getProfile(dialect).createLifecycleChecker();
  return conversation(steps).flatMap((m) => checker.observe(m));
}

const rules = (fs: LifecycleFinding[]) => fs.map((f) => `${f.finding.rule}@${f.seq}`);

const lspInit = req(0, 'initialize', { processId: null, rootUri: null, capabilities: {} });

describe('well-behaved sessions raise no lifecycle findings', () => {
  it.each([
    ['lsp', lspSession],
    ['mcp', mcpSession],
    ['ethereum', ethereumSession],
    ['dap', dapSession],
  ] as const)('%s', (dialect, steps) => {
    expect(check(dialect, steps)).toEqual([]);
  });
});

describe('LSP lifecycle', () => {
  it('a request before initialize answered normally instead of with -32002 is a finding on the answer', () => {
    const fs = check('lsp', [
      ['out', req(0, 'textDocument/hover', {})],
      ['in', ok(0, null)],
      ['out', req(1, 'workspace/symbol', { query: '' })],
      ['in', err(1, -32002, 'Server not initialized')],
    ]);
    expect(rules(fs)).toEqual(['lsp-answered-before-initialize@2']);
    expect(fs[0].finding).toMatchObject({ severity: 'warning', spec: expect.stringContaining('-32002') });
    expect(fs[0].finding.message).toContain('textDocument/hover id 0 (seq 1)');
  });

  it('an error other than -32002 before initialize is also a finding, and says which code came', () => {
    const fs = check('lsp', [
      ['out', req('a', 'shutdown')],
      ['in', err('a', -32601, 'nope')],
    ]);
    expect(rules(fs)).toEqual(['lsp-answered-before-initialize@2']);
    expect(fs[0].finding.message).toContain('error -32601');
  });

  it('the client talking while initialize is pending, and the server sending requests before its result, are findings', () => {
    const fs = check('lsp', [
      ['out', lspInit],
      ['in', note('window/logMessage', { type: 3, message: 'ok to send' })],
      ['in', req(0, 'workspace/configuration', { items: [] })],
      ['out', req(1, 'textDocument/hover', {})],
      ['in', ok(0, { capabilities: {} })],
      ['in', ok(1, null)],
    ]);
    expect(rules(fs)).toEqual(['lsp-server-message-before-initialized@3', 'lsp-message-during-initialize@4']);
  });

  it('a request after shutdown is a finding, and so is answering it with anything but InvalidRequest', () => {
    const fs = check('lsp', [
      ['out', lspInit],
      ['in', ok(0, { capabilities: {} })],
      ['out', note('initialized', {})],
      ['out', req(1, 'shutdown')],
      ['in', ok(1, null)],
      ['out', req(2, 'textDocument/hover', {})],
      ['in', ok(2, { contents: 'still answering' })],
      ['out', req(3, 'workspace/symbol', {})],
      ['in', err(3, -32600, 'Shut down')],
      ['out', note('exit')],
    ]);
    expect(rules(fs)).toEqual(['lsp-message-after-shutdown@6', 'lsp-answered-after-shutdown@7', 'lsp-message-after-shutdown@8']);
  });

  it('exit without shutdown, and exit before shutdown answered, are findings', () => {
    expect(rules(check('lsp', [['out', lspInit], ['in', ok(0, { capabilities: {} })], ['out', note('exit')]]))).toEqual(['lsp-exit-without-shutdown@3']);
    expect(rules(check('lsp', [['out', note('exit')]]))).toEqual(['lsp-exit-without-shutdown@1']);
    expect(
      rules(check('lsp', [['out', lspInit], ['in', ok(0, { capabilities: {} })], ['out', req(1, 'shutdown')], ['out', note('exit')]])),
    ).toEqual(['lsp-exit-before-shutdown-answered@4']);
  });

  it('initialize sent twice is a finding; a failed initialize may be retried', () => {
    expect(rules(check('lsp', [['out', lspInit], ['in', ok(0, { capabilities: {} })], ['out', req(1, 'initialize', {})]]))).toEqual(['lsp-initialize-twice@3']);
    expect(
      check('lsp', [
        ['out', lspInit],
        ['in', err(0, -32603, 'boom')],
        ['out', req(1, 'initialize', { capabilities: {} })],
        ['in', ok(1, { capabilities: {} })],
      ]),
    ).toEqual([]);
  });

  it('server and client id spaces stay apart: a client answer with the same id does not settle a client request', () => {
    const fs = check('lsp', [
      ['out', req(0, 'textDocument/hover', {})],
      ['in', req(0, 'window/showMessageRequest', { type: 1, message: 'hi' })],
      ['out', ok(0, null)], // the client answering the server's request 0
      ['in', err(0, -32002, 'not initialized')], // the server answering the client's request 0
    ]);
    expect(rules(fs)).toEqual([]);
  });
});

describe('MCP lifecycle', () => {
  const mcpInit = req(0, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } });
  const mcpResult = ok(0, { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 's', version: '1' } });

  it('a request before initialize is an error finding; ping is always allowed', () => {
    const fs = check('mcp', [
      ['out', req(1, 'ping')],
      ['out', req(2, 'tools/list', {})],
      ['out', mcpInit],
    ]);
    expect(rules(fs)).toEqual(['mcp-request-before-initialize@2']);
    expect(fs[0].finding.severity).toBe('error');
  });

  it('a request while initialize is pending is a warning', () => {
    expect(rules(check('mcp', [['out', mcpInit], ['out', req(1, 'tools/list', {})]]))).toEqual(['mcp-request-during-initialize@2']);
  });

  it('notifications/initialized missing before other requests is a warning, once', () => {
    const fs = check('mcp', [
      ['out', mcpInit],
      ['in', mcpResult],
      ['out', req(1, 'tools/list', {})],
      ['out', req(2, 'prompts/list', {})],
    ]);
    expect(rules(fs)).toEqual(['mcp-initialized-missing@3']);
    expect(fs[0].finding).toMatchObject({ severity: 'warning', spec: expect.stringContaining('initialized notification') });
  });

  it('a server request before notifications/initialized is a warning (ping excepted)', () => {
    const fs = check('mcp', [
      ['out', mcpInit],
      ['in', req(0, 'ping')],
      ['in', req(1, 'roots/list', {})],
      ['in', mcpResult],
      ['out', note('notifications/initialized')],
      ['in', req(2, 'roots/list', {})],
    ]);
    expect(rules(fs)).toEqual(['mcp-server-request-before-initialized@3']);
  });

  it('cancelling initialize is an error finding', () => {
    const fs = check('mcp', [['out', mcpInit], ['out', note('notifications/cancelled', { requestId: 0, reason: 'too slow' })]]);
    expect(rules(fs)).toEqual(['mcp-cancel-initialize@2']);
    expect(fs[0].finding.path).toBe('params.requestId');
  });

  it('a server choosing another protocol version is noted as information', () => {
    const fs = check('mcp', [
      ['out', mcpInit],
      ['in', ok(0, { protocolVersion: '2025-03-26', capabilities: {}, serverInfo: { name: 's', version: '1' } })],
    ]);
    expect(fs.map((f) => [f.finding.rule, f.finding.severity])).toEqual([['mcp-protocol-version-negotiated', 'info']]);
  });
});

describe('DAP lifecycle', () => {
  it('a request before initialize, and configurationDone before the initialized event, are warnings', () => {
    const fs = check('dap', [
      ['out', { seq: 1, type: 'request', command: 'threads' }],
      ['out', { seq: 2, type: 'request', command: 'initialize', arguments: {} }],
      ['in', { seq: 1, type: 'response', request_seq: 2, success: true, command: 'initialize' }],
      ['out', { seq: 3, type: 'request', command: 'configurationDone' }],
    ]);
    expect(rules(fs)).toEqual(['dap-request-before-initialize@1', 'dap-configuration-before-initialized@4']);
  });
});

describe('every finding is complete', () => {
  it('has a stable rule id, a severity, a message and the spec sentence', () => {
    const all = [
      ...check('lsp', [['out', req(0, 'x')], ['in', ok(0, 1)], ['out', note('exit')]]),
      ...check('mcp', [['out', req(1, 'tools/list')]]),
    ];
    expect(all.length).toBeGreaterThan(0);
    for (const { finding } of all) {
      expect(finding.rule).toMatch(/^(lsp|mcp|dap)-[a-z-]+$/);
      expect(['error', 'warning', 'info']).toContain(finding.severity);
      expect(finding.message.length).toBeGreaterThan(10);
      expect(finding.spec).toMatch(/\((LSP|MCP|DAP)/);
    }
  });

  it('ignores meta events and garbage without throwing', () => {
    const checker = getProfile('lsp').createLifecycleChecker();
    for (const m of conversation([['meta', 'connected'], ['in', 'Content-Length: nonsense'], ['in', '[]'], ['out', '{"jsonrpc":"2.0","id":{},"method":7}']])) {
      expect(() => checker.observe(m)).not.toThrow();
    }
  });
});
