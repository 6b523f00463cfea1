/**
 * Runtime validation for everything that crosses a process boundary: the bridge's client
 * messages, the HTTP API bodies, imported session files. Every string, array and record has a
 * limit, so hostile input is refused with a message that names the member and the problem
 * instead of exhausting memory or reaching a transport.
 *
 * Fields that may copy peer text (raw, method, ids, error messages, notes) share the raw limit:
 * a substring of a frame can be as long as the frame, and a recorded session must round-trip.
 */
import { z } from 'zod';
import { FRAMINGS } from '../framing/registry';
import type {
  BatchItem,
  DecodedError,
  EventPatch,
  Finding,
  Framing,
  SessionFileV1,
  SessionSummary,
  TargetSpec,
  TrafficEvent,
} from './types';
import type { ClientMessage } from './bridge';

const MiB = 1024 * 1024;

export const LIMITS = {
  /** Wire text of one message, and any field that may copy from it. */
  rawChars: 64 * MiB,
  /** Session, collection, folder, item and environment names. */
  nameChars: 200,
  /** Headers a user may set on a target. */
  targetHeaders: 100,
  /** Headers recorded from a reply (Node's own default cap is 2000). */
  recordedHeaders: 2000,
  headerNameChars: 256,
  headerValueChars: 16 * 1024,
  urlChars: 8 * 1024,
  pathChars: 4096,
  args: 1000,
  argChars: 128 * 1024,
  envVars: 1000,
  envNameChars: 256,
  envValueChars: 128 * 1024,
  subprotocols: 32,
  /** Short labels we produce ourselves: rule ids, catalog names, sources, reasons. */
  labelChars: 200,
  /** Longer text we produce ourselves: finding messages, quoted spec sentences, meanings. */
  textChars: 64 * 1024,
  findingsPerEvent: 10_000,
  batchItems: 1_000_000,
  eventsPerFile: 5_000_000,
  redactionKinds: 1000,
  sessionIdChars: 100,
  refChars: 200,
  tags: 50,
  tagChars: 50,
  timeoutMsMax: 24 * 60 * 60 * 1000,
  /** A serialized session file. */
  fileChars: 256 * MiB,
  /** Nesting depth of a JSON document we accept (arrays and objects). */
  jsonDepth: 256,
} as const;

import { formatIssues, formatPath, parseWith, type Result } from './readable-errors';

export { formatIssues, formatPath, parseWith, type Result };

// ---------- building blocks ----------

const boundedRecord = <V extends z.ZodType>(
  what: string,
  max: number,
  key: z.ZodType<string>,
  value: V,
) =>
  // Count keys before validating any of them: a record with a million keys is refused in O(keys).
  z
    .unknown()
    .check((ctx) => {
      const v = ctx.value;
      if (!isObjectInput(v)) return;
      if (Object.keys(v as object).length > max) ctx.issues.push({ code: 'custom', input: v, message: `at most ${max} ${what}` });
      // The record would silently drop it; say so instead.
      else if (Object.prototype.hasOwnProperty.call(v, '__proto__'))
        ctx.issues.push({ code: 'custom', input: v, path: ['__proto__'], message: 'the name "__proto__" is not allowed' });
    })
    .pipe(z.record(key, value));

const isObjectInput = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);

const noControl = /^[^\u0000-\u001f\u007f]*$/;
const noNul = /^[^\u0000]*$/;
/** RFC 9110 token characters. */
const headerToken = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

const headerName = z
  .string()
  .min(1, 'header name is empty')
  .max(LIMITS.headerNameChars)
  .regex(headerToken, 'header name may use only letters, digits and !#$%&\'*+-.^_`|~');
/** CR, LF or NUL in a value would let one header smuggle another. */
const headerValue = z
  .string()
  .max(LIMITS.headerValueChars)
  .regex(/^[^\r\n\u0000]*$/, 'header value may not contain CR, LF or NUL');

const targetHeaders = boundedRecord('headers', LIMITS.targetHeaders, headerName, headerValue);

