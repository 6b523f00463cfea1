/**
 * Starting rpcscope on a data directory, as separate real processes: one writer per directory (a
 * second start refuses, naming the running one, and writes nothing), stale locks from a crash
 * are taken over, and a damaged or truncated database is refused in plain words, untouched.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Store } from '@/server/store';
import { LOCK_FILE } from '@/server/store/lock';

const ROOT = path.resolve(__dirname, '../../..');
const TOKEN = 'data-dir-test-token-0123456789abcdef0123';
const dirs: string[] = [];
const children: { kill(sig?: NodeJS.Signals): boolean; exitCode: number | null }[] = [];

afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempDataDir(): string {
  const d = mkdtempSync(path.join(tmpdir(), 'rpcscope-datadir-'));
  dirs.push(d);
  return path.join(d, 'data');
}

interface Ended {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `rpcscope` itself (server/main.ts), on a data directory; resolves when it exits (bounded). */
function runApp(dataDir: string): Promise<Ended> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--port', '0'], {
    cwd: ROOT,
    env: { ...process.env, RPCSCOPE_DATA_DIR: dataDir, RPCSCOPE_TOKEN: TOKEN, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`rpcscope did not exit within 15 s; stdout: ${stdout}; stderr: ${stderr}`));
    }, 15_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** A real server process (API and bridge, no pages) on the data directory; resolves once it listens. */
async function startRunning(dataDir: string): Promise<{ pid: number; origin: string; stop(): Promise<number | null> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/integration/helpers/api-server-child.ts', '--port', '0'], {
    cwd: ROOT,
    env: { ...process.env, RPCSCOPE_DATA_DIR: dataDir, RPCSCOPE_TOKEN: TOKEN },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${stderr}`)), 15_000);
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /rpcscope is ready: (\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${stderr}`)));
  });
  return {
    pid: child.pid!,
    origin: new URL(url).origin,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
  };
}

