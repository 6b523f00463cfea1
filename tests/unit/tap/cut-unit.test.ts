/**
 * The unit a splice or gate cuts (a frame, an SSE event): held pieces come out as one Buffer at
 * its edge, whole only if it began at an edge; passed on early (too large, a lost stream) it comes
 * out as it is and the rest of it is not whole; the next unit after an edge is whole again.
 */
import { describe, expect, it } from 'vitest';
import { CutUnit } from '@/server/tap/cut-unit';

const b = (s: string) => Buffer.from(s);

describe('the unit being cut', () => {
  it('pieces come out as one buffer at the edge, whole when cutting began at an edge', () => {
    const u = new CutUnit();
    u.start(true);
    u.add(b('{"a"'));
    u.add(b(''));
    u.add(b(':1}\n'));
    expect(u.bytes).toBe(8);
    const { bytes, whole } = u.end();
    expect([bytes.toString(), whole]).toEqual(['{"a":1}\n', true]);
    expect(u.bytes).toBe(0);
  });

  it('cutting that began mid-unit gives a unit that is not whole; the next one is', () => {
    const u = new CutUnit();
    u.start(false);
    u.add(b('tail\n'));
    expect(u.end().whole).toBe(false);
    u.add(b('next\n'));
    expect(u.end().whole).toBe(true);
  });

  it('passed on early it comes out as it is, and the rest of that unit is not whole', () => {
    const u = new CutUnit();
    u.start(true);
    expect(u.passOn()).toBeNull();
    u.add(b('big '));
    u.add(b('part'));
    expect(u.passOn()?.toString()).toBe('big part');
    u.add(b(' rest\n'));
    expect(u.end()).toMatchObject({ whole: false });
  });
});
