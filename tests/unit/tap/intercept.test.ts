/**
 * Intercepting in the stdio tap's splices, on real streams: with breakpoints on, a matching frame
 * is held (nothing reaches the other side, the frames behind it wait), and forwarding writes it —
 * edited frames re-framed with a recomputed Content-Length; dropping writes nothing; turning the
 * breakpoints off or the direction ending releases what is held. With none set, bytes pass as the
 * same chunks.
 */
import { describe, expect, it } from 'vitest';
import { encodeContentLength } from '@/lib/framing';
import { Splice } from '@/server/tap/splice';
import { TapInterceptor, reframe } from '@/server/tap/intercept';
import { MAX_WAITING_BYTES } from '@/lib/intercept/holder';
import type { InterceptOp } from '@/server/tap/intercept-ops';
import type { InterceptAction } from '@/lib/intercept/wire';

const cl = (m: object) => Buffer.from(encodeContentLength(JSON.stringify(m)));
const req = (id: number, method: string) => cl({ jsonrpc: '2.0', id, method });

function conversation() {
  const hooks = { copy: () => undefined, awaits: () => false, consumes: () => false, injected: () => undefined };
  const splices = { out: new Splice('content-length', hooks), in: new Splice('content-length', hooks) };
  const passed = { out: [] as Buffer[], in: [] as Buffer[] };
  for (const side of ['out', 'in'] as const) splices[side].on('data', (b: Buffer) => passed[side].push(b));
  const copies: string[] = [];
  const ops: InterceptOp[] = [];
  const interceptor = new TapInterceptor(splices, { copy: (side, b) => copies.push(`${side}:${b.toString()}`), post: (op) => ops.push(op) });
  let ref = 1;
  const ask = (a: InterceptAction) => {
    const mine = ref++;
    interceptor.ask({ type: 'intercept', ref: mine, ...a });
    return ops.filter((o) => o.op === 'intercept-state' && o.ref === mine).pop() as Extract<InterceptOp, { op: 'intercept-state' }>;
  };
  const write = (side: 'out' | 'in', b: Buffer) => new Promise<void>((r) => splices[side].write(b, () => r()));
  const wire = (side: 'out' | 'in') => Buffer.concat(passed[side]).toString();
  return { splices, passed, copies, ops, ask, write, wire };
}

describe('intercepting in the stdio tap', () => {
  it('passes the same chunks while no breakpoint is set', async () => {
    const c = conversation();
    const chunk = Buffer.concat([req(1, 'a'), req(2, 'b')]);
    await c.write('out', chunk);
    expect(c.passed.out).toEqual([chunk]);
    expect(c.ops).toEqual([]);
  });

  it('holds a matching request and the frames behind it; forwarding it edited sends the re-framed text', async () => {
    const c = conversation();
    expect(c.ask({ action: 'set', breakpoints: ['method:textDocument/documentSymbol'] })).toMatchObject({ on: true, held: [] });
    await c.write('out', Buffer.concat([req(1, 'initialize'), req(2, 'textDocument/documentSymbol'), req(3, 'after')]));
    await c.write('in', cl({ jsonrpc: '2.0', id: 1, result: {} }));
    expect(c.wire('out')).toBe(req(1, 'initialize').toString());
    expect(c.wire('in')).toContain('"result"');
    const held = c.ops.find((o) => o.op === 'held');
    expect(held).toMatchObject({ side: 'out', frame: { hold: 1, method: 'textDocument/documentSymbol', kind: 'request' } });
    const edited = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'textDocument/documentSymbol', params: { é: 'ü' } });
    const state = c.ask({ action: 'forward', hold: 1, text: edited });
    expect(state.error).toBeUndefined();
    expect(state.held).toEqual([]);
    expect(c.wire('out')).toBe(Buffer.concat([req(1, 'initialize'), Buffer.from(encodeContentLength(edited)), req(3, 'after')]).toString());
    expect(c.ops.find((o) => o.op === 'decided')).toMatchObject({ hold: 1, how: 'edit', sent: Buffer.from(encodeContentLength(edited)).toString() });
    // Every frame is copied once, when it arrived: the held one as `held`, the others as bytes.
    expect(c.copies.filter((x) => x.startsWith('out:'))).toHaveLength(2);
  });

  it('a dropped frame is never written; the next frames go on', async () => {
    const c = conversation();
    c.ask({ action: 'set', breakpoints: ['method:drop/me'] });
    await c.write('out', Buffer.concat([req(1, 'drop/me'), req(2, 'keep')]));
    expect(c.wire('out')).toBe('');
    expect(c.ask({ action: 'drop', hold: 1 })).toMatchObject({ held: [] });
    expect(c.wire('out')).toBe(req(2, 'keep').toString());
    expect(c.ask({ action: 'drop', hold: 1 }).error).toMatch(/nothing is held as #1/);
  });

  it('turning the breakpoints off, or the direction ending, releases everything held', async () => {
    const c = conversation();
    c.ask({ action: 'set', breakpoints: ['kind:request'] });
    await c.write('out', req(1, 'x'));
    expect(c.ask({ action: 'set', breakpoints: [] })).toMatchObject({ on: false, held: [] });
    expect(c.wire('out')).toBe(req(1, 'x').toString());
    expect(c.ops.find((o) => o.op === 'decided')).toMatchObject({ how: 'forward', released: true });

    c.ask({ action: 'set', breakpoints: ['kind:request'] });
    await c.write('in', req(9, 'server/ask'));
    expect(c.wire('in')).toBe('');
    const ended = new Promise((r) => c.splices.in.once('end', r));
    c.splices.in.end();
    c.splices.in.resume();
    await ended;
    expect(c.wire('in')).toBe(req(9, 'server/ask').toString());
  });

  it('a breakpoint it would only half understand is refused and changes nothing', () => {
    const c = conversation();
    const r = c.ask({ action: 'set', breakpoints: ['methd:x'] });
    expect(r).toMatchObject({ on: false });
    expect(r.error).toMatch(/unknown field "methd:"/);
  });

  it('re-framing keeps the other headers and counts the body in bytes', () => {
    const frame = Buffer.from('Content-Length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}');
    expect(reframe(frame, '{"a":"é"}', 'content-length').toString()).toBe('Content-Length: 10\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{"a":"é"}');
    expect(reframe(Buffer.from('{}\n'), '{\n"a": 1\n}', 'newline').toString()).toBe('{ "a": 1 }\n');
  });
});

describe('intercepting keeps its memory bounded', () => {
  it('past the waiting cap the held direction stops taking bytes until the held frame is decided', async () => {
    const c = conversation();
    c.ask({ action: 'set', breakpoints: ['method:hold/me'] });
    await c.write('out', req(1, 'hold/me'));
    const big = cl({ jsonrpc: '2.0', method: 'bulk', params: 'x'.repeat(MAX_WAITING_BYTES) });
    let taken = false;
    c.splices.out.write(big, () => (taken = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(taken, 'the splice has not taken the chunk that went past the cap').toBe(false);
    expect(c.wire('out')).toBe('');
    c.ask({ action: 'forward', hold: 1 });
    await new Promise((r) => setTimeout(r, 50));
    expect(taken).toBe(true);
    expect(Buffer.concat(c.passed.out).length).toBe(req(1, 'hold/me').length + big.length);
  });
});
