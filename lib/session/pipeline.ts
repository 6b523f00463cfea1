/**
 * The one place a message becomes a TrafficEvent: classify → rule findings → dialect detection and
 * lifecycle checks → correlate (which also decodes errors with the answered request's method), with
 * seq and time assigned in recording order. Pure, so the server, the CLI and tests share it;
 * transports and recorders stay outside.
 */
import { classify } from '../jsonrpc/classify';
import { Correlator, NO_PATCHES } from '../jsonrpc/correlator';
import type { Classified, CorrelationResult, ObservedMessage, RawErrorObject } from '../jsonrpc/types';
import { createDialectDetector, type DialectDetector } from '../dialects/detect';
import { DEFAULT_DIALECT, getProfile, isDialectId } from '../dialects/registry';
import { dialectDescriber } from '../dialects/describe';
import { dapProfile, describeDapFailure } from '../dialects/dap';
import type { DialectProfile, LifecycleChecker, LifecycleInput } from '../dialects/types';
import type { ErrorCatalog } from '../errors/types';
import type { FrameHint } from '../framing/types';
import { finding } from '../jsonrpc/rules/table';
import type { DecodedError, Direction, EventKind, EventPatch, Finding, HttpMeta, ProcessMeta, SessionDialect, TrafficEvent, WsMeta } from './types';
import { ProgressLinks } from './progress-links';
import { newEvent } from './event-shape';
import { RecentEvents, type RecentEvent } from './recent-events';

export interface PipelineOptions {
  timeoutMs?: number;
  /** Catalogs consulted before the dialect's (OpenRPC documents), in precedence order. */
  catalogs?: ErrorCatalog[];
  /** Start with this dialect and never auto-detect (the user chose it). */
  dialect?: string;
}

export interface WireExtras {
  rawBase64?: string;
  /** What the framing layer knows went wrong with this frame (lib/framing/hints.ts). */
  framingHint?: FrameHint;
  http?: HttpMeta;
  ws?: WsMeta;
  process?: ProcessMeta;
}

/** What a schema check (an OpenRPC document) sees of one message. */
export interface MessageCheckInput {
  dir: 'in' | 'out';
  classified: Classified;
  /** For an answer: the method of the request it answers (when paired). */
  requestMethod?: string;
}

/** Extra checks run on every message (e.g. params/result/errors against OpenRPC documents). */
export type MessageCheck = (input: MessageCheckInput) => Finding[];

export interface PipelineOutput {
  event: TrafficEvent;
  patches: EventPatch[];
  /** The message as classified; its `findings` may be the event's own list (not a copy). */
  classified?: Classified;
  /** Set when this message made the session's dialect known. */
  dialectChanged?: SessionDialect;
}

/** Text from the target is judged as the answer of a Server (see ClassifyOptions.fromPeer). */
const FROM_PEER = { fromPeer: true } as const;

/** No transport facts (most messages): one shared, never written to. */
const NO_EXTRAS: WireExtras = Object.freeze({});

/** What the reused inputs hold between messages, so they keep no message alive. */
const NOTHING_CLASSIFIED: Classified = Object.freeze({ index: 0, kind: 'not-jsonrpc', hasId: false, findings: [] }) as Classified;

export class MessagePipeline {
  private seq = 0;
  private readonly correlator: Correlator;
  private catalogs: ErrorCatalog[];
  private profile: DialectProfile;
  private describer: (err: RawErrorObject, method?: string) => DecodedError;
  private lifecycle: LifecycleChecker;
  private detector: DialectDetector | null;
  private dialectInfo: SessionDialect;
  /** What is remembered of recent events (not the events: see recent-events.ts). */
  private readonly recent = new RecentEvents();
  /** Decoded errors by code, message and method: a chatty peer repeats the same few errors. */
  private decoded = new Map<string, DecodedError>();
  private checks: MessageCheck | null = null;
  private readonly progress = new ProgressLinks();
  /**
   * What the correlator and the lifecycle checker are told about each message, one object each,
   * refilled per message: both read it during the call only (nothing keeps it).
   */
  private readonly observed: ObservedMessage = { seq: 0, t: 0, dir: 'in', classified: NOTHING_CLASSIFIED, exchange: undefined };
  private readonly lifecycleInput: LifecycleInput = { seq: 0, dir: 'in', classified: NOTHING_CLASSIFIED };

