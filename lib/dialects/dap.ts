/**
 * Debug Adapter Protocol. Not JSON-RPC: messages carry `seq` and `type` (request | response |
 * event), responses name `request_seq` and `success`, and failures are described by `message` and
 * `body.error` rather than numeric codes. This profile recognises DAP messages, knows its requests
 * and events, renders and cancels them, and checks the initialize sequence. The wire shape itself is
 * recognised once, by lib/jsonrpc/dap.ts.
 */
import { DAP_PROTOCOL, recognizeDap } from '../jsonrpc/dap';
import type { Direction } from '../session/types';
import { makeCatalog } from './catalog';
import { dapMethods } from './dap-methods';
import { finding } from './lifecycle-util';
import { atSeq, isRecord } from './messages';
import type { DialectMarkers, DialectProfile, LifecycleChecker, LifecycleFinding, LifecycleInput, TemplateStep } from './types';

export interface DapFailure {
  command?: string;
  /** Short machine reason from `message` ('cancelled', 'notStopped', or adapter-specific). */
  reason?: string;
  name: string;
  meaning: string;
  /** `body.error.format` with its `{variables}` filled in. */
  detail?: string;
  errorId?: number;
}

const KNOWN_REASONS: Readonly<Record<string, { name: string; meaning: string }>> = {
  cancelled: { name: 'Cancelled', meaning: 'The request was cancelled (DAP `cancel` request).' },
  notStopped: { name: 'Not stopped', meaning: 'The request needs the debuggee to be stopped, and it is running.' },
};

/** Describe a failed DAP response (`success: false`); undefined for anything else. */
export function describeDapFailure(value: unknown): DapFailure | undefined {
  const meta = recognizeDap(value);
  if (!meta || meta.type !== 'response' || meta.success !== false || !isRecord(value)) return undefined;
  const reason = typeof value.message === 'string' ? value.message.slice(0, 500) : undefined;
  const known = reason !== undefined ? KNOWN_REASONS[reason] : undefined;
  const failure: DapFailure = {
    command: meta.command,
    reason,
    name: known?.name ?? 'Request failed',
    meaning: known?.meaning ?? (reason ? `The adapter reported: ${reason}` : 'The adapter reported a failure without a message.'),
  };
  const err = isRecord(value.body) && isRecord(value.body.error) ? value.body.error : undefined;
  if (err) {
    if (typeof err.id === 'number') failure.errorId = err.id;
    if (typeof err.format === 'string') failure.detail = fillFormat(err.format.slice(0, 2000), err.variables);
  }
  return failure;
}

function fillFormat(format: string, variables: unknown): string {
  const vars = isRecord(variables) ? variables : {};
  return format.replace(/\{([^{}]+)\}/g, (whole, name: string) => (typeof vars[name] === 'string' ? (vars[name] as string) : whole));
}

export const DAP_SPEC = {
  initializeFirst:
    'The initialize request is sent as the first request from the client to the debug adapter … Until the debug adapter has responded with an initialize response, the client must not send any additional requests or events to the debug adapter. (DAP, Initialize Request)',
  configurationDone:
    'configurationDone is the last request in the sequence of configuration requests (which was started by the initialized event). (DAP, ConfigurationDone Request)',
} as const;

/** Rules: `initialize` first and answered before anything else; configurationDone after the initialized event. */
export function createDapLifecycleChecker(): LifecycleChecker {
  let clientDir: Direction = 'out';
  let phase: 'pre' | 'initializing' | 'ready' = 'pre';
  let initSeq: number | undefined;
  let initializedEvent = false;
  return {
    observe({ seq, dir, classified }: LifecycleInput): LifecycleFinding[] {
      if (dir === 'meta') return [];
      // The classifier recognised DAP's wire shape (lib/jsonrpc/dap.ts); its facts travel on `dap`.
      const meta = classified.dap;
      if (!meta) return [];
      const out: LifecycleFinding[] = [];
      if (meta.type === 'request' && meta.command === 'initialize' && phase === 'pre') {
        clientDir = dir;
        phase = 'initializing';
        initSeq = meta.seq;
      } else if (meta.type === 'request' && dir === clientDir && meta.command !== 'cancel') {
        if (phase !== 'ready') {
          const when = phase === 'pre' ? 'before `initialize`' : 'before the `initialize` response';
          out.push(finding(seq, 'dap-request-before-initialize', 'warning', `\`${meta.command}\` sent ${when}.`, DAP_SPEC.initializeFirst));
        } else if (meta.command === 'configurationDone' && !initializedEvent) {
          out.push(
            finding(seq, 'dap-configuration-before-initialized', 'warning', '`configurationDone` sent before the adapter’s `initialized` event.', DAP_SPEC.configurationDone),
          );
        }
      } else if (meta.type === 'response' && dir !== clientDir && meta.request_seq === initSeq && phase === 'initializing') {
        phase = meta.success ? 'ready' : 'pre';
      } else if (meta.type === 'event' && dir !== clientDir && meta.event === 'initialized') {
        initializedEvent = true;
      }
      return out;
    },
  };
}

