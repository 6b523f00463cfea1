/**
 * What the app's recorder (WorkerRecorder, on the conversation's thread) tells its worker
 * (recorder-host.ts) and what the worker says back. Entries cross as rows (server/store/
 * event-row.ts), already serialised and packed (row-batch.ts), so the worker only writes. The worker counts what it has
 * done in shared memory (`Progress`), so the conversation's thread can wait for a write without
 * an event-loop turn (reads of entries, summaries that are announced at once, shutdown).
 */
import type { MessagePort } from 'node:worker_threads';
import type { EventPatch, SessionRecording, SessionSummary } from '../../lib/session/types';
import type { PackedRows } from '../store/row-batch';

export type RecorderOp =
  | { op: 'summary'; summary: SessionSummary }
  | { op: 'batch'; sessionId: string; rows: PackedRows; patches: EventPatch[] }
  | { op: 'delete'; id: string }
  | { op: 'size-limit'; bytes: number | null }
  | { op: 'close' };

export type RecorderReply =
  /** The worker's connection is open: it records from here on. */
  | { op: 'ready' }
  /** What is stored for the session changed (counts or health); `recording` is its health, if it ever failed. */
  | { op: 'changed'; sessionId: string; recording: SessionRecording | null }
  /** The answer to a `summary` op: whether what is stored changed (or the write failed). */
  | { op: 'saved'; sessionId: string; changed: boolean }
  /** The worker cannot record (its store did not open): the recorder writes on its own thread from here on. */
  | { op: 'failed'; why: string };

/** Slots of the shared Int32Array. */
export const Progress = {
  /** Ops the worker has finished, in the order they were posted. */
  ops: 0,
  /** Entries (rows and patches) the worker has finished. */
  entries: 1,
  /** 1 once the worker cannot record. */
  dead: 2,
  /** The size of what the worker has finished, in KiB of text (see backlogKib). */
  kib: 3,
} as const;
export const PROGRESS_SLOTS = 4;

/**
 * What an op adds to the backlog's size, in KiB of its rows' text (rounded up), counted alike on
 * both sides: a bound in entries alone let a peer of 1 MB messages queue gigabytes.
 */
export const backlogKib = (op: RecorderOp): number => (op.op === 'batch' ? Math.ceil(op.rows.text.length / 1024) : 0);

export interface RecorderInit {
  dir: string;
  maxBytes?: number;
  retryMaxMs?: number;
  progress: SharedArrayBuffer;
  replies: MessagePort;
}
