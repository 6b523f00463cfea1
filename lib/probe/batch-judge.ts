/**
 * Judging a batch reply: one Array, one Response per request entry (matched by id; the id-Null
 * errors by count), none for notifications. Order is free, as the spec says.
 */
import { classify } from '../jsonrpc/classify';
import { answers, didText, entriesOfReply, errorCode, fail, pass } from './judge';
import type { Judgement, ProbeExchange, ProbeLevel } from './types';

export interface ExpectedEntry {
  /** The id key (lib/jsonrpc/ids idKey): `s:1`, `n:0`, `null`. */
  id: string;
  /** An error with this code is due. */
  code?: number;
  /** This result is due (deep-equal); a -32601 instead means the peer lacks the method and is accepted. */
  result?: unknown;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * `level`: what a wrong shape or a missing Response breaks (a SHOULD in §6). Codes other than the
 * due ones break a SHOULD; a Response more than due answers a notification, which breaks a MUST.
 */
export function expectBatch(ex: ProbeExchange, expected: readonly ExpectedEntry[], level: ProbeLevel): Judgement {
  const did = didText(ex);
  const got = answers(ex);
  if (got.length === 0) return fail(did, level === 'SHOULD' ? 'SHOULD' : undefined);
  if (got.length > 1 || classify(got[0].body).kind !== 'batch') return fail(`${did} (not one Array of Responses)`, 'SHOULD');
  const entries = entriesOfReply(got[0]);
  const left = [...entries];
  const problems: string[] = [];
  let codeProblem = false;
  for (const want of expected) {
    const i = left.findIndex((e) => e.idKey === want.id && (e.kind === 'response' || e.kind === 'error'));
    if (i < 0) {
      problems.push(`no Response with id ${want.id === 'null' ? 'null' : want.id.slice(2)}`);
      continue;
    }
    const [e] = left.splice(i, 1);
    if (want.code !== undefined && errorCode(e) !== want.code) {
      problems.push(`id ${want.id.slice(2) || want.id}: code ${errorCode(e) ?? 'none'}, the spec's is ${want.code}`);
      codeProblem = true;
    }
    if (want.result !== undefined && !(e.kind === 'error' && errorCode(e) === -32601) && (e.kind !== 'response' || !same(e.result, want.result))) {
      problems.push(`id ${want.id.slice(2)}: ${e.kind === 'error' ? `error ${errorCode(e)}` : `result ${JSON.stringify(e.result)}`}, the spec's is ${JSON.stringify(want.result)}`);
    }
  }
  if (left.length > 0) problems.push(`${left.length} Response${left.length === 1 ? '' : 's'} more than due`);
  if (problems.length === 0) return pass(did);
  const onlyCodes = codeProblem && problems.every((p) => p.includes('code'));
  return fail(`${did} (${problems.join('; ')})`, left.length > 0 ? 'MUST' : onlyCodes ? 'SHOULD' : level);
}
