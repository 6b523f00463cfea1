import { describe, expect, it } from 'vitest';
import { base64ToBytes, hexDump, splitWire } from '@/lib/timeline/wire';

describe('raw wire view', () => {
  it('separates a Content-Length header block from the body', () => {
    expect(splitWire('Content-Length: 2\r\n\r\n{}')).toEqual({ header: 'Content-Length: 2\r\n\r\n', body: '{}' });
    expect(splitWire('{"a":"Content-Length: 1\\r\\n\\r\\n"}').header).toBe('');
    expect(splitWire('not json at all').body).toBe('not json at all');
  });

  it('decodes base64 bytes and dumps them as hex with printable ASCII', () => {
    const bytes = base64ToBytes('/wBBQkP+'); // ff 00 41 42 43 fe
    expect([...bytes]).toEqual([0xff, 0x00, 0x41, 0x42, 0x43, 0xfe]);
    const { lines } = hexDump(bytes);
    expect(lines).toHaveLength(1);
    expect(lines[0].offset).toBe('00000000');
    expect(lines[0].hex).toBe('ff 00 41 42 43 fe');
    expect(lines[0].ascii).toBe('..ABC.');
  });

  it('caps the hex dump so a huge frame stays responsive', () => {
    const { lines, truncated } = hexDump(new Uint8Array(100_000), 1024);
    expect(lines).toHaveLength(64);
    expect(truncated).toBe(true);
  });
});
