/**
 * Matching answers to what they answer: by id in the other side's id space; a null-id error to an
 * invalid or unparsable message; an answer that fits nothing to a recent notification (a peer that
 * answers notifications) or else an orphan. Batch replies are matched entry by entry.
 */
import type { BatchItem, DecodedError, Direction, Finding, PairState } from '../session/types';
import { finding } from './rules/table';
import { type BatchRecord, type Entry, live as isLive, type NotifRecord, type Outcome, type Space } from './correlator-state';
import type { Classified, ClassifiedItem, CorrelationResult, RawErrorObject } from './types';
import { formatId } from './ids';
import { checkAnswer, withVerdict } from './correlator-checks';

export interface AnswerContext {
  space: Space;
  seq: number;
  t: number;
  dir: Direction;
  windowMs: number;
  describe: (err: RawErrorObject, method?: string) => DecodedError;
  /** HTTP: the seq of the request whose exchange carried this answer (see ObservedMessage.exchange). */
  exchange?: number;
  /** The still unanswered entries of that request, oldest first. */
  exchangeEntries: Entry[];
  /**
   * Cursors into exchangeEntries for null-id answers: everything before `nullOkAt` is answered or
   * not nullOk, everything before `liveAt` answered. Entries only stop waiting while one message is
   * matched, so each moves forward only (a filter per answer was ~k²/2 steps for a batch of k).
   */
  nullOkAt: number;
  liveAt: number;
}

/** On an HTTP exchange, what a null-id answer pairs with: its first waiting invalid entry, else (`any`) its first waiting one. */
function nullIdInExchange(ctx: AnswerContext, any: boolean): Entry | undefined {
  const xs = ctx.exchangeEntries;
  let i = ctx.nullOkAt;
  while (i < xs.length && !(xs[i].nullOk && isLive(xs[i]))) i++;
  ctx.nullOkAt = i;
  if (i < xs.length) return xs[i];
  if (!any) return undefined;
  let j = ctx.liveAt;
  while (j < xs.length && !isLive(xs[j])) j++;
  ctx.liveAt = j;
  return xs[j];
}

/**
 * On an HTTP exchange, the first entry under this key that was sent on that exchange. The chain
 * holds waiting entries of `ctx.space` only, so its seq says it (no search of exchangeEntries per
 * answer: ~k²/2 steps for the reply to a batch of k).
 */
function keyedInExchange(ctx: AnswerContext, first: Entry | undefined): Entry | undefined {
  if (ctx.exchange === undefined) return first;
  for (let e = first; e !== undefined; e = e.nextSame) if (e.seq === ctx.exchange) return e;
  return undefined;
}

interface Pairing {
  pair?: number;
  pairIndex?: number;
  latencyMs?: number;
  state: PairState;
  late?: boolean;
  entry?: Entry;
}

/** Marks `e` answered by the current message (entry `answerIndex` of it, when it is a batch). */
export function pairEntry(ctx: AnswerContext, e: Entry, out: Outcome, answerIndex?: number): Pairing {
  const latencyMs = ctx.t - e.t;
  const late = e.timedOut;
  const state: PairState = late ? 'late' : 'answered';
  e.answeredBy = ctx.seq;
  e.late = late;
  e.latencyMs = latencyMs;
  ctx.space.remove(e);
  ctx.space.rememberAnswered(e);
  const b = e.batch;
  if (b && e.index !== undefined) {
    const it = b.items[e.index];
    it.pair = ctx.seq;
    if (answerIndex !== undefined) it.pairIndex = answerIndex;
    else delete it.pairIndex;
    it.state = state;
    it.latencyMs = latencyMs;
    b.firstReply ??= ctx.seq;
    // While some entry still waits the batch stays open: the walk only once none does (per answer it was quadratic).
    if (b.waiting === 0 && !b.entries.some((x) => x.answeredBy === undefined)) ctx.space.openBatches.delete(b);
    out.touchBatch(b);
  } else {
    const p = out.patch(e.seq);
    p.pair = ctx.seq;
    p.state = state;
    p.latencyMs = latencyMs;
    if (late) p.late = true;
  }
  const r: Pairing = { pair: b ? b.seq : e.seq, latencyMs, state, entry: e };
  if (b) r.pairIndex = e.index;
  if (late) r.late = true;
  return r;
}

