/**
 * The tap never changes a byte: a server that writes noise, a UTF-8 character split across
 * writes and a truncated frame is seen by the client exactly as written, the exit code comes
 * through, and the recording holds the same bytes (noise as noise, with its reason).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { peerPath } from '@/tests/fixtures/peers/start-peer';
import { readSession, tapArgv, tempDir } from './tap-helpers';

const tmp = tempDir('rpcscope-tap-bytes-');
afterAll(() => tmp.remove());

function run(argv: string[], input: Buffer): Promise<{ code: number | null; stdout: Buffer; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, argv, { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c) => (stderr += c));
    child.stdin.write(input);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out), stderr }));
  });
}

const request = Buffer.from('Content-Length: 40\r\n\r\n{"jsonrpc":"2.0","id":1,"method":"ping"}');

describe('the tap passes bytes through exactly', () => {
  it('gives the client the very bytes the server wrote, and records them', async () => {
    const server = [process.execPath, peerPath('tap-noise-peer')];
    const direct = await run(server.slice(1), request);
    const out = path.join(tmp.dir, 'bytes.json');
    const dataDir = path.join(tmp.dir, 'data');
    const tapped = await run(tapArgv(['--data-dir', dataDir, '--out', out], server), request);
    expect(tapped.stdout.equals(direct.stdout)).toBe(true);
    expect(tapped.code).toBe(direct.code);
    // Without --verbose the tap says nothing of its own on stderr; its log is in the data directory.
    expect(tapped.stderr).toBe('');
    expect(existsSync(path.join(dataDir, 'tap.log'))).toBe(true);

    const events = readSession(out);
    const fromServer = events.filter((e) => e.dir === 'in');
    expect(fromServer.map((e) => e.kind)).toEqual(['noise', 'response', 'noise']);
    expect(fromServer[0].raw).toBe('server starting…\r\n');
    expect(fromServer[1].raw).toContain('snowman ☃ and 😀');
    expect(fromServer[2].reason).toBe('incomplete');
    // What was recorded from the server, put back together, is what the client received.
    expect(Buffer.from(fromServer.map((e) => e.raw).join('')).equals(direct.stdout)).toBe(true);
    const sent = events.find((e) => e.dir === 'out' && e.kind === 'request')!;
    expect(sent.raw).toBe(request.toString());
    expect(sent.state).toBe('answered');
  }, 30_000);
});