  constructor(options: PipelineOptions = {}) {
    this.catalogs = options.catalogs ?? [];
    const chosen = options.dialect && isDialectId(options.dialect) ? options.dialect : undefined;
    this.profile = getProfile(chosen ?? DEFAULT_DIALECT);
    this.describer = this.cachedDescriber();
    this.lifecycle = this.profile.createLifecycleChecker();
    this.detector = chosen ? null : createDialectDetector();
    this.dialectInfo = chosen ? { id: chosen, overridden: true } : { id: DEFAULT_DIALECT };
    // The correlator decodes errors through whatever dialect is current when the answer arrives.
    this.correlator = new Correlator({ timeoutMs: options.timeoutMs ?? 60_000, describe: (err, method) => this.describer(err, method) });
  }

  get lastSeq(): number {
    return this.seq;
  }

  get dialect(): SessionDialect {
    return this.dialectInfo;
  }

  get dialectProfile(): DialectProfile {
    return this.profile;
  }

  /** OpenRPC documents' error catalogs, consulted before the dialect's. */
  setCatalogs(catalogs: ErrorCatalog[]): void {
    this.catalogs = catalogs;
    this.describer = this.cachedDescriber();
  }

  /** Schema checks run on every later message; null removes them. */
  setMessageCheck(check: MessageCheck | null): void {
    this.checks = check;
  }

  /** The user's choice wins over detection from then on. */
  setDialect(id: string): SessionDialect {
    if (!isDialectId(id)) throw new Error(`unknown dialect ${JSON.stringify(id)}`);
    this.detector = null;
    this.useProfile(id, { id, overridden: true });
    return this.dialectInfo;
  }

  /** A whole message that crossed the wire: `raw` is the exact wire text, `body` the JSON text inside it. */
  message(dir: 'in' | 'out', t: number, time: number, raw: string, body: string, extras: WireExtras = NO_EXTRAS): PipelineOutput {
    const classified = classify(body, dir === 'in' ? FROM_PEER : undefined);
    const seq = ++this.seq;
    let dialectChanged: SessionDialect | undefined;
    if (this.detector) {
      const d = this.detector.observe({ seq, dir, classified });
      if (d.decided) {
        this.detector = null;
        if (d.dialect !== this.dialectInfo.id) {
          this.useProfile(d.dialect, { id: d.dialect, evidence: d.evidence });
          dialectChanged = this.dialectInfo;
        }
      }
    }
    const observed = this.observed;
    observed.seq = seq;
    observed.t = t;
    observed.dir = dir;
    observed.classified = classified;
    observed.exchange = dir === 'in' ? extras.http?.requestSeq : undefined;
    const result = this.correlator.observe(observed);
    observed.classified = NOTHING_CLASSIFIED;
    if (result.state === 'duplicate') this.continueStream(result, extras);
    // Both lists are this message's own (fresh per classify and per observe): one of them is taken
    // as is when the other is empty, instead of copying both into a third.
    const cf = classified.findings;
    const rf = result.findings;
    const findings: Finding[] = rf.length === 0 ? cf : cf.length === 0 ? rf : cf.concat(rf);
    if (extras.framingHint) findings.unshift(hintFinding(extras.framingHint));
    const event = newEvent(seq, t, time, dir, raw, classified.kind, findings);
    copyExtras(event, extras);
    if (classified.hasId) {
      event.id = classified.id;
      if (classified.idText !== undefined) event.idText = classified.idText;
    }
    event.method = classified.method;
    if (classified.protocol) event.protocol = classified.protocol;
    if (classified.dap) event.dap = classified.dap;
    event.pair = result.pair;
    event.latencyMs = result.latencyMs;
    event.state = result.state;
    if (result.late) event.late = true;
    if (result.error) event.error = result.error;
    else if (classified.error) event.error = this.describer(classified.error);
    else if (classified.dap?.success === false) event.error = dapError(classified.value);
    if (result.items) event.items = result.items;

    if (this.checks) {
      const requestMethod = result.pair !== undefined ? this.recent.get(result.pair)?.method : undefined;
      const extra = this.checks({ dir, classified, requestMethod });
      if (extra.length) event.findings = [...event.findings, ...extra];
    }

    // The correlator's shared empty list when it patched nothing: copied before anything is added.
    let patches = result.patches;
    const link = this.profile.progress.link;
    if (link) {
      const p = this.progress.observe(link, event, classified);
      if (p) (patches = patches === NO_PATCHES ? [] : patches).push(p);
    }
    this.recent.remember(event);
    const later = this.correlator.takeLaterFindings();
    if (later.length) this.addFindings(later, (patches = patches === NO_PATCHES ? [] : patches), seq);
    const lifecycle = this.lifecycleInput;
    lifecycle.seq = seq;
    lifecycle.dir = dir;
    lifecycle.classified = classified;
    const found = this.lifecycle.observe(lifecycle);
    lifecycle.classified = NOTHING_CLASSIFIED;
    if (found.length) this.addFindings(found, (patches = patches === NO_PATCHES ? [] : patches), seq);
    return { event, patches, classified, dialectChanged };
  }

