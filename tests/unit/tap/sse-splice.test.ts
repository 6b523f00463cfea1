/**
 * The client's event stream through the HTTP tap: the server's bytes pass on as the same chunks
 * while nothing is injected; an injected event asked for in the middle of one of the server's
 * events goes in after that event's blank line (LF or CRLF), never inside it; and a real SSE
 * parser reads every event of both, in order.
 */
import { describe, expect, it } from 'vitest';
import { SseParser } from '@/server/transports/sse';
import { SseSplice, sseEvent } from '@/server/tap/sse-splice';

function harness() {
  const splice = new SseSplice();
  const passed: Buffer[] = [];
  splice.on('data', (b: Buffer) => passed.push(b));
  const write = (s: string | Buffer) => new Promise<void>((r) => splice.write(Buffer.from(s), () => r()));
  const text = () => Buffer.concat(passed).toString('utf8');
  const events = () => new SseParser(1 << 20).push(text()).map((e) => e.data);
  return { splice, passed, write, text, events };
}

describe('the SSE splice', () => {
  it('passes the server’s chunks on as they came while nothing is injected', async () => {
    const h = harness();
    const chunks = [Buffer.from('event: message\nda'), Buffer.from('ta: {"a":1}\n\n: keep-alive\n\n'), Buffer.from([0xe2, 0x9c])];
    for (const c of chunks) await h.write(c);
    expect(h.passed).toEqual(chunks);
  });

  it('injects at once between events, and after the current event ends when asked mid-event', async () => {
    const h = harness();
    let written = 0;
    h.splice.inject(sseEvent('{"first":true}'), () => written++);
    expect(written).toBe(1);
    await h.write('id: 7\ndata: {"server":');
    h.splice.inject(sseEvent('{"injected":true}'), () => written++);
    expect(written).toBe(1);
    await h.write('1}\r\n\r\ndata: {"server":2}\n\n');
    expect(written).toBe(2);
    expect(h.events()).toEqual(['{"first":true}', '{"server":1}', '{"injected":true}', '{"server":2}']);
    expect(h.text()).toContain('data: {"server":1}\r\n\r\ndata: {"injected":true}\n\n');
  });

  it('a message written over several lines becomes several data lines of one event', () => {
    expect(sseEvent('{\n  "a": 1\n}').toString()).toBe('data: {\ndata:   "a": 1\ndata: }\n\n');
  });

  it('an event injected while the server stalls mid-event waits, says it waits, and is given up with words if the event never ends', async () => {
    const h = harness();
    await h.write('data: {"server":"half');
    const gaveUp: string[] = [];
    let written = 0;
    expect(h.splice.inject(sseEvent('{"injected":1}'), () => written++, (why) => gaveUp.push(why), 40)).toBe(false);
    await new Promise((r) => setTimeout(r, 120));
    expect(gaveUp).toEqual([expect.stringMatching(/stayed in the middle of an event/)]);
    // The server finishes later: its event goes on, the given-up one never does.
    await h.write(' done"}\n\n');
    expect(written).toBe(0);
    expect(h.events()).toEqual(['{"server":"half done"}']);
  });

  it('a waiting event that gets its edge in time goes in and is not given up', async () => {
    const h = harness();
    await h.write('data: {"server":');
    const gaveUp: string[] = [];
    let written = 0;
    expect(h.splice.inject(sseEvent('{"injected":2}'), () => written++, (why) => gaveUp.push(why), 60)).toBe(false);
    await h.write('3}\n\n');
    await new Promise((r) => setTimeout(r, 120));
    expect([written, gaveUp]).toEqual([1, []]);
    expect(h.events()).toEqual(['{"server":3}', '{"injected":2}']);
  });
});
