/**
 * The stdio tap's splice as the real tap runs it: it does not follow frame edges while it only
 * passes chunks; when asked to inject it asks "the recording thread" — here a FrameEdges fed with
 * the splice's own copies, answering a little later as the worker would — and goes on from there.
 * An injection asked for while a frame is half through still lands after that frame, chunks that
 * come while the answer is awaited wait and then pass unchanged, and a stream the recording cannot
 * follow refuses the injection.
 */
import { describe, expect, it } from 'vitest';
import { encodeContentLength } from '@/lib/framing';
import { InjectBook } from '@/lib/inject/inject';
import { FrameEdges, type EdgeState } from '@/server/tap/frame-edges';
import { Splice } from '@/server/tap/splice';

const cl = (m: object) => Buffer.from(encodeContentLength(JSON.stringify(m)));

function lazyHarness(framing: 'content-length' | 'auto', answerAfterMs = 20) {
  const book = new InjectBook();
  const passed: Buffer[] = [];
  const injected: number[] = [];
  const refused: string[] = [];
  let asks = 0;
  // The recording thread's side: it follows every copy, and answers after what was copied before the ask.
  const recorded = new FrameEdges(framing);
  const splice = new Splice(framing, {
    copy: (b) => recorded.feed(Buffer.from(b), false),
    injected: (_f, ref) => injected.push(ref),
    awaits: () => book.awaits('server'),
    consumes: (body) => book.consumes(JSON.parse(body), 'server'),
    edgesAt: (done: (s: EdgeState | null) => void) => {
      asks++;
      const state = recorded.snapshot();
      setTimeout(() => done(state), answerAfterMs);
    },
    refused: (_ref, why) => refused.push(why),
  });
  splice.on('data', (b: Buffer) => passed.push(b));
  const write = (b: Uint8Array | string) => new Promise<void>((r) => splice.write(Buffer.from(b), () => r()));
  return { splice, passed, injected, refused, write, asks: () => asks, recorded, out: () => Buffer.concat(passed).toString('latin1') };
}

describe('the tap splice, following edges only when it must', () => {
  it('passes a flood on as the same chunks without asking where frames end', async () => {
    const h = lazyHarness('content-length');
    const chunks = [cl({ jsonrpc: '2.0', id: 1, method: 'a' }), cl({ jsonrpc: '2.0', id: 2, method: 'b' })];
    for (const c of chunks) await h.write(c);
    expect(h.passed).toEqual(chunks);
    expect(h.asks()).toBe(0);
  });

  it('injects asked for mid-frame only after that frame ends, the chunk meanwhile waiting for the answer', async () => {
    const h = lazyHarness('content-length');
    const real = cl({ jsonrpc: '2.0', id: 1, method: 'a', params: { text: 'x'.repeat(100) } });
    const next = cl({ jsonrpc: '2.0', id: 2, method: 'b' });
    const inject = cl({ jsonrpc: '2.0', method: 'injected/note' });
    await h.write(real.subarray(0, 40));
    expect(h.splice.inject(inject, 7)).toBeNull();
    expect(h.asks()).toBe(1);
    const rest = h.write(Buffer.concat([real.subarray(40), next.subarray(0, 5)]));
    // Until the answer comes the chunk waits (a breakpoint set just before it would apply).
    await new Promise((r) => setTimeout(r, 5));
    expect(h.out()).toBe(real.subarray(0, 40).toString('latin1'));
    await rest;
    await h.write(next.subarray(5));
    expect(h.out()).toBe(Buffer.concat([real, inject, next]).toString('latin1'));
    expect(h.injected).toEqual([7]);
  });

  it('injects between frames as soon as the answer says the stream is at an edge, and stops following after', async () => {
    const h = lazyHarness('auto');
    const first = cl({ jsonrpc: '2.0', id: 1, method: 'a' });
    await h.write(first);
    h.splice.inject(cl({ jsonrpc: '2.0', method: 'n' }), 3);
    await new Promise((r) => setTimeout(r, 40));
    expect(h.injected).toEqual([3]);
    const later = [cl({ jsonrpc: '2.0', id: 2, method: 'b' }), cl({ jsonrpc: '2.0', id: 3, method: 'c' })];
    for (const c of later) await h.write(c);
    expect(h.passed.slice(-2)).toEqual(later);
    expect(h.asks()).toBe(1);
  });

  it('refuses an injection into a stream the recording could not follow', async () => {
    const h = lazyHarness('content-length');
    await h.write('Content-Type: x\r\n\r\n{}');
    expect(h.recorded.lost).toBe(true);
    expect(h.splice.inject(cl({ jsonrpc: '2.0', method: 'n' }), 4)).toBeNull();
    await new Promise((r) => setTimeout(r, 40));
    expect(h.injected).toEqual([]);
    expect(h.refused).toHaveLength(1);
    expect(h.refused[0]).toMatch(/cannot tell where frames end/);
    // A second ask is refused at once: the splice now knows.
    expect(h.splice.inject(cl({ jsonrpc: '2.0', method: 'n' }), 5)).toMatch(/cannot tell where frames end/);
  });
});
