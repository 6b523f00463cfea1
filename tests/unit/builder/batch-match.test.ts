import { describe, expect, it } from 'vitest';
import { matchBatch, type EventLike } from '@/lib/builder/batch-match';
import { readSentBatch } from '@/lib/builder/batch-entries';

const req = (id: string, method = 'm') => `{"jsonrpc":"2.0","id":${id},"method":"${method}"}`;
const note = (method = 'n') => `{"jsonrpc":"2.0","method":"${method}"}`;
const ok = (id: string, result = '1') => `{"jsonrpc":"2.0","id":${id},"result":${result}}`;
const err = (id: string, code = -32601, message = 'Method not found') => `{"jsonrpc":"2.0","id":${id},"error":{"code":${code},"message":"${message}"}}`;

let seq = 10;
const sent = (text: string): EventLike => ({ seq: ++seq, dir: 'out', kind: 'batch', raw: text });
const inc = (raw: string, extra: Partial<EventLike> = {}): EventLike => ({ seq: ++seq, dir: 'in', kind: raw.startsWith('[') ? 'batch' : 'response', raw, ...extra });

describe('what each sent entry asks of the peer', () => {
  it('tells requests, notifications and unreadable entries apart', () => {
    const r = readSentBatch(`[${req('1')},${note()},1,{"foo":"boo"},{"jsonrpc":"2.0","id":{},"method":"x"},{"jsonrpc":"2.0","id":null,"method":"y"}]`);
    expect(r.ok && r.entries.map((e) => e.kind)).toEqual(['request', 'notification', 'invalid', 'invalid', 'invalid', 'request']);
  });
  it('refuses text that is not a JSON array', () => {
    expect(readSentBatch('{"a":1}')).toEqual({ ok: false, error: 'not a JSON array' });
    expect(readSentBatch('[1,').ok).toBe(false);
  });
});

describe('matching replies to entries by id, whatever the order', () => {
  it('an out-of-order array reply matches each entry', () => {
    const s = sent(`[${req('1', 'a')},${req('"x"', 'b')},${note()},${req('0', 'c')}]`);
    const reply = inc(`[${err('0')},${ok('1', '{"v":1}')},${ok('"x"', 'null')}]`, { pair: s.seq });
    const m = matchBatch(s.raw, s.seq, [s, reply]);
    expect(m.entries.map((e) => e.status)).toEqual(['ok', 'ok', 'no-reply-expected', 'error']);
    expect(m.entries[0].reply?.resultText).toBe('{"v":1}');
    expect(m.entries[1].reply?.resultText).toBe('null');
    expect(m.entries[3].reply?.error).toMatchObject({ code: -32601, message: 'Method not found' });
    expect(m.entries[3].reply?.index).toBe(0);
    expect(m.unexpected).toEqual([]);
    expect(m.shape).toMatchObject({ expected: 'array', arrived: 'array', conforms: true });
    expect(m.summaryText).toBe('2 ok, 1 error, 0 missing');
  });

  it('1 and "1" are different ids', () => {
    const s = sent(`[${req('1')},${req('"1"')}]`);
    const m = matchBatch(s.raw, s.seq, [s, inc(`[${ok('"1"', '"string"')},${ok('1', '"number"')}]`)]);
    expect(m.entries.map((e) => e.reply?.resultText)).toEqual(['"number"', '"string"']);
  });

  it('big integer ids match exactly, not after rounding', () => {
    const s = sent(`[${req('9007199254740993')}]`);
    const m = matchBatch(s.raw, s.seq, [s, inc(`[${ok('9007199254740992')}]`)]);
    expect(m.entries[0].status).toBe('missing');
    expect(m.unexpected[0].why).toMatch(/matches no entry/);
  });

  it('missing replies and unexpected ones are counted', () => {
    const s = sent(`[${req('1')},${req('2')},${req('3')}]`);
    const m = matchBatch(s.raw, s.seq, [s, inc(`[${ok('2')},${ok('7')},${ok('2')}]`)]);
    expect(m.entries.map((e) => e.status)).toEqual(['missing', 'ok', 'missing']);
    expect(m.unexpected.map((u) => u.why)).toEqual(['id 7 matches no entry', 'a second reply for entry 2']);
    expect(m.summaryText).toBe('1 ok, 0 errors, 2 missing, 2 unexpected');
  });

  it('unreadable entries are answered by Invalid Request errors with id null, in order', () => {
    const s = sent(`[1,${req('5')},{"foo":"boo"}]`);
    const m = matchBatch(s.raw, s.seq, [s, inc(`[${err('null', -32600, 'Invalid Request')},${ok('5')},${err('null', -32600, 'Invalid Request')}]`)]);
    expect(m.entries.map((e) => e.status)).toEqual(['error', 'ok', 'error']);
    expect(m.entries[2].reply?.index).toBe(2);
  });

  it('nothing arrived yet: every request is missing and the shape is undecided', () => {
    const s = sent(`[${req('1')},${note()}]`);
    const m = matchBatch(s.raw, s.seq, [s]);
    expect(m.entries.map((e) => e.status)).toEqual(['missing', 'no-reply-expected']);
    expect(m.shape).toMatchObject({ arrived: 'nothing', conforms: null });
    expect(m.summaryText).toBe('0 ok, 0 errors, 1 missing');
  });

  it('ignores replies the server paired with other requests, and events before the batch', () => {
    const before = inc(ok('1'));
    const s = sent(`[${req('1')}]`);
    const other = inc(ok('1', '"other"'), { pair: 3 });
    const mine = inc(`[${ok('1', '"mine"')}]`);
    const m = matchBatch(s.raw, s.seq, [before, s, other, mine]);
    expect(m.entries[0].reply?.resultText).toBe('"mine"');
    expect(m.unexpected).toEqual([]);
  });

  it('requests the target sends meanwhile are not replies', () => {
    const s = sent(`[${req('1')}]`);
    const m = matchBatch(s.raw, s.seq, [s, inc(req('1', 'roots/list')), inc(`[${ok('1')}]`)]);
    expect(m.entries[0].status).toBe('ok');
    expect(m.shape.arrived).toBe('array');
  });

  it('skips the target\'s own traffic (notifications, stderr) without mistaking it for replies', () => {
    const s = sent(`[${req('1')}]`);
    const flood = Array.from({ length: 50 }, (_, i) => inc(`{"jsonrpc":"2.0","method":"flood","params":{"i":${i}}}`, { kind: 'notification' }));
    const m = matchBatch(s.raw, s.seq, [s, ...flood, inc('[peer] log line', { kind: 'stderr' }), inc(`[${ok('1')}]`)]);
    expect(m.entries[0].status).toBe('ok');
    expect(m.unexpected).toEqual([]);
    expect(m.shape.arrived).toBe('array');
  });

  it('stops at the next batch we send', () => {
    const s = sent(`[${req('1')}]`);
    const next = sent(`[${req('2')}]`);
    const m = matchBatch(s.raw, s.seq, [s, next, inc(`[${ok('1')}]`)]);
    expect(m.entries[0].status).toBe('missing');
  });

  it('reads replies with a Content-Length header and the decoded error the server attached', () => {
    const s = sent(`[${req('1')}]`);
    const body = `[${err('1', -32602, 'Invalid params')}]`;
    const decoded = { code: -32602, message: 'Invalid params', name: 'Invalid params', meaning: 'Invalid method parameter(s).', source: 'jsonrpc' };
    const m = matchBatch(s.raw, s.seq, [s, inc(`Content-Length: ${body.length}\r\n\r\n${body}`, { kind: 'batch', items: [{ index: 0, error: decoded }] })]);
    expect(m.entries[0].reply?.error?.decoded?.name).toBe('Invalid params');
  });
});

