/** The real `rpcscope tap --listen … --to …` as a child process: its address, and its session file once stopped. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { TrafficEvent } from '@/lib/session/types';
import { BIN, readSession } from './tap-helpers';

export interface RunningProxyTap {
  proc: ChildProcess;
  /** http://127.0.0.1:PORT */
  origin: string;
  port: number;
  /** SIGTERM, wait for the exit, and the recorded session (from --out). */
  stop(): Promise<{ code: number | null; events: TrafficEvent[] }>;
}

// The tap runs through tsx: on a loaded 2-core machine it can take well over 15 s to listen.
export function startProxyTap(to: string, dir: string, extra: string[] = [], timeoutMs = 40_000): Promise<RunningProxyTap> {
  const out = path.join(dir, `tap-${Date.now()}-${Math.random().toString(36).slice(2)}.json`);
  const proc = spawn(process.execPath, [BIN, 'tap', '--listen', '127.0.0.1:0', '--to', to, '--data-dir', path.join(dir, 'data'), '--out', out, ...extra], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  proc.stdout!.setEncoding('utf8');
  proc.stdout!.on('data', (s: string) => (stdout += s));
  const stop = async () => {
    const exited = new Promise<number | null>((resolve) => {
      if (proc.exitCode !== null) return resolve(proc.exitCode);
      const kill = setTimeout(() => proc.kill('SIGKILL'), 10_000);
      proc.once('exit', (code) => {
        clearTimeout(kill);
        resolve(code);
      });
    });
    proc.kill('SIGTERM');
    const code = await exited;
    if (stdout) throw new Error(`the tap wrote to stdout: ${stdout}`);
    return { code, events: readSession(out) };
  };
  return new Promise((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`the tap did not listen within ${timeoutMs} ms: ${err}`));
    }, timeoutMs);
    proc.stderr!.setEncoding('utf8');
    proc.stderr!.on('data', (s: string) => {
      err += s;
      const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(err);
      if (!m) return;
      clearTimeout(timer);
      const port = Number(m[1]);
      resolve({ proc, origin: `http://127.0.0.1:${port}`, port, stop });
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the tap exited (${code}) before listening: ${err}`));
    });
  });
}
