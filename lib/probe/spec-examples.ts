/**
 * The JSON-RPC 2.0 specification's own examples (§7) as checks: the spec's request text, sent as
 * one message, and the answer the spec gives. The examples assume the methods `subtract`, `sum`,
 * `get_data` and the notifications `update`, `notify_hello`, `notify_sum`; a peer without them
 * answers -32601, which makes an example that needs them not applicable, not failed.
 */
import { expectBatch } from './batch-judge';
import { didText, expectError, expectNothing, fail, idKeyOf, notApplicable, pass, singleEntry, errorCode } from './judge';
import { JSONRPC_SPEC } from './spec';
import type { Judgement, ProbeCheck, ProbeExchange } from './types';

function expectResult(ex: ProbeExchange, id: string, result: unknown, method: string): Judgement {
  const did = didText(ex);
  const one = singleEntry(ex);
  if ('problem' in one) return fail(did);
  const { entry } = one;
  if (entry.idKey !== id) return fail(`${did} (its id is not the request's)`);
  if (entry.kind === 'error' && errorCode(entry) === -32601) return notApplicable(`${did} (the peer has no ${method})`);
  // Another error: it did answer (the MUST); without the method, -32601 is the code the spec gives.
  if (entry.kind === 'error') return fail(`${did} (an error where the spec gives a result; a peer without ${method} answers -32601)`, 'SHOULD');
  if (entry.kind !== 'response') return fail(did);
  return JSON.stringify(entry.result) === JSON.stringify(result) ? pass(did) : fail(`${did} (the spec's result is ${JSON.stringify(result)})`);
}

type Example = Omit<ProbeCheck, 'sends' | 'group' | 'spec'> & { text: string; spec?: string };

const example = (e: Example): ProbeCheck => {
  const { text, ...rest } = e;
  // Batches are their own group, so a dialect without batches (LSP, MCP) leaves them out.
  const group = text.startsWith('[') ? 'batch' : 'spec-example';
  return { group, spec: JSONRPC_SPEC.example, ...rest, sends: () => [text] };
};

