/**
 * Where the stdio tap sees frames end (server/tap/frame-edges.ts), which decides where an injected
 * frame may go: the usual `Content-Length: N` header is read by its fast path, any other header
 * (Content-Type too, lower case, no space) by the general one, and both find the same edges
 * however the stream is cut into chunks — a header split anywhere, a zero-length body, a length
 * with many digits cut in the middle.
 */
import { describe, expect, it } from 'vitest';
import { FrameEdges } from '@/server/tap/frame-edges';

const body = (n: number) => `{"jsonrpc":"2.0","id":${n},"method":"m","params":"${'é'.repeat(n % 5)}"}`;
const frames = [
  `Content-Length: ${Buffer.byteLength(body(1))}\r\n\r\n${body(1)}`,
  `Content-Length: 0\r\n\r\n`,
  `content-length:${Buffer.byteLength(body(22))}\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n${body(22)}`,
  `Content-Length: ${Buffer.byteLength(body(333))}\r\n\r\n${body(333)}`,
  `Content-Length: 000000000000${Buffer.byteLength(body(4))}\r\n\r\n${body(4)}`,
].map((f) => Buffer.from(f));
const stream = Buffer.concat(frames);
const expected = frames.reduce<number[]>((ends, f) => [...ends, (ends.at(-1) ?? 0) + f.length], []);

/** Feeds the stream cut at `cuts`, returning every edge as an offset in the whole stream. */
function edgesOf(framing: 'content-length' | 'auto', cuts: number[]): { edges: number[]; atEdge: boolean; lost: boolean } {
  const e = new FrameEdges(framing);
  const edges: number[] = [];
  let from = 0;
  for (const to of [...cuts, stream.length]) {
    for (const at of e.feed(stream.subarray(from, to), true)) edges.push(from + at);
    from = to;
  }
  return { edges, atEdge: e.atEdge, lost: e.lost };
}

describe('where the tap sees Content-Length frames end', () => {
  it('finds every frame end in one chunk', () => {
    expect(edgesOf('content-length', [])).toEqual({ edges: expected, atEdge: true, lost: false });
  });

  it('finds the same ends with the stream cut at every single offset', () => {
    for (let cut = 1; cut < stream.length; cut++) expect(edgesOf('content-length', [cut]).edges, `cut at ${cut}`).toEqual(expected);
  });

  it('finds the same ends when the stream arrives a byte at a time', () => {
    const cuts = Array.from({ length: stream.length - 1 }, (_, i) => i + 1);
    expect(edgesOf('content-length', cuts)).toEqual({ edges: expected, atEdge: true, lost: false });
  });

  it('is between frames only after a whole frame, not inside a header or a body', () => {
    const e = new FrameEdges('content-length');
    e.feed(frames[0].subarray(0, 10), false);
    expect(e.atEdge).toBe(false);
    e.feed(frames[0].subarray(10, frames[0].length - 1), false);
    expect(e.atEdge).toBe(false);
    e.feed(frames[0].subarray(frames[0].length - 1), false);
    expect(e.atEdge).toBe(true);
  });

  it('gives up on a header without a length, and says so', () => {
    const e = new FrameEdges('content-length');
    expect(e.feed(Buffer.from('Content-Type: x\r\n\r\n{}'), true)).toEqual([]);
    expect(e.lost).toBe(true);
    expect(e.atEdge).toBe(false);
  });
});
