/**
 * Two sessions side by side (before and after a server change, say): each reduced to its
 * messages — a request carries its answer along —, aligned by direction and method (./align),
 * then every aligned pair compared: the params sent, the result or error that came back (a JSON
 * diff, ./json-diff) and the latency, flagged when it moved by at least the threshold.
 */
import type { TrafficEvent } from '../session/types';
import { splitWire } from '../timeline/wire';
import { align } from './align';
import { jsonDiff, type JsonChange } from './json-diff';

/** Messages per side beyond this are left out of the comparison (the result says so). */
export const MAX_DIFF_STEPS = 50_000;

export interface Step {
  /** The message: a request, a notification, a batch, or an entry that answers nothing known. */
  ev: TrafficEvent;
  /** Its answer, when it is a request that got one. */
  answer?: TrafficEvent;
  /** What alignment compares: direction and method (or kind). */
  key: string;
}

const isAnswer = (ev: TrafficEvent) => ev.kind === 'response' || ev.kind === 'error' || (ev.kind === 'batch' && (ev.items ?? []).some((it) => it.kind === 'response' || it.kind === 'error'));

function keyOf(ev: TrafficEvent): string {
  if (ev.kind === 'batch') return `${ev.dir} batch [${(ev.items ?? []).map((it) => it.method ?? it.kind).join(', ')}]`;
  return `${ev.dir} ${ev.method ?? ev.kind}`;
}

/** The session as the diff sees it: no connection notes or stderr, answers folded into their requests. */
/** The diff compares bodies, so it works on full events (loaded for it: components/views/load-events.ts). */
export type FullLookup = (seq: number) => TrafficEvent | undefined;

export function stepsOf(events: readonly TrafficEvent[], lookup: FullLookup): Step[] {
  const out: Step[] = [];
  for (const ev of events) {
    if (ev.dir === 'meta') continue;
    if (isAnswer(ev)) {
      const req = ev.pair !== undefined ? lookup(ev.pair) : undefined;
      if (req && req.pair === ev.seq) continue; // shown with its request
    }
    const answerSeq = ev.kind === 'batch' ? ev.items?.find((it) => it.pair !== undefined)?.pair : ev.pair;
    const answer = !isAnswer(ev) && answerSeq !== undefined ? lookup(answerSeq) : undefined;
    out.push({ ev, answer, key: keyOf(ev) });
    if (out.length >= MAX_DIFF_STEPS) break;
  }
  return out;
}

function body(ev: TrafficEvent | undefined): unknown {
  if (!ev) return undefined;
  try {
    return JSON.parse(splitWire(ev.raw).body) as unknown;
  } catch {
    return splitWire(ev.raw).body;
  }
}

const member = (v: unknown, k: string): unknown => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>)[k] : undefined);

/** What came back, in the shape worth comparing: `{result}`, `{error}`, a batch's array, or nothing. */
function outcomeOf(step: Step): { what: 'result' | 'error' | 'batch' | 'none'; value: unknown } {
  if (!step.answer) return { what: 'none', value: undefined };
  const v = body(step.answer);
  if (Array.isArray(v)) return { what: 'batch', value: v.map((it) => (member(it, 'error') !== undefined ? { error: member(it, 'error') } : { result: member(it, 'result') })) };
  if (member(v, 'error') !== undefined) return { what: 'error', value: member(v, 'error') };
  return { what: 'result', value: member(v, 'result') };
}

const latencyOf = (s: Step) => s.answer?.latencyMs ?? s.ev.latencyMs;

export interface PairDiff {
  /** The params sent differ. */
  params: JsonChange[];
  /** How the outcome differs: 'same', the values differ, or one side got another kind of answer. */
  outcome: 'same' | 'differs' | 'result-vs-error' | 'answered-vs-not';
  changes: JsonChange[];
  more: boolean;
  latency?: { a: number; b: number };
  /** |b − a| at least the threshold. */
  latencyChanged: boolean;
}

export type DiffRow =
  | { kind: 'same'; a: Step; b: Step; diff: PairDiff }
  | { kind: 'missing'; a: Step }
  | { kind: 'extra'; b: Step };

export interface SessionDiff {
  rows: DiffRow[];
  counts: { same: number; changed: number; missing: number; extra: number; slower: number; faster: number };
  gaveUp: boolean;
  /** A side had more than MAX_DIFF_STEPS messages. */
  cut: boolean;
}

export function comparePair(a: Step, b: Step, latencyThresholdMs: number): PairDiff {
  const params = jsonDiff(member(body(a.ev), 'params'), member(body(b.ev), 'params')).changes;
  const oa = outcomeOf(a);
  const ob = outcomeOf(b);
  let outcome: PairDiff['outcome'] = 'same';
  let changes: JsonChange[] = [];
  let more = false;
  if ((oa.what === 'none') !== (ob.what === 'none')) outcome = 'answered-vs-not';
  else if (oa.what !== ob.what) {
    outcome = 'result-vs-error';
    ({ changes, more } = jsonDiff({ [oa.what]: oa.value }, { [ob.what]: ob.value }));
  } else {
    ({ changes, more } = jsonDiff(oa.value, ob.value));
    if (changes.length) outcome = 'differs';
  }
  const la = latencyOf(a);
  const lb = latencyOf(b);
  const latency = la !== undefined && lb !== undefined ? { a: la, b: lb } : undefined;
  return { params, outcome, changes, more, latency, latencyChanged: !!latency && Math.abs(latency.b - latency.a) >= latencyThresholdMs };
}

export function diffSessions(
  a: { events: readonly TrafficEvent[]; lookup: FullLookup },
  b: { events: readonly TrafficEvent[]; lookup: FullLookup },
  opts: { latencyThresholdMs: number; maxEdits?: number },
): SessionDiff {
  const sa = stepsOf(a.events, a.lookup);
  const sb = stepsOf(b.events, b.lookup);
  const { ops, gaveUp } = align(sa.map((s) => s.key), sb.map((s) => s.key), opts.maxEdits);
  const counts = { same: 0, changed: 0, missing: 0, extra: 0, slower: 0, faster: 0 };
  const rows: DiffRow[] = ops.map((op) => {
    if (op.op === 'removed') {
      counts.missing++;
      return { kind: 'missing', a: sa[op.a] };
    }
    if (op.op === 'added') {
      counts.extra++;
      return { kind: 'extra', b: sb[op.b] };
    }
    const diff = comparePair(sa[op.a], sb[op.b], opts.latencyThresholdMs);
    if (diff.outcome !== 'same' || diff.params.length) counts.changed++;
    else counts.same++;
    if (diff.latencyChanged && diff.latency) {
      if (diff.latency.b > diff.latency.a) counts.slower++;
      else counts.faster++;
    }
    return { kind: 'same', a: sa[op.a], b: sb[op.b], diff };
  });
  return { rows, counts, gaveUp, cut: sa.length >= MAX_DIFF_STEPS || sb.length >= MAX_DIFF_STEPS };
}

/** "Compare with…" on two single entries: their whole message bodies, JSON against JSON. */
export function compareEntries(a: TrafficEvent, b: TrafficEvent): { changes: JsonChange[]; more: boolean } {
  return jsonDiff(body(a), body(b));
}
