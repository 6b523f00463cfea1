/**
 * A row's stored extras (server/store/event-extras.ts, migration 12) hold every member the
 * timeline's columns do not: the recorder writes them with the row, and a rows page shows them.
 */
import { describe, expect, it } from 'vitest';
import { finding } from '@/lib/jsonrpc/rules/table';
import type { TrafficEvent } from '@/lib/session/types';
import { EXTRA_MEMBERS } from '@/lib/timeline/row-columns';
import { eventExtras } from '@/server/store/event-extras';
import { extrasOf } from '@/server/store/event-rows';
import { eventBody } from '@/server/store/event-json';

const plain: TrafficEvent = { seq: 4, t: 1, time: 1_700_000_000_000, dir: 'out', kind: 'request', raw: '{}', findings: [], id: 4, idText: '4', method: 'm', state: 'pending' };

describe('the extras stored with a row', () => {
  it('an entry with only columns has none; an empty findings list is none', () => {
    expect(eventExtras(plain)).toBeNull();
    expect(eventExtras({ ...plain, findings: [], pair: 3, latencyMs: 2 })).toBeNull();
  });

  it('each member the columns do not hold, set alone, is stored and read back as it was', () => {
    for (const key of EXTRA_MEMBERS) {
      const value = key === 'findings' ? [finding('jsonrpc-version')] : { mark: key };
      const ev = { ...plain, [key]: value } as TrafficEvent;
      const text = eventExtras(ev);
      expect(text, key).not.toBeNull();
      expect(JSON.parse(text!), key).toEqual({ [key]: value });
    }
  });

  it('holds what a session recorded before migration 12 finds in the body', () => {
    const ev: TrafficEvent = { ...plain, kind: 'invalid', findings: [finding('jsonrpc-version')], note: 'größe', late: true };
    const stored = { extras: null as string | null };
    const body = eventBody(ev, stored);
    expect(JSON.parse(stored.extras!)).toEqual(JSON.parse(extrasOf(body)!));
    // The sentence goes by reference in both, put back where it is shown.
    expect(stored.extras).not.toContain(ev.findings[0].spec);
  });
});