const peerText = z.string().max(LIMITS.rawChars);
const label = z.string().max(LIMITS.labelChars);
const text = z.string().max(LIMITS.textChars);
const seq = z.number().int().nonnegative();
const count = z.number().int().nonnegative();

export const nameSchema = z
  .string()
  .max(LIMITS.nameChars, `name is longer than ${LIMITS.nameChars} characters`)
  .regex(noControl, 'name may not contain control characters')
  .refine((s) => s.trim().length > 0, 'name is empty');

const base64 = z
  .string()
  .max(Math.ceil(LIMITS.rawChars / 3) * 4)
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'not base64');

// ---------- targets ----------

// From the framing registry, so a new framing is accepted everywhere at once.
const framing = z.enum(FRAMINGS as [Framing, ...Framing[]], { message: `framing must be ${FRAMINGS.join(', ')}` });

const urlWith = (protocols: RegExp, what: string) =>
  z
    .string()
    .max(LIMITS.urlChars)
    .pipe(z.url({ protocol: protocols, message: `must be a ${what} URL` }));

export const HttpTargetSchema = z.object({
  kind: z.literal('http'),
  url: urlWith(/^https?$/, 'http:// or https://'),
  headers: targetHeaders.optional(),
});

export const WebSocketTargetSchema = z.object({
  kind: z.literal('websocket'),
  url: urlWith(/^wss?$/, 'ws:// or wss://'),
  headers: targetHeaders.optional(),
  subprotocols: z.array(z.string().min(1).max(LIMITS.headerNameChars).regex(headerToken)).max(LIMITS.subprotocols).optional(),
});

const envName = z
  .string()
  .min(1, 'variable name is empty')
  .max(LIMITS.envNameChars)
  .regex(/^[^=\u0000]+$/, 'variable name may not contain = or NUL');

export const StdioTargetSchema = z.object({
  kind: z.literal('stdio'),
  command: z.string().min(1, 'command is empty').max(LIMITS.pathChars).regex(noNul, 'command may not contain NUL'),
  args: z.array(z.string().max(LIMITS.argChars).regex(noNul, 'argument may not contain NUL')).max(LIMITS.args).optional(),
  cwd: z.string().min(1).max(LIMITS.pathChars).regex(noNul, 'cwd may not contain NUL').optional(),
  env: boundedRecord(
    'environment variables',
    LIMITS.envVars,
    envName,
    z.string().max(LIMITS.envValueChars).regex(noNul, 'value may not contain NUL'),
  ).optional(),
  framing,
});

export const TcpTargetSchema = z.object({
  kind: z.literal('tcp'),
  host: z.string().min(1, 'host is empty').max(255).regex(/^[A-Za-z0-9.:\-[\]%_]+$/, 'host must be a name or an IP address'),
  port: z.number().int().min(1).max(65535),
  framing,
});

export const TargetSpecSchema = z.discriminatedUnion(
  'kind',
  [HttpTargetSchema, WebSocketTargetSchema, StdioTargetSchema, TcpTargetSchema],
  { error: (iss) => (!isObjectInput(iss.input) ? 'expected a target object' : 'kind must be one of http, websocket, stdio, tcp') },
);

// ---------- events ----------

const direction = z.enum(['out', 'in', 'meta']);
const eventKind = z.enum([
  'request', 'notification', 'response', 'error', 'batch', 'invalid', 'parse-error',
  'not-jsonrpc', 'noise', 'stderr', 'exit', 'connection', 'no-body',
]);
const pairState = z.enum([
  'pending', 'answered', 'timed-out', 'late', 'orphan', 'duplicate', 'cancelled', 'target-exited', 'unexpected',
]);
const jsonRpcId = z.union([peerText, z.number(), z.null()]);

export const FindingSchema = z.object({
  rule: label,
  severity: z.enum(['error', 'warning', 'info']),
  message: text,
  spec: text.optional(),
  path: peerText.optional(),
});

export const DecodedErrorSchema = z.object({
  code: z.number().nullable(),
  message: peerText,
  name: label,
  meaning: text,
  source: label,
  data: z.unknown().optional(),
});

