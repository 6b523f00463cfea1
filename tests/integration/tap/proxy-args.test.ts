/** `rpcscope tap --listen … --to …`: what a user gets wrong is said in words, before anything listens. */
import { describe, expect, it } from 'vitest';
import { TapUsageError, parseTapArgs } from '@/server/tap/args';

const usage = (argv: string[]) => {
  try {
    parseTapArgs(argv);
    return null;
  } catch (err) {
    expect(err).toBeInstanceOf(TapUsageError);
    return (err as Error).message;
  }
};

describe('rpcscope tap --listen', () => {
  it('takes a loopback address and a URL', () => {
    const opts = parseTapArgs(['--listen', '127.0.0.1:0', '--to', 'http://127.0.0.1:3001/mcp']);
    expect(opts.listen).toEqual({ host: '127.0.0.1', port: 0 });
    expect(opts.to?.href).toBe('http://127.0.0.1:3001/mcp');
    expect(parseTapArgs(['--listen', '9000', '--to', 'ws://localhost:1/']).listen).toEqual({ host: '127.0.0.1', port: 9000 });
  });

  it('refuses what would expose it or cannot work, and says why', () => {
    expect(usage(['--listen', '0.0.0.0:9000', '--to', 'http://x/'])).toMatch(/loopback address/);
    expect(usage(['--listen', '127.0.0.1:99999', '--to', 'http://x/'])).toMatch(/HOST:PORT/);
    expect(usage(['--listen', '127.0.0.1:9000'])).toMatch(/--listen and --to go together/);
    expect(usage(['--listen', '127.0.0.1:9000', '--to', 'ftp://x/'])).toMatch(/http:\/\/, https:\/\/, ws:\/\/ or wss:\/\//);
    expect(usage(['--listen', '127.0.0.1:9000', '--to', 'http://x/', '--', 'node', 's.js'])).toMatch(/takes no command/);
    expect(usage(['--listen', '127.0.0.1:9000', '--to', 'http://x/', '--framing', 'newline'])).toMatch(/--framing is for a stdio tap/);
  });
});
