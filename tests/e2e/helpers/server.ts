/**
 * Starts the real rpcscope server (production build) for browser tests and stops it again.
 * Needs a prior `next build` (the test script runs one). Each start gets its own port, token
 * and data directory, so tests never see each other's sessions unless they share a start. Pages
 * sign in with one-time codes (server/sign-in.ts); the token is for the test's own API calls.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TOKEN_HEADER } from '../../../lib/session/bridge';
import { YOUNG_GENERATION_FLAG } from '../../../server/young-generation';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const TEST_TOKEN = 'e2e0123456789abcdef0123456789abcdef0123456789ab';

export interface RunningApp {
  /** The sign-in URL the server printed at start (its one-time code works once). */
  url: string;
  /** A fresh one-time sign-in URL, asked for with the token (what openApp opens). */
  signInUrl(): Promise<string>;
  origin: string;
  port: number;
  token: string;
  dataDir: string;
  /** Everything the server wrote, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

export interface StartOptions {
  token?: string;
  /** Reuse a data directory (to test reopening after a restart); it is then not deleted on stop. */
  dataDir?: string;
  env?: Record<string, string>;
  timeoutMs?: number;
}

const URL_LINE = /http:\/\/127\.0\.0\.1:(\d+)\/\?code=([0-9a-f]+)/;

export async function startApp(opts: StartOptions = {}): Promise<RunningApp> {
  if (!existsSync(path.join(REPO_ROOT, '.next', 'BUILD_ID'))) {
    throw new Error('No production build: run `npx next build` before the browser tests (npm test does).');
  }
  const token = opts.token ?? TEST_TOKEN;
  const ownDir = !opts.dataDir;
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(tmpdir(), 'rpcscope-e2e-'));
  // `rpcscope` as users start it: the built server (bin/rpcscope.mjs builds it when stale), with the
  // young generation its `#!` line and `npm start` give it (server/young-generation.ts).
  const child: ChildProcess = spawn(process.execPath, [YOUNG_GENERATION_FLAG, 'bin/rpcscope.mjs'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      RPCSCOPE_PORT: '0',
      RPCSCOPE_TOKEN: token,
      RPCSCOPE_DATA_DIR: dataDir,
      NEXT_TELEMETRY_DISABLED: '1',
      NODE_ENV: 'production',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    shell: false,
  });
  let out = '';
  const output = () => out;
  child.stdout?.setEncoding('utf8').on('data', (d: string) => { out += d; });
  child.stderr?.setEncoding('utf8').on('data', (d: string) => { out += d; });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    if (ownDir) rmSync(dataDir, { recursive: true, force: true });
  };

  const timeoutMs = opts.timeoutMs ?? 45_000;
  try {
    const printed = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server printed no URL within ${timeoutMs} ms:\n${out.slice(-2000)}`)), timeoutMs);
      const check = () => {
        const m = URL_LINE.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[0]);
        }
      };
      child.stdout?.on('data', check);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`server exited (code ${code}, signal ${signal}) before printing its URL:\n${out.slice(-2000)}`));
      });
    });
    const origin = new URL(printed).origin;
    const port = Number(new URL(printed).port);
    const signInUrl = async () => {
      const res = await fetch(`${origin}/api/sign-in-link`, { method: 'POST', headers: { [TOKEN_HEADER]: token, origin } });
      if (!res.ok) throw new Error(`no sign-in link: HTTP ${res.status} ${await res.text()}`);
      return ((await res.json()) as { url: string }).url;
    };
    return { url: printed, signInUrl, origin, port, token, dataDir, output, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
