/**
 * LSP lifecycle rules, checked over a conversation in recording order:
 * nothing before `initialize` but -32002 answers, nothing while `initialize` is pending,
 * `initialize` once, nothing but `exit` after `shutdown`, `exit` only after `shutdown`.
 *
 * The client is the side that sends `initialize`; before one is seen, messages going `out` (from
 * rpcscope to the target) are taken as the client's, which is how rpcscope is normally used.
 */
import type { Direction } from '../session/types';
import { answerErrorCode, describeRequest, finding, opposite, PendingTable } from './lifecycle-util';
import { entriesOf, idJson, isAnswer, isCall, type MessageEntry } from './messages';
import type { LifecycleChecker, LifecycleFinding, LifecycleInput } from './types';

export const LSP_SPEC = {
  beforeInitialize:
    'If the server receives a request or notification before the initialize request it should act as follows: For a request the response should be an error with code: -32002. (LSP 3.17, Initialize Request)',
  duringInitialize:
    'Until the server has responded to the initialize request with an InitializeResult, the client must not send any additional requests or notifications to the server. (LSP 3.17, Initialize Request)',
  serverBeforeInitialized:
    'The server is not allowed to send any requests or notifications to the client until it has responded with an InitializeResult, with the exception that during the initialize request the server is allowed to send the notifications window/showMessage, window/logMessage and telemetry/event as well as the window/showMessageRequest request to the client. (LSP 3.17, Initialize Request)',
  initializeOnce: 'The initialize request may only be sent once. (LSP 3.17, Initialize Request)',
  afterShutdownClient:
    'Clients must not send any notifications other than exit or requests to a server to which they have sent a shutdown request. (LSP 3.17, Shutdown Request)',
  afterShutdownServer:
    'If a server receives requests after a shutdown request those requests should error with InvalidRequest. (LSP 3.17, Shutdown Request)',
  exitWithoutShutdown:
    'The server should exit with success code 0 if the shutdown request has been received before; otherwise with error code 1. (LSP 3.17, Exit Notification)',
  cancelIsNotification:
    'The base protocol offers support for request cancellation. To cancel a request, a notification message with the following properties is sent: method: \'$/cancelRequest\'. (LSP 3.17, Cancellation Support)',
  exitBeforeShutdownAnswered:
    'Clients should also wait with sending the exit notification until they have received a response from the shutdown request. (LSP 3.17, Shutdown Request)',
} as const;

/** What a server may send while `initialize` is still pending. */
const ALLOWED_FROM_SERVER_DURING_INIT = new Set(['window/showMessage', 'window/logMessage', 'telemetry/event', 'window/showMessageRequest', '$/progress']);

type Phase = 'pre' | 'initializing' | 'ready' | 'shutting-down' | 'shut-down' | 'exited';
type Tag = 'initialize' | 'pre-init' | 'after-shutdown' | 'shutdown' | 'plain';

interface Pending {
  seq: number;
  method?: string;
  idText?: string;
  tag: Tag;
}

