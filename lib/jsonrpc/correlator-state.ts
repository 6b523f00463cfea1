/**
 * The correlator's memory: per direction, the requests waiting for an answer, those answered
 * recently (to spot duplicates), and recent notifications (to spot answers to them). Requests sent
 * `out` are answered by `in` messages and the other way round: two id spaces that may collide.
 */
import type { BatchItem, DecodedError, Direction, EventPatch, Finding, JsonRpcId, PairState } from '../session/types';

export interface BatchRecord {
  seq: number;
  t: number;
  /** The batch event's items, kept current; patches carry copies. */
  items: BatchItem[];
  /** The entries that expect an answer (requests and invalid entries). */
  entries: Entry[];
  /** How many of `entries` still wait (are in the correlator's live set). */
  waiting: number;
  /** Every entry before this index is answered, gone or not nullOk (firstNullOk's cursor: it only moves on). */
  nullOkAt: number;
  firstReply?: number;
}

export interface Entry {
  seq: number;
  t: number;
  dir: Direction;
  key?: string;
  id?: JsonRpcId;
  idText?: string;
  method?: string;
  /** Entry index inside a batch. */
  index?: number;
  batch?: BatchRecord;
  /** A null-id error may answer it: it was invalid, unparsable, or an empty batch. */
  nullOk: boolean;
  emptyBatch: boolean;
  /** The message was valid JSON (false for a parse error we sent): a -32700 answer to it is a false claim. */
  parsed: boolean;
  /** Why the message was not a valid Request object (its first error finding), when it was not. */
  invalid?: string;
  /** DAP requests are not JSON-RPC: the answer checks do not apply. */
  dap?: boolean;
  timedOut: boolean;
  cancelled: boolean;
  /** Forgotten (memory cap) or the target exited: nothing pairs with it any more. */
  gone: boolean;
  answeredBy?: number;
  late?: boolean;
  latencyMs?: number;
  /** The next unanswered entry under the same key (an id reused while pending). */
  nextSame?: Entry;
  /**
   * On the chain's head only: its last entry, so a peer that reuses one id for every request it
   * leaves waiting appends in O(1) instead of walking the chain (quadratic past 100k pending).
   */
  lastSame?: Entry;
}

/** A finding about an event recorded earlier (a timeout, a -32601 the peer later contradicts). */
export interface LaterFinding {
  seq: number;
  finding: Finding;
}

export interface NotifRecord {
  seq: number;
  t: number;
  batch: boolean;
  claimed: boolean;
}

const ANSWERED_CAP = 10_000;
const NOTIF_CAP = 64;
/** Methods remembered per side for "-32601 to a method it answers elsewhere". */
const METHOD_CAP = 1024;

export class Space {
  /** `live` is shared by both spaces: every unanswered entry, in arrival order. */
  constructor(private readonly live: Set<Entry>) {}

  /** The oldest unanswered entry by id key; more under the same key follow its `nextSame` chain. */
  readonly byKey = new Map<string, Entry>();
  /**
   * The unanswered entries by their message's seq: the entry, or a batch's record while any of its
   * entries waits. Kept in step with `live` by add/remove/clearPending, so an HTTP reply finds its
   * POST's requests without walking everything that waits (quadratic in a long session).
   */
  private readonly bySeq = new Map<number, Entry | BatchRecord>();
  /** Entries a null-id error may answer, oldest first; answered ones are skipped lazily. */
  nullOk: Entry[] = [];
  /** Every entry of `nullOk` before this index is answered or gone (a walk from 0 per null-id answer was quadratic). */
  private nullOkHead = 0;
  /** How many the last cut of `nullOk` kept. */
  private nullOkKept = 0;
  /** Recently answered entries by id key, for duplicate answers. */
  readonly answered = new Map<string, Entry>();
  private readonly ring: (Entry | undefined)[] = [];
  private ringPos = 0;
  readonly notifs: NotifRecord[] = [];
  /** Batches with entries still unanswered. */
  readonly openBatches = new Set<BatchRecord>();
  /** Methods of these requests that got a result: method → seq of the answer. */
  readonly methodsAnswered = new Map<string, number>();
  /** Methods of these requests answered -32601: method → the error answers (seq, path). */
  readonly methodsNotFound = new Map<string, { seq: number; path?: string }[]>();

  noteMethodAnswered(method: string, answerSeq: number): void {
    if (this.methodsAnswered.has(method)) return;
    if (this.methodsAnswered.size >= METHOD_CAP) this.methodsAnswered.clear();
    this.methodsAnswered.set(method, answerSeq);
  }

