import { describe, expect, it } from 'vitest';
import { MessagePipeline } from '@/lib/session/pipeline';
import { createOpenRpcCheck, openRpcCatalog, OpenRpcDocument, OpenRpcSet } from '@/lib/openrpc';
import type { TrafficEvent } from '@/lib/session/types';
import { docWith, petstore } from './fixtures';

/** A pipeline with the fixture document attached the way a live session attaches it. */
function session(dialect?: string, docs = [petstore()]) {
  const pipeline = new MessagePipeline({ dialect });
  const set = new OpenRpcSet(docs);
  pipeline.setCatalogs([openRpcCatalog(set)]);
  pipeline.setMessageCheck(createOpenRpcCheck(set));
  let t = 0;
  const send = (msg: unknown): TrafficEvent => pipeline.message('out', ++t, Date.now(), JSON.stringify(msg), JSON.stringify(msg)).event;
  const receive = (msg: unknown): TrafficEvent => pipeline.message('in', ++t, Date.now(), JSON.stringify(msg), JSON.stringify(msg)).event;
  return { send, receive };
}
const openrpc = (e: TrafficEvent) => e.findings.filter((f) => f.rule.startsWith('openrpc-'));

describe('requests are checked against the document', () => {
  it('flags invalid params of a request sent, naming the document', () => {
    const s = session();
    const e = s.send({ jsonrpc: '2.0', id: 1, method: 'getPet', params: { petId: 'seven' } });
    expect(openrpc(e)).toEqual([
      {
        rule: 'openrpc-params',
        severity: 'warning',
        message: 'params.petId must be an integer (it is the string "seven")',
        path: 'params.petId',
        spec: 'OpenRPC “Petstore” 1.0.0: getPet takes {petId: integer (required)} by name',
      },
    ]);
  });

  it('leaves valid requests alone', () => {
    const s = session();
    expect(openrpc(s.send({ jsonrpc: '2.0', id: 1, method: 'add', params: [1, 2] }))).toEqual([]);
    expect(openrpc(s.send({ jsonrpc: '2.0', id: 2, method: 'rpc.discover' }))).toEqual([]);
  });

  it('checks every request inside a batch, with the entry index in the path', () => {
    const s = session();
    const e = s.send([
      { jsonrpc: '2.0', id: 1, method: 'add', params: [1, 2] },
      { jsonrpc: '2.0', id: 2, method: 'add', params: { a: 1 } },
    ]);
    expect(openrpc(e).map((f) => f.path)).toEqual(['[1].params']);
  });

  it('says when a method sent is not in the document, as information', () => {
    const e = session().send({ jsonrpc: '2.0', id: 1, method: 'feedPet', params: {} });
    expect(openrpc(e)).toEqual([expect.objectContaining({ rule: 'openrpc-unknown-method', severity: 'info', path: 'method' })]);
    expect(openrpc(e)[0].message).toBe('"feedPet" is not a method of the OpenRPC document “Petstore” 1.0.0');
  });
});

describe('answers are checked against the answered method', () => {
  it('flags a result that breaks the result schema', () => {
    const s = session();
    s.send({ jsonrpc: '2.0', id: 1, method: 'countPets' });
    const e = s.receive({ jsonrpc: '2.0', id: 1, result: '2' });
    expect(openrpc(e)).toEqual([expect.objectContaining({ rule: 'openrpc-result', path: 'result', message: 'result must be an integer (it is the string "2")' })]);
  });

  it('flags an error code the method does not declare, but not JSON-RPC reserved codes', () => {
    const s = session();
    s.send({ jsonrpc: '2.0', id: 1, method: 'deletePet', params: { petId: 1 } });
    const e = s.receive({ jsonrpc: '2.0', id: 1, error: { code: 1099, message: 'Pet store is read-only' } });
    expect(openrpc(e)).toEqual([expect.objectContaining({ rule: 'openrpc-error-undeclared', path: 'error.code', spec: 'OpenRPC “Petstore” 1.0.0: deletePet declares the errors 1001 "Pet not found"' })]);
    s.send({ jsonrpc: '2.0', id: 2, method: 'deletePet', params: { petId: 1 } });
    expect(openrpc(s.receive({ jsonrpc: '2.0', id: 2, error: { code: -32602, message: 'Invalid params' } }))).toEqual([]);
  });

  it('flags a declared error with another message, or data that does not fit its schema', () => {
    const s = session();
    s.send({ jsonrpc: '2.0', id: 1, method: 'getPet', params: { petId: 9 } });
    const e = s.receive({ jsonrpc: '2.0', id: 1, error: { code: 1001, message: 'No such pet', data: { petId: 'nine' } } });
    expect(openrpc(e).map((f) => [f.rule, f.message])).toEqual([
      ['openrpc-error-message', 'error.message "No such pet" differs from the declared message "Pet not found" for 1001'],
      ['openrpc-error-data', 'error.data.petId must be an integer (it is the string "nine")'],
    ]);
    s.send({ jsonrpc: '2.0', id: 2, method: 'getPet', params: { petId: 9 } });
    expect(openrpc(s.receive({ jsonrpc: '2.0', id: 2, error: { code: 1001, message: 'Pet not found', data: { petId: 9 } } }))).toEqual([]);
  });
});

describe('error decoding: the method’s OpenRPC errors, then the dialect, then the standard catalog', () => {
  it('decodes a declared error by its declared name, with source openrpc', () => {
    const s = session();
    s.send({ jsonrpc: '2.0', id: 1, method: 'getPet', params: { petId: 9 } });
    const e = s.receive({ jsonrpc: '2.0', id: 1, error: { code: 1001, message: 'Pet not found', data: { petId: 9 } } });
    expect(e.error).toMatchObject({ code: 1001, name: 'Pet not found', source: 'openrpc' });
    expect(e.error?.meaning).toBe('Declared for getPet by the OpenRPC document “Petstore” 1.0.0.');
  });

  it('lets a method’s declaration outrank the dialect, and the dialect decode what the method does not declare', () => {
    const doc = OpenRpcDocument.load(docWith([{ name: 'slow', params: [], errors: [{ code: -32001, message: 'Too slow for this service' }] }]));
    const s = session('lsp', [doc]);
    s.send({ jsonrpc: '2.0', id: 1, method: 'slow' });
    expect(s.receive({ jsonrpc: '2.0', id: 1, error: { code: -32001, message: 'x' } }).error).toMatchObject({ name: 'Too slow for this service', source: 'openrpc' });
    s.send({ jsonrpc: '2.0', id: 2, method: 'other' });
    expect(s.receive({ jsonrpc: '2.0', id: 2, error: { code: -32001, message: 'x' } }).error).toMatchObject({ name: 'UnknownErrorCode', source: 'lsp' });
    const plain = session(undefined, [doc]);
    plain.send({ jsonrpc: '2.0', id: 3, method: 'slow' });
    expect(plain.receive({ jsonrpc: '2.0', id: 3, error: { code: -32601, message: 'x' } }).error).toMatchObject({ name: 'Method not found', source: 'jsonrpc' });
  });

  it('falls back to components.errors for a code no method declares', () => {
    const s = session();
    s.send({ jsonrpc: '2.0', id: 1, method: 'add', params: [1, 2] });
    expect(s.receive({ jsonrpc: '2.0', id: 1, error: { code: 1000, message: 'Not authorized' } }).error).toMatchObject({ name: 'Not authorized', source: 'openrpc' });
  });
});
