/** `rpcscope probe`'s arguments: the target flags are `rpcscope call`'s, the probe's own are taken out first. */
import { describe, expect, it } from 'vitest';
import { parseProbeArgs } from '@/server/commands/probe';
import { UsageError } from '@/server/cli';

describe('rpcscope probe arguments', () => {
  it('reads the target with call\u2019s flags and the probe\u2019s own flags around them', () => {
    const o = parseProbeArgs(['--http', 'http://127.0.0.1:9/rpc', '--header', 'X-Token: --json', '--dialect', 'mcp', '--allow', 'update', '--allow', 'shutdown', '--timeout', '500', '--json', 'r.json', '--junit', 'r.xml']);
    expect(o).toEqual({
      target: { kind: 'http', url: 'http://127.0.0.1:9/rpc', headers: { 'X-Token': '--json' } },
      dialect: 'mcp',
      allow: ['update', 'shutdown'],
      timeoutMs: 500,
      json: 'r.json',
      junit: 'r.xml',
    });
  });

  it('leaves everything after -- to the command, probe-looking flags included', () => {
    const o = parseProbeArgs(['--stdio', '--framing', 'newline', '--', 'node', 'server.js', '--json', 'x']);
    expect(o.target).toMatchObject({ kind: 'stdio', command: 'node', args: ['server.js', '--json', 'x'], framing: 'newline' });
    expect(o.json).toBeUndefined();
    expect(o.dialect).toBe('auto');
  });

  it('refuses in words: no target, an unknown dialect, a bad timeout, rpcscope call\u2019s own steps', () => {
    const bad: [string[], RegExp][] = [
      [[], /give a target/],
      [['--dialect', 'dap', '--tcp', '127.0.0.1:9', '--framing', 'newline'], /--dialect is auto or one of base, lsp, mcp, ethereum, a2a, got "dap"/],
      [['--timeout', '0', '--tcp', '127.0.0.1:9', '--framing', 'newline'], /--timeout wants milliseconds/],
      [['--send', '{}', '--tcp', '127.0.0.1:9', '--framing', 'newline'], /--send is rpcscope call's; the probe decides what it sends/],
      [['--json'], /--json needs a value/],
    ];
    for (const [args, message] of bad) expect(() => parseProbeArgs(args), args.join(' ')).toThrow(message);
    expect(() => parseProbeArgs([])).toThrow(UsageError);
  });
});
