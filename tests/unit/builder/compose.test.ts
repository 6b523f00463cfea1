import { describe, expect, it } from 'vitest';
import { composeBatch, composeRequest, composeResponse, utf8Length } from '@/lib/builder/compose';
import { decomposeBatch, decomposeRequest } from '@/lib/builder/decompose';
import { composeBatchEntries, duplicateIds, type BatchEntryDraft } from '@/lib/builder/batch-compose';

describe('the preview is the exact text that will be sent', () => {
  it('composes a request with members in order and params as typed (one line)', () => {
    const r = composeRequest({ method: 'sum', paramsMode: 'array', paramsText: '[\n  1,\n  2.50,\n  12345678901234567890\n]', idText: '0' });
    expect(r).toEqual({ ok: true, text: '{"jsonrpc":"2.0","id":0,"method":"sum","params":[1,2.50,12345678901234567890]}', warnings: [] });
  });
  it('a notification has no id member at all', () => {
    const r = composeRequest({ method: 'ping', paramsMode: 'omit', paramsText: '[1]', idText: undefined });
    expect(r).toMatchObject({ ok: true, text: '{"jsonrpc":"2.0","method":"ping"}' });
  });
  it('keeps null, multiline strings and unicode exactly', () => {
    const r = composeRequest({ method: 'é/x', paramsMode: 'object', paramsText: '{"a": null, "s": "line1\\nline2", "u": "日本"}', idText: '""' });
    expect(r).toMatchObject({ ok: true, text: '{"jsonrpc":"2.0","id":"","method":"é/x","params":{"a":null,"s":"line1\\nline2","u":"日本"}}' });
  });
  it('refuses params of the wrong shape or broken JSON, saying what to do', () => {
    expect(composeRequest({ method: 'm', paramsMode: 'array', paramsText: '{"a":1}', idText: '1' })).toMatchObject({ ok: false, error: expect.stringMatching(/must be an array/) });
    expect(composeRequest({ method: 'm', paramsMode: 'object', paramsText: '[1]', idText: '1' })).toMatchObject({ ok: false, error: expect.stringMatching(/must be an object/) });
    expect(composeRequest({ method: 'm', paramsMode: 'object', paramsText: '{"a":', idText: '1' })).toMatchObject({ ok: false, error: expect.stringMatching(/not valid JSON/) });
    expect(composeRequest({ method: 'm', paramsMode: 'array', paramsText: '  ', idText: '1' })).toMatchObject({ ok: false, error: expect.stringMatching(/Omit/) });
  });
  it('warns about reserved rpc. names and empty methods but still composes', () => {
    expect(composeRequest({ method: 'rpc.discover', paramsMode: 'omit', paramsText: '', idText: '1' })).toMatchObject({ ok: true, warnings: [expect.stringMatching(/reserved/)] });
    expect(composeRequest({ method: '', paramsMode: 'omit', paramsText: '', idText: '1' })).toMatchObject({ ok: true, warnings: ['method is empty'] });
  });
  it('counts bytes as UTF-8', () => {
    expect(utf8Length('a日😀')).toBe(1 + 3 + 4);
  });
});

describe('replies to requests the target sent', () => {
  it('echoes a big integer id exactly and sends the result as typed', () => {
    expect(composeResponse('9007199254740993', { kind: 'result', resultText: '[\n {"uri": "file:///x"}\n]' })).toMatchObject({
      ok: true,
      text: '{"jsonrpc":"2.0","id":9007199254740993,"result":[{"uri":"file:///x"}]}',
    });
  });
  it('null is a valid result', () => {
    expect(composeResponse('"a"', { kind: 'result', resultText: 'null' })).toMatchObject({ ok: true, text: '{"jsonrpc":"2.0","id":"a","result":null}' });
  });
  it('composes an error with optional data', () => {
    expect(composeResponse('0', { kind: 'error', error: { code: '-32601', message: 'Method not found', dataText: '' } })).toMatchObject({
      ok: true,
      text: '{"jsonrpc":"2.0","id":0,"error":{"code":-32601,"message":"Method not found"}}',
    });
    expect(composeResponse('0', { kind: 'error', error: { code: '-32000', message: 'x"y', dataText: '{"why": 1}' } })).toMatchObject({
      ok: true,
      text: '{"jsonrpc":"2.0","id":0,"error":{"code":-32000,"message":"x\\"y","data":{"why":1}}}',
    });
    expect(composeResponse('0', { kind: 'error', error: { code: 'abc', message: '', dataText: '' } }).ok).toBe(false);
  });
  it('composes a batch as one array in entry order', () => {
    expect(composeBatch(['{"a":1}', '2', '"x"'])).toBe('[{"a":1},2,"x"]');
    expect(composeBatch([])).toBe('[]');
  });
});

