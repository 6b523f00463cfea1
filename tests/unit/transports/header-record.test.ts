import { describe, expect, it } from 'vitest';
import { headerRecord } from '@/server/transports/text';

describe('the headers recorded with an HTTP reply', () => {
  it('are keyed by lower-case name, in arrival order, with repeated headers joined by ", "', () => {
    const h = headerRecord(['Content-Type', 'application/json', 'Set-Cookie', 'a=1', 'X-Trace', 'abc', 'set-cookie', 'b=2']);
    expect(h).toEqual({ 'content-type': 'application/json', 'set-cookie': 'a=1, b=2', 'x-trace': 'abc' });
    expect(Object.keys(h)).toEqual(['content-type', 'set-cookie', 'x-trace']);
  });

  it('keep a peer header named __proto__ as a plain key, not as the record’s prototype', () => {
    const h = headerRecord(['__proto__', 'x', '__PROTO__', 'y', 'constructor', 'z']);
    expect(Object.getPrototypeOf(h)).toBe(Object.prototype);
    expect(Object.keys(h)).toEqual(['__proto__', 'constructor']);
    expect(JSON.stringify(h)).toBe('{"__proto__":"x, y","constructor":"z"}');
  });

  it('read raw header bytes (undici hands Buffers) as latin1, as node:http does', () => {
    const h = headerRecord([Buffer.from('X-Name'), Buffer.from([0x63, 0x61, 0x66, 0xe9])]);
    expect(h).toEqual({ 'x-name': 'café' });
  });
});
