/**
 * The session the export carries, read back from its JSON block. The file was written by
 * rpcscope, but it may have been edited by hand: anything that is not an event with a numeric seq
 * is left out, and missing findings become an empty list, so the timeline code can trust shapes.
 */
import { HTML_DATA_ID, HTML_TARGET_LINE_ID, type ExportTargetFacts } from '../lib/export/html-ids';
import type { SessionFileV1, TrafficEvent } from '../lib/session/types';
import type { SeqLookup } from '../lib/timeline/status';

export interface LoadedSession {
  file: SessionFileV1;
  /** What the exporter said about the target (its one line, whether it launches a program). */
  targetFacts: ExportTargetFacts;
  events: TrafficEvent[];
  lookup: SeqLookup;
  /** Position of each seq in `events`. */
  indexOf(seq: number): number | undefined;
  /** Adds entries that arrived later (a team server's live page), after the ones held. */
  append(more: readonly TrafficEvent[]): void;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function loadSession(doc: Document): { ok: true; session: LoadedSession } | { ok: false; error: string } {
  const block = doc.getElementById(HTML_DATA_ID);
  let data: unknown;
  try {
    data = JSON.parse(block?.textContent ?? '');
  } catch (err) {
    return { ok: false, error: `This file does not hold a readable session: ${(err as Error).message}` };
  }
  if (!isObj(data) || !Array.isArray(data.events)) return { ok: false, error: 'This file does not hold a readable session: no list of events.' };
  const events: TrafficEvent[] = [];
  for (const e of data.events as unknown[]) {
    if (!isObj(e) || typeof e.seq !== 'number' || typeof e.kind !== 'string') continue;
    const ev = e as unknown as TrafficEvent;
    if (!Array.isArray(ev.findings)) ev.findings = [];
    if (typeof ev.raw !== 'string') ev.raw = '';
    if (ev.items) for (const it of ev.items) if (!Array.isArray(it.findings)) it.findings = [];
    events.push(ev);
  }
  const index = new Map<number, number>();
  events.forEach((ev, i) => index.set(ev.seq, i));
  const file = { ...(data as unknown as SessionFileV1), target: isObj(data.target) ? (data.target as unknown as SessionFileV1['target']) : ({} as SessionFileV1['target']), events };
  return {
    ok: true,
    session: {
      file,
      targetFacts: readTargetFacts(doc),
      events,
      lookup: (seq) => {
        const i = index.get(seq);
        return i === undefined ? undefined : events[i];
      },
      indexOf: (seq) => index.get(seq),
      append: (more) => {
        for (const e of more) {
          if (!isObj(e) || typeof e.seq !== 'number' || index.has(e.seq)) continue;
          if (!Array.isArray(e.findings)) e.findings = [];
          if (typeof e.raw !== 'string') e.raw = '';
          index.set(e.seq, events.length);
          events.push(e);
        }
      },
    },
  };
}

function readTargetFacts(doc: Document): ExportTargetFacts {
  try {
    const v: unknown = JSON.parse(doc.getElementById(HTML_TARGET_LINE_ID)?.textContent ?? '{}');
    const o = isObj(v) ? v : {};
    return { line: typeof o.line === 'string' ? o.line : '', launch: o.launch === true, observed: o.observed === true };
  } catch {
    return { line: '', launch: false };
  }
}
