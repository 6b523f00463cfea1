/**
 * The app's recording thread (a worker, started by WorkerRecorder through recorder-worker.mjs):
 * its own connection to the database, a RecordingWriter on it, and the WAL checkpoints. Every op
 * is done in the order it was posted and then counted in shared memory (recorder-ops.ts), which
 * is what the conversation's thread waits on when it needs a write done.
 *
 * Checkpoints: SQLite's automatic one (every 1000 pages, each with a sync of the file) was most of
 * the recording's wall time in a flood; here the WAL is checkpointed once writes pause
 * (CHECKPOINT_IDLE_MS) or once it holds CHECKPOINT_BYTES, so a flood pays a few, not dozens.
 */
import { workerData } from 'node:worker_threads';
import { Store } from '../store';
import { backlogKib, Progress, type RecorderInit, type RecorderOp, type RecorderReply } from './recorder-ops';
import { RecordingWriter } from './recording-writer';

const CHECKPOINT_IDLE_MS = 250;
const CHECKPOINT_BYTES = 256 * 1024 * 1024;

const init = workerData as RecorderInit;
const progress = new Int32Array(init.progress);
const reply = (r: RecorderReply) => init.replies.postMessage(r);

let store: Store;
try {
  store = new Store({ dir: init.dir, maxBytes: init.maxBytes, recorderConnection: true });
} catch (err) {
  Atomics.store(progress, Progress.dead, 1);
  reply({ op: 'failed', why: err instanceof Error ? err.message : String(err) });
  Atomics.notify(progress, Progress.ops);
  throw err;
}
reply({ op: 'ready' });
const writer = new RecordingWriter(store, (sessionId) => reply({ op: 'changed', sessionId, recording: writer.recording(sessionId) ?? null }), init.retryMaxMs);

let walBytes = 0;
let idleTimer: NodeJS.Timeout | null = null;
function checkpoint(): void {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  walBytes = 0;
  try {
    if (store.isOpen) store.checkpoint();
  } catch {
    // A checkpoint the disk has no room for waits for the next one; the WAL keeps every page.
  }
}
function wrote(bytes: number): void {
  walBytes += bytes;
  if (walBytes >= CHECKPOINT_BYTES) return checkpoint();
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = setTimeout(checkpoint, CHECKPOINT_IDLE_MS);
}

function handle(op: RecorderOp): void {
  switch (op.op) {
    case 'summary':
      reply({ op: 'saved', sessionId: op.summary.id, changed: writer.saveSummary(op.summary) });
      return;
    case 'batch': {
      writer.commitBatch(op.sessionId, op.rows, op.patches);
      wrote(op.rows.text.length + op.patches.length * 64);
      return;
    }
    case 'delete':
      try {
        writer.deleteSession(op.id);
      } catch {
        // The session stays listed; deleting it again later is the user's to try.
      }
      return;
    case 'size-limit':
      store.setSizeLimit(op.bytes);
      return;
    case 'close':
      // Store.close checkpoints the whole WAL (TRUNCATE) itself.
      if (idleTimer) clearTimeout(idleTimer);
      writer.close();
      store.close();
      return;
    default: {
      const never: never = op;
      throw new Error(`unknown recorder op ${JSON.stringify(never)}`);
    }
  }
}

init.replies.on('message', (op: RecorderOp) => {
  const entries = op.op === 'batch' ? op.rows.count + op.patches.length : 0;
  try {
    handle(op);
  } finally {
    // Counted even if it threw, so nobody waits on it for ever.
    Atomics.add(progress, Progress.entries, entries);
    Atomics.add(progress, Progress.kib, backlogKib(op));
    Atomics.add(progress, Progress.ops, 1);
    Atomics.notify(progress, Progress.ops);
  }
});
