/**
 * The stdio tap's splice on its own: chunks pass on as the same bytes while nothing is injected; an
 * injected frame asked for in the middle of a real frame goes in after that frame ends (never inside
 * it); an answer the book claims is cut out whole while the frames around it pass; the recording
 * copies are the stream as the tap saw it.
 */
import { describe, expect, it } from 'vitest';
import { encodeContentLength, encodeNewline } from '@/lib/framing';
import { InjectBook } from '@/lib/inject/inject';
import { Splice } from '@/server/tap/splice';

function harness(framing: 'content-length' | 'newline' | 'auto', book = new InjectBook(), from: 'server' | 'client' = 'server') {
  const passed: Buffer[] = [];
  const copies: Buffer[] = [];
  const injected: number[] = [];
  const splice = new Splice(framing, {
    copy: (b) => copies.push(Buffer.from(b)),
    injected: (f, ref) => (injected.push(ref), copies.push(Buffer.from(f))),
    awaits: () => book.awaits(from),
    consumes: (body) => book.consumes(JSON.parse(body), from),
  });
  splice.on('data', (b: Buffer) => passed.push(b));
  const write = (b: Uint8Array | string) => new Promise<void>((r) => splice.write(Buffer.from(b), () => r()));
  return { splice, passed, copies, injected, write, out: () => Buffer.concat(passed).toString('latin1') };
}

const cl = (m: object) => Buffer.from(encodeContentLength(JSON.stringify(m)));

describe('the tap splice', () => {
  it('passes chunks on unchanged, noise and split UTF-8 included, while nothing is injected', async () => {
    const h = harness('auto');
    const bytes = Buffer.concat([cl({ jsonrpc: '2.0', id: 1, method: 'é€' }), Buffer.from('garbage\r\n')]);
    const chunks = [bytes.subarray(0, 3), bytes.subarray(3, 30), bytes.subarray(30)];
    for (const c of chunks) await h.write(c);
    expect(h.passed).toHaveLength(3);
    expect(Buffer.concat(h.passed).equals(bytes)).toBe(true);
    expect(Buffer.concat(h.copies).equals(bytes)).toBe(true);
  });

  it('writes an injected frame asked for mid-frame only after that frame ends', async () => {
    const h = harness('content-length');
    const real = cl({ jsonrpc: '2.0', id: 1, method: 'a', params: { text: 'x'.repeat(100) } });
    const next = cl({ jsonrpc: '2.0', id: 2, method: 'b' });
    const inject = cl({ jsonrpc: '2.0', method: 'injected/note' });
    await h.write(real.subarray(0, 40));
    expect(h.splice.inject(inject, 7)).toBeNull();
    expect(h.injected).toEqual([]);
    await h.write(Buffer.concat([real.subarray(40), next.subarray(0, 5)]));
    await h.write(next.subarray(5));
    expect(h.out()).toBe(Buffer.concat([real, inject, next]).toString('latin1'));
    expect(Buffer.concat(h.copies).toString('latin1')).toBe(h.out());
    expect(h.injected).toEqual([7]);
  });

  it('injects at once between frames, in newline framing too', async () => {
    const h = harness('newline');
    await h.write('{"jsonrpc":"2.0","id":1,"method":"a"}\n');
    expect(h.splice.inject(Buffer.from(encodeNewline('{"jsonrpc":"2.0","method":"n"}')), 1)).toBeNull();
    expect(h.out()).toBe('{"jsonrpc":"2.0","id":1,"method":"a"}\n{"jsonrpc":"2.0","method":"n"}\n');
  });

  it('consumes the answer to an injected request, split over chunks, and passes the frames around it', async () => {
    const book = new InjectBook();
    const p = book.prepare('{"jsonrpc":"2.0","id":5,"method":"ping"}', 'server');
    if (!p.ok) throw new Error(p.error);
    const h = harness('content-length', book, 'server');
    const before = cl({ jsonrpc: '2.0', id: 5, result: 'the client asked this' });
    const ours = cl({ jsonrpc: '2.0', id: p.ids[0], result: 'pong' });
    const after = cl({ jsonrpc: '2.0', method: 'note' });
    const all = Buffer.concat([before, ours, after]);
    for (let i = 0; i < all.length; i += 17) await h.write(all.subarray(i, i + 17));
    expect(h.out()).toBe(Buffer.concat([before, after]).toString('latin1'));
    expect(Buffer.concat(h.copies).equals(all)).toBe(true);
    expect(book.awaits('server')).toBe(false);
  });

  it('refuses to inject into a stream whose frames it cannot follow, and still passes it on', async () => {
    const h = harness('content-length');
    await h.write('X-Nothing: 1\r\n\r\n{}');
    expect(h.splice.inject(cl({ jsonrpc: '2.0', method: 'n' }), 1)).toMatch(/cannot tell where frames end/);
    expect(h.out()).toBe('X-Nothing: 1\r\n\r\n{}');
  });
});
