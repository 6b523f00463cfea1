/**
 * Everything that depends on the target kind comes from its record in lib/targets: these tests
 * fail when a kind is registered but missing from a derived place, and the type checks at the end
 * fail to compile when a per-kind record leaves a kind or a member out.
 */
import { describe, expect, it } from 'vitest';
import { INITIAL_FORM, buildTarget, recallForm, type TargetForm } from '@/components/targets/form';
import { parseTargetSpec } from '@/lib/session/schemas';
import type { TargetKind, TargetSpec } from '@/lib/session/types';
import type { FieldRoles, TargetKindDef } from '@/lib/targets/kind';
import { CONNECTABLE_KIND_LIST, TARGET_KINDS, TARGET_KIND_LIST, connectableKindDef, describeTarget, kindForUrl, launchCommandOf, targetKindDef, type ConnectableKind } from '@/lib/targets/registry';
import { splitCommandLine } from '@/lib/targets/split-args';
import type { TapTarget } from '@/lib/targets/tap';
import { createTransport } from '@/server/transports/registry';
import { targetKey } from '@/lib/openrpc/target-key';
import { redactTarget } from '@/lib/session/redact-target';
import { substituteTarget } from '@/lib/variables/target';
import { redactSessionFile } from '@/lib/redaction';
import { CLI_USAGE, parseCallArgs } from '@/server/cli';
import { LiveSession } from '@/server/session/live-session';
import type { TcpTarget } from '@/lib/targets/tcp';

/** One target per kind, as the CLI and the form would make it. */
const samples: { [K in ConnectableKind]: { target: Extract<TargetSpec, { kind: K }>; cli: string[]; form(f: TargetForm): void } } = {
  stdio: {
    target: { kind: 'stdio', command: 'node', args: ['server.js', '--stdio'], framing: 'newline' },
    cli: ['--stdio', '--framing', 'newline', '--', 'node', 'server.js', '--stdio'],
    form: (f) => { f.stdio.argv.commandLine = 'node server.js --stdio'; f.stdio.framing = 'newline'; },
  },
  http: {
    target: { kind: 'http', url: 'http://127.0.0.1:8545/' },
    cli: ['--http', 'http://127.0.0.1:8545/'],
    form: (f) => { f.http.url = 'http://127.0.0.1:8545/'; },
  },
  websocket: {
    target: { kind: 'websocket', url: 'ws://127.0.0.1:9000/' },
    cli: ['--ws', 'ws://127.0.0.1:9000/'],
    form: (f) => { f.websocket.url = 'ws://127.0.0.1:9000/'; },
  },
  tcp: {
    target: { kind: 'tcp', host: '127.0.0.1', port: 2087, framing: 'content-length' },
    cli: ['--tcp', '127.0.0.1:2087', '--framing', 'content-length'],
    form: (f) => { f.tcp.port = '2087'; },
  },
  unix: {
    target: { kind: 'unix', path: '/tmp/lsp.sock', framing: 'newline' },
    cli: ['--unix', '/tmp/lsp.sock', '--framing', 'newline'],
    form: (f) => { f.unix.path = '/tmp/lsp.sock'; f.unix.framing = 'newline'; },
  },
};

/** The CLI fills optional members the form leaves out; compare what both mean. */
const meaning = (t: TargetSpec) => JSON.parse(JSON.stringify(t, (_k, v: unknown) => (Array.isArray(v) && v.length === 0) || (v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0) ? undefined : v)) as unknown;

