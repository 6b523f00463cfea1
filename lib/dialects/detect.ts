/**
 * Auto-detection of the dialect a session speaks, from the messages it carries. Incremental and
 * sticky: the first decisive marker wins and is kept (the user can still override it). Without a
 * marker the session stays on the default dialect — a plain `initialize`, or any method name that
 * merely looks familiar, decides nothing.
 *
 * The markers belong to the profiles (`DialectProfile.markers`: methods and prefixes only that
 * dialect uses, and a recogniser for anything else); this file only asks them, in registry order.
 */
import type { Classified } from '../jsonrpc/types';
import type { Direction } from '../session/types';
import { entriesOf, isCall } from './messages';
import { DEFAULT_DIALECT, DIALECT_IDS, getProfile, type DialectId } from './registry';
import type { DialectMarkers, MarkerInput, MarkerRecognizer } from './types';

export interface DetectInput {
  classified: Classified;
  seq?: number;
  dir?: Direction;
}

export interface Detection {
  dialect: DialectId;
  /** False while no marker has been seen (dialect is then the default). */
  decided: boolean;
  /** Why, in words: which message and which members decided it. */
  evidence?: string;
  /** seq of the deciding message, when known. */
  seq?: number;
}

export interface DialectDetector {
  observe(msg: DetectInput | Classified): Detection;
  current(): Detection;
}

interface Candidate {
  id: DialectId;
  label: string;
  markers: DialectMarkers;
  recognize: MarkerRecognizer | undefined;
}

function onlyMethodOf(c: Candidate, method: string): boolean {
  return c.markers.onlyMethods.has(method) || (c.markers.onlyPrefixes ?? []).some((p) => method.startsWith(p));
}

export function createDialectDetector(): DialectDetector {
  let state: Detection = { dialect: DEFAULT_DIALECT, decided: false };
  // One set of per-session recognisers for every dialect that has markers.
  const candidates: Candidate[] = [];
  for (const id of DIALECT_IDS) {
    const p = getProfile(id);
    if (p.markers) candidates.push({ id, label: p.label, markers: p.markers, recognize: p.markers.createRecognizer?.() });
  }

  function decide(dialect: DialectId, evidence: string, seq: number | undefined): Detection {
    state = seq !== undefined ? { dialect, decided: true, evidence, seq } : { dialect, decided: true, evidence };
    return state;
  }

  return {
    observe(msg: DetectInput | Classified): Detection {
      if (state.decided) return state;
      const input: DetectInput = 'classified' in msg ? msg : { classified: msg };
      if (input.dir === 'meta') return state;
      const seq = input.seq;
      const marker: MarkerInput = { classified: input.classified, entries: entriesOf(input.classified), at: seq !== undefined ? ` (seq ${seq})` : '' };
      // Shapes first (an initialize's members, DAP's envelope): they say more than a name.
      for (const c of candidates) {
        const evidence = c.recognize?.(marker);
        if (evidence !== undefined) return decide(c.id, evidence, seq);
      }
      for (const e of marker.entries) {
        if (!isCall(e) || e.method === undefined) continue;
        const method = e.method;
        const owner = candidates.find((c) => onlyMethodOf(c, method));
        if (owner) return decide(owner.id, `method ${method}${marker.at} exists only in ${owner.label}`, seq);
      }
      return state;
    },
    current: () => state,
  };
}

/** Detect over a whole recorded conversation (e.g. an imported session file). */
export function detectDialect(messages: Iterable<DetectInput | Classified>): Detection {
  const d = createDialectDetector();
  for (const m of messages) if (d.observe(m).decided) break;
  return d.current();
}
