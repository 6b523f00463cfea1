import { describe, expect, it } from 'vitest';
import { Tag, eventStatus, findingsCount, isSecondary, rowLatency } from '@/lib/timeline/status';
import { formatLatency, formatSinceStart, idLabel } from '@/lib/timeline/format';
import { ev, lookupOf } from './events';

describe('timeline status column', () => {
  const req = ev({ seq: 1, dir: 'out', kind: 'request', id: 1, method: 'a', state: 'answered', pair: 2 });
  const err = ev({ seq: 2, dir: 'in', kind: 'error', id: 1, pair: 1, latencyMs: 12.34, state: 'answered', error: { code: -32601, message: 'x', name: 'Method not found', meaning: '', source: 'jsonrpc' } });
  const lookup = lookupOf([req, err]);

  it('a request answered with an error shows the decoded error name on both rows', () => {
    expect(eventStatus(req, lookup)).toMatchObject({ label: 'Method not found', tone: 'error' });
    expect(eventStatus(err, lookup)).toMatchObject({ label: 'Method not found', tone: 'error' });
    expect(eventStatus(err, lookup).tags & Tag.ERROR).toBeTruthy();
  });

  it('shows ok, pending, timed out, late and orphan in words', () => {
    const none = lookupOf([]);
    expect(eventStatus(ev({ seq: 3, dir: 'in', kind: 'response', state: 'answered' }), none).label).toBe('ok');
    expect(eventStatus(ev({ seq: 4, dir: 'out', kind: 'request', state: 'pending' }), none).label).toBe('pending');
    expect(eventStatus(ev({ seq: 5, dir: 'out', kind: 'request', state: 'timed-out' }), none).label).toBe('timed out');
    expect(eventStatus(ev({ seq: 6, dir: 'in', kind: 'response', state: 'late' }), none).label).toBe('late');
    expect(eventStatus(ev({ seq: 7, dir: 'in', kind: 'response', state: 'orphan' }), none).label).toBe('orphan');
    expect(eventStatus(ev({ seq: 8, dir: 'out', kind: 'request', state: 'target-exited' }), none).label).toBe('target exited');
  });

  it('labels a batch with its item count and errors, and DAP as DAP rather than invalid', () => {
    const batch = ev({
      seq: 9, dir: 'in', kind: 'batch',
      items: [
        { index: 0, kind: 'response', findings: [] },
        { index: 1, kind: 'error', findings: [{ rule: 'r', severity: 'error', message: 'm' }] },
      ],
    });
    expect(eventStatus(batch, lookup).label).toBe('2 items · 1 error');
    expect(findingsCount(batch)).toBe(1);
    expect(eventStatus(ev({ seq: 10, dir: 'in', kind: 'not-jsonrpc', protocol: 'dap' }), lookup).label).toBe('DAP');
  });

  it('the request row shows its answer latency; stderr and connection entries are secondary', () => {
    expect(rowLatency(req, lookup)).toBe(12.34);
    expect(isSecondary(ev({ seq: 11, dir: 'meta', kind: 'stderr' }))).toBe(true);
    expect(isSecondary(req)).toBe(false);
  });

  it('formats latency, time since start and ids exactly as sent', () => {
    expect(formatLatency(0.42)).toBe('0.42 ms');
    expect(formatLatency(12.34)).toBe('12.3 ms');
    expect(formatLatency(812.6)).toBe('813 ms');
    expect(formatLatency(12_500)).toBe('12.5 s');
    expect(formatSinceStart(1234.6)).toBe('+1.235 s');
    expect(formatSinceStart(125_300)).toBe('+2:05.300');
    expect(idLabel('9007199254740993', 9007199254740992)).toBe('9007199254740993');
    expect(idLabel(undefined, '')).toBe('""');
    expect(idLabel(undefined, 0)).toBe('0');
  });
});

describe('fast status tags for filtering', () => {
  it('agree with the status column on every kind of entry', async () => {
    const { conversation } = await import('./events');
    const { eventTags } = await import('@/lib/timeline/status');
    const events = conversation(3000);
    events.push(
      ev({ seq: 9001, dir: 'in', kind: 'response', state: 'orphan' }),
      ev({ seq: 9002, dir: 'in', kind: 'error', state: 'duplicate', error: { code: 1, message: '', name: 'x', meaning: '', source: 'application' } }),
      ev({ seq: 9003, dir: 'out', kind: 'request', state: 'timed-out' }),
      ev({ seq: 9004, dir: 'out', kind: 'request', state: 'late', pair: 9002 }),
      ev({ seq: 9005, dir: 'in', kind: 'notification', state: 'unexpected' }),
      ev({ seq: 9006, dir: 'in', kind: 'noise', reason: 'bad-header' }),
      ev({ seq: 9007, dir: 'meta', kind: 'exit', process: { exitCode: 2 } }),
      ev({ seq: 9008, dir: 'in', kind: 'no-body', http: { status: 202 } }),
      ev({ seq: 9009, dir: 'out', kind: 'batch', items: [{ index: 0, kind: 'request', state: 'pending', findings: [] }] }),
    );
    const lookup = lookupOf(events);
    for (const e of events) expect(eventTags(e, lookup), `seq ${e.seq} ${e.kind}`).toBe(eventStatus(e, lookup).tags);
  });
});
