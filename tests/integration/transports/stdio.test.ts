import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Framing, StdioTarget } from '@/lib/session/types';
import { createTransport } from '@/server/transports/registry';
import type { Transport, TransportOptions } from '@/server/transports/types';
import { peerPath } from '@/tests/fixtures/peers/start-peer';
import {
  contentLengthFrame,
  newlineFrame,
  newlineMessages,
  note,
  pidAlive,
  record,
  rpc,
  splitContentLength,
  waitFor,
  type Recorded,
} from './helpers';

const FAST: TransportOptions = { startGraceMs: 150, closeWaitMs: 300, killWaitMs: 400 };
const open: Transport[] = [];
const pids: number[] = [];
const tmp = realpathSync(mkdtempSync(path.join(tmpdir(), 'rpcscope-stdio-')));

afterEach(async () => {
  await Promise.all(open.splice(0).map((t) => t.close()));
  for (const pid of pids.splice(0)) {
    if (pidAlive(pid)) process.kill(pid, 'SIGKILL');
  }
});

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function peerTarget(args: string[] = [], framing: Framing = 'content-length', extra: Partial<StdioTarget> = {}): StdioTarget {
  return { kind: 'stdio', command: process.execPath, args: [peerPath('stdio-peer'), '--framing', framing, ...args], framing, ...extra };
}

async function spawnPeer(target: StdioTarget, options: TransportOptions = FAST): Promise<{ t: Transport; r: Recorded; pid: number }> {
  const r = record();
  const t = createTransport(target, r.events, options);
  open.push(t);
  await t.start();
  const pid = r.meta[0].facts!.process!.pid!;
  pids.push(pid);
  return { t, r, pid };
}

const exitMeta = (r: Recorded) => r.meta.find((m) => m.facts?.process?.exitCode !== undefined)?.facts?.process;

