/**
 * Batch result view: match each sent entry to its response by id, whatever order (or however
 * many messages) the replies came in, and compare the reply's shape with what the spec expects.
 *
 * Spec facts used here (JSON-RPC 2.0 §6): the Server returns one array of Response objects, in any
 * order; none for notifications; nothing at all when every entry is a notification; an empty
 * array (or a batch it cannot read) gets one Invalid Request object, not an array; entries it
 * cannot read get an Invalid Request error with id null.
 */
import type { DecodedError } from '../session/types';
import { readSentBatch, type SentEntry } from './batch-entries';
import { idKeyOf } from './ids';
import { arrayElements, bodyOf, checkJson, objectMembers, rootSpan, slice, type Span } from './json-text';

/** The parts of a TrafficEvent this module reads (kept structural so tests can build them by hand). */
export interface EventLike {
  seq: number;
  t?: number;
  dir: 'in' | 'out' | 'meta';
  kind: string;
  raw: string;
  pair?: number;
  error?: DecodedError;
  items?: { index: number; pair?: number; error?: DecodedError }[];
}

export interface ReplyItem {
  /** Event that carried it. */
  seq: number;
  t?: number;
  /** Position inside an array reply; undefined for a single-object message. */
  index?: number;
  text: string;
  idText?: string;
  idKey?: string;
  outcome: 'result' | 'error' | 'malformed';
  resultText?: string;
  error?: { code: number | null; codeText: string; message: string; dataText?: string; decoded?: DecodedError };
}

export type EntryStatus = 'ok' | 'error' | 'no-reply-expected' | 'missing';

export interface EntryResult {
  entry: SentEntry;
  status: EntryStatus;
  reply?: ReplyItem;
}

export interface UnexpectedReply {
  reply: ReplyItem;
  why: string;
}

export type ExpectedShape = 'array' | 'single-invalid-request' | 'nothing';
export type ArrivedShape = 'nothing' | 'array' | 'empty-array' | 'single' | 'separate';

export interface ShapeCheck {
  expected: ExpectedShape;
  expectedText: string;
  arrived: ArrivedShape;
  arrivedText: string;
  /** true conforms, false deviates, null: nothing has arrived yet where something is expected. */
  conforms: boolean | null;
  note?: string;
}

export interface BatchMatch {
  ok: boolean;
  /** Set when the sent text is not a JSON array. */
  error?: string;
  entries: EntryResult[];
  unexpected: UnexpectedReply[];
  /** The reply to an empty batch (it answers the batch itself, not an entry). */
  batchReply?: ReplyItem;
  shape: ShapeCheck;
  summary: { ok: number; errors: number; missing: number; unexpected: number; noReply: number };
  summaryText: string;
}

/** Event kinds that cannot carry a reply: skipped without parsing (a notification flood stays cheap). */
const NEVER_A_REPLY = new Set(['request', 'notification', 'stderr', 'exit', 'connection', 'noise', 'no-body']);

const INVALID_REQUEST_TEXT = '{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Request"},"id":null}';

function replyItemOf(body: string, span: Span, seq: number, t: number | undefined, index: number | undefined, decoded?: DecodedError): ReplyItem {
  const text = slice(body, span);
  const base: ReplyItem = { seq, t, index, text, outcome: 'malformed' };
  if (body[span.start] !== '{') return base;
  const members = objectMembers(body, span);
  const get = (k: string) => {
    let found: Span | undefined;
    for (const m of members) if (m.key === k) found = m.value;
    return found;
  };
  const id = get('id');
  if (id) {
    base.idText = slice(body, id);
    base.idKey = idKeyOf(base.idText);
  }
  const result = get('result');
  const error = get('error');
  if (result && !error) return { ...base, outcome: 'result', resultText: slice(body, result) };
  if (error && !result) {
    let codeText = '';
    let message = '';
    let dataText: string | undefined;
    if (body[error.start] === '{') {
      for (const m of objectMembers(body, error)) {
        if (m.key === 'code') codeText = slice(body, m.value);
        else if (m.key === 'message') {
          const v = slice(body, m.value);
          message = body[m.value.start] === '"' ? (JSON.parse(v) as string) : v;
        } else if (m.key === 'data') dataText = slice(body, m.value);
      }
    }
    const code = /^-?\d+$/.test(codeText) ? Number(codeText) : null;
    return { ...base, outcome: 'error', error: { code, codeText, message, dataText, decoded } };
  }
  return base;
}