  /** Bytes the framing layer could not make a message of; kept exactly, with the reason. */
  noise(dir: 'in' | 'out', t: number, time: number, raw: string, reason: string, detail: string, rawBase64?: string, hint?: FrameHint): PipelineOutput {
    const event = newEvent(++this.seq, t, time, dir, raw, 'noise', [{ rule: `framing-${reason}`, severity: 'error', message: detail }]);
    event.reason = reason;
    event.note = detail;
    if (hint) event.findings.push(hintFinding(hint));
    if (rawBase64) event.rawBase64 = rawBase64;
    return { event, patches: [] };
  }

  /** Things about the connection: connected, stderr lines, exit, empty HTTP replies. */
  meta(kind: EventKind, t: number, time: number, raw: string, note: string, extras: WireExtras = NO_EXTRAS, dir: Direction = 'meta'): PipelineOutput {
    const event = newEvent(++this.seq, t, time, dir, raw, kind, []);
    event.note = note;
    copyExtras(event, extras);
    return { event, patches: [] };
  }

  /**
   * HTTP: the POST of the request `requestSeq` is over. If nothing on it answered the request (an
   * HTML error page, a 401 whose JSON is no JSON-RPC, a 202/204, a refused connection), the request
   * is settled by `by` — the last thing that came back, or the note of what failed — so it never
   * waits for an answer that cannot come. The reply learns which request it came back to. The
   * request's event, already handed on, learns it by the patches.
   */
  exchangeEnded(requestSeq: number, by: TrafficEvent, failed: boolean): EventPatch[] {
    const patches = this.correlator.endExchange(requestSeq, by, failed);
    if (patches.length === 0) return patches;
    if (by.pair === undefined) {
      by.pair = requestSeq;
      patches.push({ seq: by.seq, pair: requestSeq });
    }
    return patches;
  }

  /**
   * Where the dialect says so (MCP), each request of ours that these patches timed out is cancelled
   * the dialect's way: the texts to send.
   */
  timeoutCancels(patches: EventPatch[]): string[] {
    const profile = this.profile;
    if (!profile.cancelOnTimeout) return [];
    const texts: string[] = [];
    for (const p of patches) {
      const request = p.state === 'timed-out' ? this.recent.get(p.seq) : undefined;
      if (!request || request.dir !== 'out' || request.kind !== 'request') continue;
      const r = profile.cancel({ id: request.id, idText: request.idText, method: request.method }, { reason: 'timed out in rpcscope: no answer within the timeout' });
      if (r.ok) texts.push(r.text);
    }
    return texts;
  }

  /** Pending requests past their timeout become `timed-out`, with the MUST their silence breaks. */
  tick(t: number): EventPatch[] {
    const patches = this.correlator.tick(t);
    this.addFindings(this.correlator.takeLaterFindings(), patches);
    return patches;
  }

