/**
 * Traffic shaped like what real peers send (the member sets, id styles and message order of
 * vscode-languageserver-based servers, the MCP "everything" server, geth, debugpy).
 */
import { err, note, ok, req, type Step } from './traffic';

/** An LSP session: ids from 0 on both sides, server-initiated requests, work-done progress. */
export const lspSession: Step[] = [
  [
    'out',
    req(0, 'initialize', {
      processId: 4242,
      clientInfo: { name: 'Visual Studio Code', version: '1.99.0' },
      locale: 'en',
      rootPath: '/home/u/proj',
      rootUri: 'file:///home/u/proj',
      capabilities: {
        workspace: { configuration: true, workspaceFolders: true },
        textDocument: { hover: { contentFormat: ['markdown', 'plaintext'] } },
        window: { workDoneProgress: true },
      },
      trace: 'off',
      workspaceFolders: [{ uri: 'file:///home/u/proj', name: 'proj' }],
    }),
  ],
  ['in', note('window/logMessage', { type: 3, message: 'Server starting' })],
  [
    'in',
    ok(0, {
      capabilities: { textDocumentSync: 2, hoverProvider: true, completionProvider: { triggerCharacters: ['.'] } },
      serverInfo: { name: 'example-ls', version: '0.1.0' },
    }),
  ],
  ['out', note('initialized', {})],
  ['in', req(0, 'workspace/configuration', { items: [{ section: 'example' }] })],
  ['out', ok(0, [{}])],
  ['in', req(1, 'client/registerCapability', { registrations: [{ id: 'w1', method: 'workspace/didChangeWatchedFiles' }] })],
  ['out', ok(1, null)],
  ['out', note('textDocument/didOpen', { textDocument: { uri: 'file:///home/u/proj/a.ts', languageId: 'typescript', version: 1, text: 'let x = 1;\n' } })],
  ['in', req(2, 'window/workDoneProgress/create', { token: 'tok-1' })],
  ['out', ok(2, null)],
  ['in', note('$/progress', { token: 'tok-1', value: { kind: 'begin', title: 'Indexing', percentage: 0 } })],
  ['in', note('$/progress', { token: 'tok-1', value: { kind: 'report', percentage: 50 } })],
  ['in', note('$/progress', { token: 'tok-1', value: { kind: 'end' } })],
  ['in', note('textDocument/publishDiagnostics', { uri: 'file:///home/u/proj/a.ts', diagnostics: [] })],
  ['out', req(1, 'textDocument/hover', { textDocument: { uri: 'file:///home/u/proj/a.ts' }, position: { line: 0, character: 4 } })],
  ['in', ok(1, { contents: { kind: 'markdown', value: '`let x: number`' } })],
  ['out', req(2, 'shutdown')],
  ['in', ok(2, null)],
  ['out', note('exit')],
];

/** An MCP session over stdio: initialize, initialized, tools/list, a tool call with progress, a server request. */
export const mcpSession: Step[] = [
  [
    'out',
    req(0, 'initialize', {
      protocolVersion: '2025-06-18',
      capabilities: { sampling: {}, roots: { listChanged: true } },
      clientInfo: { name: 'inspector', version: '0.16.0' },
    }),
  ],
  [
    'in',
    ok(0, {
      protocolVersion: '2025-06-18',
      capabilities: { prompts: {}, resources: { subscribe: true }, tools: {}, logging: {}, completions: {} },
      serverInfo: { name: 'example-servers/everything', version: '1.0.0' },
      instructions: 'Testing server.',
    }),
  ],
  ['out', note('notifications/initialized')],
  ['out', req(1, 'tools/list', {})],
  [
    'in',
    ok(1, {
      tools: [{ name: 'echo', description: 'Echoes back the input', inputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] } }],
    }),
  ],
  ['out', req(2, 'tools/call', { name: 'longRunningOperation', arguments: { duration: 1, steps: 2 }, _meta: { progressToken: 2 } })],
  ['in', note('notifications/progress', { progress: 1, total: 2, progressToken: 2 })],
  ['in', note('notifications/progress', { progress: 2, total: 2, progressToken: 2 })],
  ['in', ok(2, { content: [{ type: 'text', text: 'Long running operation completed.' }] })],
  ['in', req(0, 'sampling/createMessage', { messages: [], maxTokens: 10 })],
  ['out', err(0, -32601, 'Method not found')],
  ['in', note('notifications/message', { level: 'info', logger: 'everything', data: 'tick' })],
];

