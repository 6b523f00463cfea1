import { describe, expect, it } from 'vitest';
import type { TrafficEvent } from '../../../lib/session/types';
import { eventJson, wireJson } from '../../../server/store/event-json';

const base = (over: Partial<TrafficEvent>): TrafficEvent =>
  ({ seq: 1, t: 0.5, time: 1_700_000_000_000, dir: 'in', raw: '{"jsonrpc":"2.0","method":"a\\"raw\\":\\"\\""}', kind: 'notification', findings: [], ...over }) as TrafficEvent;

describe('an event is serialised once for the store and the bridge', () => {
  it('sends the bridge exactly what JSON.stringify gives, and stores the body with raw blanked in place', () => {
    const ev = base({ method: 'a' });
    const j = eventJson(ev);
    expect(j.wire).toBe(JSON.stringify(ev));
    expect(JSON.parse(j.body)).toEqual({ ...ev, raw: '' });
    expect(Object.keys(JSON.parse(j.body))).toEqual(Object.keys(ev));
    expect(ev.raw).toContain('jsonrpc');
    expect(wireJson(ev)).toBe(j.wire);
  });

  it('finds the outer raw even when a member before it holds a "raw" key of its own', () => {
    const ev = { seq: 2, http: { raw: '', nested: ['"raw":""'] }, raw: 'x{"raw":""}', dir: 'out', kind: 'request', findings: [] } as unknown as TrafficEvent;
    const j = eventJson(ev);
    expect(j.wire).toBe(JSON.stringify(ev));
    expect(JSON.parse(j.body).raw).toBe('');
    expect(JSON.parse(j.body).http).toEqual({ raw: '', nested: ['"raw":""'] });
  });

  it('keeps a raw text that is not well-formed UTF-16 in the body, and base64 bytes out of it', () => {
    const lone = base({ raw: 'bad \ud800 text' });
    expect(eventJson(lone).body).toBe(JSON.stringify(lone));
    const bin = base({ rawBase64: 'AAEC' });
    const j = eventJson(bin);
    expect(j.wire).toBe(JSON.stringify(bin));
    expect(JSON.parse(j.body)).toMatchObject({ raw: '', rawBase64: '' });
    expect(bin.rawBase64).toBe('AAEC');
  });

  it('serialises a replayed copy afresh (nothing cached for it)', () => {
    const ev = base({ seq: 9 });
    expect(wireJson(ev)).toBe(JSON.stringify(ev));
  });
});