function claimNotification(ctx: AnswerContext, n: NotifRecord, out: Outcome): Pairing {
  n.claimed = true;
  const p = out.patch(n.seq);
  p.pair = ctx.seq;
  p.state = 'unexpected';
  return { pair: n.seq, state: 'unexpected' };
}

function idLabel(item: ClassifiedItem): string {
  if (!item.hasId) return 'no id';
  return 'id ' + formatId(item.id ?? null, item.idText);
}

/**
 * Finds what one answer (a whole message or one batch reply entry) answers. `inArray`: it came
 * inside a batch reply. `preferred`: the batch most of that reply answers (null-id errors go to it).
 */
function match(ctx: AnswerContext, item: ClassifiedItem, out: Outcome, fs: Finding[], path: string | undefined, inArray: boolean, preferred?: BatchRecord): Pairing | undefined {
  const space = ctx.space;
  const key = item.idKey;
  if (item.hasId && key === undefined) {
    fs.push(finding('orphan-response', path, `An answer whose id (not a String, Number or null) cannot match any request.`));
    return { state: 'orphan' };
  }
  if (key !== undefined && key !== 'null') {
    const e = keyedInExchange(ctx, space.firstByKey(key));
    if (e) return pairEntry(ctx, e, out, inArray ? item.index : undefined);
    const done = space.answered.get(key);
    if (done) {
      const sameReply = done.answeredBy === ctx.seq;
      fs.push(
        finding(
          sameReply ? 'batch-reply-duplicate' : 'duplicate-response',
          path,
          sameReply
            ? `This reply answers ${idLabel(item)} twice.`
            : `A second answer to the request #${done.seq} (${idLabel(item)}), already answered by #${done.answeredBy}.`,
        ),
      );
      const r: Pairing = { pair: done.batch ? done.batch.seq : done.seq, state: 'duplicate' };
      if (done.batch) r.pairIndex = done.index;
      return r;
    }
    fs.push(finding('orphan-response', path, `No request with ${idLabel(item)} is waiting for an answer.`));
    return { state: 'orphan' };
  }
  if (ctx.exchange !== undefined) {
    // The exchange says which request this is: an invalid entry first (a null id is its due),
    // else, for an error or a null id, the request itself — never an older null-id request.
    const e = nullIdInExchange(ctx, key === 'null' || item.role === 'error');
    return e ? pairEntry(ctx, e, out, inArray ? item.index : undefined) : undefined;
  }
  // Only an error may carry a null id for "could not read your id" (Parse error / Invalid Request).
  const e = (key === 'null' ? space.firstByKey('null') : undefined) ?? (item.role === 'error' ? space.firstNullOk(preferred) : undefined);
  if (e) return pairEntry(ctx, e, out, inArray ? item.index : undefined);
  return undefined;
}

/** What a null-id or id-less answer that matched nothing gets: a notification it answers, or orphan. */
function unmatched(ctx: AnswerContext, item: ClassifiedItem, out: Outcome, fs: Finding[], path: string | undefined): Pairing {
  const n = ctx.space.findNotification(ctx.t, ctx.windowMs, false);
  if (n) {
    fs.push(
      finding(
        n.batch ? 'batch-all-notifications-answered' : 'notification-answered',
        path,
        n.batch
          ? `This answers the batch of notifications #${n.seq}, which must get nothing at all.`
          : `This answers the notification #${n.seq}; a notification must never be answered, not even with an error.`,
      ),
    );
    return claimNotification(ctx, n, out);
  }
  if (item.error !== undefined) {
    fs.push(finding('null-id-unmatched', path));
  } else {
    fs.push(finding('orphan-response', path, `An answer with ${idLabel(item)} matches no request waiting for one.`));
  }
  return { state: 'orphan' };
}

