import { describe, expect, it } from 'vitest';
import { INITIAL_FORM, buildTarget, type TargetForm } from '@/components/targets/form';
import { describeTarget } from '@/lib/targets/registry';
import { parseEnvLines, splitCommandLine } from '@/lib/targets/split-args';

const form = (patch: (f: TargetForm) => void): TargetForm => {
  const f: TargetForm = structuredClone(INITIAL_FORM);
  patch(f);
  return f;
};

describe('connection form', () => {
  it('splits a command line like a shell would, without running one', () => {
    expect(splitCommandLine(`node "my server.js" --flag='a b' plain\\ space`)).toEqual({ ok: true, argv: ['node', 'my server.js', '--flag=a b', 'plain space'] });
    expect(splitCommandLine('echo $HOME | cat')).toEqual({ ok: true, argv: ['echo', '$HOME', '|', 'cat'] });
    expect(splitCommandLine('node "oops')).toEqual({ ok: false, error: 'the double quote is never closed' });
    expect(splitCommandLine(`a '' b`)).toEqual({ ok: true, argv: ['a', '', 'b'] });
  });

  it('reads environment lines and names the bad one', () => {
    expect(parseEnvLines('A=1\n# note\n\nB=x=y')).toEqual({ ok: true, env: { A: '1', B: 'x=y' } });
    expect(parseEnvLines('A=1\nnot a var')).toEqual({ ok: false, error: 'environment line 2 should look like NAME=value' });
  });

  it('builds a stdio target from a command line', () => {
    const r = buildTarget(form((f) => {
      f.stdio.argv.commandLine = 'node tests/fixtures/peers/stdio-peer.mjs --framing newline';
      f.stdio.framing = 'newline';
      f.stdio.envText = 'DEBUG=1';
    }));
    expect(r).toEqual({ ok: true, target: { kind: 'stdio', command: 'node', args: ['tests/fixtures/peers/stdio-peer.mjs', '--framing', 'newline'], framing: 'newline', env: { DEBUG: '1' } }, name: undefined, timeoutMs: undefined });
    expect(describeTarget((r as { target: Parameters<typeof describeTarget>[0] }).target)).toBe('node tests/fixtures/peers/stdio-peer.mjs --framing newline');
  });

  it('says what is missing in plain words', () => {
    expect(buildTarget(form(() => {}))).toMatchObject({ ok: false, error: expect.stringMatching(/Enter the command/) });
    expect(buildTarget(form((f) => { f.kind = 'tcp'; f.tcp.port = '99999'; }))).toMatchObject({ ok: false, error: 'The port must be a number from 1 to 65535' });
    expect(buildTarget(form((f) => { f.kind = 'http'; }))).toMatchObject({ ok: false, error: 'Enter the HTTP URL of the target' });
    expect(buildTarget(form((f) => { f.kind = 'http'; f.http.url = 'http://127.0.0.1:1/rpc'; f.http.headers = [{ name: 'Bad Name', value: 'x' }]; }))).toMatchObject({ ok: false, error: expect.stringMatching(/header name/) });
  });

  it('keeps headers and subprotocols for a WebSocket target', () => {
    const r = buildTarget(form((f) => {
      f.kind = 'websocket';
      f.websocket.url = 'ws://127.0.0.1:9000/';
      f.websocket.headers = [{ name: 'Authorization', value: 'Bearer x' }, { name: '', value: '' }];
      f.websocket.subprotocols = 'jsonrpc, mcp';
    }));
    expect(r).toMatchObject({ ok: true, target: { kind: 'websocket', url: 'ws://127.0.0.1:9000/', headers: { Authorization: 'Bearer x' }, subprotocols: ['jsonrpc', 'mcp'] } });
  });
});
