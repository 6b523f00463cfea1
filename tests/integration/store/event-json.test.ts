import { describe, expect, it } from 'vitest';
import type { TrafficEvent } from '../../../lib/session/types';
import { eventBody } from '../../../server/store/event-json';

const base = (over: Partial<TrafficEvent>): TrafficEvent =>
  ({ seq: 1, t: 0.5, time: 1_700_000_000_000, dir: 'in', raw: '{"jsonrpc":"2.0","method":"a"}', kind: 'notification', findings: [], ...over }) as TrafficEvent;

describe('the stored body of an event', () => {
  it('is the event with raw blanked at its own key position, and the event itself is left as it was', () => {
    const ev = base({ method: 'a' });
    const before = JSON.stringify(ev);
    const body = eventBody(ev);
    expect(JSON.parse(body)).toEqual({ ...ev, raw: '' });
    expect(Object.keys(JSON.parse(body))).toEqual(Object.keys(ev));
    expect(JSON.stringify(ev)).toBe(before);
  });

  it('keeps a raw text that is not well-formed UTF-16 (SQLite cannot hold it in the raw column), and blanks base64 bytes', () => {
    const lone = base({ raw: 'bad \ud800 text' });
    expect(eventBody(lone)).toBe(JSON.stringify(lone));
    const bin = base({ rawBase64: 'AAEC' });
    expect(JSON.parse(eventBody(bin))).toMatchObject({ raw: '', rawBase64: '' });
    expect(bin).toMatchObject({ rawBase64: 'AAEC', raw: '{"jsonrpc":"2.0","method":"a"}' });
  });
});