/** Response-shaped: an object with no `method` (requests the target sends are not replies). */
function isResponseShaped(body: string, span: Span): boolean {
  return body[span.start] === '{' && !objectMembers(body, span).some((m) => m.key === 'method');
}

interface Arrival {
  event: EventLike;
  isArray: boolean;
  items: ReplyItem[];
}

function readArrival(e: EventLike): Arrival | null {
  const body = bodyOf(e.raw);
  if (!checkJson(body).ok) return null;
  const span = rootSpan(body);
  if (!span) return null;
  if (body[span.start] === '[') {
    const els = arrayElements(body, span);
    if (els.some((el) => !isResponseShaped(body, el))) return null;
    const decodedAt = (i: number) => e.items?.find((it) => it.index === i)?.error;
    return { event: e, isArray: true, items: els.map((el, i) => replyItemOf(body, el, e.seq, e.t, i, decodedAt(i))) };
  }
  if (!isResponseShaped(body, span)) return null;
  return { event: e, isArray: false, items: [replyItemOf(body, span, e.seq, e.t, undefined, e.error)] };
}

/** The server paired this event with some other message: it is not an answer to our batch. */
function pairedElsewhere(e: EventLike, sentSeq: number): boolean {
  if (e.pair !== undefined) return e.pair !== sentSeq;
  const pairs = (e.items ?? []).map((it) => it.pair).filter((p): p is number => p !== undefined);
  return pairs.length > 0 && !pairs.includes(sentSeq);
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function describeArrived(arrivals: Arrival[]): { arrived: ArrivedShape; arrivedText: string } {
  if (arrivals.length === 0) return { arrived: 'nothing', arrivedText: 'nothing' };
  if (arrivals.length > 1) {
    const n = arrivals.reduce((s, a) => s + a.items.length, 0);
    return { arrived: 'separate', arrivedText: `${arrivals.length} separate messages (${plural(n, 'response')})` };
  }
  const a = arrivals[0];
  if (!a.isArray) return { arrived: 'single', arrivedText: 'a single Response object (not an array)' };
  if (a.items.length === 0) return { arrived: 'empty-array', arrivedText: 'an empty array' };
  return { arrived: 'array', arrivedText: `one array of ${plural(a.items.length, 'response')}` };
}

/**
 * Match the batch sent as `sentText` (event `sentSeq`) against the events recorded after it.
 * `events` may hold every event of the session; only later `in` replies are read.
 */
export function matchBatch(sentText: string, sentSeq: number, events: readonly EventLike[]): BatchMatch {
  const sent = readSentBatch(sentText);
  const entries: SentEntry[] = sent.ok ? sent.entries : [];
  const expectReply = entries.filter((e) => e.kind !== 'notification').length;
  const results: EntryResult[] = entries.map((entry) => ({
    entry,
    status: entry.kind === 'notification' ? 'no-reply-expected' : 'missing',
  }));
  const unexpected: UnexpectedReply[] = [];
  const arrivals: Arrival[] = [];
  let batchReply: ReplyItem | undefined;
  let answered = 0;

  for (const e of events) {
    if (e.seq <= sentSeq) continue;
    // A later batch from us starts its own result view.
    if (e.dir === 'out' && e.kind === 'batch') break;
    if (e.dir !== 'in' || NEVER_A_REPLY.has(e.kind) || pairedElsewhere(e, sentSeq)) continue;
    const serverPairedHere = e.pair === sentSeq || (e.items ?? []).some((it) => it.pair === sentSeq);
    // Once every entry is answered, unpaired replies belong to someone else.
    if (!serverPairedHere && entries.length > 0 && answered >= expectReply && arrivals.length > 0) continue;
    const arrival = readArrival(e);
    if (!arrival) continue;
    if (entries.length === 0) {
      arrivals.push(arrival);
      if (!batchReply && !arrival.isArray) batchReply = arrival.items[0];
      else for (const reply of arrival.items) unexpected.push({ reply, why: sent.ok ? 'an empty batch gets one Invalid Request object only' : 'a message that is not a batch gets one error object only' });
      continue;
    }
    arrivals.push(arrival);
    for (const reply of arrival.items) {
      const slot = findSlot(results, reply);
      if (slot) {
        slot.reply = reply;
        slot.status = reply.outcome === 'result' ? 'ok' : 'error';
        answered++;
      } else {
        unexpected.push({ reply, why: whyUnexpected(results, reply) });
      }
    }
  }

  const shape = checkShape(sent.ok, entries.length, expectReply, arrivals, batchReply, answered);
  const summary = {
    ok: results.filter((r) => r.status === 'ok').length,
    errors: results.filter((r) => r.status === 'error').length,
    missing: results.filter((r) => r.status === 'missing').length,
    unexpected: unexpected.length,
    noReply: results.filter((r) => r.status === 'no-reply-expected').length,
  };
  let summaryText = `${summary.ok} ok, ${plural(summary.errors, 'error')}, ${summary.missing} missing`;
  if (summary.unexpected > 0) summaryText += `, ${summary.unexpected} unexpected`;
  return {
    ok: sent.ok,
    error: sent.ok ? undefined : sent.error,
    entries: results,
    unexpected,
    batchReply,
    shape,
    summary,
    summaryText,
  };
}

/** First unanswered entry this reply answers: same id; a null-id error answers an unreadable entry. */
function findSlot(results: EntryResult[], reply: ReplyItem): EntryResult | undefined {
  if (reply.idKey === undefined) return undefined;
  const open = (r: EntryResult) => r.status === 'missing';
  const byId = results.find((r) => open(r) && r.entry.idKey === reply.idKey);
  if (byId) return byId;
  if (reply.idKey === 'null' && reply.outcome === 'error') return results.find((r) => open(r) && r.entry.kind === 'invalid');
  return undefined;
}

function whyUnexpected(results: EntryResult[], reply: ReplyItem): string {
  if (reply.idKey === undefined) return 'has no id';
  const again = results.find((r) => r.reply && r.entry.idKey === reply.idKey);
  if (again) return `a second reply for entry ${again.entry.index + 1}`;
  if (reply.idKey === 'null') return 'id null, and no unreadable entry is left to answer';
  return `id ${reply.idText} matches no entry`;
}

function checkShape(sentOk: boolean, count: number, expectReply: number, arrivals: Arrival[], batchReply: ReplyItem | undefined, answered: number): ShapeCheck {
  const { arrived, arrivedText } = describeArrived(arrivals);
  if (!sentOk || count === 0) {
    const expectedText = sentOk
      ? `one Invalid Request object, not an array: ${INVALID_REQUEST_TEXT}`
      : 'one error Response object with id null (Parse error -32700 or Invalid Request -32600)';
    if (arrived === 'nothing') return { expected: 'single-invalid-request', expectedText, arrived, arrivedText, conforms: null };
    const code = batchReply?.error?.code;
    const good =
      arrivals.length === 1 && batchReply !== undefined && batchReply.idKey === 'null' && (sentOk ? code === -32600 : code === -32700 || code === -32600);
    return {
      expected: 'single-invalid-request',
      expectedText,
      arrived,
      arrivedText,
      conforms: good,
      note: good ? undefined : arrived === 'single' ? 'the object is not an Invalid Request error with id null' : 'an empty batch must not be answered with an array',
    };
  }
  if (expectReply === 0) {
    const expectedText = 'nothing at all: every entry is a notification (not even an empty array)';
    return { expected: 'nothing', expectedText, arrived, arrivedText, conforms: arrived === 'nothing', note: arrived === 'nothing' ? undefined : 'the peer answered notifications' };
  }
  const expectedText = `one array of ${plural(expectReply, 'Response object')}, in any order`;
  if (arrived === 'nothing') return { expected: 'array', expectedText, arrived, arrivedText, conforms: null };
  if (arrived === 'array') return { expected: 'array', expectedText, arrived, arrivedText, conforms: true };
  if (arrived === 'empty-array') return { expected: 'array', expectedText, arrived, arrivedText, conforms: false, note: 'the Server should not return an empty array' };
  if (arrived === 'single') {
    const note =
      expectReply === 1 && answered === 1
        ? 'the peer unwrapped a one-element reply: the spec wants an array even for one response'
        : batchReply === undefined && arrivals[0].items[0]?.idKey === 'null'
          ? 'one error for the whole batch: the peer may not support batches'
          : 'a single object where an array was expected';
    return { expected: 'array', expectedText, arrived, arrivedText, conforms: false, note };
  }
  return { expected: 'array', expectedText, arrived, arrivedText, conforms: false, note: 'the peer answered the batch with separate messages: the spec wants one array' };
}