describe.each(CONNECTABLE_KIND_LIST)('the %s kind is known everywhere', (kind) => {
  const sample = samples[kind];

  it('is accepted by the target schema', () => {
    expect(parseTargetSpec(sample.target)).toEqual({ ok: true, value: sample.target });
  });

  it('is offered by the CLI, whose flags build the same target', () => {
    const def = connectableKindDef(kind);
    expect(CLI_USAGE).toContain(`    ${[def.cli.flag, def.cli.value, def.cli.usage].filter(Boolean).join(' ')}\n`);
    expect(meaning(parseCallArgs(['--send', '{}', ...sample.cli]).target)).toEqual(meaning(sample.target));
  });

  it('has a connect-form part whose fields build the same target', () => {
    expect(INITIAL_FORM[kind]).toEqual(connectableKindDef(kind).form.initial);
    const f: TargetForm = { ...structuredClone(INITIAL_FORM), kind };
    sample.form(f);
    expect(buildTarget(f)).toEqual({ ok: true, target: sample.target, name: undefined, timeoutMs: undefined });
    // Every field edits a member its form state has.
    for (const field of connectableKindDef(kind).form.fields) expect(Object.keys(INITIAL_FORM[kind])).toContain(field.key);
  });

  it('keeps its part of a remembered form', () => {
    const f: TargetForm = { ...structuredClone(INITIAL_FORM), kind };
    sample.form(f);
    expect(recallForm(JSON.parse(JSON.stringify(f)))).toEqual({ ...f, name: '' });
  });

  it('is named by describeTarget everywhere, a live session included', () => {
    const line = describeTarget(sample.target);
    expect(line).toBe(TARGET_KINDS[kind].describe(sample.target as never));
    const session = new LiveSession({ target: sample.target, sink: { events: () => undefined, patches: () => undefined, summary: () => undefined } });
    expect(session.summary.name).toBe(line);
  });

  it('has a transport that names the same kind and, like the record, says whether it carries byte streams', () => {
    const events = { onBytes() {}, onMessage() {}, onEmptyReply() {}, onExchangeEnd() {}, onSendQueue() {}, onStderr() {}, onMeta() {}, onError() {}, onClose() {} };
    const transport = createTransport(sample.target, events);
    expect(transport.kind).toBe(kind);
    expect(transport.stream).toBe(TARGET_KINDS[kind].stream);
  });

  it('has a role for every member, so substitution and redaction reach all of them', () => {
    const roles = targetKindDef(kind).roles as Record<string, string>;
    for (const member of Object.keys(sample.target)) if (member !== 'kind') expect(roles, member).toHaveProperty(member);
    expect(redactTarget(sample.target)).toEqual(sample.target);
    expect(substituteTarget(sample.target, []).target).toEqual(sample.target);
    expect(targetKey(sample.target)).toMatch(new RegExp(`^${kind} `));
  });
});

describe('the tap kind: recorded, never connected to', () => {
  const target: TapTarget = { kind: 'tap', command: 'vscode-json-language-server', args: ['--stdio'], client: 'code', framing: 'auto' };

  it('is accepted by the target schema and named with both sides', () => {
    expect(parseTargetSpec(target)).toEqual({ ok: true, value: target });
    expect(describeTarget(target)).toBe('code ↔ vscode-json-language-server --stdio');
    expect(TARGET_KIND_LIST).toContain('tap');
  });

  it('is offered neither by the CLI nor by the connect form', () => {
    expect(CONNECTABLE_KIND_LIST).not.toContain('tap');
    expect(CLI_USAGE).not.toMatch(/--tap\b/);
    expect(Object.keys(INITIAL_FORM)).not.toContain('tap');
  });

  it('refuses to be connected to, saying how a tap starts', () => {
    const events = { onBytes() {}, onMessage() {}, onEmptyReply() {}, onExchangeEnd() {}, onSendQueue() {}, onStderr() {}, onMeta() {}, onError() {}, onClose() {} };
    expect(() => createTransport(target, events)).toThrow(/rpcscope tap -- COMMAND/);
  });

  it('has a role for every member and shares its OpenRPC key with the same command over stdio', () => {
    const roles = targetKindDef('tap').roles as Record<string, string>;
    for (const member of Object.keys(target)) if (member !== 'kind') expect(roles, member).toHaveProperty(member);
    expect(redactTarget(target)).toEqual(target);
    expect(targetKey(target)).toBe(targetKey({ kind: 'stdio', command: 'vscode-json-language-server', args: ['--stdio'], framing: 'content-length' }));
  });

  it('as a reverse proxy shares its OpenRPC key with the HTTP or WebSocket server it forwards to', () => {
    expect(targetKey({ kind: 'tap', to: 'http://127.0.0.1:3001/mcp', listen: '127.0.0.1:3000' })).toBe(targetKey({ kind: 'http', url: 'http://127.0.0.1:3001/mcp' }));
    expect(targetKey({ kind: 'tap', to: 'wss://127.0.0.1:3001/', listen: '127.0.0.1:3000' })).toBe(targetKey({ kind: 'websocket', url: 'wss://127.0.0.1:3001/' }));
    expect(parseTargetSpec({ kind: 'tap', to: 'ftp://127.0.0.1/', listen: '127.0.0.1:3000' }).ok).toBe(false);
  });
});