describe('stdio transport', () => {
  it('speaks Content-Length framing over stdin/stdout and reports the pid', async () => {
    const { t, r, pid } = await spawnPeer(peerTarget());
    expect(pidAlive(pid)).toBe(true);
    expect(r.meta[0].note).toBe(`started ${process.execPath} (pid ${pid})`);
    await t.send(contentLengthFrame(rpc('subtract', { minuend: 42, subtrahend: 23 }, 0)));
    await waitFor(() => splitContentLength(r.bytesText()).length === 1, 'one framed reply');
    expect(r.bytesText()).toBe('Content-Length: 36\r\n\r\n{"jsonrpc":"2.0","result":19,"id":0}');
  });

  it('speaks newline framing, batches included', async () => {
    const { t, r } = await spawnPeer(peerTarget([], 'newline'));
    await t.send(newlineFrame(`[${rpc('sum', [1, 2, 4], '1')},${note('notify_hello', [7])},{"foo":"boo"}]`));
    await waitFor(() => newlineMessages(r.bytesText()).length === 1, 'the batch reply');
    await t.send(newlineFrame('[]'));
    await waitFor(() => newlineMessages(r.bytesText()).length === 2, 'two replies');
    expect(newlineMessages(r.bytesText())).toEqual([
      [
        { jsonrpc: '2.0', result: 7, id: '1' },
        { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid Request' }, id: null },
      ],
      { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid Request' }, id: null },
    ]);
  });

  it('passes stdout bytes on untouched: a banner line, then a frame with a wrong Content-Length', async () => {
    const { t, r } = await spawnPeer(peerTarget(['--banner', 'Server v1 ready', '--wrong-length', '5']));
    await t.send(contentLengthFrame(rpc('echo', ['x'])));
    await waitFor(() => r.bytesText().endsWith('}'), 'the reply');
    const body = '{"jsonrpc":"2.0","result":["x"],"id":1}';
    expect(r.bytesText()).toBe(`Server v1 ready\nContent-Length: ${body.length + 5}\r\n\r\n${body}`);
  });

  it('records half a frame and the exit code when the target crashes mid-frame', async () => {
    const { t, r } = await spawnPeer(peerTarget(['--crash-mid-frame']));
    await t.send(contentLengthFrame(rpc('get_data')));
    await waitFor(() => r.closes.length === 1, 'exit');
    const body = '{"jsonrpc":"2.0","result":["hello",5],"id":1}';
    const full = `Content-Length: ${body.length}\r\n\r\n${body}`;
    expect(r.bytesText()).toBe(full.slice(0, Math.floor(Buffer.byteLength(full) / 2)));
    expect(exitMeta(r)).toMatchObject({ exitCode: 1, signal: null });
  });

  it('keeps stderr as side output, line by line, the unterminated last line included', async () => {
    const { t, r } = await spawnPeer(peerTarget(['--stderr-chatter', '2'], 'newline'));
    await t.send(newlineFrame(rpc('crash', { code: 7 })));
    await waitFor(() => r.closes.length === 1, 'exit');
    expect(r.stderr).toEqual([
      '[peer] chatter line 1 of 2',
      '[peer] chatter line 2 of 2',
      '[peer] got request crash',
      '[peer] crashing with exit code 7',
    ]);
    expect(r.chunks).toHaveLength(0);
    expect(exitMeta(r)).toMatchObject({ exitCode: 7, signal: null });
    expect(r.meta.at(-1)!.note).toBe('exited with code 7');
    expect(r.closes).toEqual(['exited with code 7']);
    // Every stderr line came before the exit was reported.
    expect(r.order.lastIndexOf('stderr')).toBeLessThan(r.order.indexOf('close'));
  });

  it('cuts an overlong stderr line into bounded pieces instead of buffering it whole', async () => {
    const { r } = await spawnPeer(peerTarget(['--stderr-chatter', '1']), { ...FAST, maxStderrLine: 10 });
    await waitFor(() => r.stderr.join('') === '[peer] chatter line 1 of 1', 'the chatter line');
    expect(r.stderr).toEqual(['[peer] cha', 'tter line ', '1 of 1']);
  });

  it('rejects sends after the target exited, and writes racing the exit do not crash anything', async () => {
    const { t, r } = await spawnPeer(peerTarget([], 'newline'));
    const big = newlineFrame(rpc('echo', ['y'.repeat(64 * 1024)]));
    const racing = [t.send(newlineFrame(rpc('crash', { code: 2 })))];
    for (let i = 0; i < 30; i++) racing.push(t.send(big));
    const settled = await Promise.allSettled(racing);
    for (const s of settled) {
      if (s.status === 'rejected') expect((s.reason as Error).message).toMatch(/^target exited/);
    }
    await waitFor(() => r.closes.length === 1, 'exit');
    await expect(t.send(newlineFrame(rpc('echo')))).rejects.toThrow('target exited (exited with code 2)');
  });

  it('reports EPIPE from a target that closed its stdin, without holding the send', async () => {
    const { t, r, pid } = await spawnPeer(peerTarget(['--close-stdin']));
    // Until the peer has closed its end, bytes would just wait in the pipe.
    await waitFor(() => r.stderr.includes('[peer] stdin closed; staying alive'), 'the peer closing its stdin');
    await t.send(contentLengthFrame(rpc('echo')));
    await waitFor(() => r.errors.length > 0, 'the write error');
    expect(r.errors[0]).toBe('target closed its stdin (EPIPE): a message was not delivered');
    // Later sends fail at once, in the same words.
    await expect(t.send(contentLengthFrame(rpc('echo')))).rejects.toThrow('target exited or closed its stdin');
    expect(pidAlive(pid)).toBe(true);
  });

  it('says "command not found" in plain words', async () => {
    const r = record();
    const t = createTransport({ kind: 'stdio', command: 'rpcscope-no-such-command', framing: 'newline' }, r.events, FAST);
    await expect(t.start()).rejects.toThrow('command not found: rpcscope-no-such-command');
    expect(r.closes).toEqual([]);
    await t.close();
  });

  it('says when the working directory does not exist', async () => {
    const r = record();
    const t = createTransport(peerTarget([], 'newline', { cwd: path.join(tmp, 'missing') }), r.events, FAST);
    await expect(t.start()).rejects.toThrow(`working directory not found: ${path.join(tmp, 'missing')}`);
  });

  it('fails the start of a target that exits at once, with its exit code and last stderr lines', async () => {
    const r = record();
    // A generous grace: on a busy machine Node alone can take longer than the default to boot.
    const t = createTransport(peerTarget(['--stderr-chatter', '1', '--exit-at-start', '3']), r.events, { ...FAST, startGraceMs: 3000 });
    const err = await t.start().then(
      () => undefined,
      (e: Error) => e,
    );
    expect(err?.message).toBe(
      `${process.execPath} exited with code 3 right after start. Last stderr lines:\n` +
        '[peer] chatter line 1 of 1\nfatal: fixture told to fail at start (--exit-at-start)',
    );
    expect(r.closes).toEqual(['exited with code 3']);
  });

  it('close: ending stdin lets a well-behaved target exit by itself', async () => {
    const { t, r, pid } = await spawnPeer(peerTarget());
    await t.close();
    expect(exitMeta(r)).toMatchObject({ pid, exitCode: 0, signal: null });
    expect(r.closes).toEqual(['exited with code 0']);
    expect(pidAlive(pid)).toBe(false);
    await t.close();
    expect(r.closes).toHaveLength(1);
  });

  it('close: SIGTERM for a target that ignores stdin end', async () => {
    const { t, r, pid } = await spawnPeer(peerTarget(['--ignore-stdin-end']));
    await t.close();
    expect(exitMeta(r)).toMatchObject({ exitCode: null, signal: 'SIGTERM' });
    expect(r.closes).toEqual(['killed by signal SIGTERM']);
    expect(pidAlive(pid)).toBe(false);
  });

  it('close: SIGKILL for a target that ignores stdin end and SIGTERM', async () => {
    const { t, r, pid } = await spawnPeer(peerTarget(['--ignore-stdin-end', '--ignore-sigterm']));
    const started = Date.now();
    await t.close();
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(650);
    expect(took).toBeLessThan(3000);
    expect(r.stderr).toContain('[peer] got SIGTERM and ignores it');
    expect(exitMeta(r)).toMatchObject({ exitCode: null, signal: 'SIGKILL' });
    expect(pidAlive(pid)).toBe(false);
  });

  it('close right after start (without waiting for it) still stops the process', async () => {
    const r = record();
    const t = createTransport(peerTarget(['--ignore-stdin-end']), r.events, FAST);
    const starting = t.start();
    await t.close();
    // Depending on timing the start finished or was cut short; either way it settled in plain words.
    const [outcome] = await Promise.allSettled([starting]);
    if (outcome.status === 'rejected') expect((outcome.reason as Error).message).toContain('was closed while starting');
    const pid = r.meta[0].facts!.process!.pid!;
    expect(pidAlive(pid)).toBe(false);
    expect(r.closes).toEqual(['killed by signal SIGTERM']);
  });

  it('close leaves no orphans: a process the target spawned goes too', async () => {
    const launcher = [
      '-e',
      `const c = require('node:child_process').spawn(process.execPath, [${JSON.stringify(peerPath('stdio-peer'))}, '--ignore-stdin-end', '--ignore-sigterm'], { stdio: ['ignore', 'ignore', 'inherit'] });` +
        `console.error('GRANDCHILD ' + c.pid); setInterval(() => {}, 1e9);`,
    ];
    const { t, r, pid } = await spawnPeer({ kind: 'stdio', command: process.execPath, args: launcher, framing: 'newline' });
    await waitFor(() => r.stderr.some((l) => l.startsWith('GRANDCHILD ')), 'the grandchild pid');
    const grandchild = Number(r.stderr.find((l) => l.startsWith('GRANDCHILD '))!.split(' ')[1]);
    pids.push(grandchild);
    expect(pidAlive(grandchild)).toBe(true);
    await t.close();
    expect(pidAlive(pid)).toBe(false);
    await waitFor(() => !pidAlive(grandchild), 'the grandchild to be gone', 2000);
  });

  it('gives the target only an allow-listed environment plus what the user set, in the chosen cwd', async () => {
    process.env.RPCSCOPE_TEST_SECRET = 'do-not-leak';
    try {
      const { t, r } = await spawnPeer(peerTarget([], 'newline', { cwd: tmp, env: { MY_SETTING: 'on', LANG: 'C.UTF-8' } }));
      await t.send(newlineFrame(rpc('get_env', undefined, 1)));
      await t.send(newlineFrame(rpc('get_cwd', undefined, 2)));
      await waitFor(() => newlineMessages(r.bytesText()).length === 2, 'two replies');
      const [env, cwd] = newlineMessages(r.bytesText()) as [{ result: Record<string, string> }, { result: string }];
      expect(env.result.MY_SETTING).toBe('on');
      expect(env.result.LANG).toBe('C.UTF-8');
      expect(env.result.PATH).toBe(process.env.PATH);
      expect(env.result).not.toHaveProperty('RPCSCOPE_TEST_SECRET');
      expect(cwd.result).toBe(tmp);
    } finally {
      delete process.env.RPCSCOPE_TEST_SECRET;
    }
  });

  it('delivers a flood of messages in order', async () => {
    const { r } = await spawnPeer(peerTarget(['--flood', '2000'], 'newline'));
    await waitFor(() => r.bytesText().split('\n').length > 2000, '2000 lines');
    const msgs = newlineMessages(r.bytesText()) as { params: { i: number } }[];
    expect(msgs.map((m) => m.params.i)).toEqual(Array.from({ length: 2000 }, (_, i) => i));
  });
});
