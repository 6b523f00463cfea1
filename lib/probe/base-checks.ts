/**
 * The checks every JSON-RPC 2.0 peer is held to, beyond the spec's own examples: notifications,
 * the id edge cases, invalid Requests, parse errors and batch shapes. Requests use the dialect's
 * harmless request (an unknown method unless the dialect has a better one), so nothing changes.
 */
import { expectBatch } from './batch-judge';
import { didText, errorCode, expectAnswerWithId, expectError, expectNothing, fail, idKeyOf, pass, singleEntry } from './judge';
import { UNKNOWN_METHOD, notificationText, requestText } from './messages';
import { JSONRPC_SPEC } from './spec';
import type { Judgement, ProbeCheck, ProbeContext, ProbeExchange } from './types';

const harmless = (ctx: ProbeContext, idJson: string) => requestText(ctx.harmless.method, idJson, ctx.harmless.params);

/** An error for an invalid Request: id null or the request's own (both readable cases are fine), code -32600 (a SHOULD). */
function expectInvalidRequest(ex: ProbeExchange, ownId: string): Judgement {
  const did = didText(ex);
  const one = singleEntry(ex);
  if ('problem' in one) return fail(did);
  const { entry } = one;
  if (entry.kind !== 'error') return fail(`${did} (an invalid Request was treated as valid)`);
  if (entry.idKey !== 'null' && entry.idKey !== ownId) return fail(`${did} (its id is neither null nor the request's)`);
  const code = errorCode(entry);
  return code === -32600 ? pass(did) : fail(`${did} (code ${code ?? 'missing'}, the spec's is -32600)`, 'SHOULD');
}

export const BASE_CHECKS: readonly ProbeCheck[] = [
  {
    id: 'notification/known',
    title: 'a notification of a method the peer knows is not answered',
    level: 'MUST',
    group: 'notification',
    spec: JSONRPC_SPEC.notification,
    sends: (ctx) => [notificationText(ctx.knownNotification.method, ctx.knownNotification.params)],
    judge: expectNothing,
  },
  {
    id: 'notification/unknown',
    title: 'a notification of an unknown method is not answered, not even with an error',
    level: 'MUST',
    group: 'notification',
    spec: JSONRPC_SPEC.notification,
    sends: () => [notificationText(UNKNOWN_METHOD)],
    judge: expectNothing,
  },
  {
    id: 'id/zero',
    title: 'id 0 is a real id: the answer carries 0',
    level: 'MUST',
    group: 'id',
    spec: JSONRPC_SPEC.sameId,
    sends: (ctx) => [harmless(ctx, '0')],
    judge: (ex) => expectAnswerWithId(ex, idKeyOf(0)),
  },
  {
    id: 'id/empty-string',
    title: 'id "" is a real id: the answer carries ""',
    level: 'MUST',
    group: 'id',
    spec: JSONRPC_SPEC.sameId,
    sends: (ctx) => [harmless(ctx, '""')],
    judge: (ex) => expectAnswerWithId(ex, idKeyOf('')),
  },
  {
    id: 'id/null',
    title: 'a request with id null is answered with id null',
    level: 'SHOULD',
    group: 'id',
    spec: JSONRPC_SPEC.idNull,
    sends: (ctx) => [harmless(ctx, 'null')],
    judge: (ex) => expectAnswerWithId(ex, 'null'),
  },
  {
    id: 'id/fraction',
    title: 'id 1.5 is answered with 1.5 (or refused as -32600 with id null)',
    level: 'SHOULD',
    group: 'id',
    spec: JSONRPC_SPEC.idFraction,
    sends: (ctx) => [harmless(ctx, '1.5')],
    judge: (ex) => {
      const one = singleEntry(ex);
      if (!('problem' in one) && one.entry.kind === 'error' && one.entry.idKey === 'null') return pass(`${didText(ex)} (refused the fractional id)`);
      return expectAnswerWithId(ex, idKeyOf(1.5));
    },
  },
  {
    id: 'id/object',
    title: 'an Object id makes an invalid Request: -32600 with id null',
    level: 'MUST',
    group: 'id',
    spec: JSONRPC_SPEC.idType,
    sends: (ctx) => [harmless(ctx, '{"probe":1}')],
    judge: (ex) => expectError(ex, -32600, 'null', 'SHOULD'),
  },
  {
    id: 'id/beyond-2^53',
    title: 'id 9007199254740993 (beyond 2^53) comes back exactly, not rounded',
    level: 'SHOULD',
    group: 'id',
    spec: JSONRPC_SPEC.idBig,
    sends: (ctx) => [harmless(ctx, '9007199254740993')],
    judge: (ex) => expectAnswerWithId(ex, idKeyOf(Number('9007199254740993'), '9007199254740993')),
  },
  {
    id: 'invalid-request/no-jsonrpc',
    title: 'a Request without "jsonrpc" is refused with -32600',
    level: 'MUST',
    group: 'invalid-request',
    spec: JSONRPC_SPEC.version,
    sends: (ctx) => [`{"id":"probe-no-jsonrpc","method":${JSON.stringify(ctx.harmless.method)}}`],
    judge: (ex) => expectInvalidRequest(ex, idKeyOf('probe-no-jsonrpc')),
  },
  {
    id: 'invalid-request/method-not-string',
    title: 'a Request whose method is a number is refused with -32600',
    level: 'MUST',
    group: 'invalid-request',
    spec: JSONRPC_SPEC.methodType,
    sends: () => ['{"jsonrpc":"2.0","id":"probe-method-number","method":42}'],
    judge: (ex) => expectInvalidRequest(ex, idKeyOf('probe-method-number')),
  },
  {
    id: 'invalid-request/params-not-structured',
    title: 'a Request whose params is a string is refused with -32600',
    level: 'MUST',
    group: 'invalid-request',
    spec: JSONRPC_SPEC.paramsType,
    sends: (ctx) => [`{"jsonrpc":"2.0","id":"probe-params-string","method":${JSON.stringify(ctx.harmless.method)},"params":"bar"}`],
    judge: (ex) => expectInvalidRequest(ex, idKeyOf('probe-params-string')),
  },
  {
    id: 'parse-error/truncated',
    title: 'a message cut off mid-object is answered -32700 with id null',
    level: 'MUST',
    group: 'parse-error',
    spec: JSONRPC_SPEC.parseError,
    sends: () => ['{"jsonrpc":"2.0","id":"probe-cut","method":'],
    judge: (ex) => expectError(ex, -32700, 'null', 'SHOULD'),
  },
  {
    id: 'batch/one-element',
    title: 'a batch of one request is answered by an Array of one Response',
    level: 'SHOULD',
    group: 'batch',
    spec: JSONRPC_SPEC.batchArray,
    sends: (ctx) => [`[${harmless(ctx, '"probe-batch-one"')}]`],
    judge: (ex) => expectBatch(ex, [{ id: idKeyOf('probe-batch-one') }], 'SHOULD'),
  },
  {
    id: 'batch/mixed',
    title: 'a batch of two requests, an invalid entry and a notification gets three Responses',
    level: 'MUST',
    group: 'batch',
    spec: JSONRPC_SPEC.batchArray,
    sends: (ctx) => [`[${harmless(ctx, '"probe-b1"')},{"foo":"boo"},${notificationText(UNKNOWN_METHOD)},${harmless(ctx, '"probe-b2"')}]`],
    judge: (ex) => expectBatch(ex, [{ id: idKeyOf('probe-b1') }, { id: idKeyOf('probe-b2') }, { id: 'null', code: -32600 }], 'SHOULD'),
  },
];