describe('edit and resend fills the builder from a recorded request', () => {
  it('reads method, params (pretty, tokens kept) and the exact id, stripping the framing header', () => {
    const raw = 'Content-Length: 80\r\n\r\n{"jsonrpc":"2.0","id":12345678901234567890,"method":"a/b","params":{"n":1.50}}';
    expect(decomposeRequest(raw)).toEqual({ mode: 'compose', method: 'a/b', paramsMode: 'object', paramsText: '{\n  "n": 1.50\n}', idText: '12345678901234567890' });
  });
  it('a notification comes back without an id', () => {
    expect(decomposeRequest('{"jsonrpc":"2.0","method":"x","params":[]}')).toEqual({ mode: 'compose', method: 'x', paramsMode: 'array', paramsText: '[]', idText: undefined });
  });
  it('anything the form cannot reproduce opens in raw mode with the reason', () => {
    expect(decomposeRequest('{"jsonrpc":"2.0","method":"x"')).toMatchObject({ mode: 'raw', text: '{"jsonrpc":"2.0","method":"x"', reason: 'not valid JSON' });
    expect(decomposeRequest('{"jsonrpc":"1.0","id":1,"method":"x"}')).toMatchObject({ mode: 'raw', reason: expect.stringMatching(/jsonrpc/) });
    expect(decomposeRequest('{"jsonrpc":"2.0","id":1,"method":"x","extra":true}')).toMatchObject({ mode: 'raw', reason: 'has a "extra" member' });
    expect(decomposeRequest('{"jsonrpc":"2.0","id":1,"method":"x","params":"s"}')).toMatchObject({ mode: 'raw', reason: expect.stringMatching(/params/) });
  });
  it('a batch decomposes into entries', () => {
    const entries = decomposeBatch('[{"jsonrpc":"2.0","id":"a","method":"m","params":[1]},{"jsonrpc":"2.0","method":"n"},42]');
    expect(entries).toEqual([
      { kind: 'request', method: 'm', paramsMode: 'array', paramsText: '[\n  1\n]', idText: '"a"' },
      { kind: 'notification', method: 'n', paramsMode: 'omit', paramsText: '' },
      { kind: 'raw', text: '42' },
    ]);
    expect(decomposeBatch('{"a":1}')).toBeNull();
  });
});

describe('batch editor entries become one exact array', () => {
  const entry = (over: Partial<BatchEntryDraft>): BatchEntryDraft => ({
    kind: 'request', method: 'm', paramsMode: 'omit', paramsText: '', idPolicy: 'auto', customId: '', rawText: '', ...over,
  });
  it('numbers auto ids in entry order from the session counter; notifications and raw entries take none', () => {
    const r = composeBatchEntries(
      [entry({ method: 'a' }), entry({ kind: 'notification', method: 'n' }), entry({ kind: 'raw', rawText: ' { "foo" : "boo" } ' }), entry({ method: 'b', paramsMode: 'array', paramsText: '[1]' })],
      5,
    );
    expect(r.text).toBe('[{"jsonrpc":"2.0","id":5,"method":"a"},{"jsonrpc":"2.0","method":"n"},{"foo":"boo"},{"jsonrpc":"2.0","id":6,"method":"b","params":[1]}]');
    expect(r.autoIdsUsed).toBe(2);
  });
  it('custom ids (0, "") are kept and duplicates are reported', () => {
    const r = composeBatchEntries([entry({ idPolicy: 'custom', customId: '0' }), entry({ idPolicy: 'custom', customId: '""' }), entry({ idPolicy: 'custom', customId: '0' })], 1);
    expect(r.text).toBe('[{"jsonrpc":"2.0","id":0,"method":"m"},{"jsonrpc":"2.0","id":"","method":"m"},{"jsonrpc":"2.0","id":0,"method":"m"}]');
    expect([...duplicateIds(r)]).toEqual(['0']);
  });
  it('an entry that cannot compose blocks the send and says which', () => {
    const r = composeBatchEntries([entry({}), entry({ kind: 'raw', rawText: '{oops' })], 1);
    expect(r.text).toBeUndefined();
    expect(r.errorCount).toBe(1);
    expect(r.entries[1].error).toMatch(/not JSON/);
  });
  it('no entries is the empty batch []', () => {
    expect(composeBatchEntries([], 1).text).toBe('[]');
  });
});
