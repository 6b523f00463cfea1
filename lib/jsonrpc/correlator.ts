/**
 * The Correlator pairs requests with their answers across a session, in recording order. Each side
 * owns its id space: requests we send (`out`) are answered by `in` messages and requests the target
 * sends (`in`) by `out` ones, so both may use id 0 at once. It also applies the rules that need the
 * conversation: orphans, duplicates, reused ids, answered notifications and the batch reply rules.
 * Pure and synchronous: time comes from the messages (`t`) and from tick(nowT).
 */
import { describeError } from '../errors/describe';
import type { BatchItem, DecodedError, Direction, EventPatch, Finding } from '../session/types';
import { observeBatchReply, observeSingleAnswer, pairEntry, type AnswerContext } from './correlator-answers';
import { firstError, noResponseFinding } from './correlator-checks';
import { baseItem, type BatchRecord, type Entry, type LaterFinding, live, opposite, Outcome, Space } from './correlator-state';
import { DAP_PROTOCOL } from './dap';
import { finding } from './rules/table';
import type { Classified, ClassifiedItem, CorrelationResult, CorrelatorOptions, ObservedMessage, PendingRequest, RawErrorObject } from './types';

const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_MAX_PENDING = 100_000;
/** What `observe` returns as the patches of a message that patches nothing: one shared, frozen list. */
export const NO_PATCHES: EventPatch[] = Object.freeze([]) as unknown as EventPatch[];
const NO_LATER: LaterFinding[] = Object.freeze([]) as unknown as LaterFinding[];

export class Correlator {
  private readonly timeoutMs: number;
  private readonly maxPending: number;
  private readonly describe: (err: RawErrorObject, method?: string) => DecodedError;
  /** Unanswered entries in arrival order (for pending(), the memory cap and targetExited). */
  private readonly live = new Set<Entry>();
  private readonly spaces: Record<'in' | 'out', Space> = { in: new Space(this.live), out: new Space(this.live) };
  /** Entries in arrival order for timeouts; `head` moves past the ones already timed out. */
  private queue: Entry[] = [];
  private head = 0;
  /** Findings about earlier events, collected until the caller takes them (takeLaterFindings). */
  private later: LaterFinding[] = [];
  /**
   * Entries in arrival order for the memory cap; `capHead` moves past the ones already forgotten.
   * Walking the `live` Set from its start instead would step over every deleted slot V8 keeps at
   * its front, again on each new request past the cap: quadratic beyond 100k pending.
   */
  private arrivals: Entry[] = [];
  private capHead = 0;

  constructor(opts?: CorrelatorOptions) {
    const t = opts?.timeoutMs;
    this.timeoutMs = typeof t === 'number' && Number.isFinite(t) && t > 0 ? t : t === 0 ? 0 : DEFAULT_TIMEOUT_MS;
    this.maxPending = opts?.maxPending && opts.maxPending > 0 ? opts.maxPending : DEFAULT_MAX_PENDING;
    this.describe = opts?.describe ?? ((err, method) => describeError(err, method !== undefined ? { method } : undefined));
    this.contexts = { in: this.makeContext('in'), out: this.makeContext('out') };
  }

  observe(msg: ObservedMessage): CorrelationResult {
    const out = new Outcome(this.later);
    if (msg.dir !== 'in' && msg.dir !== 'out') return { findings: [], patches: [] };
    const c = msg.classified;
    let r: CorrelationResult;
    if (c.protocol === DAP_PROTOCOL && c.dap) r = this.observeDap(msg, out);
    else if (c.kind === 'batch') r = this.observeBatch(msg, out);
    else if (c.kind === 'parse-error') r = this.observeAsk(msg, c, out);
    else if (c.kind === 'not-jsonrpc') r = { findings: out.findings, patches: [] };
    else if (c.role === 'response' || c.role === 'error') r = observeSingleAnswer(this.answerContext(msg), c, out);
    else r = this.observeAsk(msg, c, out);
    r.patches = out.hasPatches ? out.patches() : NO_PATCHES;
    this.enforceCap();
    return r;
  }

  /**
   * Findings about events recorded earlier, from observe() and tick() calls since the last take:
   * a request that never got its answer, a -32601 the peer contradicted later.
   */
  takeLaterFindings(): LaterFinding[] {
    if (this.later.length === 0) return NO_LATER;
    const list = this.later;
    this.later = [];
    return list;
  }

