import { describe, expect, it } from 'vitest';
import { MessagePipeline } from '@/lib/session/pipeline';

const msg = (p: MessagePipeline, dir: 'in' | 'out', body: string, t = 0) => p.message(dir, t, 0, body, body);

describe('every message becomes one TrafficEvent, in recording order', () => {
  it('numbers events 1, 2, 3 … across messages, noise and connection facts', () => {
    const p = new MessagePipeline();
    expect(p.meta('connection', 0, 0, '', 'connected').event.seq).toBe(1);
    expect(msg(p, 'out', '{"jsonrpc":"2.0","id":1,"method":"a"}').event.seq).toBe(2);
    expect(p.noise('in', 1, 0, 'Server ready\n', 'bad-header', 'not a header').event).toMatchObject({ seq: 3, kind: 'noise', raw: 'Server ready\n' });
  });

  it('pairs a response with its request in both directions, with latency, even when the ids collide', () => {
    const p = new MessagePipeline();
    const ours = msg(p, 'out', '{"jsonrpc":"2.0","id":0,"method":"initialize"}', 10).event;
    const theirs = msg(p, 'in', '{"jsonrpc":"2.0","id":0,"method":"workspace/configuration"}', 12).event;
    const ourAnswer = msg(p, 'out', '{"jsonrpc":"2.0","id":0,"result":[]}', 15);
    const theirAnswer = msg(p, 'in', '{"jsonrpc":"2.0","id":0,"result":{}}', 30);
    expect(ourAnswer.event.pair).toBe(theirs.seq);
    expect(theirAnswer.event).toMatchObject({ pair: ours.seq, latencyMs: 20, state: 'answered' });
    expect(theirAnswer.patches).toContainEqual(expect.objectContaining({ seq: ours.seq, pair: theirAnswer.event.seq, state: 'answered' }));
  });

  it('keeps an id beyond 2^53 exactly as sent', () => {
    const p = new MessagePipeline();
    const e = msg(p, 'out', '{"jsonrpc":"2.0","id":12345678901234567890,"method":"a"}').event;
    expect(e.idText).toBe('12345678901234567890');
  });

  it('decodes an error in the session dialect once an initialize shows it is LSP', () => {
    const p = new MessagePipeline();
    const init = msg(p, 'out', '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":1,"rootUri":null,"capabilities":{}}}');
    expect(init.dialectChanged?.id).toBe('lsp');
    const err = msg(p, 'in', '{"jsonrpc":"2.0","id":1,"error":{"code":-32002,"message":"not yet"}}').event;
    expect(err.error).toMatchObject({ code: -32002, source: 'lsp' });
  });

  it('labels DAP messages as DAP instead of invalid JSON-RPC, and pairs them by request_seq', () => {
    const p = new MessagePipeline();
    const req = msg(p, 'out', '{"seq":1,"type":"request","command":"initialize"}').event;
    const res = msg(p, 'in', '{"seq":1,"type":"response","request_seq":1,"success":true,"command":"initialize"}').event;
    expect(req).toMatchObject({ kind: 'not-jsonrpc', protocol: 'dap' });
    expect(req.findings).toEqual([]);
    expect(res.pair).toBe(req.seq);
  });

  it('runs schema checks on every message and knows which request an answer answers', () => {
    const p = new MessagePipeline();
    const seen: (string | undefined)[] = [];
    p.setMessageCheck(({ classified, requestMethod }) => {
      seen.push(requestMethod ?? classified.method);
      return classified.kind === 'response' ? [{ rule: 'test-check', severity: 'warning', message: 'checked' }] : [];
    });
    msg(p, 'out', '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}');
    const answer = msg(p, 'in', '{"jsonrpc":"2.0","id":1,"result":"0x1"}').event;
    expect(seen).toEqual(['eth_chainId', 'eth_chainId']);
    expect(answer.findings.map((f) => f.rule)).toContain('test-check');
  });

  it('marks requests timed out after the timeout and still pairs a late answer', () => {
    const p = new MessagePipeline({ timeoutMs: 100 });
    const req = msg(p, 'out', '{"jsonrpc":"2.0","id":"slow","method":"a"}', 0).event;
    expect(p.pendingCount('out')).toBe(1);
    expect(p.tick(150)).toContainEqual(expect.objectContaining({ seq: req.seq, state: 'timed-out' }));
    expect(p.pendingCount('out')).toBe(0);
    expect(msg(p, 'in', '{"jsonrpc":"2.0","id":"slow","result":1}', 200).event).toMatchObject({ pair: req.seq, state: 'late' });
  });

  it('decodes each error with its own message, even when the same code repeats', () => {
    const p = new MessagePipeline();
    msg(p, 'out', '{"jsonrpc":"2.0","id":1,"method":"a"}');
    msg(p, 'out', '{"jsonrpc":"2.0","id":2,"method":"a"}');
    const first = msg(p, 'in', '{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"no a"}}').event.error;
    const second = msg(p, 'in', '{"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"still no a"}}').event.error;
    expect(first).toMatchObject({ message: 'no a', name: 'Method not found' });
    expect(second).toMatchObject({ message: 'still no a', name: 'Method not found' });
  });

  it('tells Ethereum node errors apart by their message under the same generic code', () => {
    const p = new MessagePipeline({ dialect: 'ethereum' });
    msg(p, 'out', '{"jsonrpc":"2.0","id":1,"method":"eth_sendRawTransaction","params":["0x00"]}');
    msg(p, 'out', '{"jsonrpc":"2.0","id":2,"method":"eth_sendRawTransaction","params":["0x01"]}');
    const a = msg(p, 'in', '{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"nonce too low"}}').event.error!;
    const b = msg(p, 'in', '{"jsonrpc":"2.0","id":2,"error":{"code":-32000,"message":"insufficient funds for gas * price + value"}}').event.error!;
    expect(a.source).toBe('ethereum');
    expect(a.name).not.toBe(b.name);
  });
});