function isSingleInvalidRequest(item: ClassifiedItem): boolean {
  return item.kind === 'error' && item.id === null && item.error?.code === -32600;
}

/** One answer message (not an array). */
export function observeSingleAnswer(ctx: AnswerContext, c: Classified, out: Outcome): CorrelationResult {
  const fs = out.findings;
  const p = match(ctx, c, out, fs, undefined, false) ?? unmatched(ctx, c, out, fs, undefined);
  const e = p.entry;
  if (e?.batch && !e.emptyBatch) {
    fs.push(finding('batch-reply-not-array', undefined, `This answers entry ${e.index} of the batch #${e.batch.seq} on its own; a batch is answered with one array.`));
  }
  if (e?.emptyBatch && !isSingleInvalidRequest(c)) {
    fs.push(finding('empty-batch-reply', undefined, `The empty batch #${e.seq} was answered, but not with an Invalid Request error (-32600) with a null id.`));
  }
  const verdict = e ? checkAnswer(e, c, ctx.seq, undefined, ctx.space, fs, out.later) : {};
  const r: CorrelationResult = { findings: fs, patches: [], state: p.state };
  if (p.pair !== undefined) r.pair = p.pair;
  if (p.pairIndex !== undefined) r.pairIndex = p.pairIndex;
  if (p.latencyMs !== undefined) r.latencyMs = p.latencyMs;
  if (p.late) r.late = true;
  if (c.error !== undefined) r.error = withVerdict(ctx.describe(c.error, e?.method), verdict);
  return r;
}

