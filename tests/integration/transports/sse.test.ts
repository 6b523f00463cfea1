import { describe, expect, it } from 'vitest';
import { SseParser, SseTooLargeError, type SseEvent } from '@/server/transports/sse';

const STREAM =
  ': comment line\r\n' +
  'event: message\r\nid: 1\r\ndata: {"a":1}\r\n\r\n' +
  'data: line one\ndata: line two\n\n' +
  'id: 7\rdata:no-space\r\r' +
  'retry: 10\nid: 8\ndata:\n\n' +
  'data: {"emoji":"é😀"}\n\n';

const EXPECTED: SseEvent[] = [
  { event: 'message', id: '1', data: '{"a":1}' },
  { data: 'line one\nline two' },
  { id: '7', data: 'no-space' },
  { id: '8', data: '' },
  { data: '{"emoji":"é😀"}' },
];

function run(chunks: string[]): SseEvent[] {
  const p = new SseParser(1 << 20);
  const out = chunks.flatMap((c) => p.push(c));
  const last = p.end();
  if (last) out.push(last);
  return out;
}

describe('SSE event splitting', () => {
  it('gives the same events whatever the chunking, including CRLF split across chunks', () => {
    expect(run([STREAM])).toEqual(EXPECTED);
    for (let i = 1; i < STREAM.length; i++) {
      expect(run([STREAM.slice(0, i), STREAM.slice(i)]), `split at ${i}`).toEqual(EXPECTED);
    }
    expect(run([...STREAM])).toEqual(EXPECTED);
  });

  it('hands back an event the stream cut off before its blank line', () => {
    expect(run(['data: {"x":1}\n\ndata: {"y":2}'])).toEqual([{ data: '{"x":1}' }, { data: '{"y":2}' }]);
  });

  it('refuses an event larger than the limit', () => {
    const p = new SseParser(16);
    expect(() => p.push('data: ' + 'x'.repeat(40) + '\n')).toThrow(SseTooLargeError);
    const q = new SseParser(16);
    expect(() => q.push('data: ' + 'x'.repeat(40))).toThrow(SseTooLargeError);
  });
});
