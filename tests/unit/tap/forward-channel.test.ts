/**
 * What the tap's forwarding thread tells the rest of the tap in shared memory
 * (server/tap/forward-channel.ts): each chunk it forwarded, in order, where it lies in its ring
 * (across the ring's end too), and the bytes that went on uncopied when the recording fell a
 * whole ring behind or the record queue was full — never a record for bytes it did not copy.
 */
import { describe, expect, it } from 'vitest';
import { copyOut } from '@/server/tap/copy-ring';
import { RECORDS, RecordReader, RecordWriter, ackForwarded, forwardShared } from '@/server/tap/forward-channel';

type Seen = { copied: string } | { skipped: number };

/** What the reader drains, a record a line: a copy that wraps the ring's end (two spans) reads as one. */
function read(reader: RecordReader, ring: SharedArrayBuffer): Seen[] {
  const seen: Seen[] = [];
  let wrapped = false;
  reader.drain(
    (at, length) => {
      const text = copyOut(ring, { at, length }).toString();
      const last = seen.at(-1);
      if (wrapped && at === 0 && last && 'copied' in last) last.copied += text;
      else seen.push({ copied: text });
      wrapped = at + length === ring.byteLength;
    },
    (bytes) => {
      seen.push({ skipped: bytes });
      wrapped = false;
    },
  );
  return seen;
}

describe("the forwarding thread's records", () => {
  it('give each forwarded chunk back in order, across the end of the ring', () => {
    const shared = forwardShared(16);
    const writer = new RecordWriter(shared);
    const reader = new RecordReader(shared);
    writer.forwarded(Buffer.from('0123456789'));
    writer.forwarded(Buffer.from('abc'));
    expect(read(reader, shared.ring)).toEqual([{ copied: '0123456789' }, { copied: 'abc' }]);
    ackForwarded(shared, 13);
    writer.forwarded(Buffer.from('WRAPPED'));
    expect(read(reader, shared.ring)).toEqual([{ copied: 'WRAPPED' }]);
    expect(read(reader, shared.ring)).toEqual([]);
  });

  it('say how many bytes went on uncopied while the recording is a whole ring behind, then copy again', () => {
    const shared = forwardShared(16);
    const writer = new RecordWriter(shared);
    const reader = new RecordReader(shared);
    writer.forwarded(Buffer.from('0123456789abcd'));
    writer.forwarded(Buffer.from('no room'));
    expect(read(reader, shared.ring)).toEqual([{ copied: '0123456789abcd' }, { skipped: 7 }]);
    ackForwarded(shared, 14);
    writer.forwarded(Buffer.from('fits'));
    expect(read(reader, shared.ring)).toEqual([{ copied: 'fits' }]);
    expect(writer.uncopied).toBe(0);
  });

  it('when the record queue is full, count the chunks as uncopied and report them as one gap once there is room', () => {
    const shared = forwardShared(1024 * 1024);
    const writer = new RecordWriter(shared);
    const reader = new RecordReader(shared);
    for (let i = 0; i < RECORDS; i++) writer.forwarded(Buffer.from('x'));
    writer.forwarded(Buffer.from('lost'));
    writer.forwarded(Buffer.from('too'));
    let copies = 0;
    reader.drain(
      () => copies++,
      () => expect.unreachable(),
    );
    expect(copies).toBe(RECORDS);
    expect(writer.uncopied).toBe(7);
    writer.forwarded(Buffer.from('after'));
    expect(read(reader, shared.ring)).toEqual([{ skipped: 7 }, { copied: 'after' }]);
  });

  it('wake a thread waiting for them', async () => {
    const shared = forwardShared(64);
    const writer = new RecordWriter(shared);
    const reader = new RecordReader(shared);
    const more = reader.whenMore();
    let woken = false;
    void more.then(() => (woken = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(woken).toBe(false);
    writer.forwarded(Buffer.from('hi'));
    await more;
    expect(read(reader, shared.ring)).toEqual([{ copied: 'hi' }]);
  });
});