/** The answer entries of a batch reply: `answers` are the reply's response/error entries. */
export function observeBatchReply(ctx: AnswerContext, c: Classified, answers: ClassifiedItem[], items: BatchItem[], out: Outcome): Pick<CorrelationResult, 'pair' | 'latencyMs' | 'state' | 'late'> {
  const fs = out.findings;
  const results = new Map<ClassifiedItem, Pairing>();
  const perItem = new Map<ClassifiedItem, Finding[]>();
  const note = (item: ClassifiedItem): Finding[] => {
    let list = perItem.get(item);
    if (!list) perItem.set(item, (list = []));
    return list;
  };
  // Entries with a real id first: they say which batch this reply answers.
  const votes = new Map<BatchRecord, number>();
  for (const item of answers) {
    if (item.idKey === undefined || item.idKey === 'null') continue;
    const p = match(ctx, item, out, note(item), '[' + item.index + ']', true);
    if (p) {
      results.set(item, p);
      const b = p.entry?.batch;
      if (b) votes.set(b, (votes.get(b) ?? 0) + 1);
    }
  }
  let preferred: BatchRecord | undefined;
  let best = 0;
  for (const [b, v] of votes) {
    if (v > best) {
      preferred = b;
      best = v;
    }
  }
  const nullish: ClassifiedItem[] = [];
  for (const item of answers) {
    if (results.has(item)) continue;
    const p = match(ctx, item, out, note(item), '[' + item.index + ']', true, preferred);
    if (p) {
      results.set(item, p);
      preferred ??= p.entry?.batch;
    } else nullish.push(item);
  }
  const anyPaired = [...results.values()].some((p) => p.entry !== undefined);
  // Nothing in the reply fits anything waiting: is it the answer to a batch of notifications?
  const n = !anyPaired ? ctx.space.findNotification(ctx.t, ctx.windowMs, true) : undefined;
  let unexpected: Pairing | undefined;
  if (n) {
    unexpected = claimNotification(ctx, n, out);
    fs.push(finding('batch-all-notifications-answered', undefined, `This answers the batch of notifications #${n.seq}, which must get nothing at all.`));
  }
  for (const item of nullish) {
    if (unexpected) results.set(item, unexpected);
    else {
      const path = '[' + item.index + ']';
      const f = item.error !== undefined ? finding('null-id-unmatched', path) : finding('orphan-response', path, `An answer with ${idLabel(item)} matches no request waiting for one.`);
      note(item).push(f);
      results.set(item, { state: 'orphan' });
    }
  }
  // Per-entry facts onto the reply's items; entry findings also count on the whole event.
  const touched = new Set<BatchRecord>();
  let emptyBatch: Entry | undefined;
  let maxLatency: number | undefined;
  let late = false;
  let paired = 0;
  let dups = 0;
  for (const item of answers) {
    const p = results.get(item)!;
    const it = items[item.index];
    const extra = note(item);
    const e = p.entry;
    if (e?.batch) touched.add(e.batch);
    if (e && !e.batch && !e.emptyBatch) {
      extra.push(finding('single-answered-in-batch', '[' + item.index + ']', `The request #${e.seq} was sent on its own but is answered inside an array.`));
    }
    if (e?.emptyBatch) emptyBatch = e;
    if (p.pair !== undefined) it.pair = p.pair;
    if (p.pairIndex !== undefined) it.pairIndex = p.pairIndex;
    it.state = p.state;
    if (p.latencyMs !== undefined) {
      it.latencyMs = p.latencyMs;
      maxLatency = Math.max(maxLatency ?? 0, p.latencyMs);
    }
    if (p.late) late = true;
    if (e) paired++;
    if (p.state === 'duplicate') dups++;
    const verdict = e ? checkAnswer(e, item, ctx.seq, '[' + item.index + ']', ctx.space, extra, out.later) : {};
    if (item.error !== undefined) it.error = withVerdict(ctx.describe(item.error, e?.method), verdict);
    for (const f of extra) {
      it.findings.push(f);
      fs.push(f);
    }
  }
  if (emptyBatch) {
    fs.push(finding('empty-batch-reply', undefined, `The empty batch #${emptyBatch.seq} must be answered with one single Invalid Request error, not an array.`));
  }
  for (const b of touched) {
    const missing = b.entries.filter((x) => x.answeredBy === undefined && !x.gone);
    if (missing.length > 0) {
      const labels = missing.slice(0, 10).map((x) => (x.key !== undefined ? `entry ${x.index} (id ${formatId(x.id ?? null, x.idText)})` : `entry ${x.index}`));
      fs.push(
        finding('batch-reply-missing', undefined, `The reply to batch #${b.seq} has no answer for ${labels.join(', ')}${missing.length > 10 ? ` and ${missing.length - 10} more` : ''}.`),
      );
    }
  }
  if (unexpected) return { pair: unexpected.pair, state: 'unexpected' };
  if (answers.length === 0) {
    // An empty array as a reply: to an empty batch, or to a batch whose answers are all missing.
    const e = ctx.space.firstEmptyBatch();
    if (e) {
      const p = pairEntry(ctx, e, out);
      fs.push(finding('empty-batch-reply', undefined, `The empty batch #${e.seq} must be answered with one single Invalid Request error, not an empty array.`));
      return { pair: p.pair, latencyMs: p.latencyMs, state: p.state, ...(p.late ? { late: true } : {}) };
    }
    const open = ctx.space.openBatches.values().next().value;
    if (open) {
      const waiting = open.entries.filter((x) => x.answeredBy === undefined).length;
      fs.push(finding('batch-reply-missing', undefined, `An empty array while the batch #${open.seq} still waits for ${waiting} answer(s); an empty array is never a valid reply.`));
      return { pair: open.seq, state: 'orphan' };
    }
  }
  const r: Pick<CorrelationResult, 'pair' | 'latencyMs' | 'state' | 'late'> = {};
  if (preferred) r.pair = preferred.seq;
  else if (paired > 0) r.pair = [...results.values()].find((p) => p.entry)?.pair;
  if (maxLatency !== undefined) r.latencyMs = maxLatency;
  r.state = paired > 0 ? (late ? 'late' : 'answered') : dups > 0 ? 'duplicate' : 'orphan';
  if (late) r.late = true;
  return r;
}
