/**
 * Running a folder as a sequence: items in order, each item's `{{variables}}` filled from the
 * environment and from what earlier items captured, its answer judged by its assertions. The
 * sending is handed in (`send`), so the command line (`rpcscope run`) and the app's "Run folder"
 * share this one judge; neither writes its own.
 */
import type { TrafficEvent } from '../session/types';
import { bodyOf } from '../builder/json-text';
import { describeUnknown, substituteMessage, maskSecretsIn, type VariableLike } from '../variables';
import { captureFrom, judgeAssertions, type Answer, type AssertionResult } from './assert';
import type { ItemChecks } from './checks';
import { itemMessageText } from './run';
import { RunIds, autoIdsOf } from './auto-ids';
import type { CollectionItemKind, TreeFolderLike, TreeItemLike } from './types';

export interface PlannedItem {
  /** Folder names from the collection's root down to the item's folder. */
  folder: string[];
  name: string;
  kind: CollectionItemKind;
  payload: unknown;
  target?: TreeItemLike['target'];
  checks?: ItemChecks;
}

/** What the sender saw: the recorded request and its answer, or why it could not send. */
export interface Exchange {
  request?: TrafficEvent;
  answer?: TrafficEvent;
  /** Could not connect or send (the words are the sender's). */
  error?: string;
}

export type ItemStatus = 'passed' | 'failed' | 'error';

export interface ItemOutcome {
  folder: string[];
  name: string;
  status: ItemStatus;
  /** The text sent, with secret values masked. */
  sent?: string;
  assertions: AssertionResult[];
  /** Variables this item set (names only: a captured token is as secret as any other). */
  captured: string[];
  /** Why it failed or could not run, besides failed assertions. */
  problems: string[];
  latencyMs?: number;
  durationMs: number;
}

export interface RunReport {
  items: ItemOutcome[];
  passed: number;
  failed: number;
  errors: number;
  durationMs: number;
}

/**
 * The items of a folder (or of the whole collection when `folder` is empty) in the order the
 * user sees them: a folder's own items first, then each subfolder's, depth first.
 */
export function planItems(tree: { items: TreeItemLike[]; folders: TreeFolderLike[] }, base: string[] = []): PlannedItem[] {
  const out: PlannedItem[] = [];
  for (const it of tree.items) out.push({ folder: base, name: it.name, kind: it.kind, payload: it.payload, target: it.target, checks: it.checks });
  for (const f of tree.folders) out.push(...planItems(f, [...base, f.name]));
  return out;
}

/** A folder by its path of names (`["auth", "tokens"]`, compared without case), or null. */
export function findFolder<F extends TreeFolderLike>(folders: F[], path: readonly string[]): F | null {
  let list = folders;
  let found: F | null = null;
  for (const name of path) {
    found = list.find((f) => f.name.toLowerCase() === name.toLowerCase()) ?? null;
    if (!found) return null;
    list = found.folders as F[];
  }
  return found;
}

/** What an exchange says for the judge: the parsed answer, its latency, every finding. */
export function answerOf(ex: Exchange): Answer {
  const findings = [...(ex.request?.findings ?? []), ...(ex.answer?.findings ?? [])];
  if (ex.error) return { body: undefined, noAnswer: ex.error, findings };
  const latencyMs = ex.answer?.latencyMs ?? ex.request?.latencyMs;
  if (!ex.answer) {
    const state = ex.request?.state;
    const why = state === undefined ? 'a notification gets no answer' : state === 'pending' ? 'no answer yet' : `no answer (${state})`;
    return { body: undefined, noAnswer: why, findings };
  }
  try {
    return { body: JSON.parse(bodyOf(ex.answer.raw)), latencyMs, findings };
  } catch {
    return { body: undefined, noAnswer: `the answer is not JSON (${ex.answer.kind})`, findings, latencyMs };
  }
}

export async function runSequence(
  items: readonly PlannedItem[],
  env: readonly VariableLike[],
  send: (item: PlannedItem, text: string) => Promise<Exchange>,
  now: () => number = Date.now,
  /** Where a batch's "auto" ids are numbered from (the session's next id when run in one). */
  ids: RunIds = new RunIds(),
): Promise<RunReport> {
  const started = now();
  // Captured values override the environment's from the item after the capture on.
  const captured = new Map<string, string>();
  const outcomes: ItemOutcome[] = [];
  for (const item of items) {
    const t0 = now();
    const vars: VariableLike[] = [...env.filter((v) => !captured.has(v.name)), ...[...captured].map(([name, value]) => ({ name, value }))];
    const template = ids.fresh(itemMessageText(item.payload), item.kind === 'batch' ? autoIdsOf(item.payload) : []);
    const message = substituteMessage(template, vars, 'payload');
    const base = { folder: item.folder, name: item.name, assertions: [] as AssertionResult[], captured: [] as string[] };
    if (message.unknown.length) {
      outcomes.push({ ...base, status: 'error', problems: [describeUnknown(message.unknown)], durationMs: now() - t0 });
      continue;
    }
    ids.noteSent(message.text);
    const ex = await send(item, message.text);
    const answer = answerOf(ex);
    const assertions = judgeAssertions(item.checks?.assertions ?? [], answer);
    const caps = captureFrom(item.checks?.captures ?? [], answer);
    for (const [k, v] of Object.entries(caps.values)) captured.set(k, v);
    const problems = [...(ex.error ? [ex.error] : []), ...caps.failures];
    const status: ItemStatus = ex.error ? 'error' : problems.length || assertions.some((a) => !a.pass) ? 'failed' : 'passed';
    outcomes.push({
      ...base,
      status,
      sent: maskSecretsIn(message.text, env),
      assertions,
      captured: Object.keys(caps.values),
      problems,
      latencyMs: answer.latencyMs,
      durationMs: now() - t0,
    });
  }
  const count = (s: ItemStatus) => outcomes.filter((o) => o.status === s).length;
  return { items: outcomes, passed: count('passed'), failed: count('failed'), errors: count('error'), durationMs: now() - started };
}