/** Every file in the directory with a hash of its bytes, to prove nothing changed. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir).sort()) {
    out[name] = createHash('sha256').update(readFileSync(path.join(dir, name))).digest('hex');
  }
  return out;
}

describe('one rpcscope per data directory', () => {
  it('a second start on the same data directory refuses with the running one\'s pid and URL, exit 1, and changes nothing', async () => {
    const dataDir = tempDataDir();
    const first = await startRunning(dataDir);
    const before = snapshot(dataDir);
    expect(Object.keys(before)).toContain('rpcscope.db');

    const second = await runApp(dataDir);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain('another rpcscope is already running');
    expect(second.stderr).toContain(`pid ${first.pid}`);
    expect(second.stderr).toContain(first.origin);
    expect(second.stderr).not.toContain(TOKEN);
    expect(second.stderr).not.toMatch(/\n\s+at /);
    expect(second.stdout).not.toContain('is ready');
    expect(snapshot(dataDir)).toEqual(before);

    expect(await first.stop()).toBe(0);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    const third = await startRunning(dataDir);
    expect(third.pid).not.toBe(first.pid);
    await third.stop();
  }, 45_000);

  it('`rpcscope call` runs beside a running app on the same data directory without touching it', async () => {
    const dataDir = tempDataDir();
    const app = await startRunning(dataDir);
    const before = snapshot(dataDir);
    const call = spawn(
      process.execPath,
      ['bin/rpcscope.mjs', 'call', '--send', '{"jsonrpc":"2.0","id":1,"method":"echo","params":[1]}', '--stdio', '--framing', 'newline', '--', process.execPath, 'tests/fixtures/peers/stdio-peer.mjs', '--framing', 'newline'],
      { cwd: ROOT, env: { ...process.env, RPCSCOPE_DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    children.push(call);
    let out = '';
    call.stdout.on('data', (c: Buffer) => (out += c.toString()));
    const code = await new Promise<number | null>((resolve) => call.on('exit', resolve));
    expect(code).toBe(0);
    const answer = out.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { kind: string; raw: string }).find((e) => e.kind === 'response');
    expect(answer?.raw).toContain('"result":[1]');
    expect(snapshot(dataDir)).toEqual(before);
    await app.stop();
  });

  it('takes over a lock left by a process that is gone', async () => {
    const dataDir = tempDataDir();
    // A real process that exits: its pid is dead by the time the lock is read.
    const gone = spawn(process.execPath, ['-e', '0']);
    const deadPid = await new Promise<number>((resolve) => gone.on('exit', () => resolve(gone.pid!)));
    const warm = new Store({ dir: dataDir });
    warm.close();
    writeFileSync(path.join(dataDir, LOCK_FILE), JSON.stringify({ pid: deadPid, url: 'http://127.0.0.1:1/', startedAt: new Date().toISOString() }));

    const server = await startRunning(dataDir);
    const lock = JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')) as { pid: number; url: string };
    expect(lock.pid).toBe(server.pid);
    expect(lock.url).toBe(`${server.origin}/`);
    await server.stop();
  });

  it('takes over a lock whose pid now belongs to another program (a crash, then pid reuse)', async () => {
    const dataDir = tempDataDir();
    new Store({ dir: dataDir }).close();
    // A live process that is not rpcscope holds the pid the lock names; the lock's start time is not its own.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    children.push(other);
    writeFileSync(path.join(dataDir, LOCK_FILE), JSON.stringify({ pid: other.pid, startTicks: 1, url: 'http://127.0.0.1:1/', startedAt: new Date().toISOString() }));

    const server = await startRunning(dataDir);
    expect((JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')) as { pid: number }).pid).toBe(server.pid);
    await server.stop();
  });
});

describe('a damaged database', () => {
  /** A real database with recorded sessions, closed (checkpointed into the main file). */
  function recordedDatabase(dataDir: string): string {
    const store = new Store({ dir: dataDir });
    for (let i = 0; i < 40; i++) {
      const s = store.sessions.create({ name: `session ${i}`, target: { kind: 'http', url: 'http://127.0.0.1:1/' }, status: 'closed' });
      store.events.appendMany(s.id, [
        { seq: 1, t: 0, time: Date.now(), dir: 'out', kind: 'request', raw: 'x'.repeat(2000), findings: [] },
      ] as never);
    }
    const file = store.file;
    store.close();
    return file;
  }

  async function expectRefused(dataDir: string, file: string) {
    const bytes = readFileSync(file);
    const r = await runApp(dataDir);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`the database ${file} is damaged or truncated`);
    expect(r.stderr).toContain('Move it aside');
    expect(r.stderr).toContain('fresh, empty database');
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(readFileSync(file).equals(bytes)).toBe(true);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  }

  it('garbage over its pages is reported with what to do, exit 1, and the file is left as it was', async () => {
    const dataDir = tempDataDir();
    const file = recordedDatabase(dataDir);
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.alloc(4096 * 6, 0xab), 0, 4096 * 6, 4096 * 2);
    closeSync(fd);
    await expectRefused(dataDir, file);
  });

  it('garbage over its header is reported the same way', async () => {
    const dataDir = tempDataDir();
    const file = recordedDatabase(dataDir);
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.alloc(100, 0x5a), 0, 100, 0);
    closeSync(fd);
    await expectRefused(dataDir, file);
  });

  it('a truncated database is reported the same way', async () => {
    const dataDir = tempDataDir();
    const file = recordedDatabase(dataDir);
    truncateSync(file, Math.floor(statSync(file).size / 2) + 123);
    await expectRefused(dataDir, file);
  });

  it('moving the damaged file aside, as the message says, gives a fresh start', async () => {
    const dataDir = tempDataDir();
    const file = recordedDatabase(dataDir);
    truncateSync(file, 50);
    expect((await runApp(dataDir)).code).toBe(1);
    rmSync(file);
    const server = await startRunning(dataDir);
    await server.stop();
    expect(statSync(file).size).toBeGreaterThan(0);
  });
});