const findings = z.array(FindingSchema).max(LIMITS.findingsPerEvent);

export const BatchItemSchema = z.object({
  index: count,
  kind: eventKind,
  id: jsonRpcId.optional(),
  idText: peerText.optional(),
  method: peerText.optional(),
  pair: seq.optional(),
  pairIndex: count.optional(),
  state: pairState.optional(),
  latencyMs: z.number().nonnegative().optional(),
  error: DecodedErrorSchema.optional(),
  findings,
});
const batchItems = z.array(BatchItemSchema).max(LIMITS.batchItems);

const HttpMetaSchema = z.object({
  status: z.number().int().min(0).max(999).optional(),
  statusText: peerText.optional(),
  headers: boundedRecord('headers', LIMITS.recordedHeaders, z.string().max(LIMITS.headerNameChars), peerText).optional(),
  url: z.string().max(LIMITS.urlChars).optional(),
  method: label.optional(),
  sse: z.object({ event: peerText.optional(), id: peerText.optional() }).optional(),
  requestSeq: z.number().int().min(1).optional(),
});

const WsMetaSchema = z.object({
  binary: z.boolean().optional(),
  closeCode: z.number().int().optional(),
  closeReason: peerText.optional(),
});

const ProcessMetaSchema = z.object({
  pid: z.number().int().optional(),
  exitCode: z.number().int().nullable().optional(),
  signal: label.nullable().optional(),
});

const DapMetaSchema = z.object({
  seq: z.number(),
  type: peerText,
  command: peerText.optional(),
  event: peerText.optional(),
  request_seq: z.number().optional(),
  success: z.boolean().optional(),
});

export const TrafficEventSchema = z.object({
  seq,
  t: z.number(),
  time: z.number(),
  dir: direction,
  raw: peerText,
  rawBase64: base64.optional(),
  kind: eventKind,
  id: jsonRpcId.optional(),
  idText: peerText.optional(),
  method: peerText.optional(),
  pair: seq.optional(),
  latencyMs: z.number().nonnegative().optional(),
  state: pairState.optional(),
  error: DecodedErrorSchema.optional(),
  findings,
  items: batchItems.optional(),
  reason: label.optional(),
  protocol: label.optional(),
  dap: DapMetaSchema.optional(),
  http: HttpMetaSchema.optional(),
  ws: WsMetaSchema.optional(),
  process: ProcessMetaSchema.optional(),
  note: peerText.optional(),
  late: z.boolean().optional(),
});

export const EventPatchSchema = z.object({
  seq,
  pair: seq.optional(),
  latencyMs: z.number().nonnegative().optional(),
  state: pairState.optional(),
  late: z.boolean().optional(),
  items: batchItems.optional(),
  findings: findings.optional(),
  error: DecodedErrorSchema.optional(),
});

// ---------- sessions and the session file ----------

const isoTime = z.iso.datetime({ offset: true, message: 'must be an ISO-8601 date-time' });
const tags = z.array(z.string().min(1).max(LIMITS.tagChars).regex(noControl)).max(LIMITS.tags);
const sessionId = z
  .string()
  .min(1)
  .max(LIMITS.sessionIdChars)
  .regex(/^[A-Za-z0-9_-]+$/, 'session id may use only letters, digits, - and _');

export const SessionSummarySchema = z.object({
  id: sessionId,
  name: z.string().max(LIMITS.nameChars),
  target: TargetSpecSchema,
  status: z.enum(['connecting', 'open', 'closed', 'failed']),
  startedAt: isoTime,
  endedAt: isoTime.optional(),
  lastSeq: count,
  counts: z.object({ events: count, out: count, in: count, errors: count, findings: count }),
  failure: text.optional(),
  imported: z.boolean().optional(),
  tags: tags.optional(),
  dialect: z
    .object({
      id: z.string().min(1).max(40),
      evidence: z.string().max(LIMITS.nameChars * 10).optional(),
      overridden: z.boolean().optional(),
    })
    .optional(),
});

