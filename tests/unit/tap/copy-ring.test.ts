/**
 * The ring the stdio tap's copies travel in to its recording thread (server/tap/copy-ring.ts): what
 * is copied in comes out the same, across the ring's end too; a copy that does not fit in what the
 * reader has freed is refused (the tap then skips it and reports the gap) without touching what
 * the reader has yet to copy out; reading frees room again.
 */
import { describe, expect, it } from 'vitest';
import { CopyRingWriter, copyOut, type RingSpan } from '@/server/tap/copy-ring';

const bytes = (text: string) => Buffer.from(text);
const read = (ring: CopyRingWriter, spans: RingSpan[]) => Buffer.concat(spans.map((s) => copyOut(ring.buffer, s))).toString();

describe('the copy ring between the tap and its recording thread', () => {
  it('gives back what went in, in one span or two where it wraps', () => {
    const ring = new CopyRingWriter(16);
    const a = ring.write(bytes('0123456789'))!;
    expect(a).toEqual([{ at: 0, length: 10 }]);
    expect(read(ring, a)).toBe('0123456789');
    ring.readUpTo(10);
    const b = ring.write(bytes('abcdefghij'))!;
    expect(b).toEqual([
      { at: 10, length: 6 },
      { at: 0, length: 4 },
    ]);
    expect(read(ring, b)).toBe('abcdefghij');
  });

  it('refuses a copy the reader has no room for, and keeps what it has not read intact', () => {
    const ring = new CopyRingWriter(16);
    const kept = ring.write(bytes('unread-bytes'))!;
    expect(ring.write(bytes('too-long'))).toBeNull();
    expect(ring.backlog).toBe(12);
    expect(read(ring, kept)).toBe('unread-bytes');
    ring.readUpTo(12);
    expect(ring.write(bytes('too-long'))).not.toBeNull();
  });

  it('hands the reader copies of its own, unchanged when the ring is reused', () => {
    const ring = new CopyRingWriter(8);
    const first = copyOut(ring.buffer, ring.write(bytes('aaaaaaaa'))![0]);
    ring.readUpTo(8);
    ring.write(bytes('bbbbbbbb'));
    expect(first.toString()).toBe('aaaaaaaa');
  });

  it('never counts more read than was written', () => {
    const ring = new CopyRingWriter(8);
    ring.write(bytes('abc'));
    ring.readUpTo(100);
    expect(ring.backlog).toBe(0);
    expect(ring.write(bytes('12345678'))).not.toBeNull();
  });
});
