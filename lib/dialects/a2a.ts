/**
 * Agent2Agent (A2A): one agent asks another over JSON-RPC 2.0 on HTTP, with server-sent events for
 * the streaming methods. Its methods in both namings — v0.3 (`message/send`, `tasks/get` …) and
 * v1.0 (`SendMessage`, `GetTask` …, chosen by the `A2A-Version: 1.0` header) — its error codes
 * (-32001…-32009, which mean something else in MCP, LSP and Ethereum), detection, and templates.
 */
import { noLifecycle } from './base';
import { decodeByCode, makeCatalog, standardCodes } from './catalog';
import { renderJsonRpc } from './messages';
import type { DialectMarkers, DialectProfile, MethodInfo } from './types';

const SPEC = 'A2A specification, JSON-RPC error codes';

export const a2aCatalog = makeCatalog('a2a', 'Agent2Agent Protocol', [
  ...standardCodes('JSON-RPC 2.0 §5.1, restated in the A2A specification'),
  { code: -32001, name: 'TaskNotFound', meaning: 'No task with that id: it never existed, expired, or belongs to someone else.', definedIn: SPEC },
  { code: -32002, name: 'TaskNotCancelable', meaning: 'The task cannot be cancelled in its current state (it already finished, failed or was cancelled).', definedIn: SPEC },
  { code: -32003, name: 'PushNotificationNotSupported', meaning: 'The agent does not support push notifications (its card says capabilities.pushNotifications is false).', definedIn: SPEC },
  { code: -32004, name: 'UnsupportedOperation', meaning: 'The agent does not support this operation.', definedIn: SPEC },
  { code: -32005, name: 'ContentTypeNotSupported', meaning: 'A media type in the request (a part, or the accepted output modes) is one the agent cannot handle.', definedIn: SPEC },
  { code: -32006, name: 'InvalidAgentResponse', meaning: 'The agent produced a response that does not conform to the specification.', definedIn: SPEC },
  { code: -32007, name: 'ExtendedAgentCardNotConfigured', meaning: 'The agent has no authenticated extended card configured.', definedIn: SPEC },
  { code: -32008, name: 'ExtensionSupportRequired', meaning: 'The agent requires an extension the client did not declare (A2A-Extensions header).', definedIn: SPEC },
  { code: -32009, name: 'VersionNotSupported', meaning: 'The A2A protocol version the client asked for (A2A-Version header) is not one the agent supports.', definedIn: SPEC },
]);

type Row = readonly [v03: string | null, v10: string | null, summary: string];

/** Each operation under its v0.3 and v1.0 name (null where that version lacks it). */
const operations: readonly Row[] = [
  ['message/send', 'SendMessage', 'Send a message; the answer is a Message or the Task it started.'],
  ['message/stream', 'SendStreamingMessage', 'Send a message and follow the task as server-sent events (task, status and artifact updates).'],
  ['tasks/get', 'GetTask', 'State, history and artifacts of a task.'],
  [null, 'ListTasks', 'List tasks, filtered and paged.'],
  ['tasks/cancel', 'CancelTask', 'Ask the agent to cancel a task.'],
  ['tasks/resubscribe', 'SubscribeToTask', 'Follow a running task’s updates again as server-sent events.'],
  ['tasks/pushNotificationConfig/set', 'CreateTaskPushNotificationConfig', 'Register a webhook for a task’s updates.'],
  ['tasks/pushNotificationConfig/get', 'GetTaskPushNotificationConfig', 'A task’s webhook configuration.'],
  ['tasks/pushNotificationConfig/list', 'ListTaskPushNotificationConfigs', 'All webhook configurations of a task.'],
  ['tasks/pushNotificationConfig/delete', 'DeleteTaskPushNotificationConfig', 'Remove a webhook configuration.'],
  ['agent/getAuthenticatedExtendedCard', 'GetExtendedAgentCard', 'The agent card with what only authenticated clients may see.'],
];

const a2aMethods: readonly MethodInfo[] = operations.flatMap(([v03, v10, summary]) => [
  ...(v03 ? [{ name: v03, direction: 'client→server' as const, kind: 'request' as const, summary, since: '0.3' }] : []),
  ...(v10 ? [{ name: v10, direction: 'client→server' as const, kind: 'request' as const, summary, since: '1.0' }] : []),
]);

