import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpcscope } from './run-cli';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startPeer, type RunningPeer } from '@/tests/fixtures/peers/start-peer';
import { parseSessionFile } from '@/lib/session/file-format';



// Two real peers on Unix sockets in a temp dir, one per framing.
const dir = mkdtempSync(path.join(tmpdir(), 'rpcscope-cli-unix-'));
const sock = { 'content-length': path.join(dir, 'cl.sock'), newline: path.join(dir, 'nl.sock') };
let peers: RunningPeer[] = [];

beforeAll(async () => {
  peers = await Promise.all(
    (['content-length', 'newline'] as const).map((f) => startPeer('tcp-peer', ['--unix', sock[f], '--framing', f])),
  );
});
afterAll(async () => {
  await Promise.all(peers.map((p) => p.stop()));
  rmSync(dir, { recursive: true, force: true });
});

describe('rpcscope call --unix', () => {
  it.each(['content-length', 'newline'] as const)('sends over a Unix socket with %s framing and records the framed bytes', async (framing) => {
    const out = path.join(dir, `${framing}.json`);
    const r = await rpcscope(['--unix', sock[framing], '--framing', framing, '--send', '{"jsonrpc":"2.0","id":1,"method":"subtract","params":[42,23]}', '--out', out]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const sent = r.events.find((e) => e.dir === 'out')!;
    const body = '{"jsonrpc":"2.0","id":1,"method":"subtract","params":[42,23]}';
    expect(sent.raw).toBe(framing === 'content-length' ? `Content-Length: ${body.length}\r\n\r\n${body}` : `${body}\n`);
    const answer = r.events.find((e) => e.dir === 'in' && e.kind === 'response')!;
    expect(answer.pair).toBe(sent.seq);
    expect(answer.raw).toContain('"result":19');
    const file = parseSessionFile(readFileSync(out, 'utf8'));
    expect(file.ok && file.value.target).toEqual({ kind: 'unix', path: sock[framing], framing });
  });

  it('exits 2 and names the missing framing', async () => {
    const r = await rpcscope(['--unix', sock.newline, '--send', '{}']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--unix needs --framing content-length|newline');
  });

  it('exits 1 and records, in plain words, that nothing is at the path', async () => {
    const missing = path.join(dir, 'nobody.sock');
    const r = await rpcscope(['--unix', missing, '--framing', 'newline', '--send', '{"jsonrpc":"2.0","id":1,"method":"echo"}']);
    expect(r.code).toBe(1);
    expect(r.events.some((e) => e.kind === 'connection' && e.note === `no socket at ${missing} (is the target running?)`)).toBe(true);
  });
});
