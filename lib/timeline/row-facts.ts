/**
 * What the timeline's filters ask of every entry, kept per position in typed arrays: the status
 * tags, the kind, the direction, the method (a response's is its request's) and whether it has
 * findings. Issue 11: at 1M entries a filter pass read each row object and, for `status:` and
 * `method:`, its partner's too: 45–60 ns an entry (a million ~100-byte objects walked, a lookup
 * per answered request), so `status:error` took 150–250 ms to show. Read from these arrays a
 * pass is a few ns an entry.
 *
 * The facts are derived from an entry and its partner only (status.ts, methodOf), so they are
 * kept up to date the way the incremental filter keeps its result: appended entries are computed
 * once, and the entries a patch changed, with their partners, again (the session's change log,
 * ./changes.ts); a reorder, another events array or a reader behind the trimmed log starts over.
 * About 15 bytes an entry.
 */
import type { EntryRow } from './row';
import { touchedSince, changeLogEnd, type ChangeLog } from './changes';
import type { SeqPositions } from './seq-index';
import { eventTags, findingsCount, rowLatency, type SeqLookup } from './status';

/** The method an entry is about: its own, or for an answer its request's. */
export function methodOf(ev: EntryRow, lookup: SeqLookup): string | undefined {
  if (ev.method !== undefined) return ev.method;
  // A response carries no method; it belongs to its request's.
  if (ev.pair !== undefined && (ev.kind === 'response' || ev.kind === 'error')) return lookup(ev.pair)?.method;
  return undefined;
}

/** A method code that says "none" (the entry has no method). */
export const NO_METHOD = 0xffff;
/** A method code that says "not coded" (past the table's size): ask the row. */
export const UNCODED_METHOD = 0xfffe;
/** A kind or direction code past the table: ask the row. */
export const UNCODED_WORD = 0xff;

/** Small codes for a few distinct words (kinds, directions, methods), in order of first sight. */
class Codes {
  readonly words: string[] = [];
  private readonly ids = new Map<string, number>();
  constructor(private readonly cap: number, private readonly uncoded: number) {}
  of(word: string): number {
    let id = this.ids.get(word);
    if (id === undefined) {
      if (this.words.length >= this.cap) return this.uncoded;
      id = this.words.length;
      this.words.push(word);
      this.ids.set(word, id);
    }
    return id;
  }
  /** The code of a word already seen, or undefined. */
  known(word: string): number | undefined {
    return this.ids.get(word);
  }
}

function grown<T extends Uint8Array | Uint16Array | Float64Array>(a: T, n: number, make: (n: number) => T): T {
  if (a.length >= n) return a;
  // By half again, not double: at 1M entries the spare room is page memory too.
  const b = make(Math.max(n, Math.ceil(a.length * 1.5), 1024));
  b.set(a);
  return b;
}

/** The seqs a search found, among those up to `through` (./filter.ts TextHits). */
interface Hits {
  seqs: ReadonlySet<number>;
  through: number;
}

export class RowFacts {
  private events: readonly EntryRow[] | null = null;
  private positions: SeqPositions | null = null;
  /** Bumped when the facts start over (positions may have moved). */
  private generation = 0;
  /** By the hits' set of seqs: the words of one answer that share it share their marks. */
  private readonly marked = new WeakMap<ReadonlySet<number>, { generation: number; through: number; marks: Uint8Array }>();
  private cursor = 0;
  private reorders = 0;
  private tailSeq = -1;
  /** Positions below this have their facts. */
  count = 0;
  tags!: Uint16Array;
  kind!: Uint8Array;
  dir!: Uint8Array;
  method!: Uint16Array;
  /** Findings on the entry and its batch items, up to 255. */
  findings!: Uint8Array;
  /** The latency the row shows (rowLatency), NaN for none. */
  latency!: Float64Array;
  kinds!: Codes;
  dirs!: Codes;
  methods!: Codes;

  constructor() {
    this.clear();
  }

  /** No facts, and arrays and word codes to be made to the next session's size (a 1M-entry session's are ~15 MB). */
  private clear(): void {
    this.count = 0;
    this.tags = new Uint16Array(0);
    this.kind = new Uint8Array(0);
    this.dir = new Uint8Array(0);
    this.method = new Uint16Array(0);
    this.findings = new Uint8Array(0);
    this.latency = new Float64Array(0);
    this.kinds = new Codes(UNCODED_WORD, UNCODED_WORD);
    this.dirs = new Codes(UNCODED_WORD, UNCODED_WORD);
    this.methods = new Codes(UNCODED_METHOD, UNCODED_METHOD);
  }

  /** Brings the facts up to date with `events` (appends, patches and their partners). */
  sync(events: readonly EntryRow[], log: ChangeLog, lookup: SeqLookup, indexBySeq: SeqPositions): void {
    const c = this.count;
    const continues = this.events === events && log.reorders === this.reorders && this.cursor >= log.base &&
      events.length >= c && (c === 0 || events[c - 1]?.seq === this.tailSeq);
    this.positions = indexBySeq;
    if (!continues) {
      this.generation++;
      this.events = events;
      this.reorders = log.reorders;
      // Another session, or this one reordered: start over.
      this.clear();
    } else if (c > 0) {
      for (const i of touchedSince(events, log, this.cursor, indexBySeq, c, true)) this.compute(events[i], i, lookup);
    }
    this.cursor = changeLogEnd(log);
    const n = events.length;
    if (n > this.count) {
      this.tags = grown(this.tags, n, (k) => new Uint16Array(k));
      this.kind = grown(this.kind, n, (k) => new Uint8Array(k));
      this.dir = grown(this.dir, n, (k) => new Uint8Array(k));
      this.method = grown(this.method, n, (k) => new Uint16Array(k));
      this.findings = grown(this.findings, n, (k) => new Uint8Array(k));
      this.latency = grown(this.latency, n, (k) => new Float64Array(k));
      for (let i = this.count; i < n; i++) this.compute(events[i], i, lookup);
      this.count = n;
    }
    this.tailSeq = n ? events[n - 1].seq : -1;
  }

  /**
   * 1 at the positions of a search's hits, for the positions the facts cover (made once per
   * answer and kept while the positions stay; made again when a quarter more entries arrived).
   */
  marksOf(hits: Hits): Uint8Array {
    const known = this.marked.get(hits.seqs);
    if (known && known.generation === this.generation && known.through === hits.through && this.count < known.marks.length * 1.25 + 1024) return known.marks;
    const marks = new Uint8Array(this.count);
    const positions = this.positions;
    if (positions) {
      for (const seq of hits.seqs) {
        if (seq > hits.through) continue;
        const i = positions.get(seq);
        if (i !== undefined && i < marks.length) marks[i] = 1;
      }
    }
    this.marked.set(hits.seqs, { generation: this.generation, through: hits.through, marks });
    return marks;
  }

  private compute(ev: EntryRow, i: number, lookup: SeqLookup): void {
    this.tags[i] = eventTags(ev, lookup);
    this.kind[i] = this.kinds.of(ev.kind);
    this.dir[i] = this.dirs.of(ev.dir);
    const m = methodOf(ev, lookup);
    this.method[i] = m === undefined ? NO_METHOD : this.methods.of(m);
    this.findings[i] = Math.min(255, findingsCount(ev));
    this.latency[i] = rowLatency(ev, lookup) ?? NaN;
  }
}
