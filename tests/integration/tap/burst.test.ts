/**
 * A burst through the stdio tap loses nothing: a server that writes tens of thousands of
 * notifications at once reaches the client byte for byte, and once the tap exits its recording
 * holds every one of them, in order — though the recording thread stays out of the burst's way
 * (recording-pace.ts) and the forwarding thread no longer follows frame edges (splice.ts). And
 * the recording waits only for the burst: once the server goes quiet, the burst is stored while
 * the conversation goes on, not at the end.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import path from 'node:path';
import Database from 'better-sqlite3';
import { peerPath } from '@/tests/fixtures/peers/start-peer';
import { readSession, tapArgv, tempDir } from './tap-helpers';

const tmp = tempDir('rpcscope-tap-burst-');
afterAll(() => tmp.remove());
const N = 30_000;

/** Runs the server (directly or through the tap) as a client that closes its stdin once the last notification came. */
function run(argv: string[]): Promise<{ code: number | null; stdout: Buffer }> {
  const last = `"i":${N - 1}}`;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, argv, { stdio: ['pipe', 'pipe', 'inherit'] });
    const out: Buffer[] = [];
    let tail = '';
    child.stdout.on('data', (c: Buffer) => {
      out.push(c);
      tail = (tail + c.toString('latin1')).slice(-64);
      if (tail.includes(last)) child.stdin.end();
    });
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out) }));
  });
}

describe('a burst through the stdio tap', () => {
  it(`reaches the client exactly and is recorded whole: ${N} notifications, in order, none missed`, async () => {
    const server = [process.execPath, peerPath('stdio-peer'), '--flood', String(N)];
    const direct = await run(server.slice(1));
    const out = path.join(tmp.dir, 'burst.json');
    const tapped = await run(tapArgv(['--data-dir', path.join(tmp.dir, 'data'), '--out', out], server));
    expect(tapped.code).toBe(direct.code);
    expect(tapped.stdout.length).toBe(direct.stdout.length);
    expect(tapped.stdout.equals(direct.stdout)).toBe(true);

    const events = readSession(out);
    const floods = events.filter((e) => e.dir === 'in' && e.method === 'flood');
    expect(floods).toHaveLength(N);
    expect(floods.every((e, i) => (JSON.parse(e.raw.slice(e.raw.indexOf('{'))) as { params: { i: number } }).params.i === i)).toBe(true);
    expect(events.some((e) => e.kind === 'noise')).toBe(false);
    expect(events.map((e) => e.note ?? '').join('\n')).not.toMatch(/unrecorded/);
  }, 120_000);

  it('stores a burst once the server goes quiet, while the tap still runs', async () => {
    const n = 20_000;
    const dataDir = path.join(tmp.dir, 'quiet');
    const tap = spawn(process.execPath, tapArgv(['--data-dir', dataDir], [process.execPath, peerPath('stdio-peer'), '--flood', String(n)]), { stdio: ['pipe', 'pipe', 'inherit'] });
    const exited = new Promise<number | null>((r) => tap.once('exit', r));
    const last = `"i":${n - 1}}`;
    let tail = '';
    await new Promise<void>((resolve) => {
      tap.stdout.on('data', (c: Buffer) => {
        tail = (tail + c.toString('latin1')).slice(-64);
        if (tail.includes(last)) resolve();
      });
    });
    // The server now waits for requests; the client keeps its stdin open. The burst is stored meanwhile.
    let stored = 0;
    for (const until = Date.now() + 60_000; stored < n && Date.now() < until; ) {
      await new Promise((r) => setTimeout(r, 100));
      try {
        const db = new Database(path.join(dataDir, 'rpcscope.db'), { readonly: true, fileMustExist: true });
        try {
          stored = (db.prepare("SELECT count(*) AS c FROM events WHERE method = 'flood'").get() as { c: number }).c;
        } finally {
          db.close();
        }
      } catch {
        // not created yet (the recording thread opens the store)
      }
    }
    expect(tap.exitCode).toBeNull();
    expect(stored).toBe(n);
    tap.stdin.end();
    expect(await exited).toBe(0);
  }, 120_000);
});
