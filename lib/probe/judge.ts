/**
 * Reading a check's exchange: the peer's answers as JSON-RPC entries (through lib/jsonrpc's own
 * classify, so ids compare by exact value and big integers stay exact), and the verdicts most
 * checks share — "nothing came back", "one error with this code", "one answer with this id".
 */
import { classify } from '../jsonrpc/classify';
import { entriesOf, type MessageEntry } from '../dialects/messages';
import { idKey } from '../jsonrpc/ids';
import { splitWire } from '../timeline/wire';
import type { Judgement, ProbeExchange, ProbeLevel, ProbeReply } from './types';

const SHORT = 100;
/** How much of a reply "what the peer did" quotes. */
const DID_SHORT = 80;
/** Every length the report quotes messages at: the redaction pass swaps each quote of a redacted message (lib/redaction/probe.ts). */
export const QUOTE_LENGTHS = [SHORT, DID_SHORT] as const;

/** A recorded message's JSON text, as the report quotes it: without its framing header and last line end. */
export function bodyOfRaw(raw: string): string {
  return splitWire(raw).body.replace(/\r?\n$/, '');
}

/** The first characters of a message, on one line. */
export function short(text: string, max = SHORT): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}

/** Replies that carry a body (an HTTP 204/202 with no body is "nothing"). */
export function answers(ex: ProbeExchange): ProbeReply[] {
  return ex.replies.filter((r) => r.kind !== 'no-body');
}

/** A reply's JSON-RPC entries (a batch flattened); an unparsable reply has one entry of kind parse-error. */
export function entriesOfReply(r: ProbeReply): MessageEntry[] {
  return entriesOf(classify(r.body, { fromPeer: true }));
}

/** The key an id would have on the wire: `idKeyOf(0)`, `idKeyOf('')`, `idKeyOf(null)`. */
export function idKeyOf(id: string | number | null, text?: string): string {
  return idKey(id, text) ?? 'invalid';
}

export function errorCode(e: MessageEntry): number | undefined {
  return typeof e.error?.code === 'number' ? e.error.code : undefined;
}

/** What the peer did, in words: its replies (seq and short text), or silence, or its end. */
export function didText(ex: ProbeExchange): string {
  const got = answers(ex);
  const parts: string[] = [];
  if (got.length === 0) {
    const empty = ex.replies.find((r) => r.kind === 'no-body');
    parts.push(empty ? `answered HTTP ${empty.status ?? '?'} with no body (#${empty.seq})` : 'sent nothing back');
  } else {
    parts.push(got.map((r) => `answered #${r.seq}${r.status !== undefined ? ` (HTTP ${r.status})` : ''} ${short(r.body, DID_SHORT)}`).join('; '));
  }
  if (ex.ended) parts.push(`the target ended${ex.exitCode !== undefined ? ` with exit code ${ex.exitCode}` : ''}: ${ex.ended}`);
  return parts.join('; ');
}

export const pass = (did: string): Judgement => ({ outcome: 'pass', did });
export const fail = (did: string, broke?: ProbeLevel): Judgement => ({ outcome: 'fail', did, ...(broke ? { broke } : {}) });
export const notApplicable = (did: string): Judgement => ({ outcome: 'n/a', did });

/** Nothing may come back (a notification, an all-notification batch). */
export function expectNothing(ex: ProbeExchange): Judgement {
  const did = didText(ex);
  if (ex.ended) return fail(did);
  return answers(ex).length === 0 ? pass(did) : fail(did);
}

/** The single entry of the one reply, or why there is not exactly one. */
export function singleEntry(ex: ProbeExchange): { entry: MessageEntry; reply: ProbeReply } | { problem: string } {
  const got = answers(ex);
  if (got.length === 0) return { problem: ex.ended ? 'no answer' : 'no answer' };
  if (got.length > 1) return { problem: `${got.length} answers where one was due` };
  const entries = entriesOfReply(got[0]);
  const kind = classify(got[0].body).kind;
  if (kind === 'batch') return { problem: `an Array where one Response object was due` };
  return { entry: entries[0], reply: got[0] };
}

/**
 * One Error object with `code`, and an id of `idKey` (the key of null, or of the request's id).
 * `codeLevel`: the level broken when it is an error but with another code (default: the check's).
 */
export function expectError(ex: ProbeExchange, code: number, id: string, codeLevel?: ProbeLevel): Judgement {
  const did = didText(ex);
  const one = singleEntry(ex);
  if ('problem' in one) return fail(did);
  const { entry } = one;
  if (entry.kind !== 'error') return fail(did);
  if (entry.idKey !== id) return fail(did);
  const got = errorCode(entry);
  if (got !== code) return fail(`${did} (code ${got ?? 'missing'}, the spec's is ${code})`, codeLevel);
  return pass(did);
}

/** One answer (result or error) with the id of the request. */
export function expectAnswerWithId(ex: ProbeExchange, id: string): Judgement {
  const did = didText(ex);
  const one = singleEntry(ex);
  if ('problem' in one) return fail(did);
  const { entry } = one;
  if (entry.kind !== 'response' && entry.kind !== 'error') return fail(did);
  return entry.idKey === id ? pass(did) : fail(`${did} (its id is not the request's)`);
}
