/**
 * The pieces the SSE gate cuts with: where events end in a byte stream however it is chunked
 * (CRLF split across chunks included), an edited event keeping its other fields, and the answer
 * a dropped POST or reply gets (an error per id, ids exactly as written; none when nothing asked).
 */
import { describe, expect, it } from 'vitest';
import { SseEdges } from '@/server/tap/sse-edges';
import { edited } from '@/server/tap/sse-gate';
import { DROPPED_CODE, droppedAnswer, withLength } from '@/server/tap/proxy-intercept-http';

/** The events of `stream` as the edges cut it, fed in pieces of `size` bytes. */
function cut(stream: string, size: number): string[] {
  const bytes = Buffer.from(stream);
  const edges = new SseEdges();
  const out: string[] = [];
  let start = 0;
  for (let at = 0; at < bytes.length; at += size) {
    const chunk = bytes.subarray(at, at + size);
    for (const e of edges.feed(chunk)) {
      out.push(bytes.subarray(start, at + e).toString());
      start = at + e;
    }
  }
  return out;
}

describe('the SSE gate', () => {
  it('finds every event edge in any chunking, LF, CRLF and CR line ends alike', () => {
    const stream = 'id: 1\ndata: {"a":1}\n\nevent: message\r\ndata: {"b":2}\r\n\r\ndata: {"c":3}\r\r';
    const events = ['id: 1\ndata: {"a":1}\n\n', 'event: message\r\ndata: {"b":2}\r\n\r\n'];
    for (const size of [1, 2, 3, 7, 100]) expect(cut(stream, size), `chunks of ${size}`).toEqual(events);
    // The last event's CR edge is known once the next byte shows it is not a CRLF.
    expect(cut(`${stream}:`, 1)).toEqual([...events, 'data: {"c":3}\r\r']);
  });

  it('an edited event keeps its event and id fields and carries the new text as data', () => {
    expect(edited(Buffer.from('event: message\nid: 7\ndata: {"old":\ndata: true}\n\n'), '{"new":1}\n{"x":2}').toString()).toBe('event: message\nid: 7\ndata: {"new":1}\ndata: {"x":2}\n\n');
  });

  it('a dropped message is answered with an error per id, as written; a notification with none', () => {
    const one = JSON.parse(droppedAnswer('{"jsonrpc":"2.0","id":7,"method":"sum"}', 'test')!) as { id: number; error: { code: number; message: string } };
    expect(one).toMatchObject({ id: 7, error: { code: DROPPED_CODE, message: 'rpcscope tap: dropped at a breakpoint (test)' } });
    expect(droppedAnswer('[{"jsonrpc":"2.0","id":12345678901234567890,"method":"a"},{"jsonrpc":"2.0","method":"n"}]', 'x')).toMatch(/^\[\{"jsonrpc":"2.0","id":12345678901234567890,"error":/);
    expect(droppedAnswer('{"jsonrpc":"2.0","method":"notify"}', 'x')).toBeNull();
  });

  it('an edited body gets its own Content-Length, other headers kept', () => {
    expect(withLength(['Content-Type', 'application/json', 'Content-Length', '10', 'Authorization', 'Bearer t'], 42)).toEqual(['Content-Type', 'application/json', 'Authorization', 'Bearer t', 'Content-Length', '42']);
  });
});
