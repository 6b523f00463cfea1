/**
 * Both recorders, for suites that must hold for each: the app's (writes in a worker thread with
 * its own connection) and the one that writes on the caller's thread (the tap's own store).
 * `limit` caps the database on the connection that writes, as `--max-db-mb` does.
 */
import type { Recorder } from '@/server/session/manager';
import { StoreRecorder, type StoreRecorderOptions } from '@/server/session/recorder';
import { WorkerRecorder } from '@/server/session/worker-recorder';
import type { Store } from '@/server/store';

export interface TestRecorder {
  recorder: Recorder & { close(): void };
  limit(bytes: number | null): void;
}

export const RECORDERS: { where: string; make(store: Store, opts?: StoreRecorderOptions): Promise<TestRecorder> }[] = [
  {
    where: 'in its worker',
    make: async (store, opts) => {
      const recorder = new WorkerRecorder(store, opts);
      await recorder.ready;
      return { recorder, limit: (bytes) => recorder.setSizeLimit(bytes) };
    },
  },
  {
    where: 'on the main thread',
    make: async (store, opts) => ({ recorder: new StoreRecorder(store, opts), limit: (bytes) => void store.setSizeLimit(bytes) }),
  },
];
