/**
 * Linux: lowers the calling thread's scheduling priority (nice 19), so that on a busy machine the
 * tap's recording thread takes the CPU the conversation leaves over instead of competing with it
 * (issue 12: the forwarding thread, the server and the client share the same cores). Only this
 * thread: /proc/thread-self names its id, and setpriority(2) on a thread id affects that thread
 * alone. Elsewhere, or when not allowed, nothing changes (the recording still works, less politely).
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

export const RECORDING_NICE = 19;

/** The calling thread's id on Linux (`/proc/thread-self` → `PID/task/TID`), or null. */
export function threadId(): number | null {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(tid) && tid > 0 ? tid : null;
  } catch {
    return null;
  }
}

/** Returns whether the priority was lowered. */
export function lowerThreadPriority(nice = RECORDING_NICE): boolean {
  const tid = threadId();
  if (tid === null) return false;
  try {
    setPriority(tid, nice);
    return true;
  } catch {
    return false;
  }
}
