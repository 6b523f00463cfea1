import { describe, expect, it } from 'vitest';
import { describeBehind, describeRecording } from '@/lib/session/recording-text';

describe('what the page says about a recording', () => {
  it('says nothing when everything was saved', () => {
    expect(describeRecording(undefined)).toBeNull();
    expect(describeRecording({ state: 'ok', notSaved: 0, changesNotSaved: 0, missing: [], lastFailure: 'the disk is full' })).toBeNull();
  });

  it('says "recording failed" with the reason, the count not saved and the missing ranges', () => {
    expect(
      describeRecording({
        state: 'failed',
        why: 'the disk is full (or the database reached its size limit)',
        since: '2026-01-01T00:00:00.000Z',
        notSaved: 5722,
        changesNotSaved: 1,
        missing: [{ from: 131, to: 5852 }],
      }),
    ).toBe('recording failed: the disk is full (or the database reached its size limit) — 5,722 entries not saved (seq 131–5,852); 1 later change not saved');
  });

  it('after recovery, keeps saying what is missing and why', () => {
    expect(
      describeRecording({
        state: 'ok',
        notSaved: 4,
        changesNotSaved: 0,
        missing: [{ from: 1, to: 1 }, { from: 3, to: 4 }, { from: 9, to: 9 }, { from: 20, to: 20 }],
        lastFailure: 'the database is busy: another program holds a lock on it',
      }),
    ).toBe('4 entries not saved (seq 1, 3–4, 9 and 1 more range) — recording resumed after: the database is busy: another program holds a lock on it');
  });

  it('says how far behind the page is, and nothing once it caught up', () => {
    expect(describeBehind(23_456)).toBe('this page is 23,456 entries behind — catching up from the store');
    expect(describeBehind(0)).toBeNull();
    expect(describeBehind(undefined)).toBeNull();
  });
});
