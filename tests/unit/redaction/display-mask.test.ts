import { describe, expect, it } from 'vitest';
import { SecretMask } from '@/lib/redaction/display-mask';
import type { TrafficEvent } from '@/lib/session/types';
import { SECRET_MASK } from '@/lib/variables';

const SECRET = 'p/ss"wörd-0042';
const ev = (partial: Partial<TrafficEvent>): TrafficEvent => ({ seq: 1, t: 0, time: 0, dir: 'out', kind: 'request', raw: '', findings: [], ...partial });
const latin1 = (s: string) => String.fromCharCode(...new TextEncoder().encode(s));

describe('what the app shows of an entry that carried a secret the session sent', () => {
  const mask = new SecretMask([{ name: 'apiToken', value: SECRET }]);

  it('masks the value in every spelling of the raw text and says which variable it hides', () => {
    const raw = `{"params":{"a":${JSON.stringify(SECRET)},"b":"${encodeURIComponent(SECRET)}"}}`;
    const shown = mask.event(ev({ raw, http: { method: 'POST', url: `http://h/?t=${encodeURIComponent(SECRET)}`, headers: { authorization: `Bearer ${SECRET}` } } }));
    expect(JSON.stringify(shown)).not.toContain(encodeURIComponent(SECRET));
    expect(JSON.parse(shown.raw)).toEqual({ params: { a: SECRET_MASK, b: SECRET_MASK } });
    expect(shown.http?.headers?.authorization).toBe(`Bearer ${SECRET_MASK}`);
    expect(shown.masked).toEqual(['apiToken']);
  });

  it('masks the bytes of a frame that was not valid UTF-8', () => {
    const bytes = latin1(`{"k":"${SECRET}"}`) + '\xff';
    const shown = mask.event(ev({ kind: 'noise', raw: 'lossy', rawBase64: btoa(bytes) }));
    expect(atob(shown.rawBase64!)).not.toContain(latin1(SECRET));
    expect(atob(shown.rawBase64!)).toContain(latin1(SECRET_MASK));
  });

  it('masks an error text in a later patch, and leaves the recorded event untouched', () => {
    const original = ev({ raw: `"${SECRET}"` });
    const shown = mask.event(original);
    expect(original.raw).toBe(`"${SECRET}"`);
    expect(original.masked).toBeUndefined();
    expect(shown).not.toBe(original);
    const patch = mask.patch({ seq: 1, error: { code: 1, name: 'x', message: `bad token ${SECRET}`, meaning: 'm', source: 'jsonrpc' } });
    expect(patch.error?.message).toBe(`bad token ${SECRET_MASK}`);
  });

  it('hands back the same entry when it carries no secret, and masks nothing for a session that sent none', () => {
    const plain = ev({ raw: '{"a":1}' });
    expect(mask.event(plain)).toBe(plain);
    const none = new SecretMask([]);
    const withValue = ev({ raw: SECRET });
    expect(none.empty).toBe(true);
    expect(none.event(withValue)).toBe(withValue);
  });

  it('does not search for values too short to mask without damaging other text', () => {
    expect(new SecretMask([{ name: 'pin', value: '42' }]).empty).toBe(true);
  });
});
