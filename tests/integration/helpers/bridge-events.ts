/**
 * A bridge `events` message read the way the page reads it (components/stores/bridge-client.ts):
 * the texts sent beside the events put into their `raw`, and the rule sentences sent by
 * reference put back. An event whose text was left out keeps `raw: ""` (the page fetches it).
 */
import type { ServerMessage } from '@/lib/session/bridge';
import { restoreSpecRefs } from '@/lib/jsonrpc/rules/spec-ref';
import type { TrafficEvent } from '@/lib/session/types';

export function pageEvents(msg: Extract<ServerMessage, { type: 'events' }>): TrafficEvent[] {
  const texts = new Map((msg.texts ?? []).map((t) => [t.seq, t]));
  return msg.events.map((e) => {
    restoreSpecRefs(e.findings);
    if (e.items) for (const it of e.items) restoreSpecRefs(it.findings);
    const t = texts.get(e.seq);
    if (!t) return e;
    const ev: TrafficEvent = { ...e, raw: t.raw };
    if (t.rawBase64 !== undefined) ev.rawBase64 = t.rawBase64;
    return ev;
  });
}
