/**
 * The app's recorder writes in a worker thread that must never take the core from the thread
 * that talks to the target when a commit wakes it (server/session/batch-thread.ts): on Linux with
 * util-linux's chrt it runs as SCHED_BATCH, with the same share of the CPU as before, and records
 * as it did.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionSummary, TrafficEvent } from '@/lib/session/types';
import { startBatchThread } from '@/server/session/batch-thread';
import { WorkerRecorder } from '@/server/session/worker-recorder';
import { tempStores } from './temp-store';

const SCHED_BATCH = 3;
const temp = tempStores();
afterEach(() => temp.cleanup());

function hasChrt(): boolean {
  try {
    execFileSync('chrt', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** A thread's scheduling policy (field 41 of /proc/self/task/TID/stat, after the command's name). */
function policyOf(tid: string | number): number | undefined {
  try {
    const fields = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[38]);
  } catch {
    return undefined;
  }
}

const batchThreads = () => readdirSync('/proc/self/task').filter((t) => policyOf(t) === SCHED_BATCH);

async function until(check: () => boolean, ms = 5000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return check();
}

describe.runIf(process.platform === 'linux' && hasChrt())('the recorder thread never pre-empts the conversation', () => {
  it('starts the thread it is given as a batch thread, and only that one', async () => {
    let worker: Worker | undefined;
    const tid = await new Promise<number | null>((resolve) => {
      worker = startBatchThread(() => new Worker('setTimeout(() => {}, 3000)', { eval: true }), resolve);
    });
    try {
      expect(tid).not.toBeNull();
      expect(policyOf(tid!)).toBe(SCHED_BATCH);
      expect(policyOf(process.pid)).not.toBe(SCHED_BATCH);
    } finally {
      await worker!.terminate();
    }
  });

  it("the app's recorder runs its writes on a batch thread and still records every entry", async () => {
    const before = new Set(batchThreads());
    const store = temp.open(temp.dir());
    const recorder = new WorkerRecorder(store);
    try {
      await recorder.ready;
      expect(await until(() => batchThreads().some((t) => !before.has(t)))).toBe(true);
      const summary: SessionSummary = {
        id: 'batch', name: 'batch', target: { kind: 'http', url: 'http://127.0.0.1:9/' }, status: 'open',
        startedAt: new Date().toISOString(), lastSeq: 0, counts: { events: 0, out: 0, in: 0, errors: 0, findings: 0 },
      };
      recorder.saveSummary(summary);
      const events: TrafficEvent[] = Array.from({ length: 50 }, (_, i) => ({
        seq: i + 1, t: i, time: 1_700_000_000_000 + i, dir: 'out', raw: `{"jsonrpc":"2.0","id":${i},"method":"m"}`,
        kind: 'request', id: i, method: 'm', state: 'pending', findings: [],
      }));
      recorder.appendEvents('batch', events);
      expect(recorder.listEvents('batch', 0, 100).map((e) => e.seq)).toEqual(events.map((e) => e.seq));
    } finally {
      recorder.close();
    }
  });
});