describe("the spec's edge cases, expected next to arrived", () => {
  it('empty array: one Invalid Request object, not an array', () => {
    const s = sent('[]');
    const good = matchBatch(s.raw, s.seq, [s, inc(err('null', -32600, 'Invalid Request'))]);
    expect(good.shape).toMatchObject({ expected: 'single-invalid-request', arrived: 'single', conforms: true });
    expect(good.shape.expectedText).toMatch(/not an array/);
    expect(good.batchReply?.error?.code).toBe(-32600);
    expect(good.unexpected).toEqual([]);

    const wrapped = matchBatch(s.raw, s.seq, [s, inc(`[${err('null', -32600, 'Invalid Request')}]`)]);
    expect(wrapped.shape).toMatchObject({ arrived: 'array', conforms: false });
    expect(wrapped.shape.note).toMatch(/must not be answered with an array/);

    const emptyBack = matchBatch(s.raw, s.seq, [s, inc('[]')]);
    expect(emptyBack.shape).toMatchObject({ arrived: 'empty-array', conforms: false });

    expect(matchBatch(s.raw, s.seq, [s]).shape).toMatchObject({ arrived: 'nothing', conforms: null });
  });

  it('all-notification batch: nothing at all', () => {
    const s = sent(`[${note('a')},${note('b')}]`);
    const silent = matchBatch(s.raw, s.seq, [s]);
    expect(silent.shape).toMatchObject({ expected: 'nothing', arrived: 'nothing', conforms: true });
    expect(silent.entries.map((e) => e.status)).toEqual(['no-reply-expected', 'no-reply-expected']);
    expect(silent.summaryText).toBe('0 ok, 0 errors, 0 missing');

    const chatty = matchBatch(s.raw, s.seq, [s, inc('[]')]);
    expect(chatty.shape).toMatchObject({ arrived: 'empty-array', conforms: false });
    expect(chatty.shape.expectedText).toMatch(/not even an empty array/);
  });

  it('a peer that answers with separate messages: matched, but flagged', () => {
    const s = sent(`[${req('1')},${req('2')}]`);
    const m = matchBatch(s.raw, s.seq, [s, inc(ok('2')), inc(ok('1'))]);
    expect(m.entries.map((e) => e.status)).toEqual(['ok', 'ok']);
    expect(m.entries[0].reply?.index).toBeUndefined();
    expect(m.shape).toMatchObject({ arrived: 'separate', conforms: false });
    expect(m.shape.arrivedText).toBe('2 separate messages (2 responses)');
    expect(m.shape.note).toMatch(/separate messages/);
  });

  it('a peer that unwraps a one-element reply', () => {
    const s = sent(`[${req('1')}]`);
    const m = matchBatch(s.raw, s.seq, [s, inc(ok('1'))]);
    expect(m.entries[0].status).toBe('ok');
    expect(m.shape).toMatchObject({ expected: 'array', arrived: 'single', conforms: false });
    expect(m.shape.note).toMatch(/unwrapped a one-element reply/);
  });

  it('a peer without batch support answers the whole batch with one error', () => {
    const s = sent(`[${req('1')},${req('2')}]`);
    const m = matchBatch(s.raw, s.seq, [s, inc(err('null', -32600, 'Invalid Request'))]);
    expect(m.entries.map((e) => e.status)).toEqual(['missing', 'missing']);
    expect(m.unexpected).toHaveLength(1);
    expect(m.shape.note).toMatch(/may not support batches/);
  });
});
