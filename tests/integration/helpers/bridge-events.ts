/**
 * A bridge `rows` message read the way the page reads it (components/stores/bridge-client.ts):
 * the columnar batches made into entries (lib/timeline/row-columns.ts), the texts sent beside them
 * put into their `raw`, and the rule sentences sent by reference put back. An entry whose text was
 * left out has `raw: ""` (the page fetches it).
 */
import type { ServerMessage } from '@/lib/session/bridge';
import { columnsReader } from '@/lib/timeline/row-columns';
import type { TrafficEvent } from '@/lib/session/types';

export function pageEvents(msg: Extract<ServerMessage, { type: 'rows' }>): TrafficEvent[] {
  const texts = new Map((msg.texts ?? []).map((t) => [t.seq, t]));
  const out: TrafficEvent[] = [];
  msg.batches.forEach((cols, k) =>
    columnsReader(cols, (x) => x).rows(msg.from?.[k] ?? 0).forEach((row) => {
      // Without the members a row holds as undefined, as a parsed event would be.
      const ev = Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined)) as unknown as TrafficEvent;
      const t = texts.get(ev.seq);
      ev.raw = t?.raw ?? '';
      if (t?.rawBase64 !== undefined) ev.rawBase64 = t.rawBase64;
      out.push(ev);
    }),
  );
  return out;
}
