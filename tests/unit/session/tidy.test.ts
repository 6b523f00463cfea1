import { describe, expect, it } from 'vitest';
import type { SessionSummary, TargetSpec } from '@/lib/session/types';
import { IDLE_AFTER_MS, isIdle, pastRows } from '@/lib/session/tidy';

const summary = (id: string, status: SessionSummary['status'], target: TargetSpec, startedAt = '2026-01-01T10:00:00.000Z'): SessionSummary => ({
  id, name: id, target, status, startedAt, lastSeq: 0, counts: { events: 0, out: 0, in: 0, errors: 0, findings: 0 },
});
const http: TargetSpec = { kind: 'http', url: 'http://127.0.0.1:8545/' };
const bad: TargetSpec = { kind: 'tcp', host: '127.0.0.1', port: 9, framing: 'newline' };
const other: TargetSpec = { kind: 'stdio', command: 'no-such-command', framing: 'content-length' };

describe('tidy sessions', () => {
  it('folds failed attempts at one target into one row, newest first, where the newest one was', () => {
    const s = [summary('f3', 'failed', bad), summary('ok', 'closed', http), summary('f2', 'failed', bad), summary('g1', 'failed', other), summary('f1', 'failed', bad)];
    const byId = new Map(s.map((x) => [x.id, x]));
    const rows = pastRows(s.map((x) => x.id), (id) => byId.get(id));
    expect(rows.map((r) => (r.kind === 'session' ? r.summary.id : `${r.latest.id}×${r.attempts.length}`))).toEqual(['f3×3', 'ok', 'g1×1']);
  });

  it('calls an open HTTP session idle once nothing crossed the wire for a while, and nothing else', () => {
    const start = Date.parse('2026-01-01T10:00:00.000Z');
    const open = summary('h', 'open', http);
    expect(isIdle(open, undefined, start + IDLE_AFTER_MS - 1)).toBe(false);
    expect(isIdle(open, undefined, start + IDLE_AFTER_MS)).toBe(true);
    expect(isIdle(open, start + IDLE_AFTER_MS, start + IDLE_AFTER_MS + 1000)).toBe(false);
    expect(isIdle(summary('w', 'open', { kind: 'websocket', url: 'ws://127.0.0.1:1/' }), undefined, start + 10 * IDLE_AFTER_MS)).toBe(false);
    expect(isIdle(summary('c', 'closed', http), undefined, start + 10 * IDLE_AFTER_MS)).toBe(false);
  });
});