  /** Marks requests waiting longer than the timeout as timed out. Their answers still pair later, as `late`. */
  tick(nowT: number): EventPatch[] {
    if (this.timeoutMs <= 0) return [];
    const out = new Outcome();
    const q = this.queue;
    while (this.head < q.length) {
      const e = q[this.head];
      if (e.t + this.timeoutMs > nowT) break;
      this.head++;
      if (!live(e) || e.cancelled || e.timedOut) continue;
      e.timedOut = true;
      this.setState(e, 'timed-out', out);
      // Silence from the peer breaks a MUST; our own silence to the peer's requests is the user's to see in the state.
      if (e.dir === 'out' && !e.dap) this.later.push(noResponseFinding(e, this.timeoutMs));
    }
    if (this.head > 1024 && this.head * 2 > q.length) {
      this.queue = q.slice(this.head);
      this.head = 0;
    }
    return out.patches();
  }

  /** The target is gone: every request still waiting ends as `target-exited` (timed-out ones stay so). */
  targetExited(_nowT: number): EventPatch[] {
    const out = new Outcome();
    for (const e of this.live) {
      e.gone = true;
      if (!e.timedOut && !e.cancelled) this.setState(e, 'target-exited', out);
    }
    this.live.clear();
    this.queue = [];
    this.head = 0;
    this.arrivals = [];
    this.capHead = 0;
    this.spaces.in.clearPending();
    this.spaces.out.clearPending();
    return out.patches();
  }

  /**
   * HTTP: the exchange of the request `seq` is over and nothing more can answer it there. Whatever
   * still waits is settled by `by` (the reply that came back, or the note of what failed):
   * `answered` when a reply came (a body that is no JSON-RPC answer, an empty 202/204),
   * `target-exited` when none could (connection refused, TLS failure, cut off). A batch whose
   * reply answered some entries keeps its missing ones waiting: that is a finding, not a pairing.
   */
  endExchange(seq: number, by: { seq: number; t: number }, failed: boolean): EventPatch[] {
    const out = new Outcome();
    const waiting = this.entriesOf(seq, 'out');
    if (waiting.length === 0 || waiting[0].batch?.firstReply !== undefined) return [];
    const ctx = this.answerContext({ seq: by.seq, t: by.t, dir: 'in' });
    for (const e of waiting) {
      if (failed) {
        e.gone = true;
        this.spaces.out.remove(e);
        if (!e.timedOut && !e.cancelled) this.setState(e, 'target-exited', out);
        if (!e.batch) out.patch(e.seq).pair = by.seq;
      } else {
        pairEntry(ctx, e, out);
      }
    }
    return out.patches();
  }

  /** The user gave up on the request `seq` (all entries, for a batch). A later answer still pairs. */
  cancel(seq: number): EventPatch[] {
    const out = new Outcome();
    // A seq is one message's, sent one way: at most one side has entries under it.
    for (const e of [...this.spaces.out.entriesOf(seq), ...this.spaces.in.entriesOf(seq)]) {
      if (e.cancelled) continue;
      e.cancelled = true;
      this.setState(e, 'cancelled', out);
    }
    return out.patches();
  }

  /** Requests still waiting for an answer (timed-out ones included: they may still be answered). */
  pending(): PendingRequest[] {
    const list: PendingRequest[] = [];
    for (const e of this.live) {
      const p: PendingRequest = { seq: e.batch ? e.batch.seq : e.seq, t: e.t, dir: e.dir, idKey: e.key ?? '', id: e.id ?? null, timedOut: e.timedOut };
      if (e.method !== undefined) p.method = e.method;
      if (e.index !== undefined) p.index = e.index;
      if (e.key === undefined) p.noId = true;
      list.push(p);
    }
    return list;
  }

  // ── requests, notifications, invalid messages ───────────────────────────────────────────────

  private observeAsk(msg: ObservedMessage, c: Classified, out: Outcome): CorrelationResult {
    const space = this.spaces[msg.dir as 'in' | 'out'];
    if (c.kind === 'notification') {
      space.noteNotification(msg.seq, msg.t, false);
      return { findings: out.findings, patches: [] };
    }
    const e = this.register(msg, c, undefined, out.findings, undefined);
    return e ? { findings: out.findings, patches: [], state: 'pending' } : { findings: out.findings, patches: [] };
  }