/** MCP (2025-11-25) has these two as well, so even both together are no A2A marker. */
const MCP_TOO = new Set(['tasks/get', 'tasks/cancel']);
/**
 * Names too common to decide alone: MCP's two, and the v1.0 words `GetTask`, `CancelTask`,
 * `ListTasks`. Two different A2A names decide, as long as one of them is not MCP's.
 */
const SHARED = new Set([...MCP_TOO, 'GetTask', 'CancelTask', 'ListTasks']);
const ALL_NAMES = new Set(a2aMethods.map((m) => m.name));

const a2aMarkers: DialectMarkers = {
  onlyMethods: new Set([...ALL_NAMES].filter((n) => !SHARED.has(n))),
  createRecognizer() {
    const seen = new Set<string>();
    return ({ entries }) => {
      for (const e of entries) {
        if (e.kind !== 'request' || e.method === undefined || !ALL_NAMES.has(e.method) || seen.size >= 16) continue;
        seen.add(e.method);
        const names = [...seen];
        if (names.length >= 2 && names.some((n) => !MCP_TOO.has(n))) return `methods ${names.join(', ')} are A2A methods`;
      }
      return undefined;
    };
  },
};

/** The methods whose answer is a stream of server-sent events, each a response with the request's id. */
const STREAMING = ['message/stream', 'tasks/resubscribe', 'SendStreamingMessage', 'SubscribeToTask'];

const userMessage = (text: string) => ({ kind: 'message', messageId: 'rpcscope-1', role: 'user', parts: [{ kind: 'text', text }] });

export const a2aProfile: DialectProfile<'a2a'> = {
  id: 'a2a',
  title: 'Agent2Agent (A2A)',
  label: 'A2A',
  summary: 'A2A: agent ↔ agent over HTTP, JSON-RPC with server-sent events for streaming; v0.3 or v1.0 method names.',
  specUrl: 'https://a2a-protocol.org/latest/specification/',
  wire: 'jsonrpc',
  // A2A is spoken over HTTP (JSON-RPC POSTs, SSE streams), never on a byte stream.
  framing: null,
  errors: a2aCatalog,
  decodeError: (error) => decodeByCode(a2aCatalog, error),
  errorsByMessage: false,
  markers: a2aMarkers,
  methods: a2aMethods,
  cancel: () => ({
    ok: false,
    reason: 'A2A cancels tasks, not requests: send tasks/cancel (v1.0 CancelTask) with the id of the task the agent named.',
  }),
  progress: {
    methods: STREAMING,
    howTo: 'Call message/stream (v1.0 SendStreamingMessage): the agent answers with server-sent events, each a JSON-RPC response carrying a task, status-update or artifact-update.',
  },
  streamingMethods: new Set(STREAMING),
  templates: [
    {
      id: 'a2a-send',
      title: 'A2A message/send',
      summary: 'Send the agent a text message (v0.3 names; a request without an A2A-Version header speaks v0.3).',
      steps: [
        {
          kind: 'request',
          method: 'message/send',
          params: { message: userMessage('hello') },
          expect: 'result: a Message, or a Task { id, contextId, status: { state } } — keep its id for tasks/get.',
        },
      ],
    },
    {
      id: 'a2a-stream',
      title: 'A2A message/stream',
      summary: 'Send a message and follow the task as server-sent events.',
      steps: [
        {
          kind: 'request',
          method: 'message/stream',
          params: { message: userMessage('hello') },
          expect: 'text/event-stream: responses with the same id, carrying the task, then status-update / artifact-update events until final.',
        },
      ],
    },
    {
      id: 'a2a-get-task',
      title: 'A2A tasks/get',
      summary: 'Look up a task by id.',
      steps: [{ kind: 'request', method: 'tasks/get', params: { id: 'TASK-ID' }, expect: 'result: the Task; an unknown id → -32001 TaskNotFound.' }],
    },
    {
      id: 'a2a-send-v1',
      title: 'A2A SendMessage (v1.0)',
      summary: 'The v1.0 name and message shape; the target needs the header A2A-Version: 1.0.',
      steps: [
        {
          kind: 'request',
          method: 'SendMessage',
          params: { message: { messageId: 'rpcscope-1', role: 'ROLE_USER', parts: [{ text: 'hello' }] } },
          expect: 'result: { task } or { message }.',
        },
      ],
    },
  ],
  render: (step, options) => renderJsonRpc(step, options?.id),
  createLifecycleChecker: noLifecycle,
};