export const SPEC_EXAMPLE_CHECKS: readonly ProbeCheck[] = [
  example({
    id: 'spec-example/positional-1',
    title: 'subtract by position [42, 23] is answered 19',
    level: 'MUST',
    text: '{"jsonrpc": "2.0", "method": "subtract", "params": [42, 23], "id": 1}',
    judge: (ex) => expectResult(ex, idKeyOf(1), 19, 'subtract'),
  }),
  example({
    id: 'spec-example/positional-2',
    title: 'subtract by position [23, 42] is answered -19',
    level: 'MUST',
    text: '{"jsonrpc": "2.0", "method": "subtract", "params": [23, 42], "id": 2}',
    judge: (ex) => expectResult(ex, idKeyOf(2), -19, 'subtract'),
  }),
  example({
    id: 'spec-example/named-1',
    title: 'subtract by name {subtrahend, minuend} is answered 19',
    level: 'MUST',
    text: '{"jsonrpc": "2.0", "method": "subtract", "params": {"subtrahend": 23, "minuend": 42}, "id": 3}',
    judge: (ex) => expectResult(ex, idKeyOf(3), 19, 'subtract'),
  }),
  example({
    id: 'spec-example/named-2',
    title: 'subtract by name {minuend, subtrahend} is answered 19',
    level: 'MUST',
    text: '{"jsonrpc": "2.0", "method": "subtract", "params": {"minuend": 42, "subtrahend": 23}, "id": 4}',
    judge: (ex) => expectResult(ex, idKeyOf(4), 19, 'subtract'),
  }),
  example({
    id: 'spec-example/notification-update',
    title: 'the notification update is not answered',
    level: 'MUST',
    spec: JSONRPC_SPEC.notification,
    changesState: ['update'],
    text: '{"jsonrpc": "2.0", "method": "update", "params": [1,2,3,4,5]}',
    judge: expectNothing,
  }),
  example({
    id: 'spec-example/notification-foobar',
    title: 'the notification foobar (no such method) is not answered, not even with an error',
    level: 'MUST',
    spec: JSONRPC_SPEC.notification,
    text: '{"jsonrpc": "2.0", "method": "foobar"}',
    judge: expectNothing,
  }),
  example({
    id: 'spec-example/method-not-found',
    title: 'a call of foobar is answered -32601 Method not found',
    level: 'MUST',
    spec: JSONRPC_SPEC.methodNotFound,
    text: '{"jsonrpc": "2.0", "method": "foobar", "id": "1"}',
    judge: (ex) => expectError(ex, -32601, idKeyOf('1'), 'SHOULD'),
  }),
  example({
    id: 'spec-example/invalid-json',
    title: 'invalid JSON is answered -32700 Parse error with id null',
    level: 'MUST',
    spec: JSONRPC_SPEC.parseError,
    text: '{"jsonrpc": "2.0", "method": "foobar, "params": "bar", "baz]',
    judge: (ex) => expectError(ex, -32700, 'null', 'SHOULD'),
  }),
  example({
    id: 'spec-example/invalid-request',
    title: 'a Request whose method is 1 is answered -32600 Invalid Request with id null',
    level: 'MUST',
    spec: JSONRPC_SPEC.methodType,
    text: '{"jsonrpc": "2.0", "method": 1, "params": "bar"}',
    judge: (ex) => expectError(ex, -32600, 'null', 'SHOULD'),
  }),
  example({
    id: 'spec-example/batch-invalid-json',
    title: 'a batch that is invalid JSON is answered by one -32700 object, not an Array',
    level: 'MUST',
    spec: JSONRPC_SPEC.batchSingle,
    text: '[{"jsonrpc": "2.0", "method": "sum", "params": [1,2,4], "id": "1"},{"jsonrpc": "2.0", "method"]',
    judge: (ex) => expectError(ex, -32700, 'null', 'SHOULD'),
  }),
  example({
    id: 'spec-example/empty-array',
    title: 'an empty Array is answered by one -32600 object, not an Array and not silence',
    level: 'MUST',
    spec: JSONRPC_SPEC.batchSingle,
    text: '[]',
    judge: (ex) => expectError(ex, -32600, 'null', 'SHOULD'),
  }),
  example({
    id: 'spec-example/invalid-batch-1',
    title: 'the batch [1] is answered by an Array of one -32600',
    level: 'SHOULD',
    spec: JSONRPC_SPEC.batchArray,
    text: '[1]',
    judge: (ex) => expectBatch(ex, [{ id: 'null', code: -32600 }], 'SHOULD'),
  }),
  example({
    id: 'spec-example/invalid-batch-3',
    title: 'the batch [1,2,3] is answered by an Array of three -32600',
    level: 'SHOULD',
    spec: JSONRPC_SPEC.batchArray,
    text: '[1,2,3]',
    judge: (ex) => expectBatch(ex, [1, 2, 3].map(() => ({ id: 'null', code: -32600 })), 'SHOULD'),
  }),
  example({
    id: 'spec-example/batch',
    title: 'the mixed batch of six gets five Responses (none for the notification)',
    level: 'MUST',
    spec: JSONRPC_SPEC.batchArray,
    text: '[{"jsonrpc": "2.0", "method": "sum", "params": [1,2,4], "id": "1"},{"jsonrpc": "2.0", "method": "notify_hello", "params": [7]},{"jsonrpc": "2.0", "method": "subtract", "params": [42,23], "id": "2"},{"foo": "boo"},{"jsonrpc": "2.0", "method": "foo.get", "params": {"name": "myself"}, "id": "5"},{"jsonrpc": "2.0", "method": "get_data", "id": "9"}]',
    judge: (ex) =>
      expectBatch(
        ex,
        [
          { id: idKeyOf('1'), result: 7 },
          { id: idKeyOf('2'), result: 19 },
          { id: 'null', code: -32600 },
          { id: idKeyOf('5'), code: -32601 },
          { id: idKeyOf('9'), result: ['hello', 5] },
        ],
        'SHOULD',
      ),
  }),
  example({
    id: 'spec-example/batch-all-notifications',
    title: 'a batch of notifications only gets nothing back (not an empty Array)',
    level: 'MUST',
    spec: JSONRPC_SPEC.batchNothing,
    text: '[{"jsonrpc": "2.0", "method": "notify_sum", "params": [1,2,4]},{"jsonrpc": "2.0", "method": "notify_hello", "params": [7]}]',
    judge: expectNothing,
  }),
];