  /**
   * Findings about recent events (the current one included). The event being made gets them in its
   * own list; an earlier one, already handed on, gets a patch carrying its whole new findings list
   * (merged into a patch for that event when there is one), and the list is remembered for the next.
   */
  private addFindings(list: readonly { seq: number; finding: Finding }[], patches: EventPatch[], currentSeq?: number): void {
    for (const lf of list) {
      const earlier: RecentEvent | undefined = this.recent.get(lf.seq);
      if (!earlier) continue;
      if (lf.seq === currentSeq) {
        // The event being made (its list is the remembered one): it is not sent yet, so no patch.
        earlier.findings.push(lf.finding);
        continue;
      }
      earlier.findings = [...earlier.findings, lf.finding];
      const p = patches.find((x) => x.seq === lf.seq);
      if (p) p.findings = earlier.findings;
      else patches.push({ seq: lf.seq, findings: earlier.findings });
    }
  }

  /** The target is gone: whatever is still pending ends as `target-exited`. */
  targetExited(t: number): EventPatch[] {
    return this.correlator.targetExited(t);
  }

  /** Requests still waiting for an answer (timed-out ones no longer count), optionally one direction only. */
  pendingCount(dir?: 'in' | 'out'): number {
    let n = 0;
    for (const p of this.correlator.pending()) if (!p.timedOut && (dir === undefined || p.dir === dir)) n++;
    return n;
  }

  /**
   * A dialect's streaming method (A2A's message/stream) is answered by many responses with the
   * request's id on the request's own HTTP exchange: past the first they are the stream going on,
   * so they stay paired with the request and are no duplicate. Anywhere else a second answer is one.
   */
  private continueStream(result: CorrelationResult, extras: WireExtras): void {
    const requestSeq = result.pair;
    if (requestSeq === undefined || result.pairIndex !== undefined || extras.http?.requestSeq !== requestSeq) return;
    const method = this.recent.get(requestSeq)?.method;
    if (method === undefined || !this.profile.streamingMethods.has(method)) return;
    result.state = 'answered';
    result.findings = result.findings.filter((f) => f.rule !== 'duplicate-response');
  }

  private useProfile(id: string, info: SessionDialect): void {
    this.profile = getProfile(id);
    this.describer = this.cachedDescriber();
    this.lifecycle = this.profile.createLifecycleChecker();
    this.dialectInfo = info;
  }

  /**
   * The dialect's describer with a small cache of what a code means (per method, for OpenRPC).
   * Dialects that tell errors apart by their message (`errorsByMessage`) cache per message too; errors
   * that carry `data` are always decoded afresh.
   */
  private cachedDescriber(): (err: RawErrorObject, method?: string) => DecodedError {
    const describe = dialectDescriber(this.profile, this.catalogs);
    const byMessage = this.profile.errorsByMessage;
    this.decoded = new Map();
    return (err, method) => {
      const { code, message } = err;
      if (err.data !== undefined || typeof code !== 'number' || typeof message !== 'string' || (byMessage && message.length > 256)) {
        return describe(err, method);
      }
      const key = byMessage ? `${code}\u0000${method ?? ''}\u0000${message}` : `${code}\u0000${method ?? ''}`;
      const hit = this.decoded.get(key);
      if (hit) return { ...hit, message };
      const fresh = describe(err, method);
      if (this.decoded.size >= 512) this.decoded.clear();
      this.decoded.set(key, fresh);
      return { ...fresh };
    };
  }
}

function hintFinding(hint: FrameHint): Finding {
  return finding(hint.rule, undefined, hint.message);
}

/** A DAP response with success: false, as the decoded error the inspector and counts show. */
function dapError(value: unknown): DecodedError {
  const f = describeDapFailure(value);
  return { code: f?.errorId ?? null, message: f?.detail ?? f?.reason ?? '', name: f?.name ?? 'Request failed', meaning: f?.meaning ?? 'The adapter reported a failure.', source: dapProfile.errors.source };
}

function copyExtras(event: TrafficEvent, extras: WireExtras): void {
  if (extras.rawBase64) event.rawBase64 = extras.rawBase64;
  if (extras.http) event.http = extras.http;
  if (extras.ws) event.ws = extras.ws;
  if (extras.process) event.process = extras.process;
}
