import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTransport } from '@/server/transports/registry';
import type { Transport } from '@/server/transports/types';
import { startPeer, type RunningPeer } from '@/tests/fixtures/peers/start-peer';
import { contentLengthFrame, newlineFrame, newlineMessages, record, rpc, splitContentLength, waitFor, type Recorded } from './helpers';

// A real socket file in a temp dir, served by the same fixture peer as TCP (tcp-peer --unix PATH).
const dir = mkdtempSync(path.join(tmpdir(), 'rpcscope-unix-'));
const clPath = path.join(dir, 'cl.sock');
const nlPath = path.join(dir, 'nl.sock');
let cl: RunningPeer;
let nl: RunningPeer;
const open: Transport[] = [];

beforeAll(async () => {
  [cl, nl] = await Promise.all([
    startPeer('tcp-peer', ['--unix', clPath, '--framing', 'content-length', '--banner', 'unix peer ready']),
    startPeer('tcp-peer', ['--unix', nlPath, '--framing', 'newline', '--batch-reverse']),
  ]);
});

afterAll(async () => {
  await Promise.all([cl, nl].map((p) => p?.stop()));
  rmSync(dir, { recursive: true, force: true });
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((t) => t.close()));
});

async function connect(socketPath: string, framing: 'content-length' | 'newline'): Promise<{ t: Transport; r: Recorded }> {
  const r = record();
  const t = createTransport({ kind: 'unix', path: socketPath, framing }, r.events);
  open.push(t);
  await t.start();
  return { t, r };
}

describe('Unix socket transport', () => {
  it('is a byte stream that says its framing, so the session frames what it sends', () => {
    const t = createTransport({ kind: 'unix', path: clPath, framing: 'newline' }, record().events);
    expect(t.stream && t.framing).toBe('newline');
  });

  it('connects to the socket path and passes Content-Length frames on untouched, banner included', async () => {
    const { t, r } = await connect(clPath, 'content-length');
    expect(r.meta[0].note).toBe(`connected to ${clPath}`);
    await t.send(contentLengthFrame(rpc('subtract', [23, 42], 'a')));
    await waitFor(() => splitContentLength(r.bytesText().slice('unix peer ready\n'.length)).length === 1, 'reply');
    expect(r.bytesText()).toBe('unix peer ready\nContent-Length: 39\r\n\r\n{"jsonrpc":"2.0","result":-19,"id":"a"}');
  });

  it('carries newline-framed batches (this peer answers them in reverse order)', async () => {
    const { t, r } = await connect(nlPath, 'newline');
    await t.send(newlineFrame(`[${rpc('echo', [1], 1)},${rpc('echo', [2], 2)}]`));
    await waitFor(() => newlineMessages(r.bytesText()).length === 1, 'reply');
    expect(newlineMessages(r.bytesText())).toEqual([
      [
        { jsonrpc: '2.0', result: [2], id: 2 },
        { jsonrpc: '2.0', result: [1], id: 1 },
      ],
    ]);
  });

  it('reports the target dropping the connection once, and refuses sends after it', async () => {
    const { t, r } = await connect(nlPath, 'newline');
    await t.send(newlineFrame(rpc('crash')));
    await waitFor(() => r.closes.length === 1, 'close');
    expect(r.closes[0]).toMatch(/^connection to .*nl\.sock (closed|lost)$/);
    await expect(t.send(newlineFrame(rpc('echo')))).rejects.toThrow(`connection to ${nlPath} is closed`);
    await t.close();
    expect(r.closes).toHaveLength(1);
  });

  it('says plainly when no socket exists at the path', async () => {
    const missing = path.join(dir, 'nobody.sock');
    const r = record();
    const t = createTransport({ kind: 'unix', path: missing, framing: 'newline' }, r.events);
    await expect(t.start()).rejects.toThrow(`no socket at ${missing} (is the target running?)`);
    expect(r.closes).toEqual([]);
  });

  it('says plainly when the path is a file nobody listens on', async () => {
    const file = path.join(dir, 'plain-file');
    writeFileSync(file, 'not a socket');
    const t = createTransport({ kind: 'unix', path: file, framing: 'newline' }, record().events);
    await expect(t.start()).rejects.toThrow(/^(connection refused: nothing is listening on|not a socket:) .*plain-file$/);
  });

  it('refuses a path longer than a socket address holds instead of connecting to a cut-short one', async () => {
    const long = path.join(dir, `${'x'.repeat(200)}.sock`);
    const t = createTransport({ kind: 'unix', path: long, framing: 'newline' }, record().events);
    await expect(t.start()).rejects.toThrow(/longer than the 10[37] a Unix socket address holds/);
  });
});
