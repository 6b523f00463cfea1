/**
 * Per-session auto-id counters shared by the request builder and the batch editor, so the two
 * never hand out the same number in one session.
 */
import { create } from 'zustand';

interface IdCounters {
  counters: Record<string, number>;
  /** Advance the session's counter past `used` ids starting at `first`. */
  consume(sessionId: string, first: number, used: number): void;
}

export const useIdCounters = create<IdCounters>()((set) => ({
  counters: {},
  consume(sessionId, first, used) {
    if (used <= 0) return;
    set((s) => ({ counters: { ...s.counters, [sessionId]: Math.max(s.counters[sessionId] ?? 1, first + used) } }));
  },
}));
