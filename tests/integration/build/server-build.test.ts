/**
 * The server runs as JavaScript built once (scripts/build-server.mjs), never stale: a tiny project
 * in a temp folder (its own server/ and lib/, a worker, the real build-info.ts) is built with the
 * real build, run in a plain `node` (no tsx), changed, and built again. Then the real `rpcscope tap`
 * records through the built recording worker.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { serverBuild, sourceFingerprint } from '@/scripts/build-server.mjs';
import { peerPath } from '@/tests/fixtures/peers/start-peer';
import { readSession, tapArgv, tempDir } from '../tap/tap-helpers';

const REPO = path.resolve(__dirname, '../../..');
const tmp = tempDir('rpcscope-server-build-');
afterAll(() => tmp.remove());

/** Writes `text` and dates it `ageS` seconds from now (a later edit always looks newer). */
function put(root: string, file: string, text: string, ageS = 0): void {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
  const when = new Date(Date.now() + ageS * 1000);
  utimesSync(full, when, when);
}

function miniProject(name: string): string {
  const root = path.join(tmp.dir, name);
  put(root, 'package.json', JSON.stringify({ name: 'rpcscope', type: 'module' }));
  mkdirSync(path.join(root, 'server'), { recursive: true });
  copyFileSync(path.join(REPO, 'server/build-info.ts'), path.join(root, 'server/build-info.ts'));
  put(root, 'lib/word.ts', "export const WORD = 'one';\n");
  put(root, 'server/main.ts', 'export const main = () => undefined;\n');
  put(root, 'server/export-viewer.ts', "export const VIEWER_BUNDLE_PATH = '';\n");
  put(root, 'server/commands/index.ts', "export { WORD } from '../../lib/word';\nexport { askWorker } from '../ask-worker';\n");
  put(root, 'server/commands/tap.ts', 'export const tapCommand = {};\n');
  put(root, 'server/ask-worker.ts', [
    "import { Worker } from 'node:worker_threads';",
    "import { workerScript } from './build-info';",
    'export const askWorker = (): Promise<string> => new Promise((resolve, reject) => {',
    "  const w = new Worker(workerScript('echo-worker', import.meta.url));",
    "  w.once('message', (m: string) => { resolve(m); void w.terminate(); });",
    "  w.once('error', reject);",
    '});',
  ].join('\n'));
  put(root, 'server/echo-worker.mjs', "await import('./echo-host.ts');\n");
  put(root, 'server/echo-host.ts', "import { parentPort } from 'node:worker_threads';\nimport { WORD } from '../lib/word';\nparentPort!.postMessage(`worker says ${WORD}`);\n");
  return root;
}