/** Ethereum calls over HTTP, as geth answers them. */
export const ethereumSession: Step[] = [
  ['out', req(1, 'eth_chainId', [])],
  ['in', ok(1, '0x539')],
  ['out', req(2, 'eth_blockNumber', [])],
  ['in', ok(2, '0x10d4f')],
  ['out', req(3, 'eth_call', [{ to: '0x5fbdb2315678afecb367f032d93f642f64180aa3', data: '0x12345678' }, 'latest'])],
  [
    'in',
    err(
      3,
      3,
      'execution reverted: Not owner',
      '0x08c379a0000000000000000000000000000000000000000000000000000000000000002000000000000000000000000000000000000000000000000000000000000000094e6f74206f776e65720000000000000000000000000000000000000000000000',
    ),
  ],
];

/** debugpy-style DAP: Content-Length framed, seq/type, no jsonrpc. */
export const dapSession: Step[] = [
  ['out', { seq: 1, type: 'request', command: 'initialize', arguments: { clientID: 'vscode', adapterID: 'python', linesStartAt1: true, columnsStartAt1: true, pathFormat: 'path' } }],
  ['in', { seq: 1, type: 'event', event: 'output', body: { category: 'telemetry', output: 'ptvsd', data: {} } }],
  ['in', { seq: 2, type: 'response', request_seq: 1, success: true, command: 'initialize', body: { supportsConfigurationDoneRequest: true } }],
  ['out', { seq: 2, type: 'request', command: 'launch', arguments: { program: '/tmp/a.py' } }],
  ['in', { seq: 3, type: 'event', event: 'initialized' }],
  ['out', { seq: 3, type: 'request', command: 'configurationDone' }],
  ['in', { seq: 4, type: 'response', request_seq: 3, success: true, command: 'configurationDone' }],
  ['in', { seq: 5, type: 'response', request_seq: 2, success: true, command: 'launch' }],
];

/** Plain JSON-RPC: the examples of the JSON-RPC 2.0 specification, and lookalikes that must not decide anything. */
export const baseSession: Step[] = [
  ['out', req(1, 'subtract', [42, 23])],
  ['in', ok(1, 19)],
  ['out', req(3, 'subtract', { subtrahend: 23, minuend: 42 })],
  ['in', ok(3, 19)],
  ['out', note('update', [1, 2, 3, 4, 5])],
  ['out', note('foobar')],
  ['out', req('1', 'foobar')],
  ['in', err('1', -32601, 'Method not found')],
  ['out', '{"jsonrpc": "2.0", "method": "foobar, "params": "bar", "baz]'],
  ['in', err(null, -32700, 'Parse error')],
  ['out', '[1,2,3]'],
  [
    'out',
    [req('1', 'sum', [1, 2, 4]), note('notify_hello', [7]), req('2', 'subtract', [42, 23]), { foo: 'boo' }, req('5', 'foo.get', { name: 'myself' }), req('9', 'get_data')],
  ],
  ['in', [ok('1', 7), ok('2', 19), err(null, -32600, 'Invalid Request'), err('5', -32601, 'Method not found'), ok('9', ['hello', 5])]],
  // Lookalikes: an initialize without the LSP/MCP members, names near the Ethereum prefixes.
  ['out', req(10, 'initialize')],
  ['in', ok(10, { capabilities: {} })],
  ['out', req(11, 'initialize', { capabilities: {} })],
  ['out', req(12, 'initialize', { clientInfo: { name: 'x' } })],
  ['out', req(13, 'initialize', { protocolVersion: '1.0' })],
  ['in', ok(13, { protocolVersion: '1.0', capabilities: {} })],
  ['out', req(14, 'ethics_check', [])],
  ['out', req(15, 'network_status', [])],
  ['out', req(16, 'eth.getBalance', [])],
  ['out', req(17, 'tools.list', [])],
  ['out', req(18, 'document/open', { seq: 1, type: 'request', command: 'x' })],
  ['out', note('progress', { token: 1 })],
];