  /**
   * Starts waiting for an answer to `item` (a whole message, or batch entry). Invalid and unparsable
   * messages wait for a null-id error, but only those we sent: the target's garbage is not ours to answer.
   */
  private register(msg: ObservedMessage, item: ClassifiedItem, batch: BatchRecord | undefined, fs: Finding[], path: string | undefined): Entry | undefined {
    const valid = item.kind === 'request';
    const key = item.idKey;
    if (!valid && key === undefined && msg.dir !== 'out') return undefined;
    const space = this.spaces[msg.dir as 'in' | 'out'];
    // One lookup serves the reuse check and the append to the key's chain.
    const first = key !== undefined ? space.firstByKey(key) : undefined;
    if (first !== undefined) {
      fs.push(
        finding('id-reused-pending', path, `The id ${item.idText ?? JSON.stringify(item.id)} is already used by the request #${first.seq}${first.index !== undefined ? ` (entry ${first.index})` : ''}, still waiting for its answer.`),
      );
    }
    // Every member from the start: one shape and one allocation per waiting request.
    const e: Entry = {
      seq: msg.seq,
      t: msg.t,
      dir: msg.dir,
      key,
      id: item.id,
      idText: item.idText,
      method: item.method,
      index: batch ? item.index : undefined,
      batch,
      nullOk: !valid,
      emptyBatch: false,
      parsed: item.kind !== 'parse-error',
      invalid: item.kind === 'invalid' ? firstError(item.findings) : undefined,
      dap: undefined,
      timedOut: false,
      cancelled: false,
      gone: false,
      answeredBy: undefined,
      late: undefined,
      latencyMs: undefined,
      nextSame: undefined,
      lastSame: undefined,
    } satisfies Record<keyof Entry, unknown>;
    if (batch) batch.entries.push(e);
    space.add(e, first);
    this.arrivals.push(e);
    if (this.timeoutMs > 0) this.queue.push(e);
    return e;
  }

  private observeBatch(msg: ObservedMessage, out: Outcome): CorrelationResult {
    const c = msg.classified;
    const list = c.items ?? [];
    const items: BatchItem[] = list.map((it) => baseItem(it.index, it.kind, it.id, it.idText, it.method, it.findings));
    const other = this.spaces[opposite(msg.dir) as 'in' | 'out'];
    const answers = list.filter((it) => it.role === 'response' || it.role === 'error');
    const result: CorrelationResult = { findings: out.findings, patches: [], items };

    if (list.length === 0) {
      const ctx = this.answerContext(msg);
      const replyish = other.findNotification(msg.t, ctx.windowMs, true) !== undefined || other.firstEmptyBatch() !== undefined || other.openBatches.size > 0;
      if (replyish) return { ...result, ...observeBatchReply(ctx, c, [], items, out) };
      // An empty batch sent: the peer must answer with one Invalid Request error.
      const e = this.register(msg, { index: 0, kind: 'invalid', hasId: false, findings: [] }, undefined, out.findings, undefined);
      if (e) {
        e.emptyBatch = true;
        result.state = 'pending';
      }
      return result;
    }

    if (answers.length > 0) Object.assign(result, observeBatchReply(this.answerContext(msg), c, answers, items, out));

    if (answers.length < list.length) {
      const space = this.spaces[msg.dir as 'in' | 'out'];
      const record: BatchRecord = { seq: msg.seq, t: msg.t, items, entries: [], waiting: 0, nullOkAt: 0 };
      for (const it of list) {
        if (it.role === 'response' || it.role === 'error') continue;
        if (it.kind === 'notification') continue;
        const fs: Finding[] = [];
        const e = this.register(msg, it, record, fs, '[' + it.index + ']');
        if (e) items[it.index].state = 'pending';
        for (const f of fs) {
          items[it.index].findings.push(f);
          out.findings.push(f);
        }
      }
      if (record.entries.length > 0) {
        space.openBatches.add(record);
        if (answers.length === 0) result.state = 'pending';
      } else if (answers.length === 0) {
        space.noteNotification(msg.seq, msg.t, true);
      }
    }
    return result;
  }

  // ── DAP: responses carry request_seq, the seq of the request they answer ────────────────────

