/**
 * An answer judged against the request it answers. rpcscope knows what it sent, so it can tell
 * when a peer answers normally what was not a valid Request, claims a Parse error for valid JSON,
 * gives the wrong standard code, drops a readable id, says "Method not found" for a method it
 * answers elsewhere, or stays silent where the spec requires an answer.
 */
import type { DecodedError, Finding } from '../session/types';
import type { Entry, LaterFinding, Space } from './correlator-state';
import { formatId, NULL_ID_KEY } from './ids';
import { finding } from './rules/table';
import type { ClassifiedItem } from './types';

const PARSE_ERROR = -32700;
const METHOD_NOT_FOUND = -32601;
const INVALID_PARAMS = -32602;

/** What the checks concluded beyond findings: a decoded error that must not repeat the peer's claim. */
export interface AnswerVerdict {
  /** Replaces the decoded error's meaning (the catalog's text would repeat a false claim). */
  meaning?: string;
}

/** The first error finding's text: why a message was not a valid Request. */
export function firstError(findings: readonly Finding[]): string {
  for (const f of findings) if (f.severity === 'error') return f.message;
  return 'it is not a valid Request object';
}

function requestLabel(e: Entry): string {
  const at = e.batch && e.index !== undefined ? `entry ${e.index} of the batch #${e.batch.seq}` : `the request #${e.seq}`;
  return e.method !== undefined ? `${at} (${JSON.stringify(e.method)})` : at;
}

/**
 * Checks the answer `item` (paired with `e`, the request it answers; `space` holds that request's
 * side) and pushes findings for the answer to `fs` and for earlier answers to `later`.
 */
export function checkAnswer(e: Entry, item: ClassifiedItem, answerSeq: number, path: string | undefined, space: Space, fs: Finding[], later: LaterFinding[]): AnswerVerdict {
  const verdict: AnswerVerdict = {};
  if (e.dap || e.emptyBatch) return verdict;
  const isError = item.error !== undefined;
  const code = isError && typeof item.error!.code === 'number' ? item.error!.code : undefined;

  if (!isError && e.invalid !== undefined && e.parsed) {
    fs.push(finding('invalid-request-answered', path, `${requestLabel(e)} was not a valid Request (${e.invalid}), yet it got a normal result; the answer due is an Invalid Request error (-32600).`));
  }
  if (code === PARSE_ERROR && e.parsed) {
    const due = e.invalid !== undefined ? ' It was not a valid Request object, so -32600 Invalid Request was due.' : '';
    fs.push(finding('parse-error-misclaimed', join(path, 'error.code'), `The code says Parse error (-32700), but ${requestLabel(e)} was valid JSON.${due}`));
    verdict.meaning = `The code says Parse error, but the request was valid JSON: the peer's claim is false.${due}`;
  } else if ((code === INVALID_PARAMS || code === METHOD_NOT_FOUND) && e.invalid !== undefined) {
    fs.push(finding('invalid-request-wrong-code', join(path, 'error.code'), `${requestLabel(e)} was not a valid Request (${e.invalid}): the code due is -32600 Invalid Request, not ${code}.`));
  }

  const readable = e.key !== undefined && e.key !== NULL_ID_KEY;
  if (isError && item.hasId && item.id === null && readable) {
    fs.push(finding('error-null-id-readable', join(path, 'id'), `This error has a null id, but ${requestLabel(e)} had the readable id ${formatId(e.id ?? null, e.idText)}; the answer must carry it.`));
  }

  // "Method not found" against the rest of the session, in both orders.
  if (e.invalid === undefined && e.method !== undefined) {
    if (code === METHOD_NOT_FOUND) {
      const ok = space.methodsAnswered.get(e.method);
      if (ok !== undefined) {
        fs.push(finding('method-not-found-misclaimed', join(path, 'error.code'), `Method not found for ${JSON.stringify(e.method)}, but the peer answered that method with a result in #${ok}.`));
      } else {
        space.noteMethodNotFound(e.method, answerSeq, path);
      }
    } else if (!isError) {
      if (!space.methodsAnswered.has(e.method)) {
        for (const nf of space.methodsNotFound.get(e.method) ?? []) {
          later.push({
            seq: nf.seq,
            finding: finding('method-not-found-misclaimed', join(nf.path, 'error.code'), `Method not found for ${JSON.stringify(e.method)}, but the peer answered that method with a result later, in #${answerSeq}.`),
          });
        }
        space.methodsNotFound.delete(e.method);
      }
      space.noteMethodAnswered(e.method, answerSeq);
    }
  }
  return verdict;
}

/** The decoded error with the verdict's meaning, when the checks found the catalog's text untrue. */
export function withVerdict(error: DecodedError, verdict: AnswerVerdict): DecodedError {
  return verdict.meaning === undefined ? error : { ...error, meaning: verdict.meaning };
}

/** The finding for a request we sent that got no answer within the timeout (on the request's event). */
export function noResponseFinding(e: Entry, timeoutMs: number): LaterFinding {
  const secs = timeoutMs >= 1000 ? `${Math.round(timeoutMs / 100) / 10} s` : `${timeoutMs} ms`;
  const what = !e.parsed
    ? 'even to text it cannot parse, the Server must reply with a Parse error (-32700)'
    : e.emptyBatch
      ? 'an empty batch must get a single Invalid Request error'
      : e.invalid !== undefined
        ? 'even to an invalid Request, the Server must reply with an Invalid Request error (-32600)'
        : 'only notifications go unanswered';
  const path = e.batch && e.index !== undefined ? `[${e.index}]` : undefined;
  const seq = e.batch ? e.batch.seq : e.seq;
  const label = e.batch && e.index !== undefined ? `Entry ${e.index} got` : 'This got';
  return { seq, finding: finding('no-response', path, `${label} no answer within the ${secs} timeout: ${what}.`) };
}

function join(prefix: string | undefined, name: string): string {
  return prefix === undefined || prefix === '' ? name : prefix + '.' + name;
}
