/**
 * The page's rows in one compact shape (issue 11: page memory): each reads exactly like the
 * entry without its wire text, whatever members it has, and repeated strings are shared.
 */
import { describe, expect, it } from 'vitest';
import { compactRow, Interner, NO_FINDINGS } from '@/lib/timeline/compact-row';
import type { TrafficEvent } from '@/lib/session/types';
import { conversation, ev } from './events';

const withoutText = ({ raw: _raw, rawBase64: _b64, ...rest }: TrafficEvent) => rest;

describe('compact page rows', () => {
  it('read the same as the entry without its text, for every kind of entry', () => {
    const strings = new Interner();
    const rare: TrafficEvent[] = [
      ev({ seq: 9001, dir: 'in', kind: 'error', id: 'a-1', pair: 9000, latencyMs: 1.5, state: 'answered', error: { code: -32601, name: 'Method not found', known: true } as never, rawBase64: 'AA==' }),
      ev({ seq: 9002, dir: 'out', kind: 'batch', items: [{ kind: 'request', id: 1, method: 'm' }] as never, http: { status: 200 } as never, injected: true, late: true }),
      ev({ seq: 9003, dir: 'meta', kind: 'connection', note: 'exited', process: { pid: 1, exitCode: 0 } as never, findings: [{ rule: 'r', severity: 'warning', message: 'm' }] as never }),
    ];
    for (const e of [...conversation(400), ...rare]) {
      const row = compactRow(e, strings);
      expect(row).toEqual(withoutText(e));
      expect('raw' in row || 'rawBase64' in row).toBe(false);
    }
  });

  it('share one empty findings list and keep the members every row has in one order', () => {
    const strings = new Interner();
    const rows = conversation(200).map((e) => compactRow(e, strings));
    const order = Object.keys(rows[0]).slice(0, 11);
    for (const row of rows) {
      expect(Object.keys(row).slice(0, 11)).toEqual(order);
      if (row.findings.length === 0) expect(row.findings).toBe(NO_FINDINGS);
    }
  });

  it('keep a bounded table of repeated strings, and long ones out of it', () => {
    const strings = new Interner(3);
    for (const s of ['a', 'b', 'a', 'c', 'd', 'e', 'x'.repeat(200)]) expect(strings.of(s)).toBe(s);
    expect(strings.size).toBe(3);
    expect(strings.of(undefined)).toBeUndefined();
  });
});