/** What the built project says, asked from a plain `node` process (no TypeScript loader). */
function runBuilt(dir: string): { word: string; worker: string } {
  const script = `const m = await import(${JSON.stringify(pathToFileURL(path.join(dir, 'commands.mjs')).href)}); console.log(JSON.stringify({ word: m.WORD, worker: await m.askWorker() }));`;
  const file = path.join(tmp.dir, `ask-${path.basename(dir)}.mjs`);
  writeFileSync(file, script);
  const r = spawnSync(process.execPath, [file], { encoding: 'utf8', timeout: 15_000 });
  if (r.status !== 0) throw new Error(`the built project failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as { word: string; worker: string };
}

describe('the server build', () => {
  it('runs without tsx, workers included, and is built again when a source under lib/ or server/ changes', async () => {
    const root = miniProject('rebuild');
    const first = await serverBuild({ root });
    expect(runBuilt(first)).toEqual({ word: 'one', worker: 'worker says one' });
    // Nothing changed: the same build, not another.
    expect(await serverBuild({ root })).toBe(first);

    put(root, 'lib/word.ts', "export const WORD = 'two';\n", 5);
    const second = await serverBuild({ root });
    expect(second).not.toBe(first);
    expect(runBuilt(second)).toEqual({ word: 'two', worker: 'worker says two' });

    // A file added or removed under server/ is a change too (same content, no later mtime needed).
    put(root, 'server/notes.txt', 'x', -3600);
    const withFile = sourceFingerprint(root);
    expect(withFile).not.toBe(path.basename(second));
    rmSync(path.join(root, 'server/notes.txt'));
    expect(sourceFingerprint(root)).toBe(path.basename(second));
  }, 60_000);

  it('is safe when several starts build at once: one complete build, no temp folder left', async () => {
    const root = miniProject('concurrent');
    const dirs = await Promise.all([serverBuild({ root }), serverBuild({ root }), serverBuild({ root })]);
    expect(new Set(dirs).size).toBe(1);
    expect(runBuilt(dirs[0]).word).toBe('one');
    expect(readdirSync(path.join(root, 'dist/server'))).toEqual([path.basename(dirs[0])]);
  }, 60_000);

  it('refuses a source outside server/ and lib/ (a change there would not rebuild) and a worker without its shim', async () => {
    const outside = miniProject('outside');
    put(outside, 'other/x.ts', "export const X = 'x';\n");
    put(outside, 'lib/word.ts', "export { X as WORD } from '../other/x';\n", 5);
    await expect(serverBuild({ root: outside })).rejects.toThrow(/other\/x\.ts, outside server\/, lib\//);
    expect(existsSync(path.join(outside, 'dist/server', sourceFingerprint(outside)))).toBe(false);

    const ghost = miniProject('ghost');
    put(ghost, 'server/ghost.ts', "import { workerScript } from './build-info';\nexport const g = () => workerScript('ghost-worker', import.meta.url);\n");
    await expect(serverBuild({ root: ghost })).rejects.toThrow(/starts the worker 'ghost-worker', but server\/ghost-worker\.mjs is missing/);
  }, 60_000);
});

describe('rpcscope runs the built server', () => {
  it('records a tapped conversation through the built recording worker', async () => {
    const dataDir = path.join(tmp.dir, 'tap-data');
    const out = path.join(tmp.dir, 'tapped.json');
    const request = 'Content-Length: 40\r\n\r\n{"jsonrpc":"2.0","id":1,"method":"ping"}';
    const child = spawn(process.execPath, tapArgv(['--data-dir', dataDir, '--out', out], [process.execPath, peerPath('tap-noise-peer')]), { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c) => (stderr += c));
    child.stdout.resume();
    child.stdin.write(request);
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    // The CLI ran the build of the sources as they are (bin/rpcscope.mjs built or found it).
    expect(existsSync(path.join(REPO, 'dist/server', sourceFingerprint(), 'recording-worker.mjs'))).toBe(true);
    const events = readSession(out);
    const sent = events.find((e) => e.dir === 'out' && e.kind === 'request');
    expect(sent?.raw).toBe(request);
    expect(sent?.state).toBe('answered');
    expect(events.some((e) => e.dir === 'in' && e.kind === 'response')).toBe(true);
  }, 30_000);

  it("records an app session through the built recorder's worker (no fallback to the main thread)", async () => {
    const dir = await serverBuild();
    const token = 'built-app-token-0123456789abcdef0123456789';
    const dataDir = path.join(tmp.dir, 'app-data');
    // The built app without its Next pages (no `next build` needed), as api-server-child.ts does from source.
    const starter = path.join(tmp.dir, 'start-built-app.mjs');
    writeFileSync(starter, [
      `const { startServer } = await import(${JSON.stringify(pathToFileURL(path.join(dir, 'main.mjs')).href)});`,
      `const config = { host: '127.0.0.1', port: 0, token: ${JSON.stringify(token)}, dataDir: ${JSON.stringify(dataDir)}, dev: false, allowedHosts: [], dangerouslyAllowAllInterfaces: false, dangerouslySkipOriginCheck: false };`,
      'const running = await startServer(config, { pages: false });',
      'console.log(`ready ${running.port}`);',
      "process.on('SIGTERM', () => running.stop().then(() => process.exit(0), () => process.exit(1)));",
    ].join('\n'));
    const app = spawn(process.execPath, [starter], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    app.stderr.on('data', (c) => (stderr += c));
    try {
      const port = await new Promise<number>((resolve, reject) => {
        let out = '';
        app.stdout.on('data', (c) => {
          out += c;
          const m = /ready (\d+)/.exec(out);
          if (m) resolve(Number(m[1]));
        });
        app.once('exit', () => reject(new Error(`the built app exited: ${stderr}`)));
      });
      const origin = `http://127.0.0.1:${port}`;
      const api = async (method: string, p: string, body?: unknown) => {
        const res = await fetch(origin + p, { method, headers: { 'x-rpcscope-token': token, origin, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
        return (await res.json()) as unknown;
      };
      const target = { kind: 'stdio', command: process.execPath, args: [peerPath('stdio-peer'), '--framing', 'newline'], framing: 'newline' };
      const { session } = (await api('POST', '/api/sessions', { target })) as { session: { id: string } };
      expect(session?.id).toBeTruthy();
      await api('POST', `/api/sessions/${session.id}/send`, { text: '{"jsonrpc":"2.0","id":7,"method":"echo","params":["built"]}' });
      let kinds: string[] = [];
      for (let i = 0; i < 100 && !kinds.includes('response'); i++) {
        await new Promise((r) => setTimeout(r, 100));
        const { events } = (await api('GET', `/api/sessions/${session.id}/events`)) as { events: { kind: string }[] };
        kinds = events.map((e) => e.kind);
      }
      expect(kinds).toContain('request');
      expect(kinds).toContain('response');
      // A worker that cannot start (a wrong path in the build) falls back to the main thread and says so.
      expect(stderr).not.toMatch(/worker/);
    } finally {
      if (app.exitCode === null && app.signalCode === null) {
        const exited = new Promise((r) => app.once('exit', r));
        app.kill('SIGTERM');
        await exited;
      }
    }
  }, 30_000);
});
