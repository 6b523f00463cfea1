/**
 * The tap's recording thread yields the CPU to the conversation (server/tap/thread-priority.ts):
 * on Linux it lowers only the calling thread's priority, and the process's other threads (the
 * conversation's, in the tap) keep theirs. Run in a child process so the test runner keeps its own.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const SCRIPT = `
import { readdirSync, readFileSync } from 'node:fs';
import { lowerThreadPriority, threadId } from './server/tap/thread-priority.ts';
const nice = (tid) => Number(readFileSync('/proc/self/task/' + tid + '/stat', 'utf8').split(') ')[1].split(' ')[16]);
const lowered = lowerThreadPriority();
const me = threadId();
const others = readdirSync('/proc/self/task').map(Number).filter((t) => t !== me).map(nice);
console.log(JSON.stringify({ lowered, me, pid: process.pid, mine: nice(me), others }));
`;

describe.runIf(process.platform === 'linux')('the recording thread’s priority', () => {
  it('is lowered for the calling thread only', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SCRIPT], { encoding: 'utf8', timeout: 15_000 });
    const r = JSON.parse(out) as { lowered: boolean; me: number; pid: number; mine: number; others: number[] };
    expect(r.lowered).toBe(true);
    expect(r.me).toBe(r.pid); // the main thread's id is the process id
    expect(r.mine).toBe(19);
    expect(r.others.length).toBeGreaterThan(0);
    expect(r.others.every((n) => n < 19)).toBe(true);
  });
});