export function createLspLifecycleChecker(): LifecycleChecker {
  let clientDir: Direction = 'out';
  let phase: Phase = 'pre';
  let everInitialized = false;
  const pending = new PendingTable<Pending>();

  function onClientCall(seq: number, e: MessageEntry, out: LifecycleFinding[]): void {
    const method = e.method ?? '';
    const isRequest = e.kind === 'request';
    let tag: Tag = 'plain';

    if (method === 'exit') {
      if (phase === 'shutting-down') {
        out.push(finding(seq, 'lsp-exit-before-shutdown-answered', 'info', '`exit` sent before the `shutdown` request was answered.', LSP_SPEC.exitBeforeShutdownAnswered));
      } else if (phase !== 'shut-down' && phase !== 'exited') {
        out.push(finding(seq, 'lsp-exit-without-shutdown', 'warning', '`exit` sent without a `shutdown` request first: the server should exit with code 1.', LSP_SPEC.exitWithoutShutdown));
      }
      phase = 'exited';
      return;
    }

    if (phase === 'pre') {
      if (isRequest) tag = 'pre-init';
    } else if (phase === 'initializing') {
      out.push(
        finding(seq, 'lsp-message-during-initialize', 'warning', `\`${method}\` sent while \`initialize\` is still unanswered.`, LSP_SPEC.duringInitialize),
      );
    } else if (phase === 'shutting-down' || phase === 'shut-down' || phase === 'exited') {
      out.push(finding(seq, 'lsp-message-after-shutdown', 'warning', `\`${method}\` sent after \`shutdown\`: only \`exit\` may follow it.`, LSP_SPEC.afterShutdownClient));
      if (isRequest) tag = 'after-shutdown';
    }

    if (method === 'shutdown' && isRequest && (phase === 'ready' || phase === 'pre')) {
      tag = phase === 'pre' ? 'pre-init' : 'shutdown';
      if (phase === 'ready') phase = 'shutting-down';
    }
    if (isRequest && e.idKey !== undefined) pending.set(e.idKey, { seq, method, idText: idJson(e.id, e.idText), tag });
  }

  function onServerCall(seq: number, e: MessageEntry, out: LifecycleFinding[]): void {
    if ((phase === 'pre' || phase === 'initializing') && !ALLOWED_FROM_SERVER_DURING_INIT.has(e.method ?? '')) {
      const what = e.kind === 'request' ? 'request' : 'notification';
      out.push(
        finding(
          seq,
          'lsp-server-message-before-initialized',
          'warning',
          `The server sent the ${what} \`${e.method}\` before answering \`initialize\`.`,
          LSP_SPEC.serverBeforeInitialized,
        ),
      );
    }
  }

  function onServerAnswer(seq: number, e: MessageEntry, out: LifecycleFinding[]): void {
    const p = pending.take(e.idKey);
    if (!p) return;
    const code = answerErrorCode(e);
    const request = describeRequest(p.method, p.idText, p.seq);
    switch (p.tag) {
      case 'initialize':
        if (phase === 'initializing') phase = e.kind === 'response' ? 'ready' : 'pre';
        if (e.kind === 'response') everInitialized = true;
        break;
      case 'pre-init':
        if (code !== -32002) {
          const got = e.kind === 'response' ? 'a normal result' : `error ${code ?? '(no numeric code)'}`;
          out.push(
            finding(
              seq,
              'lsp-answered-before-initialize',
              'warning',
              `${request} was sent before \`initialize\` and got ${got}; a server should answer it with -32002 ServerNotInitialized.`,
              LSP_SPEC.beforeInitialize,
            ),
          );
        }
        break;
      case 'after-shutdown':
        if (code !== -32600) {
          const got = e.kind === 'response' ? 'a normal result' : `error ${code ?? '(no numeric code)'}`;
          out.push(
            finding(
              seq,
              'lsp-answered-after-shutdown',
              'warning',
              `${request} was sent after \`shutdown\` and got ${got}; a server should answer it with -32600 InvalidRequest.`,
              LSP_SPEC.afterShutdownServer,
            ),
          );
        }
        break;
      case 'shutdown':
        if (phase === 'shutting-down') phase = e.kind === 'response' ? 'shut-down' : 'ready';
        break;
      case 'plain':
        break;
    }
  }

  return {
    observe({ seq, dir, classified }: LifecycleInput): LifecycleFinding[] {
      if (dir === 'meta') return [];
      const out: LifecycleFinding[] = [];
      for (const e of entriesOf(classified)) {
        if (isCall(e) && e.method === '$/cancelRequest' && e.kind === 'request') {
          // Sent with an id, it is a request the other side must answer, not the cancellation notification.
          out.push(finding(seq, 'lsp-cancel-request-with-id', 'error', '`$/cancelRequest` sent with an id: it is a notification and must have none.', LSP_SPEC.cancelIsNotification, 'id'));
        }
        if (isCall(e) && e.method === 'initialize' && e.kind === 'request') {
          if (everInitialized || phase === 'initializing') {
            out.push(finding(seq, 'lsp-initialize-twice', 'warning', '`initialize` sent a second time.', LSP_SPEC.initializeOnce));
          } else {
            clientDir = dir;
            phase = 'initializing';
            if (e.idKey !== undefined) pending.set(e.idKey, { seq, method: e.method, idText: idJson(e.id, e.idText), tag: 'initialize' });
          }
          continue;
        }
        if (isCall(e)) {
          if (dir === clientDir) onClientCall(seq, e, out);
          else onServerCall(seq, e, out);
        } else if (isAnswer(e) && dir === opposite(clientDir)) {
          onServerAnswer(seq, e, out);
        }
      }
      return out;
    },
  };
}