function renderDap(step: TemplateStep, seq = 1): string {
  const msg: Record<string, unknown> =
    step.kind === 'request' ? { seq, type: 'request', command: step.method } : { seq, type: 'event', event: step.method };
  if (step.params !== undefined) msg[step.kind === 'request' ? 'arguments' : 'body'] = step.params;
  return JSON.stringify(msg, null, 2);
}

/** DAP is recognised by its envelope alone (seq / type, no jsonrpc), which the classifier found. */
const dapMarkers: DialectMarkers = {
  onlyMethods: new Set(),
  createRecognizer: () => (msg) => {
    const dap = msg.classified.dap;
    if (!dap) return undefined;
    const what = dap.command ?? dap.event ?? '';
    return `message${atSeq(msg.seq)} is a DAP ${dap.type}${what ? ` \`${what}\`` : ''} (seq/type, no jsonrpc member)`;
  },
};

// Filed under the protocol's own name (lib/jsonrpc/dap.ts), which the classifier tags its messages with.
export const dapProfile: DialectProfile<typeof DAP_PROTOCOL> = {
  id: DAP_PROTOCOL,
  title: 'Debug Adapter Protocol',
  label: 'DAP',
  summary: 'DAP: development tool ↔ debug adapter. Not JSON-RPC: seq / type / request_seq, Content-Length framing.',
  specUrl: 'https://microsoft.github.io/debug-adapter-protocol/specification',
  wire: DAP_PROTOCOL,
  // "Content-Length: N\r\n\r\n" before each message, like LSP (DAP base protocol).
  framing: 'content-length',
  errors: makeCatalog(DAP_PROTOCOL, 'Debug Adapter Protocol', []),
  // DAP has no numeric error codes; failed responses are described by describeDapFailure.
  decodeError: () => undefined,
  errorsByMessage: false,
  markers: dapMarkers,
  methods: dapMethods,
  cancel(target, options) {
    if (typeof target.dapSeq !== 'number' || !Number.isInteger(target.dapSeq)) {
      return { ok: false, reason: 'The pending DAP request has no seq to cancel.' };
    }
    if (typeof options?.seq !== 'number' || !Number.isInteger(options.seq)) {
      return { ok: false, reason: 'A DAP cancel request needs its own seq (the next one in this session).' };
    }
    const text = JSON.stringify({ seq: options.seq, type: 'request', command: 'cancel', arguments: { requestId: target.dapSeq } });
    return { ok: true, method: 'cancel', text };
  },
  progress: {
    methods: ['progressStart', 'progressUpdate', 'progressEnd'],
    howTo: 'Set supportsProgressReporting: true in initialize arguments; the adapter then sends progressStart / progressUpdate / progressEnd events.',
  },
  streamingMethods: new Set(),
  templates: [
    {
      id: 'dap-initialize',
      title: 'DAP initialize',
      summary: '`initialize` with client capabilities; then launch/attach, wait for the initialized event, configure, configurationDone.',
      steps: [
        {
          kind: 'request',
          method: 'initialize',
          params: {
            clientID: 'rpcscope',
            clientName: 'rpcscope',
            adapterID: 'rpcscope',
            locale: 'en',
            pathFormat: 'path',
            linesStartAt1: true,
            columnsStartAt1: true,
            supportsVariableType: true,
            supportsProgressReporting: true,
            supportsRunInTerminalRequest: false,
          },
          expect: 'A response with success: true and the adapter’s Capabilities in body.',
        },
        { kind: 'request', method: 'configurationDone', expect: 'Send after the adapter’s initialized event.' },
      ],
    },
    {
      id: 'dap-threads',
      title: 'Threads and stack',
      summary: 'threads, then stackTrace of thread 1.',
      steps: [
        { kind: 'request', method: 'threads' },
        { kind: 'request', method: 'stackTrace', params: { threadId: 1, startFrame: 0, levels: 20 } },
      ],
    },
    {
      id: 'dap-disconnect',
      title: 'Disconnect',
      summary: 'End the session and terminate the debuggee.',
      steps: [{ kind: 'request', method: 'disconnect', params: { terminateDebuggee: true } }],
    },
  ],
  render: (step, options) => renderDap(step, options?.seq),
  createLifecycleChecker: createDapLifecycleChecker,
};