describe('kind records', () => {
  it('the schema names every registered kind when the kind is wrong', () => {
    expect(parseTargetSpec({ kind: 'gopher' })).toEqual({ ok: false, error: `kind: kind must be one of ${TARGET_KIND_LIST.join(', ')}` });
  });

  it('keeps the command line of a stdio form remembered before the argv control existed', () => {
    const old = { kind: 'stdio', stdio: { argsMode: 'line', commandLine: 'node server.js', command: '', argsText: '', cwd: '/srv', envText: '', framing: 'newline' } };
    const f = recallForm(old);
    expect(f.stdio).toEqual({ argv: { argsMode: 'line', commandLine: 'node server.js', command: '', argsText: '' }, cwd: '/srv', envText: '', framing: 'newline' });
    expect(buildTarget(f)).toMatchObject({ ok: true, target: { kind: 'stdio', command: 'node', args: ['server.js'], cwd: '/srv', framing: 'newline' } });
  });

  it('finds the kind of a URL by the schemes each kind takes, and the kind\'s schema takes them too', () => {
    const declared = CONNECTABLE_KIND_LIST.flatMap((k) => (connectableKindDef(k).urlSchemes ?? []).map((scheme) => [k, scheme] as const));
    expect(declared.map(([k]) => k)).toEqual(expect.arrayContaining(['http', 'websocket']));
    for (const [kind, scheme] of declared) {
      expect(kindForUrl(`${scheme.toUpperCase()}://127.0.0.1:9/rpc`)).toBe(kind);
      expect(parseTargetSpec({ kind, url: `${scheme}://127.0.0.1:9/rpc` })).toMatchObject({ ok: true });
      // The CLI takes the same schemes, and the flag of the kind that declares them.
      expect(parseCallArgs(['--send', '{}', connectableKindDef(kind).cli.flag, `${scheme}://127.0.0.1:9/rpc`]).target).toMatchObject({ kind });
    }
    expect(kindForUrl('ftp://127.0.0.1/rpc')).toBeUndefined();
    expect(kindForUrl('/tmp/lsp.sock')).toBeUndefined();
    expect(parseTargetSpec({ kind: 'http', url: 'ws://127.0.0.1:9/' })).toEqual({ ok: false, error: 'url: must be a http:// or https:// URL' });
  });

  it('gives a spawned target a command line that splits back into the same argv, and other kinds none', () => {
    const target = { kind: 'stdio' as const, command: '/usr/bin/env', args: ['it was run', "don't", '', '--x=1', '$HOME'], framing: 'newline' as const };
    const line = launchCommandOf(target);
    expect(line).toBe(`/usr/bin/env 'it was run' 'don'\\''t' '' --x=1 '$HOME'`);
    expect(splitCommandLine(line!)).toEqual({ ok: true, argv: [target.command, ...target.args] });
    for (const kind of CONNECTABLE_KIND_LIST) if (kind !== 'stdio') expect(launchCommandOf(samples[kind].target)).toBeUndefined();
  });

  it('substitutes variables into a Unix socket path by its role', () => {
    const r = substituteTarget({ kind: 'unix', path: '{{dir}}/lsp.sock', framing: 'newline' }, [{ name: 'dir', value: '/run/user/1000' }]);
    expect(r.target).toEqual({ kind: 'unix', path: '/run/user/1000/lsp.sock', framing: 'newline' });
    expect(substituteTarget({ kind: 'unix', path: '{{nope}}/x.sock', framing: 'newline' }, []).unknown).toEqual([{ name: 'nope', where: 'path' }]);
  });

  it('redacts a secret from a Unix socket path and reports it at target.path', () => {
    const file = { format: 'rpcscope-session' as const, version: 1 as const, startedAt: '2026-12-01T00:00:00.000Z', events: [], target: { kind: 'unix' as const, path: '/run/s3cr3t-token/lsp.sock', framing: 'newline' as const } };
    const r = redactSessionFile(file, { secrets: [{ name: 'token', value: 's3cr3t-token' }] });
    expect(r.file.target).toEqual({ kind: 'unix', path: '/run/[redacted]/lsp.sock', framing: 'newline' });
    expect(r.report.hits).toEqual([expect.objectContaining({ kind: 'secret-variable', where: 'target.path', count: 1 })]);
  });

  it('is checked by the compiler: a per-kind record without every kind, or a kind without every part, does not compile', () => {
    // @ts-expect-error unix is missing
    const labels: { [K in TargetKind]: string } = { stdio: '', http: '', websocket: '', tcp: '', tap: '' };
    // @ts-expect-error port has no role
    const roles: FieldRoles<TcpTarget> = { host: 'text', framing: 'plain' };
    // @ts-expect-error a kind record without its OpenRPC key (and the rest)
    const partial: TargetKindDef<TcpTarget, unknown> = { kind: 'tcp', label: 'TCP', stream: true };
    expect([labels, roles, partial].length).toBe(3);
  });
});
