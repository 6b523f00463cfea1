/**
 * The server's free-word search over a recorded session (POST /api/sessions/:id/search; issue 11:
 * a word the page has not searched before, over a 1M-entry session), run off the app's thread.
 * A search is a scan of every entry's wire text: ~0.35 s over a million entries in SQLite, which on
 * the app's thread stalled every live session's bridge frames for as long. Here it runs in worker
 * threads (word-search-host.ts), each with its own read-only connection (WAL: readers never wait
 * for the recorder), and a long range is cut in one part per thread, scanned side by side
 * (~0.18 s at 1M on two cores), the parts' answers joined in seq order.
 *
 * What a search finds is `findWords`, the same wherever it runs: plain words in SQLite, the rest
 * with the timeline's matcher over the text the page shows (secrets masked); if a thread cannot
 * start or dies, the search runs on this thread instead, as before.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { SecretMask, type SentSecret } from '../../lib/redaction/display-mask';
import { textMatcher } from '../../lib/timeline/filter';
import { workerScript } from '../build-info';
import { isSqlSearchable, type EventTextsRepo } from './event-texts';

export interface WordQuery {
  sessionId: string;
  /** Entries after this seq … */
  sinceSeq: number;
  /** … up to this one (what the store held when the search was asked). */
  through: number;
  words: readonly string[];
  /** One list: the entries holding every word; else one list per word, in order. */
  every: boolean;
  /** The secret values the session sent: a word is looked for in the text as the page shows it. */
  secrets: readonly SentSecret[];
}

/** The seqs in (sinceSeq, through] whose wire text or note holds the words: one list per word, or one for all with `every`. */
export function findWords(texts: EventTextsRepo, q: WordQuery): number[][] {
  const mask = new SecretMask(q.secrets);
  if (mask.empty && q.words.every(isSqlSearchable)) {
    // SQLite scans for plain words itself, as textMatcher would (~4× faster at 1M entries).
    return q.every ? [texts.seqsHolding(q.sessionId, q.sinceSeq, q.through, q.words)] : q.words.map((w) => texts.seqsHolding(q.sessionId, q.sinceSeq, q.through, [w]));
  }
  // The same matcher as the page's filter, so a word finds here what it found there.
  const matchers = q.words.map(textMatcher);
  const hits: number[][] = Array.from({ length: q.every ? 1 : q.words.length }, () => []);
  for (const row of texts.iterate(q.sessionId, q.sinceSeq, q.through)) {
    const raw = mask.text(row.raw);
    const note = row.note === null ? null : mask.text(row.note);
    const holds = (m: (s: string) => boolean) => m(raw) || (note !== null && m(note));
    if (q.every) {
      if (matchers.every(holds)) hits[0].push(row.seq);
    } else for (let i = 0; i < matchers.length; i++) if (holds(matchers[i])) hits[i].push(row.seq);
  }
  return hits;
}

/** What the host is asked and answers (the hits as transferred buffers: a million seqs copy in a few ms). */
export interface WordSearchAsk {
  id: number;
  query: WordQuery;
}
export type WordSearchReply = { id: number; hits: Float64Array[] } | { id: number; error: string };
export interface WordSearchInit {
  file: string;
}

/** A range shorter than this is not cut in parts: a part's hand-over would cost more than it saves. */
export const SPLIT_ENTRIES = 20_000;
/** At most this many threads, however many cores: a scan is also the disk's. */
const MAX_THREADS = 2;

/** `q`'s range cut in `parts` ranges of about equal length, in seq order. */
export function splitQuery(q: WordQuery, parts: number): WordQuery[] {
  const span = q.through - q.sinceSeq;
  const n = span < SPLIT_ENTRIES ? 1 : Math.max(1, Math.floor(parts));
  const bounds = Array.from({ length: n + 1 }, (_, k) => (k === n ? q.through : q.sinceSeq + Math.floor((span * k) / n)));
  return bounds.slice(1).map((through, k) => ({ ...q, sinceSeq: bounds[k], through }));
}

