import { describe, expect, it } from 'vitest';
import { codeBand, describeError, standardCatalog, type ErrorCatalog } from '../../../lib/errors';

const d = (code: unknown, message: unknown = 'msg') => describeError({ code, message });

describe('the standard JSON-RPC error catalog', () => {
  it('names the five predefined codes with their meaning', () => {
    const expected: [number, string, RegExp][] = [
      [-32700, 'Parse error', /Invalid JSON was received/],
      [-32600, 'Invalid Request', /not a valid Request object/],
      [-32601, 'Method not found', /does not exist/],
      [-32602, 'Invalid params', /parameter/],
      [-32603, 'Internal error', /Internal JSON-RPC error/],
    ];
    for (const [code, name, meaning] of expected) {
      const e = d(code);
      expect(e).toMatchObject({ code, name, source: 'jsonrpc', message: 'msg' });
      expect(e.meaning).toMatch(meaning);
    }
  });

  it('-32000 and -32099 are the edges of the implementation-defined server error band', () => {
    for (const code of [-32000, -32001, -32050, -32099]) {
      expect(d(code)).toMatchObject({ code, name: 'Server error', source: 'jsonrpc' });
      expect(d(code).meaning).toMatch(/implementation-defined/);
      expect(codeBand(code)).toBe('server-error');
    }
  });

  it('the rest of -32768..-32000 is reserved by the spec and undefined', () => {
    for (const code of [-32100, -32768, -32604, -32699, -32701]) {
      expect(d(code)).toMatchObject({ code, name: 'Reserved error', source: 'jsonrpc' });
      expect(d(code).meaning).toMatch(/Reserved by the spec, undefined/);
      expect(codeBand(code)).toBe('reserved');
    }
  });

  it('anything outside the reserved band is application-defined', () => {
    for (const code of [-32769, -31999, 1, 0, -1, 4001, 2 ** 40]) {
      expect(d(code)).toMatchObject({ code, name: 'Application-defined error', source: 'application' });
      expect(codeBand(code)).toBe('application');
    }
  });

  it('handles codes that are not integers without throwing', () => {
    expect(d(-32600.5)).toMatchObject({ code: -32600.5, name: 'Invalid error code', source: 'jsonrpc' });
    expect(d('-32601')).toMatchObject({ code: null, name: 'Invalid error code' });
    expect(d('-32601').meaning).toContain('"-32601"');
    expect(d(undefined).meaning).toMatch(/no code/);
    expect(d(null).code).toBeNull();
    expect(d({ nested: true }).code).toBeNull();
    expect(d(NaN).code).toBeNull();
    expect(codeBand(1.5)).toBe('not-an-integer');
    expect(describeError(null as never)).toMatchObject({ code: null, message: '' });
  });

  it('keeps message and data, and shows a non-string message as JSON', () => {
    expect(describeError({ code: -32602, message: 'bad', data: { field: 'x' } })).toMatchObject({ message: 'bad', data: { field: 'x' } });
    expect(describeError({ code: 1, message: { a: 1 } }).message).toBe('{"a":1}');
  });

  it('the standard catalog is an ErrorCatalog that knows only the reserved band', () => {
    expect(standardCatalog.source).toBe('jsonrpc');
    expect(standardCatalog.lookup(-32601)?.name).toBe('Method not found');
    expect(standardCatalog.lookup(-32769)).toBeUndefined();
    expect(standardCatalog.lookup(1)).toBeUndefined();
  });
});

describe('dialect and OpenRPC catalogs come first, in precedence order', () => {
  const lsp: ErrorCatalog = {
    source: 'lsp',
    title: 'Language Server Protocol',
    lookup: (code) => (code === -32002 ? { code, name: 'ServerNotInitialized', meaning: 'The server has not been initialized.' } : code === -32800 ? { code, name: 'RequestCancelled', meaning: 'cancelled' } : undefined),
  };
  const openrpc: ErrorCatalog = {
    source: 'openrpc',
    title: 'OpenRPC document',
    lookup: (code, ctx) => (ctx?.method === 'eth_call' && code === -32002 ? { code, name: 'Declared', meaning: 'declared by the document' } : undefined),
  };

  it('a dialect names codes in the server error band and outside the reserved band', () => {
    expect(describeError({ code: -32002, message: 'm' }, { catalogs: [lsp] })).toMatchObject({ name: 'ServerNotInitialized', source: 'lsp' });
    expect(describeError({ code: -32800, message: 'm' }, { catalogs: [lsp] })).toMatchObject({ name: 'RequestCancelled', source: 'lsp' });
  });

  it('falls back to the standard catalog when no dialect knows the code', () => {
    expect(describeError({ code: -32601, message: 'm' }, { catalogs: [lsp] })).toMatchObject({ name: 'Method not found', source: 'jsonrpc' });
    expect(describeError({ code: 7, message: 'm' }, { catalogs: [lsp] })).toMatchObject({ source: 'application' });
  });

  it('the first catalog that knows the code wins; per-method catalogs see the method', () => {
    const ctx = { method: 'eth_call', catalogs: [openrpc, lsp] };
    expect(describeError({ code: -32002, message: 'm' }, ctx)).toMatchObject({ name: 'Declared', source: 'openrpc' });
    expect(describeError({ code: -32002, message: 'm' }, { ...ctx, method: 'other' })).toMatchObject({ name: 'ServerNotInitialized', source: 'lsp' });
  });

  it('a catalog that throws is skipped', () => {
    const broken: ErrorCatalog = {
      source: 'broken',
      title: 'broken',
      lookup: () => {
        throw new Error('boom');
      },
    };
    expect(describeError({ code: -32601, message: 'm' }, { catalogs: [broken] })).toMatchObject({ source: 'jsonrpc' });
  });
});