  noteMethodNotFound(method: string, answerSeq: number, path: string | undefined): void {
    let list = this.methodsNotFound.get(method);
    if (!list) {
      if (this.methodsNotFound.size >= METHOD_CAP) this.methodsNotFound.clear();
      this.methodsNotFound.set(method, (list = []));
    }
    if (list.length < 16) list.push(path === undefined ? { seq: answerSeq } : { seq: answerSeq, path });
  }

  /** `head`: what firstByKey(e.key) returned just before (the caller looked it up already). */
  add(e: Entry, head: Entry | undefined): void {
    this.live.add(e);
    const b = e.batch;
    if (b === undefined) this.bySeq.set(e.seq, e);
    else if (b.waiting++ === 0) this.bySeq.set(e.seq, b);
    if (e.key !== undefined) {
      if (head === undefined) this.byKey.set(e.key, e);
      else {
        (head.lastSame ?? head).nextSame = e;
        head.lastSame = e;
      }
    }
    if (e.nullOk) this.nullOk.push(e);
  }

  /** Removes an entry from the waiting lists (answered, gone). */
  remove(e: Entry): void {
    if (this.live.delete(e)) {
      const b = e.batch;
      if (b === undefined) this.bySeq.delete(e.seq);
      else if (--b.waiting === 0) this.bySeq.delete(e.seq);
    }
    if (e.key !== undefined) {
      const head = this.byKey.get(e.key);
      if (head === e) {
        const next = e.nextSame;
        if (next !== undefined) {
          this.byKey.set(e.key, next);
          if (e.lastSame !== next) next.lastSame = e.lastSame;
        } else this.byKey.delete(e.key);
      } else if (head !== undefined) {
        // Not the oldest under its key (answers and the cap take the oldest): walk to it.
        let prev = head;
        while (prev.nextSame !== undefined && prev.nextSame !== e) prev = prev.nextSame;
        if (prev.nextSame === e) {
          prev.nextSame = e.nextSame;
          if (head.lastSame === e) head.lastSame = prev === head ? undefined : prev;
        }
      }
      e.nextSame = undefined;
      e.lastSame = undefined;
    }
    // Cut back to the live ones once the list is twice what the last cut kept (amortised O(1): a
    // cut on every removal was quadratic when many such requests wait and the cap forgets them).
    if (e.nullOk && this.nullOk.length > 2 * this.nullOkKept + 64) {
      this.nullOk = this.nullOk.filter(live);
      this.nullOkKept = this.nullOk.length;
      this.nullOkHead = 0;
    }
  }

  /** The unanswered entries of the message `seq` (a batch has several), oldest first; a fresh list. */
  entriesOf(seq: number): Entry[] {
    const v = this.bySeq.get(seq);
    if (v === undefined) return [];
    return 'entries' in v ? v.entries.filter(live) : [v];
  }

  /** The oldest entry waiting under this key. */
  firstByKey(key: string): Entry | undefined {
    return this.byKey.get(key);
  }

  /**
   * The oldest entry a null-id error may answer, preferring one of `preferred`'s entries. Both walks
   * resume where the last stopped: what they passed stays answered, gone or not nullOk for good.
   */
  firstNullOk(preferred?: BatchRecord): Entry | undefined {
    if (preferred !== undefined) {
      const xs = preferred.entries;
      let i = preferred.nullOkAt;
      while (i < xs.length && !(xs[i].nullOk && live(xs[i]))) i++;
      preferred.nullOkAt = i;
      if (i < xs.length) return xs[i];
    }
    const list = this.nullOk;
    let h = this.nullOkHead;
    while (h < list.length && !live(list[h])) h++;
    this.nullOkHead = h;
    return list[h];
  }

  rememberAnswered(e: Entry): void {
    if (e.key === undefined) return;
    this.answered.set(e.key, e);
    // A ring of the last answers bounds the map; Map.keys().next() would be slow here, since V8
    // keeps deleted slots at the head of the table until it rehashes.
    const slot = this.ringPos;
    const old = this.ring[slot];
    if (old !== undefined && old.key !== undefined && this.answered.get(old.key) === old) this.answered.delete(old.key);
    this.ring[slot] = e;
    this.ringPos = slot + 1 === ANSWERED_CAP ? 0 : slot + 1;
  }

  /**
   * Only the last NOTIF_CAP count; the list is cut back to them when it reaches twice that, not
   * shifted on every notification (a notification flood would move the whole list each time).
   */
  noteNotification(seq: number, t: number, batch: boolean): void {
    this.notifs.push({ seq, t, batch, claimed: false });
    if (this.notifs.length >= 2 * NOTIF_CAP) this.notifs.splice(0, this.notifs.length - NOTIF_CAP);
  }

