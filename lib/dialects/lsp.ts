/**
 * Language Server Protocol 3.17: error codes, methods, `$/cancelRequest`, `$/progress`, the
 * `initialize` / `initialized` / `shutdown` / `exit` lifecycle.
 */
import { decodeByCode, makeCatalog, standardCodes } from './catalog';
import { createLspLifecycleChecker } from './lsp-lifecycle';
import { lspMethods } from './lsp-methods';
import { atSeq, idJson, isRecord, notificationText, renderJsonRpc } from './messages';
import { lspStart } from './lsp-start';
import type { DialectMarkers, DialectProfile, MessageTemplate } from './types';

const LSP = 'LSP 3.17 ErrorCodes';
const LSP_LIB = 'vscode-jsonrpc ErrorCodes (client library; a transport failure reported locally, rarely on the wire)';

export const lspCatalog = makeCatalog(
  'lsp',
  'Language Server Protocol',
  [
    ...standardCodes('JSON-RPC 2.0 §5.1, restated in LSP 3.17 ErrorCodes'),
    {
      code: -32002,
      name: 'ServerNotInitialized',
      meaning: 'The server received a request before the `initialize` request; every request sent before `initialize` should be answered with this code.',
      definedIn: LSP,
    },
    {
      code: -32001,
      name: 'UnknownErrorCode',
      meaning: 'An error of unknown kind (kept in the JSON-RPC reserved range for backwards compatibility).',
      definedIn: LSP,
    },
    {
      code: -32803,
      name: 'RequestFailed',
      meaning: 'The request was valid (known method, valid params) but failed; the message should say why.',
      definedIn: `${LSP} (since 3.17)`,
    },
    {
      code: -32802,
      name: 'ServerCancelled',
      meaning: 'The server cancelled the request. Only for requests that explicitly support being cancelled by the server.',
      definedIn: `${LSP} (since 3.17)`,
    },
    {
      code: -32801,
      name: 'ContentModified',
      meaning: 'The document content changed in a way that invalidates the result; the client may re-request.',
      definedIn: LSP,
    },
    {
      code: -32800,
      name: 'RequestCancelled',
      meaning: 'The client cancelled the request and the server noticed the cancellation.',
      definedIn: LSP,
    },
    { code: -32099, name: 'MessageWriteError', meaning: 'Writing a message to the transport failed.', definedIn: LSP_LIB },
    { code: -32098, name: 'MessageReadError', meaning: 'Reading a message from the transport failed.', definedIn: LSP_LIB },
    { code: -32097, name: 'PendingResponseRejected', meaning: 'The connection was disposed or lost; pending responses were rejected.', definedIn: LSP_LIB },
    { code: -32096, name: 'ConnectionInactive', meaning: 'The connection is inactive and a use of it failed.', definedIn: LSP_LIB },
  ],
  [
    {
      from: -32899,
      to: -32800,
      name: 'LSP reserved (unassigned)',
      meaning: 'Inside the range LSP reserves for its own errors (lspReservedErrorRangeStart -32899 … lspReservedErrorRangeEnd -32800), but not assigned in 3.17.',
      definedIn: LSP,
    },
    {
      from: -32099,
      to: -32000,
      name: 'JSON-RPC reserved (unassigned in LSP)',
      meaning: 'Inside jsonrpcReservedErrorRangeStart -32099 … jsonrpcReservedErrorRangeEnd -32000, where LSP says no application error codes should be defined.',
      definedIn: LSP,
    },
  ],
);

export const LSP_CLIENT_INFO = { name: 'rpcscope', version: '0.1.0' };

/** Capabilities an inspecting client can honestly claim: it shows what the server sends. */
const clientCapabilities = {
  general: { positionEncodings: ['utf-16'] },
  window: { workDoneProgress: true, showMessage: {}, showDocument: { support: false } },
  workspace: { configuration: true, workspaceFolders: true, applyEdit: false },
  textDocument: {
    synchronization: { didSave: true, dynamicRegistration: false },
    hover: { contentFormat: ['markdown', 'plaintext'] },
    completion: { completionItem: { snippetSupport: false } },
    publishDiagnostics: { relatedInformation: true },
  },
};

