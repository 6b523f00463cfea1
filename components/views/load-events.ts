/**
 * All of a session's entries for a comparison: from the page's own copy when it holds them all,
 * else from the server in pages (the events route gives at most 10k at a time), up to a cap.
 */
import { API } from '@/lib/api/routes';
import type { TrafficEvent } from '@/lib/session/types';
import type { FullLookup } from '@/lib/views/session-diff';
import { api } from '@/components/stores/sessions';

const PAGE = 10_000;
/** Entries read per session at most: the diff aligns the first 50k messages anyway. */
export const MAX_LOAD = 120_000;

export interface LoadedEvents {
  events: TrafficEvent[];
  lookup: FullLookup;
  /** The session has more entries than were read. */
  cut: boolean;
}

export async function loadEvents(sessionId: string): Promise<LoadedEvents> {
  // Always from the server: the diff compares bodies, and the page's rows hold no wire text.
  const events: TrafficEvent[] = [];
  let since = 0;
  for (;;) {
    const { events: page, more } = await api.call(API.listEvents, { params: { id: sessionId }, query: { sinceSeq: String(since), limit: String(PAGE) } });
    events.push(...page);
    // A short page is the end unless the server cut it for its size.
    if ((page.length < PAGE && !more) || events.length >= MAX_LOAD) break;
    since = page[page.length - 1].seq;
  }
  const bySeq = new Map<number, TrafficEvent>();
  for (const e of events) bySeq.set(e.seq, e);
  return { events, lookup: (s) => bySeq.get(s), cut: events.length >= MAX_LOAD };
}
