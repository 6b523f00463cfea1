/**
 * The recorder's worker thread as a Linux SCHED_BATCH thread: the same share of the CPU as any
 * other thread (nice 0, so a flood is recorded as fast as before), but it never pre-empts the
 * thread that woke it. Each commit's postMessage wakes the worker; as an ordinary thread it took
 * the core from the conversation's thread at once whenever both sat on one core (busy machine, or
 * the scheduler's wake-up placement), and an HTTP target with 16 requests in flight lost up to a
 * fifth of its rate to those pre-emptions (bench/http.ts counts them; bench/README.md). A batch
 * thread runs on an idle core at once, else at the next scheduler tick.
 *
 * Node has no call for the scheduling policy, so util-linux's `chrt` sets it, once per worker,
 * without waiting. Best effort: not Linux, no `chrt`, or the thread not told apart (more than one
 * thread appeared while the worker started) — the worker simply stays an ordinary thread.
 */
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';

const TASKS = '/proc/self/task';

function threadIds(): string[] | null {
  try {
    return readdirSync(TASKS);
  } catch {
    return null;
  }
}

/**
 * Runs `start` (which starts exactly one thread, e.g. `new Worker(…)`: Node starts the thread
 * inside the constructor) and makes that thread a batch thread. `done` (tests) hears the thread
 * id, or null when it was left as it was.
 */
export function startBatchThread<T>(start: () => T, done?: (threadId: number | null) => void): T {
  const before = process.platform === 'linux' ? threadIds() : null;
  const started = start();
  const was = new Set(before ?? []);
  const fresh = before ? (threadIds() ?? []).filter((t) => !was.has(t)) : [];
  if (fresh.length !== 1) {
    done?.(null);
    return started;
  }
  const tid = Number(fresh[0]);
  const child = execFile('chrt', ['--batch', '--pid', '0', String(tid)], { timeout: 5000 }, (err) => done?.(err ? null : tid));
  // Never what keeps the process alive (a server shutting down does not wait for it).
  child.unref();
  return started;
}
