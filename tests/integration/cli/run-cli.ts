/** Runs the real `rpcscope call` command as a child process, the way a script or CI would. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { TrafficEvent } from '@/lib/session/types';

const BIN = path.resolve(__dirname, '../../../bin/rpcscope.mjs');

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  /** stdout's JSON lines: one per recorded entry. */
  events: TrafficEvent[];
}

/** Rejects (and kills the command) when it has not ended within `timeoutMs`: `call` must never hang. */
export function rpcscope(args: string[], timeoutMs = 20_000, command = 'call'): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, command, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`rpcscope ${command} hung: ${stderr}`));
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      const lines = stdout.split('\n').filter(Boolean);
      resolve({ code, stdout, stderr, events: command === 'call' ? lines.map((l) => JSON.parse(l) as TrafficEvent) : [] });
    });
  });
}