  private observeDap(msg: ObservedMessage, out: Outcome): CorrelationResult {
    const dap = msg.classified.dap!;
    const result: CorrelationResult = { findings: out.findings, patches: [] };
    if (dap.type === 'request') {
      const e = this.register(msg, { index: 0, kind: 'request', hasId: true, id: dap.seq, idKey: 'dap:' + dap.seq, method: dap.command, findings: [] }, undefined, out.findings, 'seq');
      if (e) {
        e.dap = true;
        result.state = 'pending';
      }
      return result;
    }
    if (dap.type !== 'response') return result;
    const ctx = this.answerContext(msg);
    const rs = dap.request_seq;
    const key = typeof rs === 'number' ? 'dap:' + rs : undefined;
    const e = key !== undefined ? ctx.space.firstByKey(key) : undefined;
    if (e) {
      const p = pairEntry(ctx, e, out);
      result.pair = p.pair;
      result.latencyMs = p.latencyMs;
      result.state = p.state;
      if (p.late) result.late = true;
      return result;
    }
    const done = key !== undefined ? ctx.space.answered.get(key) : undefined;
    if (done) {
      out.findings.push(finding('duplicate-response', 'request_seq', `A second response to the DAP request #${done.seq} (seq ${rs}), already answered by #${done.answeredBy}.`));
      return { ...result, pair: done.seq, state: 'duplicate' };
    }
    out.findings.push(
      finding('dap-orphan-response', 'request_seq', key === undefined ? 'A DAP response without a numeric request_seq.' : `No DAP request with seq ${rs} is waiting for a response.`),
    );
    return { ...result, state: 'orphan' };
  }

  // ── helpers ─────────────────────────────────────────────────────────────────────────────────

  /** One context per direction, reused: answers are matched on every message of a session. */
  private readonly contexts: Record<'in' | 'out', AnswerContext>;

  private makeContext(dir: 'in' | 'out'): AnswerContext {
    return {
      space: this.spaces[opposite(dir) as 'in' | 'out'],
      seq: 0,
      t: 0,
      dir,
      windowMs: this.timeoutMs > 0 ? this.timeoutMs : DEFAULT_TIMEOUT_MS,
      describe: this.describe,
      exchangeEntries: [],
      nullOkAt: 0,
      liveAt: 0,
    };
  }

  private answerContext(msg: Pick<ObservedMessage, 'seq' | 't' | 'dir' | 'exchange'>): AnswerContext {
    const ctx = this.contexts[msg.dir as 'in' | 'out'];
    ctx.seq = msg.seq;
    ctx.t = msg.t;
    ctx.exchange = msg.exchange;
    ctx.exchangeEntries = msg.exchange !== undefined ? this.entriesOf(msg.exchange, opposite(msg.dir)) : [];
    ctx.nullOkAt = 0;
    ctx.liveAt = 0;
    return ctx;
  }

  /** The unanswered entries of the message `seq` (a batch has several), oldest first. */
  private entriesOf(seq: number, dir: Direction): Entry[] {
    return dir === 'in' || dir === 'out' ? this.spaces[dir].entriesOf(seq) : [];
  }

  private setState(e: Entry, state: 'timed-out' | 'target-exited' | 'cancelled', out: Outcome): void {
    if (e.batch && e.index !== undefined) {
      e.batch.items[e.index].state = state;
      out.touchBatch(e.batch);
    } else {
      out.patch(e.seq).state = state;
    }
  }

  /** Past the cap, the oldest waiting requests are forgotten (a later answer is then an orphan). */
  private enforceCap(): void {
    const a = this.arrivals;
    while (this.live.size > this.maxPending && this.capHead < a.length) {
      const e = a[this.capHead++];
      if (!this.live.has(e)) continue;
      e.gone = true;
      this.spaces[e.dir as 'in' | 'out'].remove(e);
    }
    // Answered entries stay in the list until it is twice what still waits: then it keeps only
    // those, in order (amortised O(1) per request, memory bounded by the live set).
    if (a.length - this.capHead > 2 * this.live.size + 1024) {
      this.arrivals = a.slice(this.capHead).filter((e) => this.live.has(e));
      this.capHead = 0;
    } else if (this.capHead > 1024 && this.capHead * 2 > a.length) {
      this.arrivals = a.slice(this.capHead);
      this.capHead = 0;
    }
    // The timeout queue likewise: answered and forgotten entries wait in it until their timeout
    // passes (a minute of a flood); tick skips them anyway, so dropping them early changes nothing.
    const q = this.queue;
    if (q.length - this.head > 2 * this.live.size + 1024) {
      this.queue = q.slice(this.head).filter(live);
      this.head = 0;
    }
  }
}