/** The parts' answers as one: each list is its parts' lists in order. */
export function joinParts(parts: readonly (readonly ArrayLike<number>[])[]): number[][] {
  const lists = parts[0]?.length ?? 0;
  return Array.from({ length: lists }, (_, i) => {
    const out: number[] = [];
    for (const p of parts) for (let k = 0; k < p[i].length; k++) out.push(p[i][k]);
    return out;
  });
}

class SearchThread {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, { resolve: (hits: Float64Array[]) => void; reject: (err: Error) => void }>();
  private next = 0;
  dead = false;

  constructor(file: string) {
    const init: WordSearchInit = { file };
    this.worker = new Worker(workerScript('word-search-worker', import.meta.url), { workerData: init, stdout: false, stderr: false });
    this.worker.unref();
    this.worker.on('message', (r: WordSearchReply) => {
      const w = this.waiting.get(r.id);
      if (!w) return;
      this.waiting.delete(r.id);
      if (this.waiting.size === 0) this.worker.unref();
      if ('error' in r) w.reject(new Error(r.error));
      else w.resolve(r.hits);
    });
    const fail = (why: string) => {
      this.dead = true;
      for (const w of this.waiting.values()) w.reject(new Error(why));
      this.waiting.clear();
    };
    this.worker.on('error', (err) => fail(err.message));
    this.worker.on('exit', (code) => fail(`the search thread stopped (exit code ${code})`));
  }

  ask(query: WordQuery): Promise<Float64Array[]> {
    // A thread that stopped while idle answers nothing: the search goes to the app's thread.
    if (this.dead) return Promise.reject(new Error('the search thread had stopped'));
    const id = ++this.next;
    // Held while a search waits (the app's server holds the process anyway; a script might not).
    this.worker.ref();
    const answer = new Promise<Float64Array[]>((resolve, reject) => this.waiting.set(id, { resolve, reject }));
    this.worker.postMessage({ id, query } satisfies WordSearchAsk);
    return answer;
  }

  close(): void {
    this.dead = true;
    void this.worker.terminate();
  }
}

export class WordSearch {
  private threads: SearchThread[] | null = null;
  /** Set once a thread could not search: from then on this thread does. */
  private here = false;
  /** The store is closing: no thread starts again, a search still asked fails as the store's reads do. */
  private closed = false;

  constructor(
    /** The database file the threads open read-only. */
    private readonly file: string,
    /** This thread's own reads, for when the threads cannot search. */
    private readonly local: EventTextsRepo,
    private readonly threadCount = Math.min(MAX_THREADS, availableParallelism()),
  ) {}

  /** Starts the threads ahead of the first search (the app does at start: a thread takes ~0.1 s to be ready). */
  start(): void {
    if (!this.here && !this.closed) this.threads ??= Array.from({ length: this.threadCount }, () => new SearchThread(this.file));
  }

  async find(q: WordQuery): Promise<number[][]> {
    if (this.here || this.closed || q.through <= q.sinceSeq) return findWords(this.local, q);
    this.start();
    const threads = this.threads!;
    try {
      const answers = await Promise.all(splitQuery(q, threads.length).map((part, k) => threads[k].ask(part)));
      return joinParts(answers);
    } catch (err) {
      // Stopped by the store's close: the answer is the store's (closed) read.
      if (this.closed) return findWords(this.local, q);
      if (!this.here) console.error(`rpcscope: the search threads failed (${(err as Error).message}); searching on the main thread`);
      this.here = true;
      this.stopThreads();
      return findWords(this.local, q);
    }
  }

  /** Ends the threads for good (the store is closing). */
  close(): void {
    this.closed = true;
    this.stopThreads();
  }

  private stopThreads(): void {
    for (const t of this.threads ?? []) t.close();
    this.threads = null;
  }
}
