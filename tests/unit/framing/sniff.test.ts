import { describe, expect, it } from 'vitest';
import { sniffFraming } from '@/lib/framing/sniff';

describe('auto framing decides from the first bytes', () => {
  it('takes a header block for content-length and a JSON start for newline, and says why', () => {
    expect(sniffFraming('Content-Length: 52\r\n\r\n{', 'client')).toEqual({ framing: 'content-length', why: 'the client\'s first bytes are a header ("Content-Length")' });
    expect(sniffFraming('\r\n  {"jsonrpc":"2.0"', 'server')).toMatchObject({ framing: 'newline' });
    expect(sniffFraming('[{"jsonrpc":"2.0"}]', 'client')).toMatchObject({ framing: 'newline' });
  });

  it('waits while the bytes do not tell yet', () => {
    expect(sniffFraming('', 'client')).toBeNull();
    expect(sniffFraming('  \n', 'client')).toBeNull();
    expect(sniffFraming('Conte', 'client')).toBeNull();
    expect(sniffFraming('server starting…', 'server')).toBeNull();
  });
});
