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
import { DIALECT_IDS } from '../dialects/registry';
import type {
  BatchItem,
  DecodedError,
  EventPatch,
  Finding,
  SessionFileV1,
  SessionSummary,
  TargetSpec,
  TrafficEvent,
} from './types';
import { PATCH_FIELDS, type PatchField } from './patch';
import { InterceptMarkSchema } from '../intercept/mark';

import { formatIssues, formatPath, parseWith, type Result } from './readable-errors';

export { formatIssues, formatPath, parseWith, type Result };

import { LIMITS, boundedRecord, isObjectInput, noControl } from './schema-blocks';
import { TargetSpecSchema } from '../targets/registry';
import { ProbeReportSchema } from '../probe/schema';

export { LIMITS, TargetSpecSchema };

// ---------- building blocks ----------

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
  conn: z.number().int().min(1).optional(),
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
  progressOf: seq.optional(),
  progress: z.object({ seq, progress: z.number().optional(), total: z.number().optional(), message: peerText.optional() }).optional(),
  masked: z.array(label).max(256).optional(), // MAX_SENT_SECRETS (lib/redaction/display-mask.ts)
  injected: z.boolean().optional(),
  intercept: InterceptMarkSchema.optional(),
});

/** Derived from the event's own schema and PATCH_FIELDS (lib/session/patch.ts): the same limits, one list. */
export const EventPatchSchema = TrafficEventSchema.pick({ seq: true }).extend(
  TrafficEventSchema.pick(Object.fromEntries(PATCH_FIELDS.map((k) => [k, true])) as Record<PatchField, true>).partial().shape,
);

// ---------- sessions and the session file ----------

const isoTime = z.iso.datetime({ offset: true, message: 'must be an ISO-8601 date-time' });
const tags = z.array(z.string().min(1).max(LIMITS.tagChars).regex(noControl)).max(LIMITS.tags);
const sessionId = z
  .string()
  .min(1)
  .max(LIMITS.sessionIdChars)
  .regex(/^[A-Za-z0-9_-]+$/, 'session id may use only letters, digits, - and _');

const seqRange = z.object({ from: count, to: count });
const lost = { notSaved: count, changesNotSaved: count, missing: z.array(seqRange).max(LIMITS.missingRanges) };
const SessionRecordingSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('ok'), ...lost, lastFailure: text.optional() }),
  z.object({ state: z.literal('failed'), why: text, since: isoTime, ...lost }),
]);

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
  recording: SessionRecordingSchema.optional(),
  reconnectOf: sessionId.optional(),
});

/** A comment on an entry (lib/team publishes them; the session file carries them). */
export const SessionCommentSchema = z.object({
  id: count,
  seq,
  author: z.string().max(LIMITS.nameChars),
  text: z.string().max(LIMITS.textChars),
  at: isoTime,
});

export const SessionFileV1Schema = z.object({
  format: z.literal('rpcscope-session'),
  version: z.literal(1),
  target: TargetSpecSchema,
  startedAt: isoTime,
  name: z.string().max(LIMITS.nameChars).regex(noControl, 'name may not contain control characters').optional(),
  redactions: z.array(z.object({ kind: label, count })).max(LIMITS.redactionKinds).optional(),
  events: z.array(TrafficEventSchema).max(LIMITS.eventsPerFile),
  comments: z.array(SessionCommentSchema).max(LIMITS.eventsPerFile).optional(),
  probe: ProbeReportSchema.optional(),
});

// ---------- bridge and API ----------

export const ClientMessageSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('subscribe'), session: sessionId, sinceSeq: count }),
    z.strictObject({ type: z.literal('unsubscribe'), session: sessionId }),
    // The page has applied the session's entries up to `seq` (the bridge's flow control: server/bridge.ts).
    z.strictObject({ type: z.literal('ack'), session: sessionId, seq: count }),
  ],
  { error: (iss) => (!isObjectInput(iss.input) ? 'expected a message object' : 'type must be one of subscribe, unsubscribe, ack') },
);
/** What the page may say on the bridge (sends go through POST /api/sessions/:id/send). */
export type ClientMessage = z.infer<typeof ClientMessageSchema>;

export const CreateSessionBodySchema = z.strictObject({
  target: TargetSpecSchema,
  name: nameSchema.optional(),
  timeoutMs: z.number().int().min(1).max(LIMITS.timeoutMsMax).optional(),
  dialect: z.enum(DIALECT_IDS).optional(),
});
export type CreateSessionBody = z.infer<typeof CreateSessionBodySchema>;

export const SendBodySchema = z.strictObject({
  text: z.string().max(LIMITS.rawChars, 'message is larger than 64 MiB'),
  /** A tap session only (issue 12 item 4): inject to the server (as if from the client, the default) or to the client. */
  to: z.enum(['server', 'client']).optional(),
  /** A proxy tap's relayed WebSocket to inject into (lib/session/tap-connections.ts); absent: the newest open one. */
  conn: z.number().int().min(1).optional(),
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