export const SessionFileV1Schema = z.object({
  format: z.literal('rpcscope-session'),
  version: z.literal(1),
  target: TargetSpecSchema,
  startedAt: isoTime,
  name: z.string().max(LIMITS.nameChars).regex(noControl, 'name may not contain control characters').optional(),
  redactions: z.array(z.object({ kind: label, count })).max(LIMITS.redactionKinds).optional(),
  events: z.array(TrafficEventSchema).max(LIMITS.eventsPerFile),
});

// ---------- bridge and API ----------

export const ClientMessageSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('subscribe'), session: sessionId, sinceSeq: count }),
    z.strictObject({ type: z.literal('unsubscribe'), session: sessionId }),
    z.strictObject({
      type: z.literal('send'),
      session: sessionId,
      text: z.string().max(LIMITS.rawChars, 'message is larger than 64 MiB'),
      ref: z.string().max(LIMITS.refChars).optional(),
    }),
  ],
  { error: (iss) => (!isObjectInput(iss.input) ? 'expected a message object' : 'type must be one of subscribe, unsubscribe, send') },
);

export const CreateSessionBodySchema = z.strictObject({
  target: TargetSpecSchema,
  name: nameSchema.optional(),
  timeoutMs: z.number().int().min(1).max(LIMITS.timeoutMsMax).optional(),
  dialect: z.enum(['base', 'lsp', 'mcp', 'ethereum', 'dap']).optional(),
});
export type CreateSessionBody = z.infer<typeof CreateSessionBodySchema>;

export const SendBodySchema = z.strictObject({
  text: z.string().max(LIMITS.rawChars, 'message is larger than 64 MiB'),
});
export type SendBody = z.infer<typeof SendBodySchema>;

// ---------- keep schemas and hand-written types in step ----------

type SameKeys<A, B> = [Exclude<keyof A, keyof B>, Exclude<keyof B, keyof A>] extends [never, never] ? true : false;
// A field added to a type in types.ts but not here (or the reverse) fails to compile right here.
const _keysInStep: [
  SameKeys<z.infer<typeof TrafficEventSchema>, TrafficEvent>,
  SameKeys<z.infer<typeof EventPatchSchema>, EventPatch>,
  SameKeys<z.infer<typeof BatchItemSchema>, BatchItem>,
  SameKeys<z.infer<typeof FindingSchema>, Finding>,
  SameKeys<z.infer<typeof DecodedErrorSchema>, DecodedError>,
  SameKeys<z.infer<typeof SessionSummarySchema>, SessionSummary>,
  SameKeys<z.infer<typeof SessionFileV1Schema>, SessionFileV1>,
] = [true, true, true, true, true, true, true];
void _keysInStep;

export const parseTargetSpec = (input: unknown): Result<TargetSpec> => parseWith(TargetSpecSchema, input);
export const parseTrafficEvent = (input: unknown): Result<TrafficEvent> => parseWith(TrafficEventSchema, input);
export const parseEventPatch = (input: unknown): Result<EventPatch> => parseWith(EventPatchSchema, input);
export const parseClientMessage = (input: unknown): Result<ClientMessage> => parseWith(ClientMessageSchema, input);
export const parseCreateSessionBody = (input: unknown): Result<CreateSessionBody> =>
  parseWith(CreateSessionBodySchema, input);
export const parseSendBody = (input: unknown): Result<SendBody> => parseWith(SendBodySchema, input);

/** For the bridge: one WebSocket text frame in, one validated message (or a reason) out. */
export function parseClientMessageText(frame: string): Result<ClientMessage> {
  // JSON escaping can at most sextuple the text, plus the envelope.
  if (frame.length > LIMITS.rawChars * 6 + 4096) return { ok: false, error: 'message is too large' };
  let value: unknown;
  try {
    value = JSON.parse(frame);
  } catch (e) {
    return { ok: false, error: `not valid JSON: ${(e as Error).message}` };
  }
  return parseClientMessage(value);
}
