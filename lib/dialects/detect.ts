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
import { atSeq, entriesOf, isCall } from './messages';
import { DEFAULT_DIALECT, DIALECT_IDS, getProfile, type DialectId } from './registry';
import type { MarkerInput, MarkerRecognizer } from './types';

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
  recognize: MarkerRecognizer;
}

interface MethodOwners {
  byName: ReadonlyMap<string, DialectId>;
  byPrefix: readonly (readonly [prefix: string, id: DialectId])[];
}

let owners: MethodOwners | undefined;

/** Which dialect owns a method name, from every profile's markers (built once: profiles are static). */
function methodOwners(): MethodOwners {
  if (owners) return owners;
  const byName = new Map<string, DialectId>();
  const byPrefix: (readonly [string, DialectId])[] = [];
  for (const id of DIALECT_IDS) {
    const markers = getProfile(id).markers;
    if (!markers) continue;
    // Registry order would decide if two profiles claimed one name (they must not: see DialectMarkers).
    for (const name of markers.onlyMethods) if (!byName.has(name)) byName.set(name, id);
    for (const prefix of markers.onlyPrefixes ?? []) byPrefix.push([prefix, id]);
  }
  owners = { byName, byPrefix };
  return owners;
}

function ownerOf(o: MethodOwners, method: string): DialectId | undefined {
  const id = o.byName.get(method);
  if (id !== undefined) return id;
  for (const [prefix, owner] of o.byPrefix) if (method.startsWith(prefix)) return owner;
  return undefined;
}

export function createDialectDetector(): DialectDetector {
  let state: Detection = { dialect: DEFAULT_DIALECT, decided: false };
  const names = methodOwners();
  // One set of per-session recognisers, for the dialects that have one.
  const candidates: Candidate[] = [];
  for (const id of DIALECT_IDS) {
    const recognize = getProfile(id).markers?.createRecognizer?.();
    if (recognize) candidates.push({ id, recognize });
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
      const marker: MarkerInput = { classified: input.classified, entries: entriesOf(input.classified), seq };
      // Shapes first (an initialize's members, DAP's envelope): they say more than a name.
      for (const c of candidates) {
        const evidence = c.recognize(marker);
        if (evidence !== undefined) return decide(c.id, evidence, seq);
      }
      for (const e of marker.entries) {
        if (!isCall(e) || e.method === undefined) continue;
        const owner = ownerOf(names, e.method);
        if (owner) return decide(owner, `method ${e.method}${atSeq(seq)} exists only in ${getProfile(owner).label}`, seq);
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
