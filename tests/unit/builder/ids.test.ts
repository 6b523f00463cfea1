import { describe, expect, it } from 'vitest';
import { idKeyOf, nextAutoId, resolveId } from '@/lib/builder/ids';

const base = { counter: 7, uuid: '5f0c3c1e-0000-4000-8000-000000000000', customText: '' };

describe('id policies', () => {
  it('auto uses the session counter as a number', () => {
    expect(resolveId({ ...base, policy: 'auto' })).toEqual({ ok: true, idText: '7' });
  });
  it('uuid sends a JSON string', () => {
    expect(resolveId({ ...base, policy: 'uuid' })).toEqual({ ok: true, idText: '"5f0c3c1e-0000-4000-8000-000000000000"' });
  });
  it('none makes a notification (no id member at all)', () => {
    expect(resolveId({ ...base, policy: 'none' })).toEqual({ ok: true, idText: undefined });
  });
  it('custom 0 and "" are real ids, sent without warnings', () => {
    expect(resolveId({ ...base, policy: 'custom', customText: '0' })).toEqual({ ok: true, idText: '0', warning: undefined });
    expect(resolveId({ ...base, policy: 'custom', customText: '""' })).toEqual({ ok: true, idText: '""', warning: undefined });
  });
  it('custom big integers are sent digit for digit', () => {
    const r = resolveId({ ...base, policy: 'custom', customText: '123456789012345678901234567890' });
    expect(r).toMatchObject({ ok: true, idText: '123456789012345678901234567890' });
    expect(r.ok && r.warning).toMatch(/2\^53/);
  });
  it('custom invalid ids ({} or 1.5) are allowed, with the spec sentence they break', () => {
    const obj = resolveId({ ...base, policy: 'custom', customText: ' { } ' });
    expect(obj).toMatchObject({ ok: true, idText: '{}' });
    expect(obj.ok && obj.warning).toMatch(/MUST contain a String, Number, or NULL/);
    const frac = resolveId({ ...base, policy: 'custom', customText: '1.5' });
    expect(frac).toMatchObject({ ok: true, idText: '1.5' });
    expect(frac.ok && frac.warning).toMatch(/fractional/);
  });
  it('custom text that is not JSON is refused with a pointer to raw mode', () => {
    const r = resolveId({ ...base, policy: 'custom', customText: 'abc' });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(/Raw mode/);
    expect(resolveId({ ...base, policy: 'custom', customText: '   ' }).ok).toBe(false);
  });
});

describe('id comparison by JSON value', () => {
  it('1 and "1" differ; 1 and 1.0 match; escapes decode', () => {
    expect(idKeyOf('1')).not.toBe(idKeyOf('"1"'));
    expect(idKeyOf('1')).toBe(idKeyOf('1.0'));
    expect(idKeyOf('"A"')).toBe(idKeyOf('"\\u0041"'));
  });
  it('0, "" and null are distinct real keys', () => {
    const keys = new Set([idKeyOf('0'), idKeyOf('""'), idKeyOf('null'), idKeyOf('"0"')]);
    expect(keys.size).toBe(4);
  });
  it('integers beyond 2^53 compare exactly', () => {
    expect(idKeyOf('9007199254740993')).not.toBe(idKeyOf('9007199254740992'));
    expect(idKeyOf('9007199254740993')).toBe(idKeyOf('9007199254740993'));
  });
});

describe('auto ids never reuse an id already sent in the session', () => {
  it('continues above the largest numeric id sent, batches included', () => {
    const events = [
      { dir: 'out', kind: 'request', id: 4, idText: '4' },
      { dir: 'in', kind: 'request', id: 99, idText: '99' },
      { dir: 'out', kind: 'batch', items: [{ kind: 'request', id: 11, idText: '11' }, { kind: 'notification' }] },
      { dir: 'out', kind: 'request', id: 'x', idText: '"x"' },
      { dir: 'out', kind: 'request', id: 1e30, idText: '1000000000000000000000000000000' },
    ];
    expect(nextAutoId(events, 1)).toBe(12);
    expect(nextAutoId(events, 40)).toBe(40);
    expect(nextAutoId([], 0)).toBe(1);
  });
});
