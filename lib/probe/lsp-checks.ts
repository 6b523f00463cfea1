/**
 * LSP's lifecycle as checks (LSP 3.17, Lifecycle Messages): a request before initialize, the
 * handshake, and shutdown / exit at the end (which end the server: only run when the probe started
 * its process, or when the user allows them).
 */
import { lspProfile } from '../dialects/lsp';
import { isRecord } from '../dialects/messages';
import { didText, expectError, expectNothing, fail, idKeyOf, notApplicable, pass, singleEntry } from './judge';
import { requestText } from './messages';
import { templateText } from './template-step';
import type { ProbeCheck } from './types';

const LSP = 'LSP 3.17';

export const LSP_BEFORE: readonly ProbeCheck[] = [
  {
    id: 'lifecycle/lsp-before-initialize',
    title: 'a request before initialize is answered -32002 (ServerNotInitialized)',
    level: 'SHOULD',
    group: 'lifecycle',
    spec: `If the server receives a request or notification before the initialize request it should act as follows: For a request the response should be an error with code: -32002. (${LSP}, initialize)`,
    sends: () => [requestText('workspace/symbol', '"probe-before-init"', { query: '' })],
    judge: (ex) => expectError(ex, -32002, idKeyOf('probe-before-init')),
  },
];

export const LSP_HANDSHAKE: readonly ProbeCheck[] = [
  {
    id: 'lifecycle/lsp-initialize',
    title: 'initialize is answered with the server\u2019s capabilities',
    level: 'MUST',
    group: 'lifecycle',
    spec: `The initialize request is sent as the first request from the client to the server … InitializeResult: capabilities: The capabilities the language server provides. (${LSP}, initialize)`,
    sends: () => [templateText(lspProfile, 'lsp-handshake', 0, '"probe-initialize"')],
    judge: (ex) => {
      const did = didText(ex);
      const one = singleEntry(ex);
      if ('problem' in one || one.entry.idKey !== idKeyOf('probe-initialize')) return fail(did);
      const result = one.entry.result;
      return one.entry.kind === 'response' && isRecord(result) && isRecord(result.capabilities) ? pass(did) : fail(`${did} (no capabilities object)`);
    },
  },
  {
    id: 'lifecycle/lsp-initialized',
    title: 'the initialized notification is not answered',
    level: 'MUST',
    group: 'lifecycle',
    spec: `The initialized notification is sent from the client to the server after the client received the result of the initialize request … Notification (${LSP}); a Notification is never answered (JSON-RPC 2.0 §4.1).`,
    sends: () => [templateText(lspProfile, 'lsp-handshake', 1)],
    judge: expectNothing,
  },
];

export const LSP_TEARDOWN: readonly ProbeCheck[] = [
  {
    id: 'lifecycle/lsp-shutdown',
    title: 'shutdown is answered with result null',
    level: 'MUST',
    group: 'lifecycle',
    spec: `The shutdown request is sent from the client to the server. It asks the server to shut down, but to not exit … Response: result: null. (${LSP}, shutdown)`,
    changesState: ['shutdown'],
    endsPeer: true,
    sends: () => [requestText('shutdown', '"probe-shutdown"')],
    judge: (ex) => {
      const did = didText(ex);
      const one = singleEntry(ex);
      if ('problem' in one || one.entry.idKey !== idKeyOf('probe-shutdown')) return fail(did);
      return one.entry.kind === 'response' && one.entry.result === null ? pass(did) : fail(`${did} (the result is due to be null)`);
    },
  },
  {
    id: 'lifecycle/lsp-after-shutdown',
    title: 'a request after shutdown is refused with -32600 (InvalidRequest)',
    level: 'SHOULD',
    group: 'lifecycle',
    spec: `If a server receives requests after a shutdown request those requests should error with InvalidRequest. (${LSP}, shutdown)`,
    changesState: ['shutdown'],
    endsPeer: true,
    sends: () => [requestText('workspace/symbol', '"probe-after-shutdown"', { query: '' })],
    judge: (ex) => expectError(ex, -32600, idKeyOf('probe-after-shutdown')),
  },
  {
    id: 'lifecycle/lsp-exit',
    title: 'exit after shutdown ends the server with code 0',
    level: 'SHOULD',
    group: 'lifecycle',
    spec: `A notification to ask the server to exit its process. The server should exit with success code 0 if the shutdown request has been received before; otherwise with error code 1. (${LSP}, exit)`,
    changesState: ['exit'],
    endsPeer: true,
    sends: () => [templateText(lspProfile, 'lsp-shutdown', 1)],
    judge: (ex) => {
      const did = didText(ex);
      if (!ex.ended) return fail(`${did} (it kept running)`);
      if (ex.exitCode === undefined) return notApplicable(`${did} (the connection closed; its exit code is not visible from here)`);
      return ex.exitCode === 0 ? pass(did) : fail(`${did} (exit code ${ex.exitCode})`);
    },
  },
];