const LSP_ROOT_MARKERS = ['processId', 'rootUri', 'rootPath', 'workspaceFolders'] as const;

/**
 * LSP is recognised by its initialize params (`capabilities` with one of processId / rootUri /
 * rootPath / workspaceFolders — MCP's initialize has none of those), or by a method only LSP uses.
 */
const lspMarkers: DialectMarkers = {
  onlyPrefixes: ['textDocument/', 'notebookDocument/'],
  onlyMethods: new Set([
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
  ]),
  createRecognizer: () => (msg) => {
    for (const e of msg.entries) {
      if (e.kind !== 'request' || e.method !== 'initialize' || !isRecord(e.params)) continue;
      const p = e.params;
      const root = LSP_ROOT_MARKERS.find((k) => k in p);
      if (isRecord(p.capabilities) && root) return `initialize request${atSeq(msg.seq)} has params.capabilities and params.${root}`;
    }
    return undefined;
  },
};

/** The handshake the builder inserts and the one-step start sends. */
const handshakeTemplate: MessageTemplate = {
  id: 'lsp-handshake',
  title: 'LSP handshake',
  summary: '`initialize` with client capabilities, then the `initialized` notification once the result is in.',
  steps: [
    {
      kind: 'request',
      method: 'initialize',
      params: {
        processId: null,
        clientInfo: LSP_CLIENT_INFO,
        locale: 'en',
        rootUri: null,
        workspaceFolders: null,
        capabilities: clientCapabilities,
        trace: 'off',
      },
      expect: 'InitializeResult: { capabilities, serverInfo? }. Send nothing else until it arrives.',
    },
    { kind: 'notification', method: 'initialized', params: {}, expect: 'No answer (notification).' },
  ],
};

export const lspProfile: DialectProfile<'lsp'> = {
  id: 'lsp',
  title: 'Language Server Protocol',
  label: 'LSP',
  summary: 'LSP 3.17: editor ↔ language server, Content-Length framing, requests in both directions.',
  specUrl: 'https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/',
  wire: 'jsonrpc',
  // LSP base protocol: a Content-Length header block before each message.
  framing: 'content-length',
  errors: lspCatalog,
  decodeError: (error) => decodeByCode(lspCatalog, error),
  errorsByMessage: false,
  markers: lspMarkers,
  methods: lspMethods,
  cancel(target) {
    const id = idJson(target.id, target.idText);
    if (id === undefined) return { ok: false, reason: 'The pending request has no usable id (LSP ids are integers or strings).' };
    return { ok: true, method: '$/cancelRequest', text: notificationText('$/cancelRequest', [['id', id]]) };
  },
  progress: {
    methods: ['$/progress', 'window/workDoneProgress/create', 'window/workDoneProgress/cancel'],
    howTo:
      'Put a `workDoneToken` (or `partialResultToken`) in a request’s params, or let the server create one with window/workDoneProgress/create; progress then arrives as $/progress {token, value: {kind: begin|report|end}}.',
  },
  streamingMethods: new Set(),
  templates: [
    handshakeTemplate,
    {
      id: 'lsp-shutdown',
      title: 'LSP shutdown',
      summary: '`shutdown` (answered with null), then `exit`.',
      steps: [
        { kind: 'request', method: 'shutdown', expect: 'result: null' },
        { kind: 'notification', method: 'exit', expect: 'The server process exits with code 0.' },
      ],
    },
    {
      id: 'lsp-open-hover',
      title: 'Open a document and hover',
      summary: 'didOpen a small document, then ask for hover at line 0, character 0.',
      steps: [
        {
          kind: 'notification',
          method: 'textDocument/didOpen',
          params: { textDocument: { uri: 'file:///tmp/example.txt', languageId: 'plaintext', version: 1, text: 'hello\n' } },
        },
        {
          kind: 'request',
          method: 'textDocument/hover',
          params: { textDocument: { uri: 'file:///tmp/example.txt' }, position: { line: 0, character: 0 } },
          expect: 'Hover or null.',
        },
      ],
    },
  ],
  start: lspStart(handshakeTemplate.steps),
  render: (step, options) => renderJsonRpc(step, options?.id),
  createLifecycleChecker: createLspLifecycleChecker,
};
