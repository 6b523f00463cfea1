/** A LiveSession with an in-memory sink: events with patches applied, and a bounded wait. */
import { LiveSession } from '@/server/session/live-session';
import type { SessionOptions, TargetSpec, TrafficEvent } from '@/lib/session/types';

export interface RecordedSession {
  session: LiveSession;
  events: Map<number, TrafficEvent>;
  list(): TrafficEvent[];
  until(pred: () => boolean, what: string, ms?: number): Promise<void>;
}

export async function openSession(target: TargetSpec, options?: SessionOptions): Promise<RecordedSession> {
  const events = new Map<number, TrafficEvent>();
  const session = new LiveSession({
    target,
    options,
    sink: {
      events: (_s, list) => list.forEach((e) => events.set(e.seq, { ...e })),
      patches: (_s, list) => list.forEach((p) => { const e = events.get(p.seq); if (e) Object.assign(e, p); }),
      summary: () => undefined,
    },
  });
  await session.start();
  const list = () => [...events.values()].sort((a, b) => a.seq - b.seq);
  const until = async (pred: () => boolean, what: string, ms = 8000) => {
    const end = Date.now() + ms;
    while (!pred()) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(list().map((e) => [e.kind, e.note ?? e.raw.slice(0, 80)]))}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  return { session, events, list, until };
}