  /** The most recent unclaimed notification within `windowMs` of `t` (a batch of them when `batchOnly`). */
  findNotification(t: number, windowMs: number, batchOnly: boolean): NotifRecord | undefined {
    const oldest = Math.max(0, this.notifs.length - NOTIF_CAP);
    for (let i = this.notifs.length - 1; i >= oldest; i--) {
      const n = this.notifs[i];
      if (t - n.t > windowMs) return undefined;
      if (n.claimed || (batchOnly && !n.batch)) continue;
      return n;
    }
    return undefined;
  }

  firstEmptyBatch(): Entry | undefined {
    return this.nullOk.find((e) => e.emptyBatch && live(e));
  }

  clearPending(): void {
    this.byKey.clear();
    for (const v of this.bySeq.values()) if ('entries' in v) v.waiting = 0;
    this.bySeq.clear();
    this.nullOk = [];
    this.nullOkKept = 0;
    this.nullOkHead = 0;
    this.openBatches.clear();
    this.notifs.length = 0;
  }
}

export function live(e: Entry): boolean {
  return e.answeredBy === undefined && !e.gone;
}

export function opposite(dir: Direction): Direction {
  return dir === 'out' ? 'in' : 'out';
}

/** Collects the patches and findings of one observe() call, one patch per earlier event. */
export class Outcome {
  readonly findings: Finding[] = [];
  /**
   * Findings about earlier events; the pipeline adds them to those events. `observe` passes the
   * correlator's own list, so they land there without an array per message and a copy.
   */
  constructor(readonly later: LaterFinding[] = []) {}
  // Created on first use: most messages patch one earlier event or none.
  private patchBySeq: Map<number, EventPatch> | undefined;
  private dirty: Set<BatchRecord> | undefined;

  patch(seq: number): EventPatch {
    this.patchBySeq ??= new Map();
    let p = this.patchBySeq.get(seq);
    if (!p) {
      p = { seq };
      this.patchBySeq.set(seq, p);
    }
    return p;
  }

  /** The batch's items changed: its patch is built once, at the end. */
  touchBatch(b: BatchRecord): void {
    (this.dirty ??= new Set()).add(b);
  }

  patches(): EventPatch[] {
    if (this.dirty) {
      for (const b of this.dirty) {
        const p = this.patch(b.seq);
        p.items = b.items.map((it) => ({ ...it, findings: it.findings.slice() }));
        const s = batchState(b);
        if (s) p.state = s;
        if (b.firstReply !== undefined) p.pair = b.firstReply;
        if (s === 'answered' || s === 'late') {
          let max = 0;
          for (const e of b.entries) if (e.latencyMs !== undefined && e.latencyMs > max) max = e.latencyMs;
          p.latencyMs = max;
          if (s === 'late') p.late = true;
        }
      }
      this.dirty = undefined;
    }
    return this.patchBySeq ? [...this.patchBySeq.values()] : [];
  }

  /** Whether patches() has anything to give (most messages patch nothing). */
  get hasPatches(): boolean {
    return this.patchBySeq !== undefined || this.dirty !== undefined;
  }
}

/** A batch request's overall state from its entries. */
export function batchState(b: BatchRecord): PairState | undefined {
  if (b.entries.length === 0) return undefined;
  let open = false;
  let late = false;
  let timedOut = false;
  let exited = false;
  let cancelled = false;
  for (const e of b.entries) {
    if (e.answeredBy !== undefined) {
      if (e.late) late = true;
      continue;
    }
    open = true;
    if (e.timedOut) timedOut = true;
    if (e.gone) exited = true;
    if (e.cancelled) cancelled = true;
  }
  if (!open) return late ? 'late' : 'answered';
  if (timedOut) return 'timed-out';
  if (exited) return 'target-exited';
  if (cancelled) return 'cancelled';
  return 'pending';
}

/** The BatchItem shape shared by both sides of a batch. */
export function baseItem(
  index: number,
  kind: BatchItem['kind'],
  id: JsonRpcId | undefined,
  idText: string | undefined,
  method: string | undefined,
  findings: Finding[],
  error?: DecodedError,
): BatchItem {
  const it: BatchItem = { index, kind, findings: findings.slice() };
  if (id !== undefined) it.id = id;
  if (idText !== undefined) it.idText = idText;
  if (method !== undefined) it.method = method;
  if (error !== undefined) it.error = error;
  return it;
}
