/**
 * The probe's view of its session: every event and patch as the session hands them out, with
 * waits that end as soon as a condition holds (or at a deadline). Fed by a LiveSession's sink
 * (the CLI) or by the session manager's fan-out (the app).
 */
import { applyPatch } from '../../lib/session/patch';
import type { EventPatch, TrafficEvent } from '../../lib/session/types';

export class EventLog {
  readonly events: TrafficEvent[] = [];
  private readonly bySeq = new Map<number, TrafficEvent>();
  private waiters = new Set<() => void>();

  add(events: readonly TrafficEvent[]): void {
    for (const e of events) {
      const copy = { ...e };
      this.events.push(copy);
      this.bySeq.set(copy.seq, copy);
    }
    this.wake();
  }

  patch(patches: readonly EventPatch[]): void {
    for (const p of patches) {
      const e = this.bySeq.get(p.seq);
      if (e) applyPatch(e, p);
    }
    this.wake();
  }

  get(seq: number): TrafficEvent | undefined {
    return this.bySeq.get(seq);
  }

  /** Events after `seq`. */
  since(seq: number): TrafficEvent[] {
    let i = this.events.length;
    while (i > 0 && this.events[i - 1].seq > seq) i--;
    return this.events.slice(i);
  }

  /** Resolves true once `ready()` holds, false at the deadline (checked on every change, and every 50 ms for state outside the log). */
  async until(ready: () => boolean, timeoutMs: number): Promise<boolean> {
    if (ready()) return true;
    return new Promise((resolve) => {
      const check = () => {
        if (!ready()) return;
        done(true);
      };
      const poll = setInterval(check, 50);
      const timer = setTimeout(() => done(ready()), timeoutMs);
      const done = (v: boolean) => {
        clearInterval(poll);
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(v);
      };
      this.waiters.add(check);
    });
  }

  private wake(): void {
    for (const w of [...this.waiters]) w();
  }
}
